package eval

import (
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

// Negamax returns the value of p for its side to move searched depth plies
// deep: the best, for the side to move, of the Values depth moves ahead
// (a pass is not a ply; the game's end is exact), with the cut-offs of one
// bound (a node stops once a move beats what its parent already has),
// which at the depths a tree's leaves use (two at most) are all that
// alpha-beta could take. Depth 0 is
// Value. A tree search that values its leaves by Negamax sees each leaf as
// a short alpha-beta search would, less prone than one static evaluation
// to a position whose next move swings it. It allocates nothing.
func (w *Weights) Negamax(p othello.Position, depth int) float32 {
	return negamax(w, p.Player, p.Opponent, negamaxInfinity, depth)
}

// negamaxInfinity is beyond every value: the window of an unbounded
// search (values are discs, at most 64 each way).
const negamaxInfinity = 1 << 20

// negamax is Negamax of the side to move with p against o, failing high
// as soon as a move reaches beta (the parent's cut-off).
func negamax(w *Weights, p, o uint64, beta float32, depth int) float32 {
	if depth == 0 {
		return value(w, othello.Position{Player: p, Opponent: o})
	}
	moves := othello.Moves(p, o)
	if moves == 0 {
		if othello.Moves(o, p) == 0 {
			return value(w, othello.Position{Player: p, Opponent: o})
		}
		return -negamax(w, o, p, negamaxInfinity, depth) // a pass
	}
	best := float32(-negamaxInfinity)
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(p, o, sq)
		if v := -negamax(w, o^f, p|f|1<<sq, -best, depth-1); v > best {
			best = v
			if best >= beta {
				return best
			}
		}
	}
	return best
}
