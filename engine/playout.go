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

// full is the bitboard of a full board; a game whose discs fill it is over
// without asking either side for a move.
const full = ^uint64(0)

// playout plays uniformly random legal moves, passing when forced, from the
// position where p's owner is to move, until neither side can move. It
// returns the final disc difference from the point of view of p's owner
// (empty squares are not counted, as in the protocol's final_score).
func playout(p, o uint64, r *mcts.RNG) int {
	swapped := false // whether p now belongs to the other side
	for p|o != full {
		moves := othello.Moves(p, o)
		if moves == 0 {
			if othello.Moves(o, p) == 0 {
				break
			}
			p, o = o, p
			swapped = !swapped
			continue
		}
		sq := nthBit(moves, r.Bounded(uint64(bits.OnesCount64(moves))))
		f := othello.Flips(p, o, sq)
		p, o = o^f, p^f|1<<uint(sq)
		swapped = !swapped
	}
	d := bits.OnesCount64(p) - bits.OnesCount64(o)
	if swapped {
		return -d
	}
	return d
}

// nthBit returns the index of the k-th lowest set bit of b (k from 0), for
// k less than the number of set bits. Clearing the lowest bit k times costs
// a few cycles for the ten or so moves of a typical position; a branch-free
// select (three popcount halvings and a byte table) measured no faster here
// (docs/performance-engine.md), so the simple loop stays.
func nthBit(b uint64, k uint64) int {
	for ; k > 0; k-- {
		b &= b - 1
	}
	return bits.TrailingZeros64(b)
}
