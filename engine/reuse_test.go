package engine

import (
	"context"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// TestReuseInSearch checks what Search reports and when it starts afresh:
// a grandchild keeps visits, the same position again keeps the whole tree,
// an unrelated one keeps nothing, nor does a search after Reset or with
// Reuse off.
func TestReuseInSearch(t *testing.T) {
	cfg := testConfig()
	s := newSearcher(t, cfg)
	start := othello.Start()
	r1, err := s.Search(context.Background(), start, Limits{Playouts: 20000})
	if err != nil {
		t.Fatal(err)
	}
	after := start.Play(r1.Move)
	reply := othello.Move(popcount((after.Moves() & -after.Moves()) - 1))
	next := after.Play(reply)
	r2, err := s.Search(context.Background(), next, Limits{Playouts: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Stats.ReusedVisits == 0 || !next.IsLegal(r2.Move) {
		t.Errorf("grandchild: reused %d visits, move %v; want visits kept and a legal move", r2.Stats.ReusedVisits, r2.Move)
	}
	again, err := s.Search(context.Background(), next, Limits{Playouts: 1000})
	if err != nil {
		t.Fatal(err)
	}
	// Every iteration adds a visit to the root: the second search of next
	// keeps the first one's root, whose visits are what it kept and ran.
	if want := r2.Stats.ReusedVisits + r2.Stats.Playouts; again.Stats.ReusedVisits != want {
		t.Errorf("same position: reused %d visits, want the whole tree's %d", again.Stats.ReusedVisits, want)
	}
	for _, c := range []struct {
		name  string
		pos   othello.Position
		reset bool
	}{
		{"unrelated", start, false},
		{"after Reset", next.Play(othello.Move(popcount((next.Moves() & -next.Moves()) - 1))), true},
	} {
		if c.reset {
			s.Reset()
		}
		r, err := s.Search(context.Background(), c.pos, Limits{Playouts: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stats.ReusedVisits != 0 {
			t.Errorf("%s: reused %d visits, want a fresh tree", c.name, r.Stats.ReusedVisits)
		}
	}
	cfg.Reuse = false
	off := newSearcher(t, cfg)
	if _, err := off.Search(context.Background(), start, Limits{Playouts: 5000}); err != nil {
		t.Fatal(err)
	}
	r, err := off.Search(context.Background(), next, Limits{Playouts: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.ReusedVisits != 0 {
		t.Errorf("Reuse off: reused %d visits", r.Stats.ReusedVisits)
	}
}
