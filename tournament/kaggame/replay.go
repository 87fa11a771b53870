package kaggame

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/gtp"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
)

// Replay is Kill-All Go's tournament.Replayer: it puts the record's
// layout, plays its moves ("D4 pass C3", white first) by the rules and
// ends the game where the referee would (killallgo/referee: black
// captured every white stone, black has no legal move, the move cap, two
// passes), and checks that the moves make the game the record says: every
// move legal and none after the end, a game without a forfeit ended and
// won by the side the outcome names, a forfeit lost by the side that
// forfeited.
func Replay(r *tournament.Record) error {
	stones, err := ParseLayout(r.Opening)
	if err != nil {
		return err
	}
	g := killallgo.NewGame()
	for _, m := range stones {
		if err := g.Put(m, goban.Black); err != nil {
			return fmt.Errorf("layout stone %s: %w", m, err)
		}
	}
	if err := g.Start(); err != nil {
		return err
	}
	winner := goban.Empty // none yet
	passes := 0
	c := goban.White
	for i, w := range strings.Fields(r.Moves) {
		if winner != goban.Empty {
			return fmt.Errorf("ply %d (%s) after the end: %s had won", i+1, w, winner)
		}
		m, err := parseMove(w)
		if err != nil {
			return fmt.Errorf("ply %d: %w", i+1, err)
		}
		if err := g.Play(m, c); err != nil {
			return fmt.Errorf("ply %d: %s %s: %w", i+1, c, w, err)
		}
		if m == killallgo.Pass {
			passes++
		} else {
			passes = 0
		}
		winner = ended(g, c, passes)
		c = c.Other()
	}
	want := map[string]goban.Color{"black wins": goban.Black, "white wins": goban.White}[r.Outcome]
	switch r.ForfeitBy {
	case "":
		if winner == goban.Empty {
			return fmt.Errorf("the game is not over after %q and nobody forfeited", r.Moves)
		}
		if winner != want {
			return fmt.Errorf("outcome %q, but the moves end with %s winning", r.Outcome, winner)
		}
	case othello.Black.String(), othello.White.String():
		// A forfeit can come after the last move's end (the opponent
		// failing to acknowledge it, before the referee looks): only the
		// winner is the forfeit's.
		loser := goban.Black
		if r.ForfeitBy == othello.White.String() {
			loser = goban.White
		}
		if want != loser.Other() {
			return fmt.Errorf("outcome %q, but a forfeit by %s makes %s the winner", r.Outcome, r.ForfeitBy, loser.Other())
		}
	default:
		return fmt.Errorf("forfeit by %q in a game played: want black or white", r.ForfeitBy)
	}
	return nil
}

// ended returns the winner if the game is over after colour c's ply, as
// the referee decides it, or goban.Empty if it goes on.
func ended(g *killallgo.Game, c goban.Color, passes int) goban.Color {
	st, err := g.State(c.Other())
	switch {
	case err == nil && st.Over() && st.Winner() == goban.Black:
		return goban.Black
	case err != nil || g.Plies() >= killallgo.MaxPlies, st.Over(), passes == 2:
		return goban.White
	}
	return goban.Empty
}

// parseMove reads a ply as movesText writes it: "pass" or a point.
func parseMove(w string) (killallgo.Move, error) {
	if w == killallgo.Pass.String() {
		return killallgo.Pass, nil
	}
	v, err := gtp.ParseVertex(w, killallgo.Size)
	if err != nil || v.Pass {
		return 0, errors.New("want a point A1..G7 or pass, got " + w)
	}
	m, _ := killallgo.At(v.X, v.Y)
	return m, nil
}
