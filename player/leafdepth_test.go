package player

import (
	"context"
	"testing"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// TestLeafDepth checks that Config.LeafDepth is bounded and reaches the
// tree: with the same seed and playout budget (so that the searches are
// otherwise move for move the same) a depth-1 search values the root
// differently from the static evaluation's, and still plays a legal move.
func TestLeafDepth(t *testing.T) {
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []int{-1, MaxLeafDepth + 1} {
		if _, err := New(Config{Engine: DefaultEngine(), Weights: w, LeafDepth: bad}); err == nil {
			t.Errorf("leaf depth %d accepted", bad)
		}
	}
	g, err := othello.GameAfter("f5f6e6f4")
	if err != nil {
		t.Fatal(err)
	}
	winRate := make(map[int]float64)
	for _, depth := range []int{0, 0, 1} {
		cfg := DefaultEngine()
		cfg.ArenaNodes, cfg.Seed = 1<<16, 3
		th, err := New(Config{Engine: cfg, Weights: w, Playouts: 3000, LeafDepth: depth})
		if err != nil {
			t.Fatal(err)
		}
		got, err := th.Think(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Position().IsLegal(got.Move) {
			t.Fatalf("depth %d: illegal move %v", depth, got.Move)
		}
		if prev, seen := winRate[depth]; seen && prev != got.WinRate {
			t.Fatalf("depth %d: win rate %v, then %v with the same seed and budget: the comparison below means nothing", depth, prev, got.WinRate)
		}
		winRate[depth] = got.WinRate
	}
	if winRate[0] == winRate[1] {
		t.Errorf("depth 0 and 1 both value the root at %v: the leaf depth does not reach the tree", winRate[0])
	}
}
