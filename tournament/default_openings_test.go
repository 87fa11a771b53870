package tournament

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/othello"
)

// The shipped openings parse, are legal from the start (ParseOpenings
// checks), all have the header's length and are distinct up to the board's
// symmetries.
func TestDefaultOpenings(t *testing.T) {
	ops, err := DefaultOpenings()
	if err != nil {
		t.Fatalf("DefaultOpenings: %v", err)
	}
	if len(ops) < 16 {
		t.Errorf("%d openings, want at least 16", len(ops))
	}
	if !strings.Contains(defaultOpenings, "go run ./cmd/openings") {
		t.Error("the file's header does not say how it was made")
	}
	seen := map[othello.Position]string{}
	for _, o := range ops {
		if len(o.Moves) != len(ops[0].Moves) {
			t.Errorf("line %d: %s has %d plies, want %d like the others", o.Line, o, len(o.Moves), len(ops[0].Moves))
		}
		k := o.Position().Canonical()
		if prev, ok := seen[k]; ok {
			t.Errorf("line %d: %s is %s up to symmetry", o.Line, o, prev)
		}
		seen[k] = o.String()
	}
}

// The shipped openings are still balanced by the engine: a few of them,
// searched with a small budget, give the side to move close to an even
// chance (the file was made with a larger budget; see its header).
func TestDefaultOpeningsBalanced(t *testing.T) {
	if testing.Short() {
		t.Skip("searches")
	}
	ops, err := DefaultOpenings()
	if err != nil {
		t.Fatal(err)
	}
	cfg := engine.DefaultConfig()
	cfg.Seed, cfg.ArenaNodes = 1, 1<<18
	s, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range ops[:min(4, len(ops))] {
		res, err := s.Search(context.Background(), o.Position(), engine.Limits{Playouts: 5000})
		if err != nil {
			t.Fatal(err)
		}
		if w := res.Stats.WinRate; math.Abs(w-0.5) > 0.1 {
			t.Errorf("%s: win rate %.3f for the side to move, want 0.5 ± 0.1", o, w)
		}
	}
}
