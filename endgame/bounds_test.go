package endgame

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/internal/stopctx"
	"github.com/tcgothello/mcts/othello"
)

// TestSolveBoundsHoldTheScore stops solves of random 16-empty positions
// after more and more nodes, and checks what each had proven against the
// position's exact score: the score lies between the bounds, the move
// reaches the lower bound when it says anything, and a finished solve is
// Solve's result. Some solves must end unproven with a win already proven,
// or the test proves nothing. The same at 22 empty squares with the
// evaluation, where an exact solve starts with the selective pre-search
// (stopped in it, after it and in the exact search).
func TestSolveBoundsHoldTheScore(t *testing.T) {
	t.Run("16 empties", func(t *testing.T) {
		r := rand.New(rand.NewPCG(25, 4))
		var positions []othello.Position
		for range 8 {
			positions = append(positions, randomPosition(r, 16))
		}
		checkStoppedSolves(t, positions, false, []int{0, 1, 2, 4, 8, 16, 32, 64, 128, 1 << 20})
	})
	t.Run("22 empties, pre-search", func(t *testing.T) {
		if raceEnabled {
			t.Skip("too slow under the race detector")
		}
		// A position of a real game (random ones of 22 empties take a
		// minute to solve): g4-22, a win, whose stopped solves prove
		// lower bounds (those of g1-g3 and g5-g6 at these stops do not).
		positions := readSolveStarts(t, "../docs/results/solve-start-positions.txt", preSearchMinEmpties)[3:4]
		checkStoppedSolves(t, positions, true, []int{0, 4, 16, 64, 256, 512, 1024, 2048, 4096, 1 << 20})
	})
}

// preSearchLooks is a stop that lands in the pre-search, with some of its
// nodes stored: the first solve of a large root starts with it.
const preSearchLooks = 16

// checkStoppedSolves is TestSolveBoundsHoldTheScore on positions, with the
// evaluation in the ordering or not, each stopped after every number of
// looks at its context in stops.
func checkStoppedSolves(t *testing.T, positions []othello.Position, withEval bool, stops []int) {
	ref := newTestSolver(t)
	partial := 0
	for _, pos := range positions {
		want := mustSolve(t, ref, pos, Exact)
		for _, mode := range []Mode{Exact, WLD} {
			truth := want.Score
			if mode == WLD {
				truth = cmp.Compare(truth, 0)
			}
			for _, looks := range stops {
				s, err := New(1 << 20)
				if err != nil {
					t.Fatal(err)
				}
				if withEval {
					setOrderEval(t, s)
				}
				got, err := s.SolveBounds(stopctx.After(looks), pos, mode)
				if err != nil {
					t.Fatalf("%v %v after %d looks: %v", pos, mode, looks, err)
				}
				if withEval && looks == preSearchLooks && selectiveEntries(s) == 0 {
					t.Fatalf("%v %v stopped after %d looks: no selective entry, so the solve did not start with the pre-search", pos, mode, looks)
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
	if r, err := s.Solve(stopctx.After(2), pos, Exact); !errors.Is(err, ErrStopped) {
		t.Errorf("Solve stopped after 2 looks: %+v, %v; want ErrStopped", r, err)
	}
}

// TestSolveBisectHoldsTheScore stops SolveBisect on random lost
// 16-empty positions after more and more nodes, and checks what it had
// proven against the exact score, as TestSolveBoundsHoldTheScore does for
// SolveBounds: the score lies between the bounds, the move reaches the
// lower bound when it says anything, an unstopped solve is exact, and a
// wrong upper bound given to it (above the score, as any WLD proof's -1
// is) changes nothing of that. It also counts, at each stop, whether a
// bound with its move was proven, by it and by a full-window exact search
// (fullWindowBounds): SolveBisect exists to prove one more often, so it
// must.
func TestSolveBisectHoldsTheScore(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 5))
	ref := newTestSolver(t)
	stops := []int{0, 1, 2, 4, 8, 16, 32, 64, 128, 1 << 20}
	var fromAbove, exact, lost int
	for lost < 8 {
		pos := randomPosition(r, 16)
		want := mustSolve(t, ref, pos, Exact).Score
		if want >= 0 {
			continue
		}
		lost++
		for _, upper := range []int{-1, 64} {
			for _, looks := range stops {
				s, err := New(1 << 20)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.SolveBisect(stopctx.After(looks), pos, upper)
				if err != nil {
					t.Fatalf("%v after %d looks: %v", pos, looks, err)
				}
				if got.Lower > want || got.Upper < want || got.Score != got.Lower || got.Proven != (got.Lower == got.Upper) || got.Mode != Exact {
					t.Fatalf("%v from %d after %d looks: %+v, want %d between the bounds", pos, upper, looks, got, want)
				}
				if looks == 1<<20 && (!got.Proven || got.Score != want) {
					t.Fatalf("%v from %d: an unstopped solve gave %+v, want %d proven", pos, upper, got, want)
				}
				if got.Lower > -64 {
					if v := moveValue(t, ref, pos, got.Move); v < got.Lower {
						t.Fatalf("%v from %d after %d looks: move %v scores %d, below the lower bound %d", pos, upper, looks, got.Move, v, got.Lower)
					}
				}
				if upper != -1 || looks == 1<<20 {
					continue
				}
				if got.Lower > -64 {
					fromAbove++
				}
				s.Clear()
				if fullWindowBounds(t, s, stopctx.After(looks), pos).lower > -64 {
					exact++
				}
			}
		}
	}
	t.Logf("stopped solves of lost positions with a bound and its move: SolveBisect %d, full window %d, of %d", fromAbove, exact, lost*(len(stops)-1))
	if fromAbove <= exact {
		t.Errorf("SolveBisect proved a bound in %d stopped solves, the full window in %d: want more", fromAbove, exact)
	}
}

// fullWindowBounds is what an exact search of the window (-64, 64) after
// the WLD search proves of pos before ctx stops it, as SolveBounds did
// before it narrowed by null windows: the yardstick of SolveBisect.
func fullWindowBounds(t *testing.T, s *Solver, ctx context.Context, pos othello.Position) bounds {
	t.Helper()
	if err := s.begin(ctx, pos); err != nil {
		t.Fatal(err)
	}
	p, o := pos.Player, pos.Opponent
	b := bounds{lower: -64, upper: 64}
	b.add(s.root(p, o, -1, 1), -1, 1, s.stopped)
	if !s.stopped {
		b.add(s.root(p, o, -64, 64), -64, 64, s.stopped)
	}
	return b
}
