package player

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/eval"
)

// TestStopWhenDecidedReachesTheSearch checks that Config.StopWhenDecided
// reaches the tree search: under a playout budget (no clock) a thinker with
// it stops early in some of a few middle-game positions and plays the move
// of the same thinker without it, which spends every playout.
func TestStopWhenDecidedReachesTheSearch(t *testing.T) {
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	const budget = 30_000
	thinker := func(stop bool) Thinker {
		cfg := DefaultEngine()
		cfg.ArenaNodes, cfg.Reuse = 1<<18, false
		th, err := New(Config{Engine: cfg, Weights: w, Playouts: budget, StopWhenDecided: stop})
		if err != nil {
			t.Fatal(err)
		}
		return th
	}
	full, decided := thinker(false), thinker(true)
	r := rand.New(rand.NewPCG(3, 4))
	early := 0
	for range 8 {
		g := playRandom(t, r, 20)
		a, err := full.Think(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		b, err := decided.Think(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if a.Playouts != budget && a.Playouts != 0 {
			t.Fatalf("without StopWhenDecided: %d playouts, want the budget %d", a.Playouts, budget)
		}
		if b.Playouts < budget {
			early++
		}
		if a.Move != b.Move {
			t.Errorf("position %s: %v after %d playouts, %v after the full budget", g.Position().Code(0), b.Move, b.Playouts, a.Move)
		}
	}
	if early == 0 {
		t.Error("no search of 8 stopped before its budget")
	}
}
