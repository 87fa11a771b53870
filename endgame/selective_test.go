package endgame

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// Below probCutMinEmpties the selective search takes no cut-off, so
// SolveSelective must give the exact score there, and a move that reaches
// it, as the plain reference solver says.
func TestSolveSelectiveExactBelowProbCut(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	s := newTestSolver(t)
	setOrderEval(t, s)
	tested := 0
	for i := 0; i < 40; i++ {
		pos := randomPosition(r, 6+r.IntN(probCutMinEmpties-6))
		if pos.GameOver() || pos.Moves() == 0 {
			continue
		}
		tested++
		want := refMoveScores(pos)
		best := -1000
		for _, v := range want {
			best = max(best, v)
		}
		got, err := s.SolveSelective(context.Background(), pos)
		if err != nil {
			t.Fatalf("%v: %v", pos, err)
		}
		if !got.Proven || got.Lower != got.Upper || got.Score != best {
			t.Fatalf("%v: selective %+d (%+d..%+d, settled %v); the exact score is %+d", pos, got.Score, got.Lower, got.Upper, got.Proven, best)
		}
		if want[got.Move] != best {
			t.Fatalf("%v: selective move %v reaches %+d, the best %+d", pos, got.Move, want[got.Move], best)
		}
	}
	if tested < 30 {
		t.Fatalf("%d positions with a move of 40; want 30 or more", tested)
	}
}

// On FFO #40-#44 (20-23 empties) the selective search settles on a score
// near the exact one and a move that loses little; an exact solve after it,
// on the same table, is still exact (its entries are marked selective).
func TestSolveSelectiveNearExactAndKeepsExact(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector")
	}
	entries := readFFO(t)[:5]
	if testing.Short() {
		entries = entries[:2]
	}
	// tolerance is how far, in discs, the selective score and its move's
	// exact value may fall from the exact score: ProbCut at one standard
	// deviation (7-10 discs) errs on some cut-offs, and on these five its
	// score is within 6 of the exact one (docs/endgame.md).
	const tolerance = 8
	plain := newTestSolver(t)
	setOrderEval(t, plain)
	for _, e := range entries {
		s := newTestSolver(t)
		setOrderEval(t, s)
		sel, err := s.SolveSelective(context.Background(), e.pos)
		if err != nil || !sel.Proven {
			t.Fatalf("#%d: selective %+v, %v", e.id, sel, err)
		}
		if d := sel.Score - e.score; d < -tolerance || d > tolerance {
			t.Errorf("#%d: selective %+d, exact %+d", e.id, sel.Score, e.score)
		}
		if v := -mustSolve(t, plain, e.pos.Play(sel.Move), Exact).Score; v < e.score-tolerance {
			t.Errorf("#%d: selective move %v reaches %+d, the best %+d", e.id, sel.Move, v, e.score)
		}
		if ex := mustSolve(t, s, e.pos, Exact); ex.Score != e.score {
			t.Fatalf("#%d: exact %+d after the selective search, want %+d", e.id, ex.Score, e.score)
		}
	}
}

func TestSolveSelectiveNeedsTheEvaluation(t *testing.T) {
	s := newTestSolver(t)
	if _, err := s.SolveSelective(context.Background(), othello.Start()); err == nil {
		t.Fatal("a selective search without the order evaluation: no error")
	}
}

// A selective search cut short by its context reports what it had, not
// settled, and no error.
func TestSolveSelectiveStopped(t *testing.T) {
	s := newTestSolver(t)
	setOrderEval(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	pos := readFFO(t)[15].pos // #55, 29 empties: seconds, never a millisecond
	r, err := s.SolveSelective(ctx, pos)
	if err != nil || r.Proven {
		t.Fatalf("stopped selective search: %+v, %v; want unsettled, no error", r, err)
	}
}
