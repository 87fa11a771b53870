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
	BreachDiskLimit    Breach = "disk limit"      // ended with its scratch full, or killed for a file past --engine-disk
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
	// Unplayed says that a seat could not play: it could not be started
	// or given the board, or its agent ended before its first move of the
	// round, as an Othello engine that never connects. Faults holds it,
	// and its opponent too when that agent had ended as well (Winner is
	// then None: neither could play).
	Unplayed bool
	Faults   []Fault
}

// Fault is the forfeit of a seat that could not play.
type Fault struct {
	Color  einstein.Color
	Breach Breach
	Reason string
}

// Prober is a seat that can tell, before its first move, whether it can
// play at all: AgentSeat, whose agent may have ended already.
type Prober interface {
	// Gone returns why the seat cannot play if its agent has ended, or
	// ends within wait; nil if it is there.
	Gone(wait time.Duration) error
}

// goneWait is how long a red agent's opponent is watched for its end
// after red could not play: the two were started together, blue first,
// and an agent that ends at start has ended long before red's end was
// seen; an agent in good standing costs this wait only in such a round.
const goneWait = time.Second

// couldNotPlay reports whether a seat's error before its first move
// means it could not play at all: it was not started, it ended (its
// output closed, it exited, the memory limit killed it). A late or
// malformed first move is a played forfeit, as in Othello.
func couldNotPlay(err error) bool {
	var b *BreachError
	if !errors.As(err, &b) {
		return false
	}
	switch b.Breach {
	case BreachNotStarted, BreachDisconnected, BreachMemoryLimit, BreachDiskLimit:
		return true
	}
	return false
}

// PlayRound plays one round on the board l between the seats, red first,
// and tells them the result. show, if not nil, is given the final board
// and the result in words (for people watching).
func PlayRound(ctx context.Context, l einstein.Layout, seats [3]Seat, limit time.Duration, show func(einstein.Position, string)) (res Result) {
	pos := einstein.New(l)
	var moved [3]bool // the seats that have made a move this round
	// lose ends the round when side c breaks the rules; its opponent has
	// begun the round and waits for c's move. A seat that could not
	// play at all loses the round unplayed; red, failing so before any
	// move, makes its opponent show that it is there, and when it is not
	// either, neither could play.
	lose := func(c einstein.Color, why error) Result {
		seats[c].Fault()
		if moved[c] || !couldNotPlay(why) {
			seats[c.Other()].Finish(true)
			return forfeit(c, why, res.Moves)
		}
		r := unplayed(forfeit(c, why, res.Moves))
		if p, ok := seats[c.Other()].(Prober); ok && !moved[c.Other()] {
			if gone := p.Gone(goneWait); gone != nil {
				seats[c.Other()].Fault()
				return neitherPlayed(r, forfeit(c.Other(), gone, nil))
			}
		}
		seats[c.Other()].Finish(true)
		return r
	}
	// Blue first: red starts thinking as soon as it has the board.
	for _, c := range []einstein.Color{einstein.Blue, einstein.Red} {
		if err := seats[c].Begin(c, l); err != nil {
			if c == einstein.Blue {
				// Red has not been told of the round: it wins unasked.
				seats[c].Fault()
				r := forfeit(c, err, nil)
				if !couldNotPlay(err) {
					return r
				}
				return unaskedRed(l, seats[einstein.Red], unplayed(r))
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
		moved[c] = true
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

// unaskedRed ends the round blue could not play, r, before red was told
// of it. An agent red shows first whether it is there: it gets the board,
// and when it cannot take it, or ends, neither could play; else it is
// stopped without blame, since it would answer with a move the round no
// longer wants, and wins unasked.
func unaskedRed(l einstein.Layout, red Seat, r Result) Result {
	p, ok := red.(Prober)
	if !ok {
		return r
	}
	gone := red.Begin(einstein.Red, l)
	if gone == nil {
		gone = p.Gone(goneWait)
	}
	if gone == nil || !couldNotPlay(gone) {
		red.Abandon()
		return r
	}
	red.Fault()
	blue := r
	blue.Faults = nil
	return neitherPlayed(unplayed(forfeit(einstein.Red, gone, nil)), blue)
}

// unplayed marks r, the forfeit of a seat that could not play, as a
// round not played.
func unplayed(r Result) Result {
	loser := r.Winner.Other()
	r.Unplayed = true
	r.Faults = []Fault{{Color: loser, Breach: r.Breach, Reason: strings.TrimPrefix(r.Reason, loser.String()+" forfeits: ")}}
	return r
}

// neitherPlayed is the round neither seat could play: r is the first
// seat's unplayed forfeit, other the second's forfeit.
func neitherPlayed(r, other Result) Result {
	o := unplayed(other)
	r.Faults = append(r.Faults, o.Faults...)
	r.Winner = einstein.None
	r.Reason = fmt.Sprintf("neither agent could play: %s; %s", r.Reason, o.Reason)
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
