package engine

// This file holds the simulation step, the innermost loop of the search:
// one uniformly random game from a position to its end. It must not
// allocate (BenchmarkPlayout checks) and every change to it is measured with
// BenchmarkPlayout before and after (docs/performance-engine.md).

import (
	"math/bits"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/othello"
)

// playout plays uniformly random legal moves, passing when forced, from the
// position where p's owner is to move, until neither side can move. It
// returns the final disc difference from the point of view of p's owner
// (empty squares are not counted, as in the protocol's final_score). The
// game itself is othello.RandomGame's, one assembly call on the AVX2 path.
func playout(p, o uint64, r *mcts.RNG) int {
	mine, theirs := othello.RandomGame(p, o, r)
	return bits.OnesCount64(mine) - bits.OnesCount64(theirs)
}
