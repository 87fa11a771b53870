// Package samegame holds the rules of SameGame: a compact board, group
// finding, moves with falling and column shifting, scoring ((n-2)^2 a
// group of n, ClearBonus for an empty board, the optional end penalty),
// a Zobrist hash for transposition tables, the board file format and the
// move notation. It knows nothing of search.
//
// A Board is a value: copy it to keep a position. Moves, Play and the
// other hot-path methods allocate nothing. The rules and formats are
// described in docs/samegame.md.
package samegame
