// Package runner plays rounds of Einstein Würfelt Nicht as the course's
// game program does (einstein game): two seats, an agent process
// speaking the course's byte protocol or a person at a terminal, red
// moving first, every move checked, a seat that breaks the rules killed
// and losing the round. It is the runner's game logic, shared by
// einstein game and judge tournament --game einstein.
package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/einstein"
)

// Seat is a player's way of playing: an agent process or a person.
type Seat interface {
	// Name names the seat: the agent's command line, or "person 1".
	Name() string
	// Begin starts a round in which the seat plays side on the board l.
	Begin(side einstein.Color, l einstein.Layout) error
	// Move returns the seat's move in pos; last is the opponent's move
	// just played, if the game has one. An agent's move is not checked
	// (PlayRound does); a person's is. An error that wraps ErrAbandon
	// ends the games; any other costs the round.
	Move(ctx context.Context, pos einstein.Position, last einstein.Move, limit time.Duration) (einstein.Move, error)
	// Finish ends the round for the seat, won or lost.
	Finish(won bool)
	// Fault ends the round for a seat that broke the rules: an agent is
	// killed.
	Fault()
	// Abandon ends the round without a result.
	Abandon()
	// Close ends the games for the seat.
	Close()
}

// ErrAbandon is wrapped by the errors of a seat that end the games: the
// end of a person's input, an interruption.
var ErrAbandon = errors.New("abandoned")

// Breach names the rule an agent broke, in the words of the Othello
// protocol's forfeits (otp.ForfeitReason), so that a tournament counts
// every game's forfeits alike.
type Breach string

// The breaches.
const (
	BreachNotStarted   Breach = "no connection"   // the agent could not be started
	BreachTimeout      Breach = "timeout"         // no whole move within the limit
	BreachDisconnected Breach = "disconnected"    // it closed its output, exited, or cannot be written to
	BreachMalformed    Breach = "malformed reply" // not 00 or a cube and a direction
	BreachIllegalMove  Breach = "illegal move"    // a move the position does not allow
	BreachMemoryLimit  Breach = "memory limit"    // killed at the memory limit
)

// BreachError is a seat's error that names the rule broken.
type BreachError struct {
	Breach Breach
	Err    error
}

func (e *BreachError) Error() string { return e.Err.Error() }

// Unwrap returns the error the breach wraps.
func (e *BreachError) Unwrap() error { return e.Err }

// Result is the outcome of a round.
type Result struct {
	Winner einstein.Color
	Reason string // how it was won: "reached (5,5)", "blue forfeits: ..."
	Moves  []einstein.Move
	// Forfeit says the loser broke the rules; Breach which one, when its
	// seat said (a BreachError) or the move was illegal.
	Forfeit bool
	Breach  Breach
	// Abandoned, if not empty, says why the round has no result.
	Abandoned string
}

// PlayRound plays one round on the board l between the seats, red first,
// and tells them the result. show, if not nil, is given the final board
// and the result in words (for people watching).
func PlayRound(ctx context.Context, l einstein.Layout, seats [3]Seat, limit time.Duration, show func(einstein.Position, string)) (res Result) {
	pos := einstein.New(l)
	// lose ends the round when side c breaks the rules; its opponent has
	// begun the round and waits for c's move.
	lose := func(c einstein.Color, why error) Result {
		seats[c].Fault()
		seats[c.Other()].Finish(true)
		return forfeit(c, why, res.Moves)
	}
	// Blue first: red starts thinking as soon as it has the board.
	for _, c := range []einstein.Color{einstein.Blue, einstein.Red} {
		if err := seats[c].Begin(c, l); err != nil {
			if c == einstein.Blue {
				// Red has not been told of the round: it wins unasked.
				seats[c].Fault()
				return forfeit(c, err, nil)
			}
			return lose(c, err)
		}
	}
	res.Moves = []einstein.Move{}
	last := einstein.Pass
	for !pos.Over() {
		c := pos.ToMove()
		m, err := seats[c].Move(ctx, pos, last, limit)
		if errors.Is(err, ErrAbandon) || ctx.Err() != nil {
			if err == nil {
				err = fmt.Errorf("%w: %v", ErrAbandon, ctx.Err())
			}
			seats[einstein.Red].Abandon()
			seats[einstein.Blue].Abandon()
			return Result{Abandoned: err.Error()}
		}
		if err != nil {
			return lose(c, err)
		}
		if err := pos.Play(m); err != nil {
			return lose(c, &BreachError{BreachIllegalMove, fmt.Errorf("illegal %w", err)})
		}
		res.Moves = append(res.Moves, m)
		last = m
	}
	w := pos.Winner()
	reason := "reached " + einstein.Goal(w).String()
	if pos.Left(w.Other()) == 0 {
		reason = "captured the last " + w.Other().String() + " cube"
	}
	if show != nil {
		show(pos, fmt.Sprintf("%v wins: %s", w, reason))
	}
	seats[w].Finish(true)
	seats[w.Other()].Finish(false)
	return Result{Winner: w, Reason: reason, Moves: res.Moves}
}

// forfeit is the result of a round side c lost by breaking the rules.
func forfeit(c einstein.Color, why error, moves []einstein.Move) Result {
	r := Result{Winner: c.Other(), Reason: fmt.Sprintf("%v forfeits: %v", c, why), Moves: moves, Forfeit: true}
	var b *BreachError
	if errors.As(why, &b) {
		r.Breach = b.Breach
	}
	return r
}

// MovesText writes a round's moves as the game's record has them: the
// protocol's two characters each, separated by spaces.
func MovesText(moves []einstein.Move) string {
	words := make([]string, len(moves))
	for i, m := range moves {
		words[i] = m.String()
	}
	return strings.Join(words, " ")
}

// WriteRecord writes round n of the games as einstein game's log (-l)
// records it: the board, the players, the moves and the result.
func WriteRecord(w io.Writer, n int, l einstein.Layout, red, blue string, res Result) error {
	_, err := fmt.Fprintf(w, "round %d\nlayout %v\nred %s\nblue %s\nmoves %s\nwinner %v: %s\n",
		n, l, red, blue, MovesText(res.Moves), res.Winner, res.Reason)
	return err
}
