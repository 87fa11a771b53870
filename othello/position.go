// Package othello implements the rules of 8x8 Othello on bitboards: legal
// moves, flips, passes, the end of the game, the score, notations and board
// formats, and perft. It also runs, whole and in assembly on the fast path,
// the two innermost loops that searches spend their time in: a uniformly
// random game (RandomGame, the engine's playout) and the last two empty
// squares of an exact endgame search (LastTwo). It knows nothing of the
// searches' trees or of the network.
//
// A Position is two uint64 bitboards (the discs of the side to move and of
// its opponent) plus the colour to move. Square i of a bitboard is the square
// at row i/8, column i%8, which is the OTP coordinate "x y" with x = i/8 and
// y = i%8, and the algebraic square ('a'+y)(x+1): bit 0 is a1, bit 63 is h8.
package othello

import (
	"errors"
	"math/bits"
)

// Color is the colour of a player.
type Color uint8

// The two colours. Black moves first.
const (
	Black Color = iota
	White
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Symbol returns the classic disc letter: 'X' for black, 'O' for white.
func (c Color) Symbol() byte {
	if c == Black {
		return 'X'
	}
	return 'O'
}

// Position is a board and the colour to move. Player holds the discs of the
// side to move, Opponent those of the other side; they never overlap.
type Position struct {
	Player   uint64
	Opponent uint64
	Turn     Color
}

// Bitboards of the standard start position.
const (
	startBlack = 1<<28 | 1<<35 // e4, d5
	startWhite = 1<<27 | 1<<36 // d4, e5
)

// Start returns the standard start position, black to move.
func Start() Position {
	return Position{Player: startBlack, Opponent: startWhite, Turn: Black}
}

// ErrOverlap reports a square claimed by both colours.
var ErrOverlap = errors.New("black and white discs overlap")

// NewPosition builds a position from the black and white bitboards and the
// colour to move. It fails if the bitboards overlap.
func NewPosition(black, white uint64, turn Color) (Position, error) {
	if black&white != 0 {
		return Position{}, ErrOverlap
	}
	if turn > White {
		return Position{}, errors.New("invalid colour to move")
	}
	if turn == Black {
		return Position{Player: black, Opponent: white, Turn: Black}, nil
	}
	return Position{Player: white, Opponent: black, Turn: White}, nil
}

// Black returns the bitboard of black discs.
func (p Position) Black() uint64 {
	if p.Turn == Black {
		return p.Player
	}
	return p.Opponent
}

// White returns the bitboard of white discs.
func (p Position) White() uint64 {
	if p.Turn == White {
		return p.Player
	}
	return p.Opponent
}

// Empty returns the bitboard of empty squares.
func (p Position) Empty() uint64 { return ^(p.Player | p.Opponent) }

// Empties returns the number of empty squares.
func (p Position) Empties() int { return 64 - bits.OnesCount64(p.Player|p.Opponent) }

// Moves returns the legal moves of the side to move as a bitboard.
func (p Position) Moves() uint64 { return Moves(p.Player, p.Opponent) }

// MustPass reports whether the side to move has no legal move (it must pass,
// or the game is over).
func (p Position) MustPass() bool { return Moves(p.Player, p.Opponent) == 0 }

// GameOver reports whether neither side has a legal move.
func (p Position) GameOver() bool {
	return Moves(p.Player, p.Opponent) == 0 && Moves(p.Opponent, p.Player) == 0
}

// IsLegal reports whether m is legal for the side to move: a square among
// the legal moves, or Pass when there is none.
func (p Position) IsLegal(m Move) bool {
	moves := p.Moves()
	if m == Pass {
		return moves == 0
	}
	return m < Pass && moves&(1<<m) != 0
}

// Play returns the position after the side to move places a disc on m, or
// passes if m is Pass (or any value above it, such as NoMove). It does not
// check legality (see IsLegal): the search calls it with moves it generated
// itself.
func (p Position) Play(m Move) Position {
	if m >= Pass {
		return p.Pass()
	}
	f := Flips(p.Player, p.Opponent, int(m))
	return Position{
		Player:   p.Opponent ^ f,
		Opponent: p.Player ^ f | 1<<m,
		Turn:     p.Turn ^ 1,
	}
}

// PlayFlips is Play for a move whose flips the caller already computed with
// Flips; it saves recomputing them.
func (p Position) PlayFlips(m Move, flips uint64) Position {
	return Position{
		Player:   p.Opponent ^ flips,
		Opponent: p.Player ^ flips | 1<<m,
		Turn:     p.Turn ^ 1,
	}
}

// Pass returns the position with the other side to move and the same discs.
func (p Position) Pass() Position {
	return Position{Player: p.Opponent, Opponent: p.Player, Turn: p.Turn ^ 1}
}

// Score returns black's discs minus white's discs, the protocol's
// final_score; empty squares are not counted.
func (p Position) Score() int {
	return bits.OnesCount64(p.Black()) - bits.OnesCount64(p.White())
}

// DiscDiff returns the side to move's discs minus the opponent's.
func (p Position) DiscDiff() int {
	return bits.OnesCount64(p.Player) - bits.OnesCount64(p.Opponent)
}

// ErrNoDiscs reports a board without a disc: no game of Othello reaches
// it, since a move only adds discs to the four it starts with, and nothing
// can be played on it.
var ErrNoDiscs = errors.New("the board has no discs")

// Validate reports whether the position is well formed: no overlapping
// discs, at least one disc, and a real colour to move. Positions built by
// Play always are; a Position assembled by hand or parsed from text may
// not be.
func (p Position) Validate() error {
	if p.Player&p.Opponent != 0 {
		return ErrOverlap
	}
	if p.Player|p.Opponent == 0 {
		return ErrNoDiscs
	}
	if p.Turn > White {
		return errors.New("invalid colour to move")
	}
	return nil
}
