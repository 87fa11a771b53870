package endgame

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestNodeLimitStopsAtTheSameNode: a solve under SetNodeLimit stops at its
// first look at or after the limit, says the limit stopped it, and gives
// the same bounds, move and node count every time from the same table; a
// limit above what the solve needs changes nothing.
func TestNodeLimitStopsAtTheSameNode(t *testing.T) {
	pos := randomPosition(rand.New(rand.NewPCG(4, 4)), 18)
	s := newTestSolver(t)
	full, err := s.Solve(context.Background(), pos, Exact)
	if err != nil || full.Nodes <= 8*checkInterval {
		t.Fatalf("the full solve: %d nodes, %v; want more than %d to tell a stopped one from it", full.Nodes, err, 8*checkInterval)
	}
	// Not a multiple of checkInterval: the limit is looked at itself.
	limit := full.Nodes/3 + 7
	s.SetNodeLimit(limit)
	var first Result
	for i := range 3 {
		s.Clear()
		r, err := s.SolveBounds(context.Background(), pos, Exact)
		if err != nil || r.Proven || r.Nodes < limit || r.Nodes > limit+checkInterval {
			t.Fatalf("run %d, limit %d: %+v, %v; want unproven within %d nodes after the limit", i, limit, r, err, checkInterval)
		}
		if r.Lower > full.Score || r.Upper < full.Score {
			t.Errorf("run %d: bounds %d..%d do not hold the exact score %d", i, r.Lower, r.Upper, full.Score)
		}
		r.Elapsed = 0
		if i == 0 {
			first = r
		} else if r != first {
			t.Errorf("run %d: %+v, the first %+v: want the same from the same table", i, r, first)
		}
	}
	s.Clear()
	if _, err := s.Solve(context.Background(), pos, Exact); !errors.Is(err, ErrStopped) || !errors.Is(err, ErrNodeLimit) {
		t.Errorf("Solve past its node limit: %v, want ErrStopped and ErrNodeLimit", err)
	}
	s.SetNodeLimit(full.Nodes + 1)
	s.Clear()
	if r, err := s.Solve(context.Background(), pos, Exact); err != nil || r.Score != full.Score || r.Nodes != full.Nodes {
		t.Errorf("under a limit above its nodes: %+v, %v; want the full solve's %d in %d nodes", r, err, full.Score, full.Nodes)
	}
	s.SetNodeLimit(0)
	s.Clear()
	if r, err := s.Solve(context.Background(), pos, Exact); err != nil || r.Nodes != full.Nodes {
		t.Errorf("limit removed: %+v, %v; want the full solve", r, err)
	}
}
