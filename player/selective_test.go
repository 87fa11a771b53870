package player

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// ffo47 is FFO #47, 25 empty squares, White to move: the selective search
// settles on it in about a tenth of a second, its exact proof takes
// about one.
const ffo47 = "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O"

// newSelectiveThinker returns a thinker built by New, with the evaluation
// and the solver as search has them, a small arena and table, and the
// given selective and playout settings.
func newSelectiveThinker(t *testing.T, selectiveEmpties int, playouts int64) Thinker {
	t.Helper()
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Engine: DefaultEngine(), Weights: w, Solver: true, SolveEmpties: 20, TableBytes: 16 << 20,
		SelectiveEmpties: selectiveEmpties, Playouts: playouts}
	cfg.Engine.ArenaNodes = 1 << 16
	th, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return th
}

// TestThinkPlaysTheSelectiveMove: between --solve-empties and
// --selective-empties, with a deadline, genmove plays the move of the
// solver's selective search (the same search on a solver of its own gives
// it) and says so; turned off, or under a playout budget, the tree search
// chooses.
func TestThinkPlaysTheSelectiveMove(t *testing.T) {
	g := gameAt(t, ffo47)
	pos := g.Position()
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	check, err := endgame.New(16 << 20)
	if err != nil {
		t.Fatal(err)
	}
	check.SetOrderEval(OrderEval(w))
	want, err := check.SolveSelective(context.Background(), pos)
	if err != nil || !want.Proven {
		t.Fatalf("selective search of FFO #47: %+v, %v", want, err)
	}

	// A long deadline where the selective search should settle (it
	// returns as soon as it does); a short one where the tree search
	// should choose, which takes all of it.
	think := func(th Thinker, d time.Duration) (string, othello.Move) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), d)
		defer cancel()
		got, err := th.Think(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		return got.Summary, got.Move
	}
	if summary, move := think(newSelectiveThinker(t, 25, 0), 20*time.Second); !strings.HasPrefix(summary, "selective: ") || move != want.Move {
		t.Errorf("--selective-empties 25: %v (%s); want the selective search's %v", move, summary, want.Move)
	}
	if summary, _ := think(newSelectiveThinker(t, 24, 0), 300*time.Millisecond); strings.Contains(summary, "selective") {
		t.Errorf("--selective-empties 24 at 25 empty squares: %s; want no selective search", summary)
	}
	if summary, _ := think(newSelectiveThinker(t, -1, 0), 300*time.Millisecond); strings.Contains(summary, "selective") {
		t.Errorf("--selective-empties -1: %s; want no selective search", summary)
	}
	if summary, _ := think(newSelectiveThinker(t, 25, 2000), 20*time.Second); strings.Contains(summary, "selective") {
		t.Errorf("under a playout budget: %s; want no selective search", summary)
	}
}

// TestThinkSelectiveUnsettled: a selective search that does not settle
// within its share leaves the tree search the rest of the time, and the
// summary says what it found.
func TestThinkSelectiveUnsettled(t *testing.T) {
	// FFO #55, 29 empty squares: the selective search takes seconds.
	g := gameAt(t, "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O")
	pos := g.Position()
	th := newSelectiveThinker(t, 30, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	got, err := th.Think(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got.Summary, "selective unsettled") || got.Playouts == 0 || !pos.IsLegal(got.Move) {
		t.Errorf("move %v, %d playouts (%s); want the tree search's move after an unsettled selective search", got.Move, got.Playouts, got.Summary)
	}
}

func TestAutoSelectiveEmpties(t *testing.T) {
	for _, c := range []struct {
		think time.Duration
		want  int
	}{
		{500 * time.Millisecond, 0}, {time.Second, 25}, {2 * time.Second, 25}, {2200 * time.Millisecond, 27},
		{9 * time.Second, 27}, {17 * time.Second, 27}, {18 * time.Second, 28},
	} {
		if got := autoSelectiveEmpties(c.think); got != c.want {
			t.Errorf("think %v: selective search up to %d empty squares, want %d", c.think, got, c.want)
		}
	}
}
