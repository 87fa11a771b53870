package match

import (
	"fmt"

	"github.com/tcgothello/mcts/othello"
)

// This file reads games back from the machine-readable records, so that
// records written before the judge could write GGF can still be turned
// into it (judge convert) by the one GGF writer, WriteGGF.

// ParseOutcome parses an Outcome as Outcome.String writes it: "black
// wins", "white wins" or "draw".
func ParseOutcome(s string) (Outcome, error) {
	for _, o := range []Outcome{BlackWins, WhiteWins, Draw} {
		if s == o.String() {
			return o, nil
		}
	}
	return Draw, fmt.Errorf("outcome %q: want black wins, white wins or draw", s)
}

// GameResult rebuilds the game the facts record, the inverse of
// GameResult.Facts: Played, Note, Outcome and Forfeit as recorded, and for
// a game played, the moves replayed from the start position (opening, in
// compact notation, being the opening the game started from) and the
// final board.
// Names, round, start and reply times are not part of the facts; the
// caller sets what its record holds of them.
//
// Everything a played game's facts say is checked against the board, for
// a record edited or damaged would otherwise become a game that says
// something else than its moves: every move legal, the moves starting
// with the opening (as far as they go: a forfeit can stop an opening
// midway), the discs and score those of the final board, a game without a
// forfeit played to its end and won by the side its score favours, and a
// forfeit by black or white lost by that colour. The error says which.
func (f *GameFacts) GameResult(opening string) (GameResult, error) {
	outcome, err := ParseOutcome(f.Outcome)
	if err != nil {
		return GameResult{}, err
	}
	g := GameResult{Played: f.Played, Note: f.Note, Outcome: outcome, Forfeit: f.Forfeit}
	if !f.Played {
		// No game: nothing to replay. Its forfeits may be both players'
		// (a tournament's "both"), which GameResult cannot hold.
		g.Forfeit = nil
		return g, nil
	}
	moves, err := othello.ParseMoves(f.Moves)
	if err != nil {
		return GameResult{}, fmt.Errorf("moves: %w", err)
	}
	op, err := othello.ParseMoves(opening)
	if err != nil {
		return GameResult{}, fmt.Errorf("opening: %w", err)
	}
	for i := range min(len(op), len(moves)) {
		if moves[i] != op[i] {
			return GameResult{}, fmt.Errorf("moves %s do not start with the opening %s", f.Moves, opening)
		}
	}
	game := othello.NewGame()
	if err := game.PlayAll(moves); err != nil {
		return GameResult{}, fmt.Errorf("moves: %w", err)
	}
	g.Moves, g.Opening, g.Final = moves, len(op), game.Position()
	black, white := g.Discs()
	if black != f.BlackDiscs || white != f.WhiteDiscs || g.Score() != f.Score {
		return GameResult{}, fmt.Errorf("discs %d-%d (%+d), but the moves end with %d-%d (%+d)",
			f.BlackDiscs, f.WhiteDiscs, f.Score, black, white, g.Score())
	}
	switch f.ForfeitBy {
	case "":
		if f.Forfeit != nil {
			return GameResult{}, fmt.Errorf("a forfeit (%s) by nobody", f.Forfeit.Reason)
		}
		if !game.Over() {
			return GameResult{}, fmt.Errorf("the game is not over after %s and nobody forfeited", f.Moves)
		}
		if want := outcomeOf(g.Score()); outcome != want {
			return GameResult{}, fmt.Errorf("outcome %q, but the score %+d makes it %q", outcome, g.Score(), want)
		}
	case othello.Black.String(), othello.White.String():
		g.ForfeitBy = othello.Black
		if f.ForfeitBy == othello.White.String() {
			g.ForfeitBy = othello.White
		}
		if f.Forfeit == nil {
			return GameResult{}, fmt.Errorf("forfeit by %s without a forfeit", f.ForfeitBy)
		}
		if want := winFor(g.ForfeitBy.Other()); outcome != want {
			return GameResult{}, fmt.Errorf("outcome %q, but a forfeit by %s makes it %q", outcome, f.ForfeitBy, want)
		}
	default:
		return GameResult{}, fmt.Errorf("forfeit by %q in a game played: want black or white", f.ForfeitBy)
	}
	return g, nil
}

// outcomeOf returns the outcome of a game that ended with black's disc
// difference score.
func outcomeOf(score int) Outcome {
	switch {
	case score > 0:
		return BlackWins
	case score < 0:
		return WhiteWins
	}
	return Draw
}

// GameResult rebuilds the round the summary records, as
// GameFacts.GameResult does, with its round, players and opening. Its
// start is not in a summary, which holds only the match's.
func (s *GameSummary) GameResult() (GameResult, error) {
	g, err := s.GameFacts.GameResult(s.Opening)
	if err != nil {
		return GameResult{}, err
	}
	g.Round, g.BlackPlayer, g.Black, g.White = s.Round, s.BlackPlayer, s.Black, s.White
	return g, nil
}
