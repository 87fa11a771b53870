package kaggame

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/tournament"
)

// randomGame plays seeded random legal moves from layout to the game's end
// as the referee ends it, and returns the plies as a results file keeps
// them and the winner.
func randomGame(t *testing.T, layout string, seed uint64) (string, goban.Color) {
	t.Helper()
	stones, err := ParseLayout(layout)
	if err != nil {
		t.Fatal(err)
	}
	g := killallgo.NewGame()
	for _, m := range stones {
		if err := g.Put(m, goban.Black); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	src := rand.NewPCG(seed, 1)
	var plies []string
	passes := 0
	for c := goban.White; len(plies) <= killallgo.MaxPlies; c = c.Other() {
		m := g.RandomMove(c, src)
		if err := g.Play(m, c); err != nil {
			t.Fatal(err)
		}
		plies = append(plies, m.String())
		if m == killallgo.Pass {
			passes++
		} else {
			passes = 0
		}
		if w := ended(g, c, passes); w != goban.Empty {
			return strings.Join(plies, " "), w
		}
	}
	t.Fatal("the game does not end at the move cap")
	return "", goban.Empty
}

// Replay accepts games played by the rules to their end, and refuses them
// rewritten: a stone on a stone, a ply after the end, a game cut short
// without a forfeit, the other side said to win, a forfeit that the
// outcome contradicts.
func TestReplay(t *testing.T) {
	layout := DefaultLayouts()[0].String()
	for seed := range uint64(4) {
		moves, w := randomGame(t, layout, seed)
		outcome, other := "black wins", "white wins"
		if w == goban.White {
			outcome, other = other, outcome
		}
		good := tournament.Record{Opening: layout}
		good.Played, good.Moves, good.Outcome = true, moves, outcome
		if err := Replay(&good); err != nil {
			t.Fatalf("seed %d: the game played (%s, %s): %v", seed, moves, outcome, err)
		}
		plies := strings.Fields(moves)
		stone := strings.Fields(layout)[0]
		for _, c := range []struct {
			name string
			edit func(*tournament.Record)
			want string
		}{
			{"stone on a handicap stone", func(r *tournament.Record) { r.Moves = stone + " " + r.Moves }, "ply 1: white " + stone},
			{"ply after the end", func(r *tournament.Record) { r.Moves += " pass" }, "after the end"},
			{"cut short", func(r *tournament.Record) { r.Moves = strings.Join(plies[:len(plies)-1], " ") }, "not over"},
			{"other winner", func(r *tournament.Record) { r.Outcome = other }, "but the moves end with"},
			{"forfeit by the winner", func(r *tournament.Record) {
				r.ForfeitBy = map[string]string{"black wins": "black", "white wins": "white"}[outcome]
			}, "makes"},
			{"not a ply", func(r *tournament.Record) { r.Moves = "Z9" }, "ply 1: want a point"},
		} {
			r := good
			c.edit(&r)
			if err := Replay(&r); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("seed %d: %s (%q, %s, forfeit by %q): %v, want %q", seed, c.name, r.Moves, r.Outcome, r.ForfeitBy, err, c.want)
			}
		}
	}
}
