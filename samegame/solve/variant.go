package solve

import (
	"context"
	"fmt"

	"github.com/tcgothello/mcts/samegame"
)

// Variant is one of the two-player games played on one SameGame board,
// the players moving alternately, the first player first.
type Variant int

const (
	// Minimax is variant (b): one shared score; the first player
	// maximises it, the second minimises it. The clear bonus and the end
	// penalty go to the shared score.
	Minimax Variant = iota + 1
	// More is variant (c): each player keeps the points of its own moves
	// and tries to end with more than the other. The value is the margin
	// score1-score2.
	More
	// Less is variant (d): each player tries to end with less than the
	// other. The value is the margin score2-score1.
	Less
)

// In More and Less the end adjustment (the clear bonus, or minus the end
// penalty) goes to the player who made the last move: the player who
// clears the board takes the +1000, and the player who ends the game with
// cells left pays for them. On a board that is over before any move,
// nobody played and the margin is 0.

// ParseVariant reads a variant's name: minimax, more or less.
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "minimax":
		return Minimax, nil
	case "more":
		return More, nil
	case "less":
		return Less, nil
	}
	return 0, fmt.Errorf("variant %q: want minimax, more or less", s)
}

// String is the variant's name as ParseVariant reads it.
func (v Variant) String() string {
	switch v {
	case Minimax:
		return "minimax"
	case More:
		return "more"
	case Less:
		return "less"
	}
	return fmt.Sprintf("Variant(%d)", int(v))
}

// Reward is what playing a group of the given points is worth to the
// player who plays it, in the variant's negamax terms (the mover's value
// is its own gain minus the opponent's, or the shared score signed for
// the mover). maximiser says whether the mover is the first player, which
// matters for Minimax only.
func (v Variant) Reward(points int, maximiser bool) int {
	switch v {
	case Minimax:
		if maximiser {
			return points
		}
		return -points
	case Less:
		return -points
	}
	return points
}

// EndValue is the value of a finished game for the player to move at its
// end, adj being the board's end adjustment and played whether any move
// was made.
func (v Variant) EndValue(adj int, maximiser, played bool) int {
	switch v {
	case Minimax:
		if maximiser {
			return adj
		}
		return -adj
	case More: // the opponent made the last move and takes adj
		if !played {
			return 0
		}
		return -adj
	case Less:
		if !played {
			return 0
		}
		return adj
	}
	return 0
}

// VariantResult is the outcome of a two-player search.
type VariantResult struct {
	// Value is the game's value for the first player under perfect play
	// (the final shared score for Minimax; the first player's margin for
	// More and Less), when Proven.
	Value int
	// Move is a best first move; Ok is false when the game is already over.
	Move samegame.Cell
	Ok   bool
	// Nodes is the number of positions searched.
	Nodes int64
	// Proven says whether the search finished; otherwise Value and Move
	// are those of the root moves searched completely before the stop.
	Proven bool
}

// infinity is beyond any value: |values| <= ClearBonus + 400^2.
const infinity = 1 << 30

// sideKey is mixed into a position's hash when the second player is to
// move in Minimax, where the value depends on who moves.
const sideKey = 0x9e3779b97f4a7c15

// SolveVariant searches b for the value of the variant and a best first
// move, by alpha-beta with the transposition table, until it is proven or
// ctx ends.
func (s *Solver) SolveVariant(ctx context.Context, b samegame.Board, v Variant) VariantResult {
	s.ctx, s.nodes, s.stop = ctx, 0, false
	s.table.reset()
	moves := b.Moves(s.moves[0][:0])
	if len(moves) == 0 {
		s.nodes = 1
		return VariantResult{Value: v.EndValue(b.EndAdjustment(s.opt.Penalty), true, false), Nodes: 1, Proven: true}
	}
	sortMoves(moves, 1)
	res := VariantResult{Value: -infinity}
	s.nodes++
	for _, m := range moves {
		child := b
		p, _ := child.Play(m.Cell)
		r := v.Reward(p, true)
		val := r - s.negamax(&child, v, false, r-infinity, r-res.Value, 1)
		if s.stop {
			break
		}
		if val > res.Value {
			res.Value, res.Move, res.Ok = val, m.Cell, true
		}
	}
	res.Nodes, res.Proven = s.nodes, !s.stop
	if !res.Ok { // stopped before any root move was searched
		res.Value, res.Move, res.Ok = 0, moves[0].Cell, true
	}
	return res
}

// negamax returns the value of b for the player to move (maximiser says
// whether that is the first player) within (alpha, beta): exact inside,
// a bound at or outside.
func (s *Solver) negamax(b *samegame.Board, v Variant, maximiser bool, alpha, beta, ply int) int {
	s.nodes++
	if s.nodes%checkEvery == 0 && s.expired() {
		s.stop = true
	}
	if s.stop {
		return 0
	}
	moves := b.Moves(s.moves[ply][:0])
	if len(moves) == 0 {
		return v.EndValue(b.EndAdjustment(s.opt.Penalty), maximiser, true)
	}
	var key uint64
	if s.table != nil {
		key = b.Hash()
		if v == Minimax && !maximiser {
			key ^= sideKey
		}
		if val, kind := s.table.probe(key); kind != boundNone {
			switch {
			case kind == boundExact:
				return val
			case kind == boundLower && val >= beta:
				return val
			case kind == boundUpper && val <= alpha:
				return val
			case kind == boundLower:
				alpha = max(alpha, val)
			case kind == boundUpper:
				beta = min(beta, val)
			}
		}
	}
	sortMoves(moves, 1)
	best := -infinity
	child := &s.boards[ply+1]
	for _, m := range moves {
		*child = *b
		p, _ := child.Play(m.Cell)
		r := v.Reward(p, maximiser)
		val := r - s.negamax(child, v, !maximiser, r-beta, r-max(alpha, best), ply+1)
		if s.stop {
			return 0
		}
		if val > best {
			best = val
			if best >= beta {
				break
			}
		}
	}
	if s.table != nil {
		kind := boundExact
		switch {
		case best <= alpha: // alpha and beta as narrowed by the table

			kind = boundUpper
		case best >= beta:
			kind = boundLower
		}
		s.table.store(key, best, kind)
	}
	return best
}
