// Package goban implements the rules of Go on an n x n board, 1 <= n <= 19:
// stones, strings and their liberties, captures, suicide (illegal unless the
// move captures), the basic ko and positional superko, legal-move generation,
// and a random legal move for Monte-Carlo playouts. It knows nothing of
// search, scoring or any front end.
//
// A Board holds one position and is a plain value: copying it (CopyFrom)
// is how a playout starts. It enforces suicide and the basic ko (no
// immediate recapture of a single stone that has just captured a single
// stone). A Game adds the record of a game and positional superko: no move
// may recreate a whole-board position that occurred earlier in the game.
//
// Points are named by row and column, both from 0, row 0 at the top and
// column 0 at the left, as a board is written down line by line.
package goban

import (
	"errors"
	"fmt"
	"strings"
)

// MaxSize is the largest board side supported.
const MaxSize = 19

// maxStride is the row length of the largest padded board: the board is
// surrounded by a frame of edge cells so that every point has four
// neighbours in the array and no move needs a bounds check.
const maxStride = MaxSize + 2

// maxCells is the number of cells of the largest padded board.
const maxCells = maxStride * maxStride

// maxPoints is the number of points of the largest board.
const maxPoints = MaxSize * MaxSize

// Color is what occupies a point: nothing, a black stone or a white stone.
type Color uint8

// The colours. Black moves first in Go; Empty is an empty point. edge marks
// the frame around the board and is never returned by At.
const (
	Empty Color = iota
	Black
	White
	edge
)

// Other returns the opposing colour of Black or White.
func (c Color) Other() Color { return c ^ 3 }

// String returns "empty", "black" or "white".
func (c Color) String() string {
	switch c {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Symbol returns the diagram letter of the colour: 'X' for black, 'O' for
// white, '.' for an empty point.
func (c Color) Symbol() byte {
	switch c {
	case Black:
		return 'X'
	case White:
		return 'O'
	}
	return '.'
}

// Point is a point of a board: an index into the board's padded array.
// Obtain one from Board.Point and read it back with Board.RowCol; the
// numbers mean something only for boards of the same size.
type Point int16

// Pass is the move that places no stone. It is never a point of a board
// (index 0 is the top-left corner of the frame).
const Pass Point = 0

// str is what a Board knows about one string (a maximal set of same-coloured
// stones connected through their four neighbours), kept at the string's
// head stone.
//
// Liberties are counted as pseudo-liberties: one per pair (stone, adjacent
// empty point), so an empty point next to three stones of a string counts
// three times. Their count is zero exactly when the string has no liberty,
// and with the sum and the sum of squares of the points counted, the string
// has exactly one liberty exactly when all counted points are equal, that
// is when libs*libSq == libSum*libSum (Cauchy-Schwarz). This is all that
// captures, suicide and atari need, and it is updated in constant time per
// stone placed or removed, where exact liberty sets would need merging.
type str struct {
	size   uint16 // number of stones
	libs   uint16 // pseudo-liberties; at most 4 * maxPoints
	libSum uint32 // sum of the points counted; at most 4*361*441
	libSq  uint32 // sum of their squares; at most 4*361*441^2 < 2^32
}

// inAtari reports whether a string with at least one pseudo-liberty has
// exactly one liberty.
func (s *str) inAtari() bool {
	return uint64(s.libs)*uint64(s.libSq) == uint64(s.libSum)*uint64(s.libSum)
}

// Board is an n x n Go position. The zero value is not usable; make one
// with New, or Reset a Board of any size. A Board does not know whose turn
// it is: every move names its colour.
//
// Copying a Board with = is correct but copies all arrays at their largest
// size; CopyFrom copies only the cells of the board's size.
type Board struct {
	n      int // side
	stride int // n+2: the padded row length
	cells  int // stride*stride: the cells in use

	color [maxCells]Color
	head  [maxCells]Point // a stone's string head
	next  [maxCells]Point // the next stone of the same string, circularly
	strs  [maxCells]str   // per string, at its head

	// empty lists the empty points in no particular order; emptyAt is the
	// index of an empty point in it. RandomMove reorders the list.
	empty    [maxPoints]Point
	emptyAt  [maxCells]int16
	numEmpty int

	stones [3]int // stones on the board by colour

	// ko is the point where koColor may not play next: the single stone
	// just captured by a single stone that is now in atari. Pass if none.
	ko      Point
	koColor Color

	hash uint64 // Zobrist hash of the stones
}

// Errors returned by Check and by Play.
var (
	ErrOffBoard = errors.New("not a point of the board")
	ErrColor    = errors.New("the colour must be black or white")
	ErrOccupied = errors.New("the point is occupied")
	ErrSuicide  = errors.New("suicide: the stone would have no liberty and captures nothing")
	ErrKo       = errors.New("ko: the single stone that just captured may not be recaptured at once")
	ErrSuperko  = errors.New("superko: the move repeats an earlier position of the game")
)

// ErrSize is returned by New and Reset for a side out of 1..MaxSize.
var ErrSize = fmt.Errorf("the board side must be 1 to %d", MaxSize)

// New returns an empty n x n board.
func New(n int) (*Board, error) {
	b := new(Board)
	if err := b.Reset(n); err != nil {
		return nil, err
	}
	return b, nil
}

// Reset empties the board and makes it n x n.
func (b *Board) Reset(n int) error {
	if n < 1 || n > MaxSize {
		return ErrSize
	}
	b.n, b.stride = n, n+2
	b.cells = b.stride * b.stride
	b.numEmpty = 0
	for i := 0; i < b.cells; i++ {
		p := Point(i)
		b.head[p], b.next[p], b.strs[p] = Pass, Pass, str{}
		row, col := i/b.stride-1, i%b.stride-1
		if row < 0 || row >= n || col < 0 || col >= n {
			b.color[p] = edge
			b.emptyAt[p] = -1
			continue
		}
		b.color[p] = Empty
		b.emptyAt[p] = int16(b.numEmpty)
		b.empty[b.numEmpty] = p
		b.numEmpty++
	}
	b.stones = [3]int{}
	b.ko, b.koColor = Pass, Empty
	b.hash = 0
	return nil
}

// CopyFrom makes b a copy of src, copying only the cells in use: the way
// to start a playout from a position without allocating.
func (b *Board) CopyFrom(src *Board) {
	c := src.cells
	b.n, b.stride, b.cells = src.n, src.stride, c
	copy(b.color[:c], src.color[:c])
	copy(b.head[:c], src.head[:c])
	copy(b.next[:c], src.next[:c])
	copy(b.strs[:c], src.strs[:c])
	copy(b.empty[:src.numEmpty], src.empty[:src.numEmpty])
	copy(b.emptyAt[:c], src.emptyAt[:c])
	b.numEmpty = src.numEmpty
	b.stones = src.stones
	b.ko, b.koColor = src.ko, src.koColor
	b.hash = src.hash
}

// Size returns the side n of the board.
func (b *Board) Size() int { return b.n }

// Point returns the point at row and column (both from 0, row 0 at the
// top), or Pass and false if they are off the board.
func (b *Board) Point(row, col int) (Point, bool) {
	if row < 0 || row >= b.n || col < 0 || col >= b.n {
		return Pass, false
	}
	return Point((row+1)*b.stride + col + 1), true
}

// RowCol returns the row and column of a point of the board.
func (b *Board) RowCol(p Point) (row, col int) {
	return int(p)/b.stride - 1, int(p)%b.stride - 1
}

// OnBoard reports whether p is a point of the board.
func (b *Board) OnBoard(p Point) bool {
	return p > 0 && int(p) < b.cells && b.color[p] != edge
}

// At returns what occupies a point of the board.
func (b *Board) At(p Point) Color { return b.color[p] }

// Count returns the number of stones of colour c on the board (for Empty,
// the number of empty points).
func (b *Board) Count(c Color) int {
	if c == Empty {
		return b.numEmpty
	}
	return b.stones[c&3]
}

// Hash returns the Zobrist hash of the stones on the board: equal positions
// of one board size have equal hashes, and different ones differ with
// probability about 1 - 2^-64.
func (b *Board) Hash() uint64 { return b.hash }

// Ko returns the point where colour c may not play next because of the
// basic ko rule, or Pass if there is none.
func (b *Board) Ko(c Color) Point {
	if c == b.koColor {
		return b.ko
	}
	return Pass
}

// Place puts a stone of colour c on an empty point without capturing
// anything and without the suicide rule: it sets up a position (handicap
// stones, a diagram). A string left without liberties stays on the board
// (a move captures only the strings it touches, and no empty point touches
// this one). Place clears the ko point.
func (b *Board) Place(p Point, c Color) error {
	if !b.OnBoard(p) {
		return ErrOffBoard
	}
	if c != Black && c != White {
		return ErrColor
	}
	if b.color[p] != Empty {
		return ErrOccupied
	}
	b.addStone(p, c)
	b.ko, b.koColor = Pass, Empty
	return nil
}

// Liberties returns the number of distinct liberties of the string holding
// the stone at p, or 0 if p is empty. It walks the string (not for hot
// loops).
func (b *Board) Liberties(p Point) int {
	if b.color[p] != Black && b.color[p] != White {
		return 0
	}
	n := 0
	var seen [maxCells]bool
	s := p
	for {
		for _, q := range b.neighbours(s) {
			if b.color[q] == Empty && !seen[q] {
				seen[q] = true
				n++
			}
		}
		s = b.next[s]
		if s == p {
			return n
		}
	}
}

// StringSize returns the number of stones in the string holding the stone
// at p, or 0 if p is empty.
func (b *Board) StringSize(p Point) int {
	if b.color[p] != Black && b.color[p] != White {
		return 0
	}
	return int(b.strs[b.head[p]].size)
}

// neighbours returns the four neighbours of a point (some may be edge cells).
func (b *Board) neighbours(p Point) [4]Point {
	s := Point(b.stride)
	return [4]Point{p - s, p - 1, p + 1, p + s}
}

// LegalMoves appends to dst the points where colour c may play, row by row
// from the top left, and returns the extended slice. Pass, always legal,
// is not included. With enough capacity in dst it allocates nothing.
func (b *Board) LegalMoves(c Color, dst []Point) []Point {
	for row := 0; row < b.n; row++ {
		p := Point((row+1)*b.stride + 1)
		for col := 0; col < b.n; col++ {
			if b.IsLegal(p, c) {
				dst = append(dst, p)
			}
			p++
		}
	}
	return dst
}

// Check returns nil if colour c may play at p, and otherwise why not:
// ErrOffBoard, ErrColor, ErrOccupied, ErrKo or ErrSuicide. Pass is always
// allowed.
func (b *Board) Check(p Point, c Color) error {
	switch {
	case c != Black && c != White:
		return ErrColor
	case p == Pass:
		return nil
	case !b.OnBoard(p):
		return ErrOffBoard
	case b.color[p] != Empty:
		return ErrOccupied
	case p == b.ko && c == b.koColor:
		return ErrKo
	case !b.IsLegal(p, c):
		return ErrSuicide
	}
	return nil
}

// Play plays a move of colour c at p (or a pass) if the rules of the Board
// allow it, capturing what it surrounds, and otherwise returns why not
// (see Check) and changes nothing. It returns the number of stones
// captured.
func (b *Board) Play(p Point, c Color) (captured int, err error) {
	if err := b.Check(p, c); err != nil {
		return 0, err
	}
	if p == Pass {
		b.ko, b.koColor = Pass, Empty
		return 0, nil
	}
	return b.play(p, c), nil
}

// String returns the board as a diagram: one line a row from the top, 'X'
// for black, 'O' for white and '.' for empty, each line ending in a newline.
func (b *Board) String() string {
	var sb strings.Builder
	for row := 0; row < b.n; row++ {
		for col := 0; col < b.n; col++ {
			p, _ := b.Point(row, col)
			sb.WriteByte(b.color[p].Symbol())
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// SameString reports whether p and q hold stones of one string.
func (b *Board) SameString(p, q Point) bool {
	c := b.color[p]
	return (c == Black || c == White) && b.color[q] == c && b.head[p] == b.head[q]
}
