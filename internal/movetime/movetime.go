// Package movetime is the margin a Go-family engine keeps back from the
// time a move may take, so that its reply is never late: the engine
// notices its deadline within a fraction of a millisecond, but not what
// its clock cannot see (waiting for a CPU on a machine shared with the
// referee and the opponent, a garbage collection, the pipe to the
// referee). The Kill-All Go console protocol and GTP's clock keep the
// same margin through Budget.
package movetime

import "time"

const (
	// MarginShare is the part of a move's time kept back: a tenth, as the
	// Othello engine keeps 1 s of the judge's 10 s.
	MarginShare = 0.1
	// MinMargin is the least margin, for short times: a scheduling delay
	// on a busy machine is of this order.
	MinMargin = 250 * time.Millisecond
)

// Budget returns the time a move may search when it may take share: share
// less the larger of MinMargin and MarginShare of share, and never less
// than half of share, so that a share shorter than the margin still
// searches a little (and a zero share answers at once).
func Budget(share time.Duration) time.Duration {
	margin := max(MinMargin, time.Duration(MarginShare*float64(share)))
	return max(share-margin, share/2)
}
