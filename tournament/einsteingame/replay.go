package einsteingame

import (
	"fmt"
	"strings"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
)

// Replay is Einstein's tournament.Replayer: it plays the record's moves
// ("23 00 51") from its layout by the rules, as the runner did
// (runner.PlayRound), and checks that they make the game the record
// says: every move legal and none after the end, a game won without a
// forfeit over and won by the side the outcome names (red is black), and a
// game lost by a forfeit stopped before its end and lost by the side that
// forfeited.
func Replay(r *tournament.Record) error {
	l, err := einstein.ParseLayout(r.Opening)
	if err != nil {
		return fmt.Errorf("layout: %w", err)
	}
	pos := einstein.New(l)
	for i, w := range strings.Fields(r.Moves) {
		if pos.Over() {
			return fmt.Errorf("move %d (%s) after the end: %v had won", i+1, w, pos.Winner())
		}
		m, err := einstein.ParseMove(w)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := pos.Play(m); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	winner := map[string]einstein.Color{"black wins": einstein.Red, "white wins": einstein.Blue}[r.Outcome]
	switch r.ForfeitBy {
	case "":
		if !pos.Over() {
			return fmt.Errorf("the game is not over after %q and nobody forfeited", r.Moves)
		}
		if pos.Winner() != winner {
			return fmt.Errorf("outcome %q, but the moves end with %v winning", r.Outcome, pos.Winner())
		}
	case othello.Black.String(), othello.White.String():
		loser := einstein.Red
		if r.ForfeitBy == othello.White.String() {
			loser = einstein.Blue
		}
		if pos.Over() {
			return fmt.Errorf("a forfeit by %s (%v) after the game's end", r.ForfeitBy, loser)
		}
		if winner != loser.Other() {
			return fmt.Errorf("outcome %q, but a forfeit by %s (%v) makes %v the winner", r.Outcome, r.ForfeitBy, loser, loser.Other())
		}
	default:
		return fmt.Errorf("forfeit by %q in a game played: want black or white", r.ForfeitBy)
	}
	return nil
}
