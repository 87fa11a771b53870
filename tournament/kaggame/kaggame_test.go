package kaggame

import (
	"io"
	"os"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/killallgo/console/consoletest"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/sgf"
	"github.com/tcgothello/mcts/tournament"
)

// fakeEnv makes the test binary a console program of random legal moves
// (consoletest.Fake) when it is 1.
const fakeEnv = "KAGGAME_TEST_FAKE"

func TestMain(m *testing.M) {
	if os.Getenv(fakeEnv) == "1" {
		os.Exit(consoletest.Fake("", os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// Layouts read in any case and spacing come back in one form; bad ones
// are refused, naming the stone.
func TestParseLayout(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"c3  e5", "C3 E5"},
		{"A1 G7 D4", "A1 G7 D4"},
		{"none", "none"},
		{" NONE ", "none"},
	} {
		stones, err := ParseLayout(c.in)
		if err != nil || FormatLayout(stones) != c.want {
			t.Errorf("ParseLayout(%q) = %v, %v; want %s", c.in, stones, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "empty layout"},
		{"C3 C3", "stone C3"},
		{"H1", `stone "H1"`},
		{"C8", `stone "C8"`},
		{"pass", `stone "pass"`},
		{"none C3", `stone "none"`},
	} {
		if _, err := ParseLayout(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseLayout(%q): error %v, want one naming %s", c.in, err, c.want)
		}
	}
}

// The default layouts are killallgo.Handicap's first 2, 4 and 6 points,
// written out by hand here.
func TestDefaultLayouts(t *testing.T) {
	want := []string{"C3 E5", "C3 E5 E3 C5", "C3 E5 E3 C5 D4 D2"}
	got := DefaultLayouts()
	if len(got) != len(want) {
		t.Fatalf("%d layouts, want %d", len(got), len(want))
	}
	for i, o := range got {
		if o.String() != want[i] || o.Moves != nil {
			t.Errorf("layout %d: %q (moves %v), want %q and no Othello moves", i, o.String(), o.Moves, want[i])
		}
	}
}

// A layouts file: comments and blank lines skipped, errors by line.
func TestParseLayouts(t *testing.T) {
	got, err := ParseLayouts(strings.NewReader("# layouts\n\nc3 e5 # two\nnone\n"))
	if err != nil || len(got) != 2 || got[0].Text != "C3 E5" || got[0].Line != 3 || got[1].Text != "none" || got[1].Line != 4 {
		t.Errorf("got %+v, %v; want C3 E5 on line 3 and none on line 4", got, err)
	}
	if _, err := ParseLayouts(strings.NewReader("C3\nC3 Z9\n")); err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
		t.Errorf("error %v, want one on line 2", err)
	}
	if _, err := ParseLayouts(strings.NewReader("# nothing\n")); err == nil {
		t.Error("a file without layouts read without error")
	}
}

// The moves of a record, in Go notation: SGF's rows count from the top,
// so cd (column c, fourth row from the top of 7) is C4.
func TestMovesText(t *testing.T) {
	rec := &sgf.Game{Size: 7, Moves: []sgf.Move{
		{Color: sgf.White, Point: sgf.Point{Col: 2, Row: 3}},
		{Color: sgf.Black, Pass: true},
		{Color: sgf.White, Point: sgf.Point{Col: 0, Row: 0}},
		{Color: sgf.Black, Point: sgf.Point{Col: 6, Row: 6}},
	}}
	if got := movesText(rec); got != "C4 pass A7 G1" {
		t.Errorf("movesText = %q, want C4 pass A7 G1", got)
	}
}

// Two programs that exit at once (a shell script's exit 0) could not
// play: the game is unplayed, a draw in which both forfeit, as an
// Othello game neither engine connects to; one such program against a
// good one loses unplayed.
func TestPlayNeitherCanPlay(t *testing.T) {
	host, err := engineproc.NewHost(engineproc.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	gone := Program{Name: "gone", Command: "sh -c 'exit 0'", Stderr: io.Discard}
	p := tournament.Pairing{Game: 1, Round: 1, Black: 0, White: 1}
	p.Layout = "C3 E5"
	cfg := Config{TimeLimit: 10}
	played, err := Play(t.Context(), cfg, host, p, gone, gone, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	g := played.Game
	if g.Played || g.Outcome != match.Draw || g.ForfeitBy != othello.Black || played.Forfeits[0] == nil || played.Forfeits[1] == nil ||
		played.Forfeits[1].Reason != otp.ForfeitDisconnected || !strings.Contains(g.Note, "neither program could play") {
		t.Errorf("played %v, outcome %v, forfeit by %v, forfeits %+v %+v, note %q; want an unplayed draw both forfeited",
			g.Played, g.Outcome, g.ForfeitBy, played.Forfeits[0], played.Forfeits[1], g.Note)
	}
	good := Program{Name: "fake", Command: "'" + os.Args[0] + "'", Stderr: io.Discard}
	t.Setenv(fakeEnv, "1")
	played, err = Play(t.Context(), cfg, host, p, good, gone, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	g = played.Game
	if g.Played || g.Outcome != match.BlackWins || g.ForfeitBy != othello.White || g.Forfeit == nil || played.Forfeits[0] != nil ||
		!strings.HasPrefix(g.Note, "white (gone) could not play: ") {
		t.Errorf("played %v, outcome %v, forfeit by %v %+v, note %q; want white's unplayed loss", g.Played, g.Outcome, g.ForfeitBy, g.Forfeit, g.Note)
	}
}
