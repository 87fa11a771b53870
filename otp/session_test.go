package otp

import (
	"context"
	"errors"
	"math/bits"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// fakeThinker plays the highest legal square, which differs from the
// session's fallback (the lowest), so tests can tell which one chose.
type fakeThinker struct {
	calls    int
	deadline time.Duration // time left before the context's deadline at the last call
	think    func(ctx context.Context, g *othello.Game) (thinking.Thought, error)
}

func (f *fakeThinker) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	f.calls++
	if d, ok := ctx.Deadline(); ok {
		f.deadline = time.Until(d)
	}
	if f.think != nil {
		return f.think(ctx, g)
	}
	return thinking.Thought{Move: highestMove(g.Position()), Playouts: 42, WinRate: 0.5, Summary: "fake search"}, nil
}

// highestMove returns the legal square with the largest index, or a pass.
func highestMove(pos othello.Position) othello.Move {
	moves := pos.Moves()
	if moves == 0 {
		return othello.Pass
	}
	return othello.Move(63 - bits.LeadingZeros64(moves))
}

// testSession returns a session named "golden" with a fake thinker and an
// observed logger, with the board stream in b.
func testSession(t *testing.T, th thinking.Thinker, b *strings.Builder) (*Session, *observer.ObservedLogs) {
	t.Helper()
	core, logs := observer.New(zapcore.DebugLevel)
	cfg := SessionConfig{Name: "golden", Thinker: th, ThinkTime: time.Second, Logger: zap.New(core)}
	if b != nil {
		cfg.Board = b
	}
	s, err := NewSession(cfg)
	if err != nil {
		t.Fatalf("NewSession: %v", err)
	}
	return s, logs
}

// mustHandle sends msg and fails the test unless the reply is want.
func mustHandle(t *testing.T, s *Session, msg, want string) {
	t.Helper()
	if got, _ := s.Handle(context.Background(), msg); got != want {
		t.Fatalf("Handle(%q) = %q, want %q", msg, got, want)
	}
}

func state(s *Session) string {
	return s.Game().Position().Code(s.Game().Passes())
}

func TestNewSessionRejectsBadConfig(t *testing.T) {
	th := &fakeThinker{}
	cases := []struct {
		name string
		cfg  SessionConfig
	}{
		{"empty name", SessionConfig{Name: "", Thinker: th, ThinkTime: time.Second}},
		{"name with a space", SessionConfig{Name: "go mcts", Thinker: th, ThinkTime: time.Second}},
		{"name with a newline", SessionConfig{Name: "gomcts\n", Thinker: th, ThinkTime: time.Second}},
		{"name too long", SessionConfig{Name: strings.Repeat("n", MaxNameLen+1), Thinker: th, ThinkTime: time.Second}},
		{"no thinker", SessionConfig{Name: "gomcts", ThinkTime: time.Second}},
		{"zero think time", SessionConfig{Name: "gomcts", Thinker: th}},
	}
	for _, c := range cases {
		if _, err := NewSession(c.cfg); err == nil {
			t.Errorf("%s: NewSession succeeded, want an error", c.name)
		}
	}
	if _, err := NewSession(SessionConfig{Name: strings.Repeat("n", MaxNameLen), Thinker: th, ThinkTime: time.Second}); err != nil {
		t.Errorf("name of %d bytes: %v, want it accepted", MaxNameLen, err)
	}
}

func TestHandleClassicReplies(t *testing.T) {
	var board strings.Builder
	s, _ := testSession(t, &fakeThinker{}, &board)
	// Each step checks the reply and the position after it, so a command
	// that answered right but did the wrong thing is caught too.
	steps := []struct{ msg, reply, score string }{
		{"name", "name golden", "0"},
		{"NAME", "name golden", "0"},
		{"name\r\n", "name golden", "0"},
		{"play 2 3", "play", "3"},       // black d3 flips d4
		{"genmove", "genmove 4 2", "0"}, // white's highest square: c5, flips d5
		{"undo", "undo", "3"},           // back to after d3
		{"Play 4 2", "play", "0"},       // case-insensitive, white c5 by hand
		{"undoundo", "undoundo", "0"},   // back to the start
		// Black c4 (3,2); white's legal squares are then c3, e3 and c5, and
		// the fake plays the highest index, c5 = (4,2), flipping d5.
		{"playgen 3 2", "playgen 4 2", "0"},
		{"clear_board", "clear_board", "0"},
		{"showboard", "showboard", "0"},
		{"quit", "quit", "0"},
	}
	for _, st := range steps {
		got, quit := s.Handle(context.Background(), st.msg)
		if got != st.reply {
			t.Fatalf("Handle(%q) = %q, want %q", st.msg, got, st.reply)
		}
		if wantQuit := st.msg == "quit"; quit != wantQuit {
			t.Errorf("Handle(%q) quit = %v, want %v", st.msg, quit, wantQuit)
		}
		if st.score != "" {
			if got, _ := s.Handle(context.Background(), "final_score"); got != "final_score "+st.score {
				t.Fatalf("after %q: final_score reply %q, want %q", st.msg, got, "final_score "+st.score)
			}
		}
	}
	if want := othello.Start().ClassicBoard(); board.String() != want {
		t.Errorf("showboard printed\n%s\nwant\n%s", board.String(), want)
	}
}

func TestPlaygenPlaysBothMoves(t *testing.T) {
	th := &fakeThinker{}
	s, _ := testSession(t, th, nil)
	mustHandle(t, s, "playgen 3 2", "playgen 4 2")
	if got := othello.FormatMoves(s.Game().Moves()); got != "c4c5" {
		t.Errorf("moves after playgen = %s, want c4c5", got)
	}
	if th.calls != 1 {
		t.Errorf("thinker called %d times, want 1", th.calls)
	}
}

func TestUndoWithoutHistoryChangesNothing(t *testing.T) {
	s, logs := testSession(t, &fakeThinker{}, nil)
	before := state(s)
	mustHandle(t, s, "undo", "undo")
	mustHandle(t, s, "undoundo", "undoundo")
	if got := state(s); got != before {
		t.Errorf("state after undo with no history = %s, want %s", got, before)
	}
	if n := logs.FilterMessage("nothing to undo").Len(); n != 2 {
		t.Errorf("%d \"nothing to undo\" warnings, want 2", n)
	}
}

func TestUndoundoWithOnePly(t *testing.T) {
	s, _ := testSession(t, &fakeThinker{}, nil)
	mustHandle(t, s, "play 2 3", "play")
	mustHandle(t, s, "undoundo", "undoundo")
	if got, want := state(s), othello.Start().Code(0); got != want {
		t.Errorf("state = %s, want the start %s", got, want)
	}
}

func TestCodeLoadsPosition(t *testing.T) {
	s, _ := testSession(t, &fakeThinker{}, nil)
	g := othello.NewGame()
	moves, _ := othello.ParseMoves("f5d6c3d3c4")
	if err := g.PlayAll(moves); err != nil {
		t.Fatal(err)
	}
	code := g.Position().Code(0)
	mustHandle(t, s, "code "+code, "code")
	if got := state(s); got != code {
		t.Fatalf("state after code = %s, want %s", got, code)
	}
	if s.Game().Len() != 0 {
		t.Errorf("history has %d plies after code, want 0", s.Game().Len())
	}
	// The side digit follows the classic rule: odd is black, even white.
	odd := code[:64] + "30"
	mustHandle(t, s, "code "+odd, "code")
	if got := s.Game().Position().Turn; got != othello.Black {
		t.Errorf("side after side digit 3 = %v, want black", got)
	}
}

// TestBadInputKeepsState sends every kind of bad message to a game in
// progress and checks the reply, that the position, pass count and history
// are unchanged, and that an error was logged.
func TestBadInputKeepsState(t *testing.T) {
	start66 := othello.Start().Code(0)
	cases := []struct{ msg, reply string }{
		{"", "unknown command"},
		{"   ", "unknown command"},
		{"\r\n", "unknown command"},
		{"frobnicate", "unknown command"},
		{"genmov", "unknown command"},
		{"\x00\x01\x02", "unknown command"},
		{"na\x00me", "unknown command"},
		{"name\x00x", "unknown command"},
		{"genmove\xff", "unknown command"},
		{"play\x002 3", "unknown command"},
		{"name\nquit", "unknown command"}, // two lines are two messages, never one
		{"name " + strings.Repeat("x", maxCommandLen), "unknown command"},
		{"play " + strings.Repeat(" ", maxCommandLen) + "2 3", "unknown command"},
		{"play", "play"},
		{"play 2", "play"},
		{"play 2 3 4", "play"},
		{"play a b", "play"},
		{"play 2 x", "play"},
		{"play 9 9", "play"},
		{"play -1 0", "play"},
		{"play 8 1", "play"},
		{"play 0 0", "play"},   // empty but not legal
		{"play 3 3", "play"},   // occupied
		{"play 8 0", "play"},   // pass while moves exist
		{"play 2.0 3", "play"}, // not an integer
		{"playgen", "playgen"},
		{"playgen 0 0", "playgen"},
		{"playgen 9 9", "playgen"},
		{"code", "code"},
		{"code 123", "code"},
		{"code " + start66 + "0", "code"},                     // 67 digits
		{"code " + start66[:65], "code"},                      // 65 digits
		{"code " + start66[:10] + "3" + start66[11:], "code"}, // square digit 3
		{"code " + start66[:65] + "7", "code"},                // pass counter 7
		{"code " + start66[:20] + "a" + start66[21:], "code"}, // not a digit
		{"code " + start66 + " extra", "code"},
	}
	for _, c := range cases {
		s, logs := testSession(t, &fakeThinker{}, nil)
		mustHandle(t, s, "play 2 3", "play")
		mustHandle(t, s, "play 2 2", "play")
		before, plies := state(s), s.Game().Len()
		got, quit := s.Handle(context.Background(), c.msg)
		if got != c.reply || quit {
			t.Errorf("Handle(%.40q) = %q, %v, want %q, false", c.msg, got, quit, c.reply)
		}
		if after := state(s); after != before || s.Game().Len() != plies {
			t.Errorf("Handle(%.40q) changed the game: %s (%d plies), want %s (%d plies)",
				c.msg, after, s.Game().Len(), before, plies)
		}
		if n := logs.FilterLevelExact(zapcore.ErrorLevel).Len(); n == 0 {
			t.Errorf("Handle(%.40q) logged no error", c.msg)
		}
	}
}

// TestTrailingNUL checks that a command sent as a C string with its NUL
// (strlen+1 bytes, as many student judges do) is answered like the bare
// command: the classic engine never sees the NUL.
func TestTrailingNUL(t *testing.T) {
	s, logs := testSession(t, &fakeThinker{}, nil)
	mustHandle(t, s, "name\x00", "name golden")
	mustHandle(t, s, "play 2 3\x00", "play")
	mustHandle(t, s, "final_score \r\n\x00\x00", "final_score 3")
	if got := s.Game().Len(); got != 1 {
		t.Errorf("%d plies played, want 1 (play 2 3)", got)
	}
	if n := logs.FilterLevelExact(zapcore.ErrorLevel).Len(); n != 0 {
		t.Errorf("%d errors logged, want none: %v", n, logs.FilterLevelExact(zapcore.ErrorLevel).All())
	}
}

func TestGenmoveUsesThinker(t *testing.T) {
	th := &fakeThinker{}
	s, logs := testSession(t, th, nil)
	mustHandle(t, s, "genmove", "genmove 5 4") // black's highest square: e6
	if th.calls != 1 {
		t.Fatalf("thinker called %d times, want 1", th.calls)
	}
	if th.deadline <= 0 || th.deadline > time.Second {
		t.Errorf("thinker saw %v before its deadline, want within the 1s think time", th.deadline)
	}
	if got := othello.FormatMoves(s.Game().Moves()); got != "e6" {
		t.Errorf("moves = %s, want e6", got)
	}
	info := logs.FilterMessage("move chosen").FilterField(zap.Int64("playouts", 42))
	if info.Len() != 1 {
		t.Errorf("%d genmove info lines with the thinker's playouts, want 1", info.Len())
	}
}

func TestGenmoveFallsBack(t *testing.T) {
	cases := []struct {
		name  string
		think func(context.Context, *othello.Game) (thinking.Thought, error)
	}{
		{"error", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{}, errors.New("no time")
		}},
		{"illegal square", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{Move: othello.MoveAt(0, 0)}, nil
		}},
		{"pass with moves", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{Move: othello.Pass}, nil
		}},
		{"no move", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{Move: othello.NoMove}, nil
		}},
		{"panic", func(context.Context, *othello.Game) (thinking.Thought, error) {
			panic("search bug")
		}},
	}
	for _, c := range cases {
		s, logs := testSession(t, &fakeThinker{think: c.think}, nil)
		// The fallback is black's lowest legal square, d3 = (2,3).
		mustHandle(t, s, "genmove", "genmove 2 3")
		if got := othello.FormatMoves(s.Game().Moves()); got != "d3" {
			t.Errorf("%s: moves = %s, want d3", c.name, got)
		}
		if logs.FilterLevelExact(zapcore.ErrorLevel).Len() != 1 {
			t.Errorf("%s: %d errors logged, want 1", c.name, logs.FilterLevelExact(zapcore.ErrorLevel).Len())
		}
	}
}

// TestGenmoveWithoutSearch covers the positions where no search is needed:
// a forced pass, a single legal move, and a finished game.
func TestGenmoveWithoutSearch(t *testing.T) {
	cases := []struct {
		name, board string // 64 characters, X black, O white
		turn        othello.Color
		passes      int
		reply       string
		plies       int
	}{
		// Black on a1 b1, white on c1: black's only move is d1 = (0,3).
		{"only move", "XXO" + strings.Repeat("-", 61), othello.Black, 0, "genmove 0 3", 1},
		// The same board with white to move: white can flip nothing.
		{"forced pass", "XXO" + strings.Repeat("-", 61), othello.White, 0, "genmove 8 0", 1},
		// Two passes already: the game is over, nothing is played.
		{"game over", "XXO" + strings.Repeat("-", 61), othello.Black, 2, "genmove 8 0", 0},
	}
	for _, c := range cases {
		th := &fakeThinker{}
		s, _ := testSession(t, th, nil)
		pos, err := othello.ParseBoard64(c.board, c.turn)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Game().SetPosition(pos, c.passes); err != nil {
			t.Fatal(err)
		}
		mustHandle(t, s, "genmove", c.reply)
		if th.calls != 0 {
			t.Errorf("%s: thinker called %d times, want 0", c.name, th.calls)
		}
		if s.Game().Len() != c.plies {
			t.Errorf("%s: %d plies played, want %d", c.name, s.Game().Len(), c.plies)
		}
	}
}

func TestPlaygenAtGameEnd(t *testing.T) {
	th := &fakeThinker{}
	s, _ := testSession(t, th, nil)
	// Neither side can move and one pass was made: the human's pass ends
	// the game, so the engine has no move to reply.
	pos, _ := othello.ParseBoard64("XXX"+strings.Repeat("-", 61), othello.White)
	if err := s.Game().SetPosition(pos, 1); err != nil {
		t.Fatal(err)
	}
	mustHandle(t, s, "playgen 8 0", "playgen")
	if !s.Game().Over() || th.calls != 0 {
		t.Errorf("over = %v, thinker calls = %d; want the game over and no search", s.Game().Over(), th.calls)
	}
}

func TestExtraCommandsPrintToBoardStream(t *testing.T) {
	var board strings.Builder
	s, _ := testSession(t, &fakeThinker{}, &board)
	mustHandle(t, s, "board", "board")
	if want := othello.Start().Pretty(); board.String() != want {
		t.Errorf("board printed %q, want %q", board.String(), want)
	}
	board.Reset()
	mustHandle(t, s, "HELP", "help")
	for _, cmd := range []string{"genmove", "playgen", "undoundo", "code", "showboard", "quit"} {
		if !strings.Contains(board.String(), cmd) {
			t.Errorf("help text does not mention %s", cmd)
		}
	}
}

func TestCommandsAreLoggedAtDebug(t *testing.T) {
	s, logs := testSession(t, &fakeThinker{}, nil)
	mustHandle(t, s, "name", "name golden")
	got := logs.FilterMessage("command").FilterField(zap.String("reply", "name golden"))
	if got.Len() != 1 || got.All()[0].Level != zapcore.DebugLevel {
		t.Errorf("got %d debug lines for the name command, want 1", got.Len())
	}
}

// Messages count in English: one word, two words.
func TestSessionMessageGrammar(t *testing.T) {
	for cmd, want := range map[string]string{
		"play 2":     "got 1 word",
		"play 2 3 4": "got 3 words",
		"code":       "got 0 words",
	} {
		s, logs := testSession(t, &fakeThinker{}, nil)
		s.Handle(context.Background(), cmd)
		var errs []string
		for _, e := range logs.All() {
			if err, ok := e.ContextMap()["error"].(string); ok {
				errs = append(errs, err)
			}
		}
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.HasSuffix(e, want) }) {
			t.Errorf("%q logged the errors %q, want one ending %q", cmd, errs, want)
		}
	}
}
