package einsteingame

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
)

// greedyEnv makes the test binary the greedy agent when it is 1.
const greedyEnv = "EINSTEINGAME_TEST_GREEDY"

func TestMain(m *testing.M) {
	if os.Getenv(greedyEnv) == "1" {
		if err := agent.Serve(os.Stdin, os.Stdout, agent.Greedy{}, zap.NewNop()); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Two agents that exit at once (a shell script's exit 0) could not play:
// the game is unplayed, a draw in which both forfeit, as an Othello game
// neither engine connects to; one such agent against a good one loses
// unplayed, whichever colour it has.
func TestPlayNeitherCanPlay(t *testing.T) {
	host, err := engineproc.NewHost(engineproc.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	gone := Program{Name: "gone", Argv: []string{"sh", "-c", "exit 0"}, Stderr: io.Discard}
	p := tournament.Pairing{Game: 1, Round: 1, Black: 0, White: 1, Layout: "123456"}
	played, err := Play(t.Context(), 10*time.Second, movetime.Rule{}, host, p, gone, gone, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	g := played.Game
	if g.Played || g.Outcome != match.Draw || played.Forfeits[0] == nil || played.Forfeits[1] == nil ||
		!strings.HasPrefix(g.Note, "neither agent could play: red (gone) could not play: ") {
		t.Errorf("played %v, outcome %v, forfeits %+v %+v, note %q; want an unplayed draw both forfeited",
			g.Played, g.Outcome, played.Forfeits[0], played.Forfeits[1], g.Note)
	}
	t.Setenv(greedyEnv, "1")
	good := Program{Name: "greedy", Argv: []string{os.Args[0]}, Stderr: io.Discard}
	for _, c := range []struct {
		red, blue Program
		outcome   match.Outcome
		by        othello.Color
		note      string
	}{
		{good, gone, match.BlackWins, othello.White, "blue (gone) could not play: "},
		{gone, good, match.WhiteWins, othello.Black, "red (gone) could not play: "},
	} {
		played, err := Play(t.Context(), 10*time.Second, movetime.Rule{}, host, p, c.red, c.blue, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		g := played.Game
		if g.Played || g.Outcome != c.outcome || g.ForfeitBy != c.by || g.Forfeit == nil || played.Forfeits[0] != nil ||
			!strings.HasPrefix(g.Note, c.note) {
			t.Errorf("%s vs %s: played %v, outcome %v, forfeit by %v %+v, note %q; want %v unplayed, %q",
				c.red.Name, c.blue.Name, g.Played, g.Outcome, g.ForfeitBy, g.Forfeit, g.Note, c.outcome, c.note)
		}
	}
}

// The default layouts are the boards of the first eight rounds of
// einstein game -s 2018, and of the course's runner (no two alike there):
// the first eight std::shuffle of "123456" on std::mt19937_64(2018),
// printed by a C++ program built with g++ 12.2.0 outside the repository.
func TestDefaultLayouts(t *testing.T) {
	want := []string{"356241", "351462", "561432", "361452", "461253", "541236", "265431", "324156"}
	got := DefaultLayouts()
	if len(got) != len(want) {
		t.Fatalf("%d layouts, want %d", len(got), len(want))
	}
	for i, o := range got {
		if o.String() != want[i] {
			t.Errorf("layout %d: %s, want %s", i+1, o.String(), want[i])
		}
	}
}

// A layouts file: comments and blank lines skipped, errors by line.
func TestParseLayouts(t *testing.T) {
	got, err := ParseLayouts(strings.NewReader("# boards\n\n 123456 # sorted\n654321\n"))
	if err != nil || len(got) != 2 || got[0].Text != "123456" || got[0].Line != 3 || got[1].Text != "654321" || got[1].Line != 4 {
		t.Errorf("got %+v, %v; want 123456 on line 3 and 654321 on line 4", got, err)
	}
	for _, bad := range []string{"123455\n", "12345\n", "1234567\n", "12 3456\n"} {
		if _, err := ParseLayouts(strings.NewReader("123456\n" + bad)); err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
			t.Errorf("%q: error %v, want one on line 2", bad, err)
		}
	}
	if _, err := ParseLayouts(strings.NewReader("")); err == nil {
		t.Error("an empty file read without error")
	}
}
