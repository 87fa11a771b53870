// Package match runs matches between two players over the OTP protocol, as
// the classic judge does (docs/protocol.md, "The classic judge"): names, rounds of
// clear_board then genmove and play until two consecutive passes, colours
// swapped every round, disqualification on the first broken rule, quit at
// the end. The judge's own othello.Game decides legality; each player is an
// otp.Remote, so tests drive it over loopback with fake players. Match.Host
// hosts a match as judge PORT does: on a port, with the players connecting
// on their own or engines it starts, stops and accounts for (engineproc),
// and writes its files.
package match

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// Limits are the time limits of a match. Tests shorten them; the classic
// values are DefaultLimits.
type Limits struct {
	// Connect is the time both players have, in total, to connect.
	Connect time.Duration
	// GenMove is the time a player has to answer genmove.
	GenMove time.Duration
	// Reply is the time a player has to answer every other command.
	Reply time.Duration
	// Time is the clock genmove is timed by: the wall clock (the zero
	// Rule, the course's rule) or, for a player with a Clock
	// (WithClock), its engine's CPU time under a wall-clock cap.
	Time movetime.Rule
}

// DefaultLimits returns the classic judge's limits: 10 s to connect, 10 s
// per genmove, 1 s for every other reply.
func DefaultLimits() Limits {
	return Limits{Connect: 10 * time.Second, GenMove: 10 * time.Second, Reply: time.Second}
}

// Outcome is how a game ended for the colours.
type Outcome int

// The outcomes of a game.
const (
	Draw Outcome = iota
	BlackWins
	WhiteWins
)

// String returns "draw", "black wins" or "white wins".
func (o Outcome) String() string {
	switch o {
	case BlackWins:
		return "black wins"
	case WhiteWins:
		return "white wins"
	}
	return "draw"
}

// Winner returns the winning colour, and false for a draw.
func (o Outcome) Winner() (othello.Color, bool) {
	switch o {
	case BlackWins:
		return othello.Black, true
	case WhiteWins:
		return othello.White, true
	}
	return othello.Black, false
}

// winFor returns the outcome in which c wins.
func winFor(c othello.Color) Outcome {
	if c == othello.Black {
		return BlackWins
	}
	return WhiteWins
}

// GameResult is everything known about one game.
type GameResult struct {
	// Round is the 1-based round in the match (0 for a lone game).
	Round int
	// BlackPlayer is the match's player number (1 or 2) playing black, 0
	// for a lone game.
	BlackPlayer int
	// Black and White are the players' names, when known.
	Black, White string
	// Played is false for a round decided without a game because a player
	// was already out; Note then says why.
	Played bool
	Note   string
	// Moves are the plies played, passes included; Times the genmove reply
	// time of each (0 for an opening's plies).
	Moves []othello.Move
	Times []time.Duration
	// Opening is how many of the first Moves were an opening given to
	// PlayGameFrom, sent to both players as play rather than chosen.
	Opening int
	// Final is the position when the game ended or stopped.
	Final   othello.Position
	Outcome Outcome
	// Forfeit is the rule broken, nil if the game ended normally;
	// ForfeitBy is the colour that broke it.
	Forfeit   *otp.Forfeit
	ForfeitBy othello.Color
	Start     time.Time
	Duration  time.Duration
}

// Score returns black's discs minus white's on the final board.
func (g *GameResult) Score() int { return g.Final.Score() }

// Discs returns the numbers of black and white discs on the final board.
func (g *GameResult) Discs() (black, white int) {
	return popcount(g.Final.Black()), popcount(g.Final.White())
}

// Record returns the moves in compact notation, passes as "pa".
func (g *GameResult) Record() string { return othello.FormatMoves(g.Moves) }

func popcount(b uint64) int { return bits.OnesCount64(b) }

// Player is the judge's side of one player in a game: the commands of a
// game, each answered within its limit, a player's fault being an
// *otp.Forfeit. *otp.Remote is an OTP player; an NBoard engine's is
// package nboard/client's Engine.
type Player interface {
	// ClearBoard starts a new game from the standard position.
	ClearBoard(ctx context.Context, limit time.Duration) error
	// Play tells the player a move, its opponent's or the opening's.
	Play(ctx context.Context, m othello.Move, limit time.Duration) error
	// GenMove asks the player's move, whose legality is the caller's to
	// judge.
	GenMove(ctx context.Context, limit time.Duration) (otp.Exchange, error)
}

// timed is a Player whose engine's CPU time a clock tells.
type timed struct {
	Player
	clock movetime.Clock
}

// WithClock returns p with the clock of its engine's CPU time, for a game
// whose Limits.Time charges CPU time: the engine process the judge
// started (*engineproc.Proc). A nil clock returns p as it is.
func WithClock(p Player, clock movetime.Clock) Player {
	if clock == nil {
		return p
	}
	return timed{p, clock}
}

// clockOf returns the clock WithClock gave p, nil for none.
func clockOf(p Player) movetime.Clock {
	if t, ok := p.(timed); ok {
		return t.clock
	}
	return nil
}

// PlayGame plays one game between two connected players, black first:
// clear_board to both, then genmove to the side to move and play to the
// other until two consecutive passes. The first broken rule stops the game
// and loses it. The error is only ever ctx's: a player's fault is in the
// result.
func PlayGame(ctx context.Context, black, white Player, lim Limits) (GameResult, error) {
	return playGame(ctx, black, white, lim, zap.NewNop())
}

// PlayGameFrom is PlayGame from an opening: after clear_board, each of the
// opening's moves is sent as play to black's player, then to white's (each
// engine sees moves of both colours, which every OTP engine accepts), and
// the game goes on with genmove for the side to move. An opening that is
// illegal on the judge's own board is the caller's error, reported before
// anything is sent. log, if not nil, gets every move at debug level.
func PlayGameFrom(ctx context.Context, black, white Player, lim Limits, opening []othello.Move, log *zap.Logger) (GameResult, error) {
	if err := othello.NewGame().PlayAll(opening); err != nil {
		return GameResult{}, fmt.Errorf("opening %s: %w", othello.FormatMoves(opening), err)
	}
	if log == nil {
		log = zap.NewNop()
	}
	return playGameFrom(ctx, black, white, lim, opening, log)
}

// playGame is PlayGame with a log of every move at debug level.
func playGame(ctx context.Context, black, white Player, lim Limits, log *zap.Logger) (g GameResult, err error) {
	return playGameFrom(ctx, black, white, lim, nil, log)
}

// playGameFrom plays a game whose first plies, already checked legal, are
// the opening.
func playGameFrom(ctx context.Context, black, white Player, lim Limits, opening []othello.Move, log *zap.Logger) (g GameResult, err error) {
	g = GameResult{Played: true, Start: time.Now(), Opening: len(opening)}
	game := othello.NewGame()
	seats := [2]Player{black, white}
	defer func() {
		g.Final = game.Position()
		g.Moves = game.Moves()
		g.Duration = time.Since(g.Start)
	}()
	lose := func(c othello.Color, f *otp.Forfeit) {
		g.Forfeit, g.ForfeitBy, g.Outcome = f, c, winFor(c.Other())
	}
	// fault sorts an exchange's error into a forfeit by c or a cancellation.
	fault := func(c othello.Color, err error) error {
		if f := otp.AsForfeit(err); f != nil {
			lose(c, f)
			return nil
		}
		return err
	}
	for _, c := range []othello.Color{othello.Black, othello.White} {
		if err := seats[c].ClearBoard(ctx, lim.Reply); err != nil {
			return g, fault(c, err)
		}
	}
	for _, m := range opening {
		if err := game.Play(m); err != nil {
			// Checked by PlayGameFrom: only a bug gets here.
			return g, fmt.Errorf("opening move %v: %w", m, err)
		}
		g.Times = append(g.Times, 0)
		for _, c := range []othello.Color{othello.Black, othello.White} {
			if err := seats[c].Play(ctx, m, lim.Reply); err != nil {
				return g, fault(c, err)
			}
		}
	}
	for !game.Over() {
		side := game.Position().Turn
		mv := lim.Time.Start(lim.GenMove, clockOf(seats[side]))
		ex, err := seats[side].GenMove(ctx, mv.Wait())
		if err != nil {
			if f := otp.AsForfeit(err); f != nil && f.Reason == otp.ForfeitTimeout && mv.CapNote() != "" {
				f.Detail += ": " + mv.CapNote()
			}
			return g, fault(side, err)
		}
		if why, late := mv.Late(ex.Elapsed); late {
			lose(side, &otp.Forfeit{Reason: otp.ForfeitTimeout, Command: ex.Command, Received: ex.Received, Detail: why, Elapsed: ex.Elapsed})
			return g, nil
		}
		if err := game.Play(ex.Move); err != nil {
			reason := otp.ForfeitIllegalMove
			if errors.Is(err, othello.ErrIllegalPass) {
				reason = otp.ForfeitIllegalPass
			}
			lose(side, &otp.Forfeit{
				Reason:   reason,
				Command:  ex.Command,
				Received: ex.Received,
				Detail:   fmt.Sprintf("%v on %s", err, game.Position()),
				Elapsed:  ex.Elapsed,
			})
			return g, nil
		}
		g.Times = append(g.Times, ex.Elapsed)
		log.Debug("move", zap.Int("ply", game.Len()), zap.Stringer("color", side), zap.Stringer("move", ex.Move),
			zap.String("received", fmt.Sprintf("%q", ex.Received)), zap.Duration("elapsed", ex.Elapsed))
		if err := seats[side.Other()].Play(ctx, ex.Move, lim.Reply); err != nil {
			return g, fault(side.Other(), err)
		}
	}
	g.Outcome = outcomeOf(game.Position().Score())
	return g, nil
}
