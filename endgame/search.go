package endgame

// This file is the solver's hot path: every function here runs once per
// node. It allocates nothing; changes must keep the reference comparison
// and the FFO answers green (reference_test.go, ffo_test.go) and be measured
// with the benchmarks in bench_test.go before and after.

import (
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

const (
	// shallowEmpties is the largest number of empty squares searched by
	// shallow: no move generation, no table, no sorting, just the empty
	// squares in parity order. Below about six empties a node's subtree is
	// too small to repay sorting its moves or a table access.
	shallowEmpties = 6

	// tableEmpties is the fewest empty squares at which deep uses the
	// transposition table. A probe is a cache miss into a large table; on
	// a small subtree it costs more than it saves.
	tableEmpties = 9

	// etcEmpties is the fewest empty squares at which deep looks up every
	// child in the table before searching any (enhanced transposition
	// cut-off): one probe per child, worth it only on large subtrees. On
	// FFO #40-#44, 10 took 3% fewer nodes than 12 and 9% fewer than none.
	etcEmpties = 10

	// orderEvalEmpties is the fewest empty squares at which the move
	// ordering adds the evaluation (SetOrderEval): one evaluation per move
	// pays only on large subtrees. FFO #40-#44 took 136 M nodes from 12,
	// 133 M from 10 (slower: more evaluations) and 148 M from 14, against
	// 316 M without. Timed on 2026-12-02 with the ordering searches from
	// 16: from 14 took 0.93 of the time of 12 on FFO #45-#49 with 6% more
	// nodes, from 15 the same time as 14.
	orderEvalEmpties = 14

	// orderEvalWeight multiplies the evaluation (in discs) in the sort key,
	// where one opponent reply counts orderMobility: 2 took 136 M nodes on
	// FFO #40-#44, 1 (from 14 empties) 148 M, 4 145 M, 8 (from 14) 182 M;
	// with the shipped weights 1 took 141 M, 2 130 M, 3 143 M, 4 152 M.
	orderEvalWeight = 2

	// evalUnitsPerDisc is the unit of SetOrderEval's evaluations.
	evalUnitsPerDisc = 256

	// maxMoves bounds the moves of a position: at most every empty square.
	maxMoves = 64

	// noScore is below every score: the best score before any move.
	noScore = -65

	// stabilityMinAlpha is the lowest alpha at which deep (and shallow
	// from stabilityMinEmpties) tries the stability cut-off. The cut-off
	// needs alpha >= 64 - 2*(stable opponent discs): below 0 the opponent
	// needs more than 32 stable discs, too rarely to repay the count.
	// Timed on 2026-12-04 (FFO #45-#52, the builds side by side, then
	// swapped): from 0 0.986 of the time of 4 (four rounds) with 1.3%
	// fewer nodes; from -4 1.01, from -10 1.03; from 12 and 20 1.12 and
	// 1.15, with 51% and 60% more nodes.
	stabilityMinAlpha = 0

	// stabilityMinEmpties is the fewest empty squares at which shallow
	// tries the stability cut-off too (deep always does). Timed on FFO
	// #45-#49 (2026-12-02, the builds side by side, then swapped): from 6
	// the same time as without it, 9% fewer nodes; from 5 0.91 of the
	// time, 15% fewer; from 4 0.96 of 5's time, 26% fewer than without;
	// from 3 1.02 of 5's, 30% fewer: below 4 the count costs more than the
	// few nodes it saves.
	stabilityMinEmpties = 4
)

// quadrants are the four 4x4 corners of the board. Playing into a region
// with an odd number of empty squares first ("parity") tends to leave the
// last move of each region to the side to move, which is what wins
// endgames; ordering by it makes good moves come first near the end.
var quadrants = [4]uint64{
	0x000000000f0f0f0f, 0x00000000f0f0f0f0,
	0x0f0f0f0f00000000, 0xf0f0f0f000000000,
}

// parityOf returns the quadrants that hold an odd number of the empty
// squares, as four bits: bit q for quadrants[q].
func parityOf(empty uint64) uint {
	var parity uint
	for q, squares := range quadrants {
		parity |= uint(bits.OnesCount64(empty&squares)&1) << q
	}
	return parity
}

// quadrantBit returns the parity bit of the quadrant of square sq: playing
// sq flips it. Quadrant 0 is columns a-d of rows 1-4, 1 columns e-h, 2
// and 3 the same of rows 5-8.
func quadrantBit(sq int) uint { return 1 << (sq>>2&1 | sq>>4&2) }

// oddSquares[parity] is the squares of the quadrants whose parity bit is
// set: a table, so that shallow's nodes find their odd quadrants without
// counting the empty squares again.
var oddSquares = func() (t [16]uint64) {
	for parity := range t {
		for q, squares := range quadrants {
			if parity>>q&1 != 0 {
				t[parity] |= squares
			}
		}
	}
	return t
}()

// solve returns the score of the side to move with p against o and n empty
// squares, fail-soft: the exact score when it lies strictly inside (alpha,
// beta), otherwise a bound on it, at most alpha (an upper bound) or at
// least beta (a lower bound).
func (s *Solver) solve(p, o uint64, alpha, beta, n int) int {
	switch {
	case n > shallowEmpties:
		return s.deep(p, o, alpha, beta, n)
	case n > 1:
		return s.shallow(p, o, alpha, beta, n, parityOf(^(p | o)))
	case n == 1:
		return s.last(p, o)
	}
	s.nodes++
	return othello.FinalScore(p, o, 0)
}

// last returns the exact score of a position with one empty square.
func (s *Solver) last(p, o uint64) int {
	s.nodes++
	return othello.LastScore(p, o)
}

// shallow searches positions of 2..shallowEmpties empty squares: it tries
// the empty squares directly, those of odd quadrants first, without
// generating or sorting moves. From stabilityMinEmpties it tries deep's
// stability cut-off first.
//
// parity is parityOf the empty squares, kept up to date move by move.
func (s *Solver) shallow(p, o uint64, alpha, beta, n int, parity uint) int {
	if n == 2 {
		// The last two empty squares in one call (assembly on the AVX2
		// path), which searches them as the loop below would, in the
		// same order and counting the same nodes.
		v, nodes := othello.LastTwo(p, o, alpha, beta)
		s.nodes += nodes
		return v
	}
	if n == 3 && stabilityMinEmpties > 3 {
		// The last three likewise, in the parity order of the loop below
		// (the odd quadrants' squares first). LastThree has no stability
		// cut-off, so it stands in for the loop only while the loop
		// would not try one either (the constant test costs nothing).
		v, nodes := othello.LastThree(p, o, oddSquares[parity], alpha, beta)
		s.nodes += nodes
		return v
	}
	s.nodes++
	if n >= stabilityMinEmpties && alpha >= stabilityMinAlpha {
		if upper := 64 - 2*stableCount(o, p); upper <= alpha {
			return upper
		}
	}
	// Only a square next to an opponent disc can be a move.
	empty := ^(p | o)
	candidates := empty & neighbours(o)
	odd := oddSquares[parity]
	best := noScore
	for _, set := range [2]uint64{candidates & odd, candidates &^ odd} {
		for ; set != 0; set &= set - 1 {
			sq := bits.TrailingZeros64(set)
			f := othello.Flips(p, o, sq)
			if f == 0 {
				continue
			}
			np, no := o^f, p|f|1<<sq
			v := -s.shallow(np, no, -beta, -alpha, n-1, parity^quadrantBit(sq))
			if v > best {
				best = v
				if v > alpha {
					alpha = v
					if v >= beta {
						return v
					}
				}
			}
		}
	}
	if best != noScore {
		return best
	}
	if othello.Moves(o, p) == 0 {
		s.nodes++ // the end of the game counts as a node, as in deep
		return othello.FinalScore(p, o, n)
	}
	return -s.shallow(o, p, -beta, -alpha, n, parity) // a pass
}

// candidate is a move being ordered: its square, its flips and its sort key
// (lower is tried first).
type candidate struct {
	flips uint64
	key   int32
	sq    uint8
}

// Ordering weights of deep's fastest-first sort, chosen by the nodes
// needed to solve FFO #40-#44 (docs/endgame.md). A move that leaves the
// opponent few replies tends both to be good and to have a small subtree
// (Stenmark's "fastest first"), so the opponent's replies weigh most, a
// reply on a corner twice (the opponent taking a corner is worse than an
// ordinary move). The empty squares next to our discs are where the
// opponent may find moves later (potential mobility), and our stable
// discs around the corners can never be taken back.
const (
	orderMobility  = 4        // per opponent reply
	orderCorner    = 4        // extra per opponent reply on a corner
	orderPotential = 1        // per empty square next to one of our discs
	orderStable    = 2        // per disc of ours stable at a corner, subtracted
	hashMoveKey    = -1 << 30 // before any other move
)

// Square sets used by the ordering.
const (
	corners = 0x8100000000000081
	notA    = 0xfefefefefefefefe // every column but a
	notH    = 0x7f7f7f7f7f7f7f7f // every column but h
)

// neighbours returns the squares next to a disc of b, in all eight
// directions.
func neighbours(b uint64) uint64 {
	return b<<8 | b>>8 | (b<<1|b<<9|b>>7)&notA | (b>>1|b>>9|b<<7)&notH
}

// cornerStable returns the discs of p on a corner and on the edge squares
// next to a corner it holds: discs nothing can flip, cheap to count.
func cornerStable(p uint64) uint64 {
	// Each corner is shifted on its own: a shift of the set of corners
	// would carry h1 to a2 and a8 to h7.
	a1, h1, a8, h8 := p&1, p&(1<<7), p&(1<<56), p&(1<<63)
	s := a1 | h1 | a8 | h8
	s |= (a1<<1 | a1<<8) & p // b1, a2
	s |= (h1>>1 | h1<<8) & p // g1, h2
	s |= (a8<<1 | a8>>8) & p // b8, a7
	s |= (h8>>1 | h8>>8) & p // g8, h7
	return s
}

// potentialMobility counts the empty squares next to a disc of o: where the
// opponent of o might later find moves.
func potentialMobility(o, empty uint64) int {
	return bits.OnesCount64(neighbours(o) & empty)
}

// rateMoves fills list with the moves of p against o and their sort keys
// (lower is better: the hash move lowest, then fastest first), in square
// order. It returns how many there are. The keys are fastest first's
// alone: searchKeys adds the evaluation's part far from the end, after
// the enhanced transposition cut-off has had its chance to end the node
// without it.
func rateMoves(p, o, moves uint64, hashMove uint8, list *[maxMoves]candidate) int {
	k := 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f, replies := othello.FlipsReplies(p, o, sq)
		key := int32(hashMoveKey)
		if uint8(sq) != hashMove {
			no := p | f | 1<<sq
			key = int32(orderMobility*bits.OnesCount64(replies) + orderCorner*bits.OnesCount64(replies&corners) +
				orderPotential*potentialMobility(no, ^(o|no)) - orderStable*bits.OnesCount64(cornerStable(no)))
		}
		list[k] = candidate{flips: f, key: key, sq: uint8(sq)}
		k++
	}
	return k
}

// searchKeys adds to the keys of list[:k], the moves of p against o with
// n empty squares, what the evaluation says of each: from
// orderSearchEmpties a shallow search (orderDepth), from orderEvalEmpties
// one evaluation, below that nothing. The hash move keeps its key.
func (s *Solver) searchKeys(p, o uint64, list *[maxMoves]candidate, k, n int) {
	if s.orderEval == nil || n < orderEvalEmpties {
		return
	}
	depth := orderDepth(n)
	for i := 0; i < k; i++ {
		c := &list[i]
		if c.key == hashMoveKey {
			continue
		}
		np, no := o^c.flips, p|c.flips|1<<c.sq
		if depth > 0 {
			c.key += int32(orderSearchWeight * s.evalSearch(np, no, -evalInfinity, evalInfinity, depth) / evalUnitsPerDisc)
		} else {
			c.key += int32(orderEvalWeight * s.orderEval(np, no) / evalUnitsPerDisc)
		}
	}
}

// selectNext moves the best-rated of list[i:k] (the lowest key, the first
// of equals) to list[i]. deep and the root pick their moves one at a time
// this way rather than sorting them all: most nodes end with their first
// or second move, and sorting the rest would be work for nothing.
func selectNext(list *[maxMoves]candidate, i, k int) {
	b := i
	for j := i + 1; j < k; j++ {
		if list[j].key < list[b].key {
			b = j
		}
	}
	if b != i {
		// Shift the moves in between rather than swap, so that the
		// rest keep their order and equal keys go in square order.
		c := list[b]
		copy(list[i+1:b+1], list[i:b])
		list[i] = c
	}
}

// deep searches positions of more than shallowEmpties empty squares with
// the transposition table, the stability cut-off and fastest-first move
// ordering, as a principal-variation search: the first move with the full
// window, the others with a null window, searched again only if they
// beat the first.
func (s *Solver) deep(p, o uint64, alpha, beta, n int) int {
	s.nodes++
	if s.nodes >= s.nextCheck {
		s.checkStop()
	}
	if s.stopped {
		return 0
	}
	if alpha >= stabilityMinAlpha {
		if upper := 64 - 2*stableCount(o, p); upper <= alpha {
			return upper
		}
	}
	hashMove := uint8(noSquare)
	useTable := n >= tableEmpties
	if !useTable {
		// No table: nothing to look up.
	} else if e := s.table.probe(p, o); e != nil && e.selective && !s.selective {
		hashMove = e.move() // its bounds are only likely: the move alone
	} else if e != nil {
		lower, upper := int(e.lower), int(e.upper)
		switch {
		case lower >= beta:
			return lower
		case upper <= alpha:
			return upper
		case lower == upper:
			return lower
		}
		alpha, beta = max(alpha, lower), min(beta, upper)
		hashMove = e.move()
	}
	moves := othello.Moves(p, o)
	if moves == 0 {
		if othello.Moves(o, p) == 0 {
			return othello.FinalScore(p, o, n)
		}
		return -s.deep(o, p, -beta, -alpha, n) // a pass
	}
	// After the pass: the passed position would run the same shallow
	// search again, and a finished game has its score.
	if s.selective && n >= probCutMinEmpties {
		if v, ok := s.probCut(p, o, alpha, beta, n); ok {
			return v
		}
	}
	// Below probCutMinEmpties the selective search takes no cut-off, nor
	// does any node under it: what it stores there is exact.
	selective := s.selective && n >= probCutMinEmpties

	best, bestMove := noScore, uint8(noSquare)
	lo := alpha
	// The table's move first, before the others are ordered: it is the
	// best move often enough (a cut in most nodes that have one) that
	// ordering the others, an evaluation or a search each far from the
	// end, is better left until it has failed.
	if hashMove != noSquare && moves&(1<<hashMove) != 0 {
		f := othello.Flips(p, o, int(hashMove))
		v := -s.solve(o^f, p|f|1<<hashMove, -beta, -lo, n-1)
		if s.stopped {
			return 0
		}
		best, bestMove = v, hashMove
		if v >= beta {
			s.table.store(p, o, n, alpha, beta, best, bestMove, selective)
			return v
		}
		lo = max(lo, v)
		moves &^= 1 << hashMove
	}

	list := &s.lists[n]
	k := rateMoves(p, o, moves, noSquare, list)

	// Enhanced transposition cut-off: a child whose table entry already
	// proves it good enough ends the search before any child is searched.
	if n >= etcEmpties {
		for i := 0; i < k; i++ {
			c := &list[i]
			if e := s.table.probe(o^c.flips, p|c.flips|1<<c.sq); e != nil && -int(e.upper) >= beta && (s.selective || !e.selective) {
				v := -int(e.upper)
				s.table.store(p, o, n, alpha, beta, v, c.sq, selective)
				return v
			}
		}
	}
	s.searchKeys(p, o, list, k, n)

	for i := 0; i < k; i++ {
		selectNext(list, i, k)
		c := &list[i]
		np, no := o^c.flips, p|c.flips|1<<c.sq
		var v int
		if best == noScore {
			v = -s.solve(np, no, -beta, -lo, n-1)
		} else {
			v = -s.solve(np, no, -lo-1, -lo, n-1)
			if v > lo && v < beta {
				v = -s.solve(np, no, -beta, -v, n-1)
			}
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, c.sq
			if v > lo {
				lo = v
				if v >= beta {
					break
				}
			}
		}
	}
	if useTable {
		s.table.store(p, o, n, alpha, beta, best, bestMove, selective)
	}
	return best
}
