package einsteingame

import (
	"strings"
	"testing"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/tournament"
)

// playedOut plays a game from layout l to its end, each side taking its
// first legal move, and returns its moves as a results file keeps them
// and its winner.
func playedOut(t *testing.T, l einstein.Layout) (string, einstein.Color) {
	t.Helper()
	pos := einstein.New(l)
	var moves []string
	var buf [einstein.MaxMoves]einstein.Move
	for ply := 0; !pos.Over(); ply++ {
		if ply > 200 { // a game of 12 cubes ends long before
			t.Fatal("the game does not end")
		}
		m := pos.Moves(buf[:0])[0]
		if err := pos.Play(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m.String())
	}
	return strings.Join(moves, " "), pos.Winner()
}

// Replay accepts a game played out by the rules, and refuses it rewritten:
// an illegal move, a move after the end, a game cut short without a
// forfeit, the other side said to win, a forfeit by the winner.
func TestReplay(t *testing.T) {
	l := DefaultLayouts()[0].String()
	layout, err := einstein.ParseLayout(l)
	if err != nil {
		t.Fatal(err)
	}
	moves, w := playedOut(t, layout)
	outcome, other := "black wins", "white wins"
	if w == einstein.Blue {
		outcome, other = other, outcome
	}
	good := tournament.Record{Opening: l}
	good.Played, good.Moves, good.Outcome = true, moves, outcome
	if err := Replay(&good); err != nil {
		t.Fatalf("the game played out (%s, %s): %v", moves, outcome, err)
	}
	words := strings.Fields(moves)
	forfeitBy := map[string]string{"black wins": "white", "white wins": "black"}
	for _, c := range []struct {
		name string
		edit func(*tournament.Record)
		want string
	}{
		{"illegal move", func(r *tournament.Record) { r.Moves = "21 " + strings.Join(words[1:], " ") }, "move 1: move 21"},
		{"move after the end", func(r *tournament.Record) { r.Moves += " 00" }, "after the end"},
		{"cut short", func(r *tournament.Record) { r.Moves = strings.Join(words[:len(words)-1], " ") }, "not over"},
		{"other winner", func(r *tournament.Record) { r.Outcome = other }, "but the moves end with"},
		{"forfeit at the end", func(r *tournament.Record) { r.ForfeitBy = forfeitBy[outcome] }, "after the game's end"},
		{"forfeit by the winner", func(r *tournament.Record) {
			r.Moves, r.ForfeitBy = strings.Join(words[:2], " "), forfeitBy[other]
		}, "makes"},
		{"not a move", func(r *tournament.Record) { r.Moves = "x" }, "move 1"},
	} {
		r := good
		c.edit(&r)
		if err := Replay(&r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s (%q, %s, forfeit by %q): %v, want %q", c.name, r.Moves, r.Outcome, r.ForfeitBy, err, c.want)
		}
	}
}
