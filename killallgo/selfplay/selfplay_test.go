package selfplay

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/mcts"
)

// TestPlay: a game ends with a winner within the move cap, the same game
// twice gives the same result, and the search at 300 playouts beats a
// random white from four handicap stones (it wins every such game in the
// measured tables, docs/killallgo.md).
func TestPlay(t *testing.T) {
	search := mcts.DefaultConfig()
	search.ArenaNodes = 1 << 16
	cfg := Config{Black: MCTS, White: Random, Search: search, Playouts: 300, Seed: 7}
	w1, n1, err := Play(cfg, 4, 1, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	w2, n2, err := Play(cfg, 4, 1, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if w1 != w2 || n1 != n2 {
		t.Errorf("the same game twice: %v in %d plies, then %v in %d", w1, n1, w2, n2)
	}
	if w1 != goban.Black || n1 < 1 {
		t.Errorf("mcts black against random white, handicap 4: %v wins in %d plies, want black", w1, n1)
	}
	if _, _, err := Play(cfg, 7, 1, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("handicap 7 played, want an error")
	}
}

// TestPlayRefuses: a player that is neither kind, and a search without a
// budget, are errors naming them, not a game played by something else.
func TestPlayRefuses(t *testing.T) {
	search := mcts.DefaultConfig()
	search.ArenaNodes = 1 << 12
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Black: "MCTS", White: Random, Search: search, Playouts: 10}, `black's player "MCTS"`},
		{Config{Black: Random, White: "greedy", Search: search, Playouts: 10}, `white's player "greedy"`},
		{Config{Black: Random, White: MCTS, Search: search}, "white's search: 0 playouts"},
	} {
		_, _, err := Play(c.cfg, 0, 1, rand.New(rand.NewPCG(1, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error saying %q", c.cfg, err, c.want)
		}
	}
}
