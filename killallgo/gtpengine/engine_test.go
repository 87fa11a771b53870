package gtpengine

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/gtp"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/player"
	"github.com/tcgothello/mcts/mcts"
)

// newEngine returns an engine whose player searches 300 playouts a move
// from seed 1: its moves are the same on every machine.
func newEngine(t *testing.T) *Engine {
	t.Helper()
	cfg := mcts.DefaultConfig()
	cfg.Seed = 1
	cfg.ArenaNodes = 1 << 16
	p, err := player.New(cfg, 300, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return New(p, time.Minute)
}

// TestGoldenSession replays a GTP session byte for byte: sizes other than
// 7 refused with the standard message, a handicap, a searched move, an
// illegal move, showboard, undo, final_score undecided, decided by two
// passes and by a capture. testdata/session.golden was checked by hand:
// white's D6 is where showboard shows it, undo removes D4 and only it, and
// the results are those of the rules.
func TestGoldenSession(t *testing.T) {
	in, err := os.ReadFile("testdata/session.in")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/session.golden")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s := gtp.NewSession(newEngine(t), gtp.Config{Name: "killallgo", Version: "1"}, &out, zap.NewNop())
	if err := s.Serve(strings.NewReader(string(in))); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("session:\n%s\nwant:\n%s", out.String(), want)
	}
}

// vx returns the vertex (x, y).
func vx(x, y int) gtp.Vertex { return gtp.Vertex{X: x, Y: y} }

// TestFinalScore decides games by the kill-all rules.
func TestFinalScore(t *testing.T) {
	// A checkerboard of white stones leaves black no legal move: white
	// has won. Set up as moves (GTP has no white set-up), the last white.
	e := newEngine(t)
	var last gtp.Vertex
	for y := 1; y <= killallgo.Size; y++ {
		for x := 1; x <= killallgo.Size; x++ {
			if (x+y)%2 == 1 {
				last = vx(x, y)
				if err := e.Play(gtp.White, last); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if got, err := e.FinalScore(); got != "W+" || err != nil {
		t.Errorf("black stuck: %q, %v; want W+", got, err)
	}
	// Undo takes back the last white stone and only it, and the stone
	// may be played again.
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if strings.Count(e.ShowBoard(), "O") != 24-1 {
		t.Errorf("after undo:\n%s\nwant 23 white stones", e.ShowBoard())
	}
	if err := e.Play(gtp.White, last); err != nil {
		t.Errorf("replaying the undone stone: %v", err)
	}

	// Before any move the game cannot be scored; undo has nothing to do.
	e.ClearBoard()
	if _, err := e.FinalScore(); !errors.Is(err, gtp.ErrCannotScore) {
		t.Errorf("empty board: %v, want cannot score", err)
	}
	if err := e.Undo(); !errors.Is(err, gtp.ErrCannotUndo) {
		t.Errorf("empty board: undo %v, want cannot undo", err)
	}
	// A handicap stone is not a move: undo does not take it back.
	if err := e.SetFreeHandicap([]gtp.Vertex{vx(3, 3), vx(5, 5)}); err != nil {
		t.Fatal(err)
	}
	if err := e.Undo(); !errors.Is(err, gtp.ErrCannotUndo) {
		t.Errorf("after the handicap: undo %v, want cannot undo", err)
	}
	// The handicap is set up once, on an empty board; a refused board
	// size leaves the board as it was.
	if err := e.SetFreeHandicap([]gtp.Vertex{vx(1, 1), vx(2, 2)}); !errors.Is(err, gtp.ErrBoardNotEmpty) {
		t.Errorf("a second handicap: %v, want board not empty", err)
	}
	if err := e.SetBoardSize(9); !errors.Is(err, gtp.ErrUnacceptable) {
		t.Errorf("9x9: %v, want unacceptable size", err)
	}
	if strings.Count(e.ShowBoard(), "X") != 2 {
		t.Errorf("a refused size changed the board:\n%s", e.ShowBoard())
	}
}

// TestGenMoveTime: without a deadline from the controller genmove searches
// for the engine's move time; with one, by it.
func TestGenMoveTime(t *testing.T) {
	cfg := mcts.DefaultConfig()
	cfg.Seed = 1
	cfg.ArenaNodes = 1 << 18
	p, err := player.New(cfg, 0, zap.NewNop()) // no playout budget: time only
	if err != nil {
		t.Fatal(err)
	}
	e := New(p, 300*time.Millisecond)
	start := time.Now()
	e.GenMove(context.Background(), gtp.White)
	if took := time.Since(start); took < 150*time.Millisecond || took > 2*time.Second {
		t.Errorf("genmove without a deadline took %v, want about the move time, 300ms", took)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start = time.Now()
	e.GenMove(ctx, gtp.Black)
	if took := time.Since(start); took > time.Second {
		t.Errorf("genmove with a 100ms deadline took %v", took)
	}
}
