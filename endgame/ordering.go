package endgame

// Move ordering by shallow searches. Far from the end, the moves of a node
// are sorted by what a short alpha-beta search with the evaluation at its
// leaves says of each, not by one evaluation: the best move is then tried
// first far more often, and a node whose first move is best needs only
// null-window proofs for the others. The searches are estimates: they
// decide the order, never a score, so the exact result stays exact (the
// selective pre-search, probcut.go, lets them decide its nodes, and the
// exact search never trusts its bounds).

import (
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

const (
	// evalInfinity is above every evaluation and every final score in
	// evaluation units: the window of an unbounded ordering search.
	evalInfinity = 1 << 24

	// orderSearchEmpties is the fewest empty squares at which a node's
	// moves are ordered by searches (orderDepth), not by one evaluation.
	// Measured on FFO #40-#49 and the 11 games' positions at 22 and 23
	// empties of docs/results/solve-start-positions.txt (docs/endgame.md):
	// from 16, one ply more every orderSearchStep empties, #48 took 122 M
	// nodes against 181 M with the single evaluation and #49 405 M
	// against 454 M; below 24 empties the two are within a tenth of each
	// other either way (from 18 or 20, or a step of 3, no better). Timed
	// on 2026-12-02, when the node counts no longer told the cost (an
	// ordering search's leaves are evaluations, dearer than the solver's
	// nodes): a step of 3 took 0.85 of the time of 2 on FFO #45-#49 and 8%
	// fewer nodes, a step of 4 1.12 of 3's time; from 18 the same time as
	// from 16 with 11% more nodes.
	orderSearchEmpties = 16
	orderSearchStep    = 3
	// orderSearchMaxDepth bounds the ordering searches, whose cost grows
	// by the branching factor with each ply; reached at 31 empties.
	orderSearchMaxDepth = 6
	// orderSearchWeight multiplies a searched value (in discs) in the
	// sort key, where one opponent reply counts orderMobility: a searched
	// value is worth more than the single evaluation's orderEvalWeight.
	// On FFO #40-#47, 4 took 521 M nodes and 6 605 M; before the exact
	// search narrowed by null windows (Solver.narrow), 2 and 4 took 600 M
	// and 604 M.
	orderSearchWeight = 4
)

// orderDepth returns the depth of the ordering searches of a node with n
// empty squares: 0 (one evaluation per move, or none below
// orderEvalEmpties) up to orderSearchMaxDepth. A deeper ordering search
// costs more per node and is worth it only on a larger subtree.
func orderDepth(n int) int {
	if n < orderSearchEmpties {
		return 0
	}
	return min(1+(n-orderSearchEmpties)/orderSearchStep, orderSearchMaxDepth)
}

// evalSearch returns a fail-soft alpha-beta estimate, in evaluation units
// (1/evalUnitsPerDisc discs), of the position p, o for the side to move,
// searched depth plies (at least 1: one evaluation needs no search) with
// the order evaluation at its leaves. It counts its nodes with the
// solver's, since they are work the solve does.
func (s *Solver) evalSearch(p, o uint64, alpha, beta int32, depth int) int32 {
	s.nodes++
	moves := othello.Moves(p, o)
	if moves == 0 {
		if othello.Moves(o, p) == 0 {
			return int32(othello.FinalScore(p, o, bits.OnesCount64(^(p|o))) * evalUnitsPerDisc)
		}
		return -s.evalSearch(o, p, -beta, -alpha, depth)
	}
	if depth == 1 {
		best := int32(-evalInfinity)
		for m := moves; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			f := othello.Flips(p, o, sq)
			s.nodes++
			v := -s.orderEval(o^f, p|f|1<<sq)
			if v > best {
				best = v
				if v >= beta {
					return v
				}
			}
		}
		return best
	}
	// Order the children by the opponent's replies (fastest first), which
	// costs a move generation each, far less than an evaluation.
	list := &s.evalLists[depth]
	k := 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f, replies := othello.FlipsReplies(p, o, sq)
		key := int32(bits.OnesCount64(replies) + bits.OnesCount64(replies&corners))
		i := k
		for ; i > 0 && list[i-1].key > key; i-- {
			list[i] = list[i-1]
		}
		list[i] = candidate{flips: f, key: key, sq: uint8(sq)}
		k++
	}
	best := int32(-evalInfinity)
	for i := 0; i < k; i++ {
		c := &list[i]
		v := -s.evalSearch(o^c.flips, p|c.flips|1<<c.sq, -beta, -max(alpha, best), depth-1)
		if v > best {
			best = v
			if v >= beta {
				return v
			}
		}
	}
	return best
}
