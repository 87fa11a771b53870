package engine

import (
	"cmp"
	"context"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// bestOutcome returns the best result (+1, 0, -1) the side to move can
// force, and the moves that force it, by the plain negamax of the tests.
func bestOutcome(pos othello.Position) (int, map[othello.Move]bool) {
	best, moves := -2, map[othello.Move]bool{}
	for _, mv := range solveMoves(pos) {
		switch o := cmp.Compare(mv.value, 0); {
		case o > best:
			best, moves = o, map[othello.Move]bool{mv.move: true}
		case o == best:
			moves[mv.move] = true
		}
	}
	return best, moves
}

// TestSolverProvesEndgames checks MCTS-Solver on endgames of 6 to 9 empty
// squares: with the game's ends proven and proofs propagated, a proof is
// always right and its move forces the result; a win is proven within the
// budget (one winning move proves it), and the search then stops. Draws and
// losses need every move refuted, which random playouts are slow to steer
// to: they are proven often, not always.
func TestSolverProvesEndgames(t *testing.T) {
	positions := findPositions(t, 31, []int{6, 7, 8, 9}, 60, func(pos othello.Position) bool {
		return popcount(pos.Moves()) >= 2
	})
	cfg := testConfig()
	cfg.ArenaNodes = 1 << 20
	s := newSearcher(t, cfg)
	proven := 0
	for _, pos := range positions {
		r, err := s.Search(context.Background(), pos, Limits{Playouts: 200_000})
		if err != nil {
			t.Fatal(err)
		}
		best, moves := bestOutcome(pos)
		st := r.Stats
		if st.Proven {
			proven++
			if st.Stopped != StopProven || st.Outcome != best || !moves[r.Move] {
				t.Errorf("%v: move %v, stopped %q, proven %+d; want %+d by one of %v", pos, r.Move, st.Stopped, st.Outcome, best, moves)
			}
		} else if best > 0 {
			t.Errorf("%v: win by one of %v not proven in %d playouts (played %v)", pos, moves, st.Playouts, r.Move)
		}
	}
	if proven < len(positions)*3/4 {
		t.Errorf("proved %d of %d endgames, want at least three quarters", proven, len(positions))
	}
	t.Logf("proved %d of %d endgames", proven, len(positions))
}

// TestLeafSolver checks that UCT uses the leaf solver on small leaves and
// that its proofs decide positions too large to prove by the game's ends
// alone within the budget; and that without Solver it is not called.
func TestLeafSolver(t *testing.T) {
	positions := findPositions(t, 32, []int{10, 11}, 10, func(pos othello.Position) bool {
		return popcount(pos.Moves()) >= 2
	})
	cfg := testConfig()
	cfg.SolveEmpties = 6 // the tests' plain negamax is slow beyond
	s := newSearcher(t, cfg)
	calls := 0
	s.SetLeafSolver(func(p, o uint64) int { calls++; return cmp.Compare(solve(p, o), 0) })
	for _, pos := range positions {
		calls = 0
		r, err := s.Search(context.Background(), pos, Limits{Playouts: 50_000})
		if err != nil {
			t.Fatal(err)
		}
		best, moves := bestOutcome(pos)
		st := r.Stats
		if calls == 0 || int64(calls) != st.SolvedLeaves {
			t.Errorf("%v: leaf solver called %d times, stats say %d", pos, calls, st.SolvedLeaves)
		}
		if st.Proven && (st.Outcome != best || !moves[r.Move]) {
			t.Errorf("%v: move %v proven %+d; want %+d by one of %v", pos, r.Move, st.Outcome, best, moves)
		}
		if best >= 0 && !moves[r.Move] {
			t.Errorf("%v: move %v does not force %+d (%v), stopped %q", pos, r.Move, best, moves, st.Stopped)
		}
	}

	cfg.Solver = false
	off := newSearcher(t, cfg)
	off.SetLeafSolver(func(p, o uint64) int { t.Fatal("leaf solver called with Solver off"); return 0 })
	r, err := off.Search(context.Background(), positions[0], Limits{Playouts: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.Proven || r.Stats.Stopped == StopProven {
		t.Errorf("Solver off: stats %+v claim a proof", r.Stats)
	}
}

// TestSolverWithPruning checks that pruning and MCTS-Solver together never
// play a proven loss while another move is not proven lost: a proven loss
// keeps its old mean, which must not serve as pruning's reference.
func TestSolverWithPruning(t *testing.T) {
	positions := findPositions(t, 33, []int{7, 8, 9, 10}, 60, func(pos othello.Position) bool {
		return popcount(pos.Moves()) >= 3
	})
	cfg := pruningConfig()
	cfg.Solver = true
	cfg.PruneMinVisits, cfg.PruneNodeVisits = 50, 500
	cfg.ArenaNodes = 1 << 20
	s := newSearcher(t, cfg)
	for _, pos := range positions {
		r, err := s.Search(context.Background(), pos, Limits{Playouts: 30_000})
		if err != nil {
			t.Fatal(err)
		}
		chosenLost, otherNotLost := false, false
		for _, ms := range r.Stats.RootMoves {
			lost := ms.Proven && ms.Outcome < 0
			if ms.Move == r.Move {
				chosenLost = lost
			} else if !lost {
				otherNotLost = true
			}
		}
		if chosenLost && otherNotLost {
			t.Errorf("%v: played %v, a proven loss, while another move is not lost (stopped %q)", pos, r.Move, r.Stats.Stopped)
		}
	}
}
