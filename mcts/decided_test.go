package mcts

import (
	"context"
	"testing"
	"time"
)

// rootLead returns the most visits of a root move not proven lost nor
// pruned, less the second most: the lead Limits.StopWhenDecided weighs.
func rootLead[M Move](st Stats[M]) int64 {
	var first, second int64
	for _, m := range st.RootMoves {
		if m.Pruned || m.Proven && m.Outcome < 0 {
			continue
		}
		if m.Visits > first {
			first, second = m.Visits, first
		} else if m.Visits > second {
			second = m.Visits
		}
	}
	return first - second
}

// TestStopWhenDecided checks, under playout budgets (no clock), that a
// search asked to stop once decided stops only when the most visited move
// leads by more than the playouts left, that it then chooses the move of
// the search that spends its whole budget, and that it does stop early in
// most of these trees: a check that never fired would pass the first two.
func TestStopWhenDecided(t *testing.T) {
	g := treeGame{branching: 6, depth: 14}
	const budget = 40_000
	const roots = 20
	early := 0
	for seed := uint64(0); seed < roots; seed++ {
		root := rootWithMoves(g, seed*7919)
		cfg := DefaultConfig()
		cfg.Seed = seed
		full, err := newTreeSearcher(t, g, cfg).Search(context.Background(), root, Limits{Playouts: budget})
		if err != nil {
			t.Fatal(err)
		}
		res, err := newTreeSearcher(t, g, cfg).Search(context.Background(), root, Limits{Playouts: budget, StopWhenDecided: true})
		if err != nil {
			t.Fatal(err)
		}
		st := res.Stats
		switch st.Stopped {
		case StopDecided:
			early++
			if lead, left := rootLead(st), int64(budget)-st.Playouts; lead <= left {
				t.Errorf("seed %d: stopped decided after %d playouts with a lead of %d, not more than the %d left", seed, st.Playouts, lead, left)
			}
		case StopPlayouts, StopProven:
		default:
			t.Errorf("seed %d: stopped %q", seed, st.Stopped)
		}
		if res.Move != full.Move {
			t.Errorf("seed %d: stopped %q after %d playouts with %v, the full budget chose %v", seed, st.Stopped, st.Playouts, res.Move, full.Move)
		}
	}
	if early < roots/2 {
		t.Errorf("%d of %d searches stopped decided: want at least half", early, roots)
	}
}

// TestDecidedByClock checks the deadline's estimate of the playouts left:
// as many as the search ran in the time it took, scaled to the time left.
// A lead of L is decided when the clock leaves room for L/2 playouts, and
// not when it leaves room for 2L.
func TestDecidedByClock(t *testing.T) {
	g := treeGame{branching: 6, depth: 14}
	s := newTreeSearcher(t, g, DefaultConfig())
	res, err := s.Search(context.Background(), rootWithMoves(g, 1), Limits{Playouts: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	lead := rootLead(res.Stats)
	if lead < 1000 {
		t.Fatalf("lead %d after 20,000 playouts: the test needs a clear leader", lead)
	}
	const done = 1_000_000 // playouts in the second before now
	now := time.Now()
	start := now.Add(-time.Second)
	leaving := func(n int64) time.Time { return now.Add(time.Duration(float64(time.Second) * float64(n) / done)) }
	if !s.decided(1<<40, done, start, leaving(lead/2)) {
		t.Errorf("lead %d with room for %d playouts: not decided", lead, lead/2)
	}
	if s.decided(1<<40, done, start, leaving(2*lead)) {
		t.Errorf("lead %d with room for %d playouts: decided", lead, 2*lead)
	}
	if s.decided(lead, done, start, time.Time{}) {
		t.Errorf("lead %d with %d playouts of budget left: decided", lead, lead)
	}
	if !s.decided(lead-1, done, start, time.Time{}) {
		t.Errorf("lead %d with %d playouts of budget left: not decided", lead, lead-1)
	}
}
