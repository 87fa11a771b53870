package othello

import (
	"errors"
	"fmt"
)

// Game is a position with its history: the moves played since its start
// position (a pass is a ply), for undo and for the game record, and the count
// of consecutive passes, which ends the game at two as in the classic
// protocol. The zero Game is not ready; use NewGame.
type Game struct {
	start       Position
	startPasses int
	pos         Position
	passes      int
	plies       []ply
}

// ply is what Undo needs to restore: the position and pass count before the
// move, and the move itself for the record.
type ply struct {
	before Position
	passes int
	move   Move
}

// Errors returned by Game.Play.
var (
	ErrGameOver     = errors.New("the game is over (two consecutive passes)")
	ErrIllegalMove  = errors.New("illegal move")
	ErrIllegalPass  = errors.New("pass while a legal move exists")
	ErrMustPass     = errors.New("no legal move: the side to move must pass (8 0)")
	ErrInvalidMove  = errors.New("not a square or a pass")
	ErrPassesTooBig = errors.New("pass counter must be 0, 1 or 2")
)

// NewGame returns a game at the standard start position.
func NewGame() *Game {
	g := &Game{}
	g.Reset()
	return g
}

// Reset starts a new game from the standard start position.
func (g *Game) Reset() {
	g.SetPosition(Start(), 0)
}

// SetPosition starts the game afresh from pos, with passes consecutive passes
// already made (0, 1 or 2). The history is cleared.
func (g *Game) SetPosition(pos Position, passes int) error {
	if err := pos.Validate(); err != nil {
		return err
	}
	if passes < 0 || passes > 2 {
		return ErrPassesTooBig
	}
	g.start, g.startPasses = pos, passes
	g.pos, g.passes = pos, passes
	g.plies = g.plies[:0]
	return nil
}

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Passes returns the number of consecutive passes that led to the current
// position.
func (g *Game) Passes() int { return g.passes }

// Over reports whether the game has ended by two consecutive passes, the
// protocol's rule. (Position.GameOver tells whether neither side can move,
// which happens one or two plies earlier.)
func (g *Game) Over() bool { return g.passes >= 2 }

// Len returns the number of plies played since the start position.
func (g *Game) Len() int { return len(g.plies) }

// Moves returns a copy of the moves played since the start position.
func (g *Game) Moves() []Move {
	moves := make([]Move, len(g.plies))
	for i, p := range g.plies {
		moves[i] = p.move
	}
	return moves
}

// LastMove returns the last move played, or NoMove if there is none.
func (g *Game) LastMove() Move {
	if len(g.plies) == 0 {
		return NoMove
	}
	return g.plies[len(g.plies)-1].move
}

// Record returns the moves since the start position in compact notation
// ("f5d6c3...", passes as "pa").
func (g *Game) Record() string { return FormatMoves(g.Moves()) }

// Check returns nil if m may be played now, or an error saying why not.
func (g *Game) Check(m Move) error {
	switch {
	case g.Over():
		return ErrGameOver
	case m > Pass:
		return ErrInvalidMove
	}
	moves := g.pos.Moves()
	switch {
	case m == Pass && moves != 0:
		return ErrIllegalPass
	case m != Pass && moves == 0:
		return ErrMustPass
	case m != Pass && moves&(1<<m) == 0:
		return fmt.Errorf("%w: %s (x y = %s) is not a legal move for %s", ErrIllegalMove, m, m.OTP(), g.pos.Turn)
	}
	return nil
}

// Play plays m (a square or Pass) for the side to move. An illegal move
// returns an error and leaves the game unchanged.
func (g *Game) Play(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	g.plies = append(g.plies, ply{before: g.pos, passes: g.passes, move: m})
	g.pos = g.pos.Play(m)
	if m == Pass {
		g.passes++
	} else {
		g.passes = 0
	}
	return nil
}

// PlayAll plays moves in order. On the first illegal one it stops, undoes
// what it played and returns an error naming the move.
func (g *Game) PlayAll(moves []Move) error {
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			for j := 0; j < i; j++ {
				g.Undo()
			}
			return fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
	}
	return nil
}

// GameAfter returns a new game with a move sequence in compact notation
// (f5d6c3, as ParseMoves reads it) played from the start position.
func GameAfter(moves string) (*Game, error) {
	ms, err := ParseMoves(moves)
	if err != nil {
		return nil, err
	}
	g := NewGame()
	if err := g.PlayAll(ms); err != nil {
		return nil, err
	}
	return g, nil
}

// Undo takes back the last ply (a pass is a ply). It reports false, and
// changes nothing, when there is no ply to take back.
func (g *Game) Undo() bool {
	n := len(g.plies)
	if n == 0 {
		return false
	}
	last := g.plies[n-1]
	g.pos, g.passes = last.before, last.passes
	g.plies = g.plies[:n-1]
	return true
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.plies = append([]ply(nil), g.plies...)
	return &c
}
