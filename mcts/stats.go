package mcts

import (
	"strconv"
	"strings"
	"time"
)

// Reasons a search stopped, as found in Stats.Stopped.
const (
	StopDeadline    = "deadline"      // the wall-clock deadline (Limits or context) passed
	StopPlayouts    = "playouts"      // the playout budget was spent
	StopSingleMove  = "single move"   // one legal move, or only a pass: answered at once
	StopPrunedToOne = "pruned to one" // progressive pruning left one root move (the others pruned or proven lost)
	StopAllEqual    = "all equal"     // every root move left is equal within σ_e
	StopCancelled   = "cancelled"     // the context was cancelled
	StopProven      = "proven"        // the root's result is proven (MCTS-Solver)
	StopGreedy      = "greedy"        // the greedy algorithm chose by the evaluator alone
	StopDecided     = "decided"       // no root move could catch up with the most visited in the playouts left (Limits.StopWhenDecided)
)

// Stats describes one search, for logs and analysis.
type Stats[M Move] struct {
	Playouts          int64         // simulations run (one per iteration)
	Elapsed           time.Duration // wall-clock time of the search
	PlayoutsPerSecond float64       // Playouts / Elapsed
	// Nodes is the arena's slots in use, the root included: the tree,
	// and after tree reuse in place the unreachable rest of earlier
	// searches' trees until a compaction moves the tree to the front
	// (reuse.go).
	Nodes int
	// Added is how many nodes this search added to the tree (all of them,
	// the root included, when it started afresh): a measure of its work
	// that reuse does not inflate.
	Added    int
	MaxDepth int   // deepest tree node reached, the root's children at 1
	Pruned   int   // moves pruned, at the root and inside the tree
	Visits   int64 // simulations through the chosen move
	// WinRate is the chosen move's mean reward for the side to move, 0..1:
	// under WinLoss the win rate (a draw counts half), under DiscDiff the
	// normalised score (d+MaxScore)/(2*MaxScore). It is 0 for a forced move,
	// which is not searched; String then says "forced" instead.
	WinRate   float64
	PV        []M    // principal variation: most visited child, level by level
	Stopped   string // why the search stopped: one of the Stop constants
	ArenaFull bool   // the arena filled up and leaves stopped growing
	// Proven is true when the chosen move's result is proven (by the end
	// of the game, the leaf solver and MCTS-Solver's propagation); Outcome
	// is then +1, 0 or -1: it wins, draws or loses for the side to move.
	Proven       bool
	Outcome      int
	SolvedLeaves int64          // leaves proven by the leaf solver (SetLeafSolver)
	ReusedVisits int64          // visits of the root kept from the last search (Config.Reuse)
	RootMoves    []MoveStats[M] // every root move, in the game's move order
	// BestSequence is the best whole line a single-player search saw,
	// from the searched position to the end of the game (the tree's moves
	// and then the playout's), and BestScore its Game.Score; nil and 0
	// unless Config.SinglePlayer is set and the game is a Recorder.
	BestSequence []M
	BestScore    int
}

// MoveStats is what the search knows of one root move.
type MoveStats[M Move] struct {
	Move   M
	Visits int64
	Mean   float64 // mean reward for the side to move at the root, 0..1
	// StdErr is the standard deviation of Mean, kept only with
	// progressive pruning or a single-player search (the only users of
	// the spread); 0 otherwise, and below two visits, where it is unknown
	// (kept finite for JSON logs).
	StdErr float64
	Pruned bool
	// Proven is true when the move's result is proven; Outcome is then +1,
	// 0 or -1 for the side to move at the root.
	Proven  bool
	Outcome int
}

// String returns the statistics on one line, for logs; the principal
// variation's moves are separated by spaces.
func (s Stats[M]) String() string {
	var b strings.Builder
	b.WriteString("playouts ")
	b.WriteString(strconv.FormatInt(s.Playouts, 10))
	b.WriteString(" (")
	b.WriteString(strconv.FormatFloat(s.PlayoutsPerSecond, 'f', 0, 64))
	b.WriteString("/s) elapsed ")
	b.WriteString(s.Elapsed.Round(time.Microsecond).String())
	b.WriteString(" nodes ")
	b.WriteString(strconv.Itoa(s.Nodes))
	if s.ReusedVisits > 0 {
		// After reuse the slots in use include the kept tree and what
		// is unreachable: what this search grew is told apart.
		b.WriteString(" added ")
		b.WriteString(strconv.Itoa(s.Added))
	}
	if s.ArenaFull {
		b.WriteString(" (arena full)")
	}
	b.WriteString(" depth ")
	b.WriteString(strconv.Itoa(s.MaxDepth))
	b.WriteString(" pruned ")
	b.WriteString(strconv.Itoa(s.Pruned))
	if s.ReusedVisits > 0 {
		b.WriteString(" reused ")
		b.WriteString(strconv.FormatInt(s.ReusedVisits, 10))
	}
	if s.SolvedLeaves > 0 {
		b.WriteString(" solved-leaves ")
		b.WriteString(strconv.FormatInt(s.SolvedLeaves, 10))
	}
	if s.Proven {
		b.WriteString(" proven ")
		b.WriteString([]string{"loss", "draw", "win"}[s.Outcome+1])
	}
	if s.Stopped == StopSingleMove {
		// Nothing was searched: a win rate of 0 would read as a lost game.
		b.WriteString(" forced")
	} else {
		b.WriteString(" visits ")
		b.WriteString(strconv.FormatInt(s.Visits, 10))
		b.WriteString(" winrate ")
		b.WriteString(strconv.FormatFloat(s.WinRate, 'f', 3, 64))
	}
	b.WriteString(" pv ")
	if len(s.PV) == 0 {
		b.WriteString("-")
	} else {
		for i, m := range s.PV {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(m.String())
		}
	}
	b.WriteString(" stopped ")
	b.WriteString(strconv.Quote(s.Stopped))
	return b.String()
}
