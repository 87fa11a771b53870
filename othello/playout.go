package othello

import (
	"math/bits"

	"github.com/tcgothello/mcts/internal/wyrand"
)

// full is the bitboard of a full board; a game whose discs fill it is over
// without asking either side for a move.
const full = ^uint64(0)

// RandomGame plays uniformly random legal moves, passing when forced, from
// the position where p's owner is to move, until neither side can move, and
// returns the final discs of p's owner (mine) and of the other side
// (theirs). Each move is the k-th lowest set bit of the legal moves, k drawn
// by r.Bounded(number of moves), so that a game is fixed by its position
// and r's state, whichever path plays it: this is the search's playout (the
// engine scores it), and it runs a whole game in one assembly call on the
// AVX2 path (bitboard_amd64.s), with the portable Go below as its twin.
func RandomGame(p, o uint64, r *wyrand.RNG) (mine, theirs uint64) {
	if useAVX512 {
		return randomGame512(p, o, r)
	}
	if useAVX2 {
		if fastPDEP {
			return randomGamePDEP(p, o, r)
		}
		return randomGameAVX2(p, o, r)
	}
	return randomGame(p, o, r)
}

// randomGame is the portable RandomGame, the reference of the assembly.
func randomGame(p, o uint64, r *wyrand.RNG) (mine, theirs uint64) {
	swapped := false // whether p now belongs to the other side
	for p|o != full {
		moves := Moves(p, o)
		if moves == 0 {
			if Moves(o, p) == 0 {
				break
			}
			p, o = o, p
			swapped = !swapped
			continue
		}
		sq := NthBit(moves, r.Bounded(uint64(bits.OnesCount64(moves))))
		f := Flips(p, o, sq)
		p, o = o^f, p^f|1<<uint(sq)
		swapped = !swapped
	}
	if swapped {
		return o, p
	}
	return p, o
}

// NthBit returns the index of the k-th lowest set bit of b (k from 0), for
// k less than the number of set bits. Clearing the lowest bit k times costs
// a few cycles for the ten or so moves of a typical position; a branch-free
// select (three popcount halvings and a byte table) measured no faster here
// (docs/performance-engine.md), so the simple loop stays.
func NthBit(b uint64, k uint64) int {
	for ; k > 0; k-- {
		b &= b - 1
	}
	return bits.TrailingZeros64(b)
}
