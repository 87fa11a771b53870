package player

import (
	"context"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/mcts"
)

// newThinker returns a Thinker of 200 playouts a move and its log.
func newThinker(t *testing.T) (*Thinker, *observer.ObservedLogs) {
	t.Helper()
	core, logs := observer.New(zapcore.InfoLevel)
	cfg := mcts.DefaultConfig()
	cfg.Seed = 1
	cfg.ArenaNodes = 1 << 14
	th, err := New(cfg, 200, zap.New(core))
	if err != nil {
		t.Fatal(err)
	}
	return th, logs
}

// put places colour c's stones at the (x, y) points, failing the test on
// an illegal one.
func put(t *testing.T, g *killallgo.Game, c goban.Color, xy ...[2]int) {
	t.Helper()
	for _, p := range xy {
		m, _ := killallgo.At(p[0], p[1])
		if err := g.Put(m, c); err != nil {
			t.Fatalf("put %v %v: %v", c, p, err)
		}
	}
}

// TestFallbackLog: after the end of the game, the log says what the
// fallback did: a pass is logged as a pass, not as "a random legal move"
// (issue 25), and a stone as a random legal move.
func TestFallbackLog(t *testing.T) {
	// A checkerboard of white stones: every empty point is a white eye,
	// suicide for black, so black is stuck and passes.
	th, logs := newThinker(t)
	g := killallgo.NewGame()
	for y := 1; y <= killallgo.Size; y++ {
		for x := 1; x <= killallgo.Size; x++ {
			if (x+y)%2 == 1 {
				put(t, g, goban.White, [2]int{x, y})
			}
		}
	}
	_ = g.Start()
	if m := th.Move(context.Background(), g, goban.Black); m != killallgo.Pass {
		t.Fatalf("stuck black: move %v, want a pass", m)
	}
	entries := logs.All()
	if len(entries) != 1 || entries[0].Message != "think: no search, a pass: no legal move fills none of the colour's own eyes" {
		t.Errorf("stuck black's log: %+v, want one line saying it passes", entries)
	}

	// Black has won (no white stone left after its capture); white is
	// asked on and plays a random stone.
	th, logs = newThinker(t)
	g = killallgo.NewGame()
	put(t, g, goban.White, [2]int{1, 1})
	put(t, g, goban.Black, [2]int{2, 1})
	_ = g.Start()
	put(t, g, goban.Black, [2]int{1, 2})
	m := th.Move(context.Background(), g, goban.White)
	if m == killallgo.Pass || g.Check(m, goban.White) != nil {
		t.Fatalf("white after black's win: move %v, want a legal stone", m)
	}
	entries = logs.All()
	if len(entries) != 1 || entries[0].Message != "think: no search, a random legal move" {
		t.Errorf("white's log: %+v, want one line saying it plays a random legal move", entries)
	}
}

// TestSearchLog: a search's move is logged with its statistics, and is
// legal.
func TestSearchLog(t *testing.T) {
	th, logs := newThinker(t)
	g := killallgo.NewGame()
	put(t, g, goban.Black, [2]int{3, 3}, [2]int{5, 5})
	_ = g.Start()
	m := th.Move(context.Background(), g, goban.White)
	if m != killallgo.Pass && g.Check(m, goban.White) != nil {
		t.Fatalf("move %v is illegal", m)
	}
	entries := logs.All()
	if len(entries) != 1 || entries[0].Message != "think" || entries[0].ContextMap()["move"] != m.String() {
		t.Errorf("log %+v, want one think line naming %v", entries, m)
	}
}
