// Package sgf reads and writes Go game records in the Smart Game Format,
// FF[4] (https://www.red-bean.com/sgf/), as far as a game's main line goes:
// the root's game information (GM[1], SZ, PB, PW, KM, HA, RE, DT, AP, PL
// and a comment), the set-up stones AB and AW of the root, and one move a
// node (B or W, a pass written B[] or W[]) with its comment C, and the
// territory of a finished game (TB and TW).
//
// Reading keeps the main line: at every branch the first variation is
// followed and the others are checked for syntax, then skipped. A
// collection of several games is read with ParseAll. Properties this
// package does not know (time left, marks, labels, another program's
// private ones) are skipped; properties it knows but does not support
// (set-up after the root, a rectangular board, a game other than Go) are
// refused with an error naming them, so that nothing is read wrong in
// silence.
//
// The package stands alone: it imports only the standard library, and
// knows nothing of the rules of Go beyond the board's size. Points are a
// column and a row counted from 0 at the top left corner, as SGF counts
// them; Letters and ParsePoint convert them to and from SGF's letters.
package sgf

import (
	"fmt"
)

// MaxSize is the largest board SGF can write: a point's coordinates are
// the letters a-z then A-Z.
const MaxSize = 52

// DefaultSize is the board's size when a record has no SZ: FF[4] says 19
// for Go.
const DefaultSize = 19

// Color is the colour of a stone or of a move's player.
type Color byte

// The colours, as SGF writes them.
const (
	Black Color = 'B'
	White Color = 'W'
)

// String returns "B" or "W".
func (c Color) String() string {
	switch c {
	case Black, White:
		return string(rune(c))
	}
	return fmt.Sprintf("Color(%d)", byte(c))
}

// Point is a point of the board: Col the column from the left, Row the
// row from the top, both from 0, as SGF's letters count them (the point
// "cd" is column 2, row 3). A program that counts rows from the bottom
// converts with size-1-Row.
type Point struct {
	Col, Row int
}

// On reports whether p is on a board of side size.
func (p Point) On(size int) bool {
	return p.Col >= 0 && p.Col < size && p.Row >= 0 && p.Row < size
}

// Letters returns p's two SGF letters, column then row ("cd" for column 2,
// row 3), or an error if a coordinate is outside 0..MaxSize-1.
func (p Point) Letters() (string, error) {
	c, okC := Letter(p.Col)
	r, okR := Letter(p.Row)
	if !okC || !okR {
		return "", fmt.Errorf("point (%d, %d): coordinates must be 0..%d", p.Col, p.Row, MaxSize-1)
	}
	return string([]byte{c, r}), nil
}

// Letter returns SGF's letter of coordinate i: a-z for 0-25, A-Z for
// 26-51; false for any other i.
func Letter(i int) (byte, bool) {
	switch {
	case i >= 0 && i < 26:
		return byte('a' + i), true
	case i >= 26 && i < MaxSize:
		return byte('A' + i - 26), true
	}
	return 0, false
}

// coordinate returns the coordinate of SGF letter b, the inverse of Letter.
func coordinate(b byte) (int, bool) {
	switch {
	case b >= 'a' && b <= 'z':
		return int(b - 'a'), true
	case b >= 'A' && b <= 'Z':
		return int(b-'A') + 26, true
	}
	return 0, false
}

// ParsePoint returns the point of two SGF letters on a board of side
// size, or an error if s is not two letters or names a point off the
// board. It does not accept the empty value or "tt" as a pass: a point is
// a point (Move values handle passes).
func ParsePoint(s string, size int) (Point, error) {
	if len(s) != 2 {
		return Point{}, fmt.Errorf("point %q: want two letters", s)
	}
	c, okC := coordinate(s[0])
	r, okR := coordinate(s[1])
	if !okC || !okR {
		return Point{}, fmt.Errorf("point %q: want two letters a-z or A-Z", s)
	}
	p := Point{Col: c, Row: r}
	if !p.On(size) {
		return Point{}, fmt.Errorf("point %q: off the %dx%d board", s, size, size)
	}
	return p, nil
}

// Move is one node of the main line: a stone of Color at Point, or a pass
// of Color, with the node's comment.
type Move struct {
	Color   Color
	Pass    bool  // no stone; Point is ignored
	Point   Point // where the stone goes, unless Pass
	Comment string
}

// Game is a Go game record: the root's information and set-up, and the
// main line's moves.
type Game struct {
	Size        int     // SZ: the board's side, 1..MaxSize
	PlayerBlack string  // PB
	PlayerWhite string  // PW
	Komi        float64 // KM, written always (KM[0] if zero)
	Handicap    int     // HA, written when above 0
	Result      string  // RE, such as "B+R", "W+Time", "W+Forfeit", "0" or "?"
	Date        string  // DT, such as "2026-11-25"
	Application string  // AP, such as "killallgo:referee"
	ToPlay      Color   // PL: who plays first after the set-up; 0 if not said
	Comment     string  // the root node's C
	AddBlack    []Point // AB: black stones set up before the first move
	AddWhite    []Point // AW: white stones set up before the first move
	Moves       []Move  // the main line after the root
	// TerritoryBlack and TerritoryWhite (TB, TW) are the points each
	// side counts as its territory at the end of the game, the points of
	// the other side's dead stones included: written in the last node,
	// read from the last node of the main line that has either.
	TerritoryBlack []Point
	TerritoryWhite []Point
}

// NewGame returns an empty record of a game on a board of side size.
func NewGame(size int) *Game { return &Game{Size: size} }
