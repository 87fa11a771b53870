package killallgo

import (
	"strconv"

	"github.com/tcgothello/mcts/goban"
)

// Size is the side of the board.
const Size = 7

// MaxMoves is the most moves a position can have: a stone on every point,
// and a pass.
const MaxMoves = Size*Size + 1

// stride is the row length of goban's padded 7x7 board: the board in a
// frame of edge cells.
const stride = Size + 2

// Move is a move of the search: Pass, or the point where a stone goes.
// A point is the index i*9+j of the seed's Board[i][j] (rows i from the
// top, columns j from the left, both from 1 inside a frame of edge cells),
// which is also goban's Point on a 7x7 board; the seed's coordinates are
// (x, y) = (j, 8-i).
type Move uint8

// Pass is the move that places no stone (the protocol's "0 0").
const Pass Move = 0

// At returns the move at (x, y), x the column from the left and y the row
// from the bottom, both 1..7, and true; or Pass and false off the board.
func At(x, y int) (Move, bool) {
	if x < 1 || x > Size || y < 1 || y > Size {
		return Pass, false
	}
	return Move((Size+1-y)*stride + x), true
}

// XY returns the move's (x, y): the column from the left and the row from
// the bottom, both 1..7; (0, 0) for Pass.
func (m Move) XY() (x, y int) {
	if m == Pass {
		return 0, 0
	}
	return int(m) % stride, Size + 1 - int(m)/stride
}

// Point returns the goban point of the move on a 7x7 board (goban.Pass for
// Pass).
func (m Move) Point() goban.Point { return goban.Point(m) }

// String returns the move for logs and principal variations: "pass", or
// the column letter A-G from the left and the row 1-7 from the bottom, as
// Go programs write points ("C5" is x 3, y 5).
func (m Move) String() string {
	if m == Pass {
		return "pass"
	}
	x, y := m.XY()
	return string(rune('A'+x-1)) + strconv.Itoa(y)
}

// valid reports whether m is a point of the board.
func (m Move) valid() bool {
	x, y := m.XY()
	a, ok := At(x, y)
	return ok && a == m
}

// pointMove returns the move of a goban point of a 7x7 board.
func pointMove(p goban.Point) Move { return Move(p) }
