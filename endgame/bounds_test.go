package endgame

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// stopAfter is a context that ends at its n-th look: the solver looks at
// its context every checkInterval nodes, so a solve under it stops after
// about n*checkInterval nodes, the same on every machine.
type stopAfter struct {
	context.Context
	n int
}

func (c *stopAfter) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestSolveBoundsHoldTheScore stops solves of random 16-empty positions
// after more and more nodes, and checks what each had proven against the
// position's exact score: the score lies between the bounds, the move
// reaches the lower bound when it says anything, and a finished solve is
// Solve's result. Some solves must end unproven with a win already proven,
// or the test proves nothing.
func TestSolveBoundsHoldTheScore(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 4))
	ref := newTestSolver(t)
	partial := 0
	for range 8 {
		pos := randomPosition(r, 16)
		want := mustSolve(t, ref, pos, Exact)
		for _, mode := range []Mode{Exact, WLD} {
			truth := want.Score
			if mode == WLD {
				truth = cmp.Compare(truth, 0)
			}
			for _, looks := range []int{0, 1, 2, 4, 8, 16, 32, 64, 128, 1 << 20} {
				s, err := New(1 << 20)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.SolveBounds(&stopAfter{context.Background(), looks}, pos, mode)
				if err != nil {
					t.Fatalf("%v %v after %d looks: %v", pos, mode, looks, err)
				}
				if got.Lower > truth || got.Upper < truth || got.Score != got.Lower {
					t.Fatalf("%v %v after %d looks: score %d in %d..%d, want %d between", pos, mode, looks, got.Score, got.Lower, got.Upper, truth)
				}
				if got.Proven != (got.Lower == got.Upper) {
					t.Fatalf("%v %v: proven %v with bounds %d..%d", pos, mode, got.Proven, got.Lower, got.Upper)
				}
				if looks == 1<<20 && (!got.Proven || got.Score != truth) {
					t.Fatalf("%v %v: an unstopped solve gave %+v, want %d proven", pos, mode, got, truth)
				}
				floor := -64
				if mode == WLD {
					floor = -1
				}
				if got.Lower > floor {
					if v := moveValue(t, ref, pos, got.Move); cmp.Compare(v, 0) < cmp.Compare(got.Lower, 0) || (mode == Exact && v < got.Lower) {
						t.Fatalf("%v %v after %d looks: move %v scores %d, below the lower bound %d", pos, mode, looks, got.Move, v, got.Lower)
					}
					if !got.Proven {
						partial++
					}
				} else if got.Move != othello.Pass && pos.Moves()&got.Move.Bit() == 0 {
					t.Fatalf("%v: move %v is not legal", pos, got.Move)
				}
			}
		}
	}
	t.Logf("%d stopped solves had proven a lower bound", partial)
	if partial == 0 {
		t.Error("no stopped solve had proven a lower bound: the test checked nothing of it")
	}
}

// moveValue returns the exact score of playing m in pos, for its player.
func moveValue(t *testing.T, s *Solver, pos othello.Position, m othello.Move) int {
	t.Helper()
	next := pos.Pass()
	if m != othello.Pass {
		if pos.Moves()&m.Bit() == 0 {
			t.Fatalf("%v: move %v is not legal", pos, m)
		}
		next = pos.Play(m)
	}
	return -mustSolve(t, s, next, Exact).Score
}

// TestSolveStillFailsWhenStopped checks that Solve, unlike SolveBounds,
// reports a stopped solve as ErrStopped.
func TestSolveStillFailsWhenStopped(t *testing.T) {
	pos := randomPosition(rand.New(rand.NewPCG(3, 3)), 18)
	s := newTestSolver(t)
	if r, err := s.Solve(&stopAfter{context.Background(), 2}, pos, Exact); !errors.Is(err, ErrStopped) {
		t.Errorf("Solve stopped after 2 looks: %+v, %v; want ErrStopped", r, err)
	}
}
