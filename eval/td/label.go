package td

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// solverTableBytes is each labeller's endgame transposition table: 16 MiB
// holds the few hundred thousand positions of a 16-empty solve, and two
// workers' tables stay small beside the data.
const solverTableBytes = 16 << 20

// labeller gives a position the value a fit moves the evaluation towards:
// the exact final disc difference when few squares are empty, else the
// value of a depth-limited alpha-beta search whose leaves m evaluates.
// One labeller per goroutine: the solver is not safe for concurrent use.
type labeller struct {
	m      *eval.Model
	solver *endgame.Solver
	// solveEmpties: positions with this many empty squares or fewer are
	// solved exactly.
	solveEmpties int
	// depth is how many discs the search places before it evaluates: a
	// pass places none, so every leaf is depth plies later in the game
	// and, when depth spans a phase, in a later phase than the root.
	depth int
}

// newLabeller returns a labeller; order, if not nil, orders the solver's
// moves (it changes only the solver's speed).
func newLabeller(m *eval.Model, order *eval.Weights, solveEmpties, depth int) (*labeller, error) {
	s, err := endgame.New(solverTableBytes)
	if err != nil {
		return nil, err
	}
	if order != nil {
		s.SetOrderEval(func(p, o uint64) int32 {
			return order.Eval(othello.Position{Player: p, Opponent: o, Turn: othello.Black})
		})
	}
	return &labeller{m: m, solver: s, solveEmpties: solveEmpties, depth: depth}, nil
}

// label returns pos's label in discs for its side to move, and whether it
// is exact.
func (l *labeller) label(pos othello.Position) (float32, bool, error) {
	if pos.Empties() <= l.solveEmpties {
		r, err := l.solver.Solve(context.Background(), pos, endgame.Exact)
		if err != nil {
			return 0, false, fmt.Errorf("solving %s: %w", pos, err)
		}
		return float32(r.Score), true, nil
	}
	leaf := bits.OnesCount64(pos.Player|pos.Opponent) + l.depth
	return l.search(pos, leaf, float32(math.Inf(-1)), float32(math.Inf(1))), false, nil
}

// search is a fail-soft negamax alpha-beta to leafDiscs discs: exact at the
// end of the game, m's static score at a leaf. Children are tried in the
// order of their static scores (best for the mover first) while at least
// two plies remain, where a good first move saves the most. Called with an
// infinite window it returns the exact minimax value, whatever the order.
func (l *labeller) search(p othello.Position, leafDiscs int, alpha, beta float32) float32 {
	moves := p.Moves()
	if moves == 0 {
		if othello.Moves(p.Opponent, p.Player) == 0 {
			return float32(p.DiscDiff())
		}
		return -l.search(p.Pass(), leafDiscs, -beta, -alpha)
	}
	discs := bits.OnesCount64(p.Player | p.Opponent)
	if discs >= leafDiscs {
		return l.m.Score(p)
	}
	var children [32]othello.Position
	var keys [32]float32
	n := 0
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		children[n] = p.PlayFlips(othello.Move(sq), othello.Flips(p.Player, p.Opponent, sq))
		n++
	}
	if leafDiscs-discs >= 2 {
		for i := range n {
			keys[i] = l.m.Score(children[i]) // the opponent's view: low is good for the mover
		}
		// Insertion sort: a dozen moves, no allocation.
		for i := 1; i < n; i++ {
			for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
				keys[j], keys[j-1] = keys[j-1], keys[j]
				children[j], children[j-1] = children[j-1], children[j]
			}
		}
	}
	best := float32(math.Inf(-1))
	for i := range n {
		v := -l.search(children[i], leafDiscs, -beta, -alpha)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}
