// Package einsteingame plugs Einstein Würfelt Nicht into a tournament
// (package tournament): its openings are start layouts, the six numbers
// of the course's protocol ("625314"), and a game is a round of
// einstein game (package einstein/runner) between two agents speaking
// the course's byte protocol, each started afresh. Red, who moves first,
// is the tournament's black; blue its white. The record is einstein
// game's log of the round.
package einsteingame

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/einstein/runner"
	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// Default layouts: the first defaultLayouts distinct boards that
// einstein game -s defaultSeed draws, so that a teacher can replay any
// of them there.
const (
	defaultLayouts = 8
	defaultSeed    = 2018 // the homework's year
)

// DefaultLayouts returns the shipped layouts (see defaultLayouts).
func DefaultLayouts() []tournament.Opening {
	next := runner.CourseLayouts(defaultSeed) // as einstein game, and the course's runner, draw their boards
	seen := map[einstein.Layout]bool{}
	var out []tournament.Opening
	for len(out) < defaultLayouts {
		l := next()
		if !seen[l] {
			seen[l] = true
			out = append(out, tournament.Opening{Text: l.String(), Line: len(out) + 1})
		}
	}
	return out
}

// ParseLayouts reads a layouts file: one layout a line (six digits, a
// permutation of 123456), '#' starting a comment, blank lines skipped.
func ParseLayouts(r io.Reader) ([]tournament.Opening, error) {
	return tournament.ParseOpeningLines(r, func(line string) (string, error) {
		l, err := einstein.ParseLayout(strings.TrimSpace(line))
		return l.String(), err
	})
}

// Program is one side of a game: an agent of the course's protocol.
type Program struct {
	Name   string   // the engine's name in the tournament
	Argv   []string // its program and arguments, a seed appended if it takes one
	Stderr io.Writer
}

// Play plays the scheduled game p, one round on its layout, red (black)
// against blue (white), each agent started afresh under host's limits,
// with limit to answer each move (the course's 10 s) by rule's clock
// (movetime.Rule: the wall clock, or the agent's CPU time), and returns it as
// a tournament records it: the outcome, the forfeit with the rule broken
// and the runner's sentence, the moves in the protocol's notation ("23
// 00 51"), what each agent used, and the record. An agent that could not
// play (runner.Result.Unplayed) loses the game unplayed, and a game
// neither could play is an unplayed draw in which both forfeit, as in
// Othello. The error is ctx's (the game is not recorded) or a layout that
// cannot be read.
func Play(ctx context.Context, limit time.Duration, rule movetime.Rule, host *engineproc.Host, p tournament.Pairing, red, blue Program, log *zap.Logger) (tournament.Played, error) {
	var played tournament.Played
	l, err := einstein.ParseLayout(p.OpeningText())
	if err != nil {
		return played, err
	}
	seats := [2]*runner.AgentSeat{
		runner.NewAgentSeat(red.Name, red.Argv, red.Stderr, host, log).TimeBy(rule),
		runner.NewAgentSeat(blue.Name, blue.Argv, blue.Stderr, host, log).TimeBy(rule),
	}
	start := time.Now()
	res := runner.PlayRound(ctx, l, [3]runner.Seat{einstein.Red: seats[0], einstein.Blue: seats[1]}, limit, nil)
	for i, s := range seats {
		s.Close()
		u := s.Used()
		played.Usage[i] = &u
	}
	if res.Abandoned != "" {
		if err := ctx.Err(); err != nil {
			return played, err
		}
		return played, errors.New(res.Abandoned)
	}
	g := match.GameResult{Round: p.Round, Black: red.Name, White: blue.Name, Start: start, Played: !res.Unplayed,
		Duration: time.Since(start), Outcome: match.BlackWins}
	if res.Winner == einstein.Blue {
		g.Outcome = match.WhiteWins
	}
	names := [3]string{einstein.Red: red.Name, einstein.Blue: blue.Name}
	switch {
	case res.Unplayed:
		// An agent that could not play loses unplayed, as an engine that
		// never connects; a game neither could play is an unplayed draw
		// in which both forfeit.
		var out [2]*otp.Forfeit
		var by [2]string
		for _, f := range res.Faults {
			i := 0
			if f.Color == einstein.Blue {
				i = 1
			}
			out[i] = &otp.Forfeit{Reason: forfeitReason(f.Breach), Detail: f.Reason}
			by[i] = fmt.Sprintf("%v (%s) could not play: %s", f.Color, names[f.Color], f.Reason)
		}
		switch {
		case out[0] != nil && out[1] != nil:
			g.Outcome, g.Forfeit, g.ForfeitBy = match.Draw, out[0], othello.Black
			played.Forfeits = out
			g.Note = "neither agent could play: " + by[0] + "; " + by[1]
		case out[0] != nil:
			g.Forfeit, g.ForfeitBy, g.Note = out[0], othello.Black, by[0]
		default:
			g.Forfeit, g.ForfeitBy, g.Note = out[1], othello.White, by[1]
		}
	case res.Forfeit:
		g.Forfeit = &otp.Forfeit{Reason: forfeitReason(res.Breach), Detail: res.Reason}
		g.ForfeitBy = othello.White // the loser's colour
		if res.Winner == einstein.Blue {
			g.ForfeitBy = othello.Black
		}
	default:
		g.Note = res.Winner.String() + " " + res.Reason
	}
	played.Game = g
	played.Moves = runner.MovesText(res.Moves)
	var b bytes.Buffer
	if err := runner.WriteRecord(&b, p.Game, l, red.Name, blue.Name, res); err != nil {
		return played, err
	}
	b.WriteString("\n")
	played.Record = b.Bytes()
	return played, nil
}

// forfeitReason is the tournament's name of a breach: the runner's own,
// or a wrong reply for a seat that named none.
func forfeitReason(b runner.Breach) otp.ForfeitReason {
	if b == "" {
		return otp.ForfeitWrongReply
	}
	return otp.ForfeitReason(b)
}
