package endgame

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// lateTimer is a context whose deadline has passed but whose timer has not
// fired yet, as on a machine short of cores: Err is still nil.
type lateTimer struct{ context.Context }

func (lateTimer) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }

// TestSolveStopsAtItsDeadline: the solver reads the deadline itself and
// stops at its first look after it, without waiting for the context's
// timer, and says the deadline stopped it. An 18-empty solve takes far
// more nodes than one look's interval, so a solver that waits for Err
// finishes it instead.
func TestSolveStopsAtItsDeadline(t *testing.T) {
	pos := randomPosition(rand.New(rand.NewPCG(3, 3)), 18)
	s := newTestSolver(t)
	full, err := s.Solve(context.Background(), pos, Exact)
	if err != nil || full.Nodes <= 4*checkInterval {
		t.Fatalf("the full solve: %d nodes, %v; want more than %d to tell a stopped one from it", full.Nodes, err, 4*checkInterval)
	}
	s.Clear()
	r, err := s.SolveBounds(lateTimer{context.Background()}, pos, Exact)
	if err != nil || r.Proven || r.Nodes > checkInterval+64 {
		t.Errorf("past its deadline: %+v, %v; want a stop within %d nodes", r, err, checkInterval)
	}
	s.Clear()
	if _, err := s.Solve(lateTimer{context.Background()}, pos, Exact); !errors.Is(err, ErrStopped) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Solve past its deadline: %v, want ErrStopped and context.DeadlineExceeded", err)
	}
}
