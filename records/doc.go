// Package records reads back the records the judge writes, whichever they
// are (a tournament's results file or JSON summary, a match's JSON
// summary, the text record of either), into the games they hold, each
// replayed on the board and checked against what its record says: for
// judge convert, which turns them into GGF through match.WriteGGF, and for
// any program that wants the games of a record without knowing its format.
package records
