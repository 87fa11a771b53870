package killallgo

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/tcgothello/mcts/goban"
)

// Errors returned by Game's methods.
var (
	ErrStarted    = errors.New("the game has already started (reset to begin a new one)")
	ErrNotStarted = errors.New("the game has not started (start game first)")
	ErrTooLong    = errors.New("the game is longer than the move cap the search can hold")
)

// Game is a game as a front end keeps it: stones set up on an empty board
// (the handicap) until Start, then a record in which every ply counts and
// no position may repeat. Its legality is exact: positional superko is
// checked stone by stone by goban.Game, whatever the length of the record.
// Colours need not alternate (the course's put names its colour). The
// zero value is not usable; make one with NewGame.
type Game struct {
	setup goban.Board // the position before Start
	start goban.Board // the position at Start
	rec   *goban.Game // the record from Start on; nil before
}

// NewGame returns an empty board, not started.
func NewGame() *Game {
	g := new(Game)
	g.Reset()
	return g
}

// Reset empties the board and forgets the record: back to set-up.
func (g *Game) Reset() {
	_ = g.setup.Reset(Size) // Size is a valid size
	g.rec = nil
}

// Started reports whether Start has been called since the last Reset.
func (g *Game) Started() bool { return g.rec != nil }

// Start begins the record from the current position: from now on every
// ply is recorded and no position may repeat. It returns ErrStarted if
// the game has already started.
func (g *Game) Start() error {
	if g.rec != nil {
		return ErrStarted
	}
	g.start = g.setup
	g.rec = goban.NewGame(&g.start)
	return nil
}

// Board returns the current position. The caller must not change it.
func (g *Game) Board() *goban.Board {
	if g.rec != nil {
		return g.rec.Board()
	}
	return &g.setup
}

// Plies returns the number of plies recorded since Start.
func (g *Game) Plies() int {
	if g.rec == nil {
		return 0
	}
	return len(g.rec.Moves())
}

// Check returns nil if colour c may place a stone at m, and otherwise why
// not: goban's ErrOffBoard, ErrColor, ErrOccupied, ErrSuicide, ErrKo or
// ErrSuperko. Before Start there is no ko of any kind: set-up stones have
// no history.
func (g *Game) Check(m Move, c goban.Color) error {
	switch {
	case c != goban.Black && c != goban.White:
		return goban.ErrColor
	case !m.valid():
		return goban.ErrOffBoard
	case g.rec != nil:
		return g.rec.Check(m.Point(), c)
	}
	return g.setup.Check(m.Point(), c)
}

// Put places a stone of colour c at m, capturing what it surrounds, if
// Check allows it, and records it once the game has started; otherwise it
// returns Check's error and changes nothing.
func (g *Game) Put(m Move, c goban.Color) error {
	if err := g.Check(m, c); err != nil {
		return err
	}
	if g.rec != nil {
		_, err := g.rec.Play(m.Point(), c)
		return err
	}
	if _, err := g.setup.Play(m.Point(), c); err != nil {
		return err
	}
	// Set-up has no ko: a pass lifts the one a capture may have left.
	g.setup.Play(goban.Pass, c)
	return nil
}

// Pass records a pass of colour c. Before Start there is nothing to
// record, and it returns ErrNotStarted.
func (g *Game) Pass(c goban.Color) error {
	if g.rec == nil {
		return ErrNotStarted
	}
	_, err := g.rec.Play(goban.Pass, c)
	return err
}

// Play plays m for colour c once the game has started: Pass as Pass does,
// a stone as Put does. It returns their error and changes nothing on one.
func (g *Game) Play(m Move, c goban.Color) error {
	if m == Pass {
		return g.Pass(c)
	}
	return g.Put(m, c)
}

// State returns the search's state of the game with toMove to move:
// the current position and the record's positions, for superko. It
// returns ErrNotStarted before Start and ErrTooLong when the record has
// more than MaxPlies plies. The record's last ply decides whether black
// has won (a black stone that left no white one): a front end that plays
// on after that is asking about a new position.
func (g *Game) State(toMove goban.Color) (State, error) {
	if g.rec == nil {
		return State{}, ErrNotStarted
	}
	moves := g.rec.Moves()
	if len(moves) > MaxPlies {
		return State{}, ErrTooLong
	}
	s, err := NewState(&g.start, toMove)
	if err != nil {
		return State{}, err
	}
	for _, m := range moves {
		s.play(m.Point, m.Color)
	}
	s.toMove = toMove
	return s, nil
}

// RandomMove returns a uniformly random legal move of colour c that fills
// none of c's own eyes, exact superko included, or Pass if there is none:
// a move for a front end to fall back on when the search has none (the
// game is over by the rules the search knows, but the front end goes on).
// Before Start it returns Pass.
func (g *Game) RandomMove(c goban.Color, src rand.Source) Move {
	if g.rec == nil {
		return Pass
	}
	return pointMove(g.rec.RandomMove(c, src))
}

// Clone returns a copy of g that can be played on, or searched in another
// goroutine, while g changes.
func (g *Game) Clone() *Game {
	c := &Game{setup: g.setup, start: g.start}
	if g.rec != nil {
		c.rec = new(goban.Game)
		c.rec.CopyFrom(g.rec)
	}
	return c
}

// Player chooses the moves of a front end's game: the console protocol's
// think and GTP's genmove ask one (killallgo/player.Thinker is the
// program's), so that both front ends play the same player.
type Player interface {
	// Reset forgets what the player kept of the last game.
	Reset()
	// Move returns a legal move (Pass included) of colour c in the
	// started game g, by the context's deadline.
	Move(ctx context.Context, g *Game, c goban.Color) Move
}

// Result returns the result of a game won by winner, as SGF's RE and
// GTP's final_score write a win without a count: "B+" or "W+". Nothing is
// counted in Kill-All Go: a win is the kill or the life of white.
func Result(winner goban.Color) string {
	if winner == goban.Black {
		return "B+"
	}
	return "W+"
}
