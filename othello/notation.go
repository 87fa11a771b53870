package othello

import (
	"fmt"
	"strconv"
	"strings"
)

// Move is a square index 0..63 (row*8 + column), or Pass.
type Move uint8

// Pass is the move of a player with no legal move: OTP "8 0", square index 64.
const Pass Move = 64

// NoMove marks the absence of a move (for example before any search). It is
// never legal.
const NoMove Move = 255

// MoveAt returns the move on row x and column y (both 0..7).
func MoveAt(x, y int) Move { return Move(x*8 + y) }

// Row returns the move's OTP x coordinate (0..7, 8 for Pass).
func (m Move) Row() int { return int(m) / 8 }

// Col returns the move's OTP y coordinate (0..7, 0 for Pass).
func (m Move) Col() int { return int(m) % 8 }

// Bit returns the move's square as a bitboard (0 for Pass).
func (m Move) Bit() uint64 {
	if m >= Pass {
		return 0
	}
	return 1 << m
}

// String returns the algebraic name of the move, such as "d3", or "pass".
func (m Move) String() string {
	switch {
	case m == Pass:
		return "pass"
	case m > Pass:
		return "none"
	}
	return string([]byte{'a' + byte(m%8), '1' + byte(m/8)})
}

// OTP returns the move in OTP coordinates, "x y", with "8 0" for Pass.
func (m Move) OTP() string {
	if m > Pass {
		return "none"
	}
	return strconv.Itoa(m.Row()) + " " + strconv.Itoa(m.Col())
}

// ParseOTP parses OTP coordinates: two integers "x y" separated by white
// space, x the row and y the column (0..7 each), or "8 0" for a pass.
func ParseOTP(s string) (Move, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return NoMove, fmt.Errorf("coordinates %q: want two numbers \"x y\"", s)
	}
	return ParseOTPFields(f[0], f[1])
}

// ParseOTPFields parses OTP coordinates given as two separate words, each a
// single digit (the classic programs write nothing else; "+2" or "02" are
// refused rather than guessed at).
func ParseOTPFields(xs, ys string) (Move, error) {
	if len(xs) != 1 || xs[0] < '0' || xs[0] > '9' {
		return NoMove, fmt.Errorf("row %q: want one digit 0..7 (8 for a pass)", xs)
	}
	if len(ys) != 1 || ys[0] < '0' || ys[0] > '9' {
		return NoMove, fmt.Errorf("column %q: want one digit 0..7", ys)
	}
	x, y := int(xs[0]-'0'), int(ys[0]-'0')
	if x == 8 && y == 0 {
		return Pass, nil
	}
	if x < 0 || x > 7 || y < 0 || y > 7 {
		return NoMove, fmt.Errorf("square %d %d is off the board (rows and columns are 0..7, pass is 8 0)", x, y)
	}
	return MoveAt(x, y), nil
}

// ParseSquare parses an algebraic move: a column letter a..h and a row
// digit 1..8 ("d3", case-insensitive), or a pass written "pass", "pa" or
// "--".
func ParseSquare(s string) (Move, error) {
	switch strings.ToLower(s) {
	case "pass", "pa", "--":
		return Pass, nil
	}
	if len(s) != 2 {
		return NoMove, fmt.Errorf("square %q: want a column a-h and a row 1-8, like d3", s)
	}
	c, r := s[0]|0x20, s[1] // lower-case the letter
	if c < 'a' || c > 'h' || r < '1' || r > '8' {
		return NoMove, fmt.Errorf("square %q: want a column a-h and a row 1-8, like d3", s)
	}
	return MoveAt(int(r-'1'), int(c-'a')), nil
}

// ParseIndex parses a square index: 0..63, or 64 for a pass.
func ParseIndex(s string) (Move, error) {
	i, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return NoMove, fmt.Errorf("square index %q is not a number", s)
	}
	if i < 0 || i > int(Pass) {
		return NoMove, fmt.Errorf("square index %d is out of range 0..64", i)
	}
	return Move(i), nil
}

// FormatMoves writes a move sequence in compact notation: two characters a
// move, as in "f5d6c3", with a pass written "pa".
func FormatMoves(moves []Move) string {
	var b strings.Builder
	b.Grow(2 * len(moves))
	for _, m := range moves {
		if m == Pass {
			b.WriteString("pa")
		} else {
			b.WriteString(m.String())
		}
	}
	return b.String()
}

// ParseMoves parses compact notation as written by FormatMoves. Case is
// ignored, white space between moves is allowed, and a pass may be written
// "pa", "ps" or "--". It checks the syntax only, not legality (see
// Game.PlayAll).
func ParseMoves(s string) ([]Move, error) {
	s = strings.Join(strings.Fields(s), "")
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("move list %q has an odd number of characters", s)
	}
	moves := make([]Move, 0, len(s)/2)
	for i := 0; i < len(s); i += 2 {
		tok := s[i : i+2]
		if strings.EqualFold(tok, "ps") {
			tok = "pa"
		}
		m, err := ParseSquare(tok)
		if err != nil {
			return nil, fmt.Errorf("move %d of %q: %w", i/2+1, s, err)
		}
		moves = append(moves, m)
	}
	return moves, nil
}
