// Package einstein implements the rules of Einstein Würfelt Nicht! in the
// "Kari" variant of the Theory of Computer Games course (2018): no dice,
// and the cubes a side may move are fixed by the turn number instead. It
// knows nothing of search, protocols or front ends.
//
// The board has 5 x 5 squares named (row, column) from (1, 1) in the
// north-west corner to (5, 5) in the south-east. Red moves first, from the
// north-west corner towards (5, 5); blue from the south-east towards
// (1, 1). Each side has six cubes numbered 1 to 6; a Layout gives the
// numbers of the start squares, the same for both sides point-symmetrically
// about the centre.
//
// A turn is a move of red and then a move of blue. In turns 1, 3, 5, ...
// a side may move only its cubes 1, 3 and 5; in turns 2, 4, 6, ... only
// 2, 4 and 6. A cube steps to an adjacent square in one of its side's
// three directions (red east, south or south-east; blue west, north or
// north-west), capturing the opponent's cube standing there; it may not
// land on a cube of its own side. A side with no cube it may move passes,
// and may pass only then. Red wins on reaching (5, 5) or capturing the
// last blue cube; blue on reaching (1, 1) or capturing the last red cube.
// Every game ends with exactly one winner.
//
// A Position is a small plain value (copying it is how a playout starts)
// and everything on the hot path of a playout allocates nothing; see
// playout.go.
package einstein

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tcgothello/mcts/internal/lemire"
)

// Size is the number of rows and of columns of the board.
const Size = 5

// Squares is the number of squares of the board.
const Squares = Size * Size

// Cubes is the number of cubes of each side, numbered 1 to Cubes.
const Cubes = 6

// MaxMoves is the largest number of moves Moves can return for one
// position: three cubes, each with three directions.
const MaxMoves = 9

// Color is a side, or None.
type Color uint8

// The sides. None is the winner of a game that is not over.
const (
	None Color = iota
	Red        // the first player, from (1,1) towards (5,5)
	Blue       // the second player, from (5,5) towards (1,1)
)

// Other returns the opponent of Red or Blue.
func (c Color) Other() Color { return c ^ 3 }

// String returns "red", "blue" or "none".
func (c Color) String() string {
	switch c {
	case None:
		return "none"
	case Red:
		return "red"
	case Blue:
		return "blue"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Square is a square of the board: (row-1)*Size + (column-1), from 0 for
// (1,1) to 24 for (5,5).
type Square int8

// Sq returns the square in row and column, both from 1 to Size. It does
// not check its arguments.
func Sq(row, col int) Square { return Square((row-1)*Size + col - 1) }

// Row returns the row of s, from 1 (north) to Size (south).
func (s Square) Row() int { return int(s)/Size + 1 }

// Col returns the column of s, from 1 (west) to Size (east).
func (s Square) Col() int { return int(s)%Size + 1 }

// String returns the square as "(row,col)".
func (s Square) String() string { return fmt.Sprintf("(%d,%d)", s.Row(), s.Col()) }

// Goal returns the corner that side c wins by reaching: (5,5) for red,
// (1,1) for blue.
func Goal(c Color) Square {
	if c == Red {
		return Squares - 1
	}
	return 0
}

// Direction is a direction of a move, numbered as in the course's
// protocol, always in the mover's own sense.
type Direction uint8

// The directions.
const (
	Horizontal Direction = 1 // red east, blue west
	Vertical   Direction = 2 // red south, blue north
	Diagonal   Direction = 3 // red south-east, blue north-west
)

// Name returns the direction's name for side c ("east" ... "north-west").
func (d Direction) Name(c Color) string {
	names := [2][4]string{
		{"", "east", "south", "south-east"},
		{"", "west", "north", "north-west"},
	}
	if d < Horizontal || d > Diagonal || (c != Red && c != Blue) {
		return fmt.Sprintf("Direction(%d)", uint8(d))
	}
	return names[c-1][d]
}

// Move is a move: a cube number and a direction, or Pass. Its zero value
// is Pass.
type Move uint8

// Pass is the move of a side that has no cube it may move.
const Pass Move = 0

// MakeMove returns the move of cube n (1 to 6) in direction d. It does not
// check its arguments.
func MakeMove(n int, d Direction) Move { return Move(n<<2) | Move(d) }

// Cube returns the number of the cube m moves, 0 for Pass.
func (m Move) Cube() int { return int(m >> 2) }

// Dir returns the direction of m, 0 for Pass.
func (m Move) Dir() Direction { return Direction(m & 3) }

// String returns m as the course's protocol writes it: two digits, the
// cube and the direction, or "00" for Pass.
func (m Move) String() string {
	if m == Pass {
		return "00"
	}
	return string([]byte{'0' + byte(m.Cube()), '0' + byte(m.Dir())})
}

// ErrSyntax is wrapped by the errors of ParseMove and ParseLayout.
var ErrSyntax = errors.New("syntax error")

// ParseMove reads a move written as String writes it: "00", or a cube 1
// to 6 followed by a direction 1 to 3. It checks the form only, not
// whether the move is legal anywhere.
func ParseMove(s string) (Move, error) {
	if s == "00" {
		return Pass, nil
	}
	if len(s) != 2 || s[0] < '1' || s[0] > '0'+Cubes || s[1] < '1' || s[1] > '3' {
		return Pass, fmt.Errorf("%w: move %q: want 00 (pass) or a cube 1-6 and a direction 1-3", ErrSyntax, s)
	}
	return MakeMove(int(s[0]-'0'), Direction(s[1]-'0')), nil
}

// Layout gives the cube numbers of the start squares: Layout[i] is the
// number of red's i-th start square of (1,1) (1,2) (1,3) (2,1) (2,2) (3,1)
// and of blue's i-th of (5,5) (5,4) (5,3) (4,5) (4,4) (3,5). It is a
// permutation of 1 to 6.
type Layout [Cubes]uint8

// startSquares are red's start squares in the order a Layout numbers them:
// (1,1) (1,2) (1,3) (2,1) (2,2) (3,1). Blue's are their reflections through
// the centre (Mirror): (5,5) (5,4) (5,3) (4,5) (4,4) (3,5).
var startSquares = [Cubes]Square{0, 1, 2, 5, 6, 10}

// Mirror returns the reflection of s through the centre of the board.
func Mirror(s Square) Square { return Squares - 1 - s }

// ParseLayout reads a layout written as six digits, a permutation of
// "123456", as the course's protocol sends it.
func ParseLayout(s string) (Layout, error) {
	var l Layout
	if len(s) != Cubes {
		return l, fmt.Errorf("%w: layout %q: want 6 digits, a permutation of 123456", ErrSyntax, s)
	}
	seen := 0
	for i := range Cubes {
		n := int(s[i]) - '0'
		if n < 1 || n > Cubes || seen&(1<<n) != 0 {
			return l, fmt.Errorf("%w: layout %q: want 6 digits, a permutation of 123456", ErrSyntax, s)
		}
		seen |= 1 << n
		l[i] = uint8(n)
	}
	return l, nil
}

// String returns the layout as six digits.
func (l Layout) String() string {
	b := make([]byte, Cubes)
	for i, n := range l {
		b[i] = '0' + n
	}
	return string(b)
}

// RandomLayout returns a layout drawn uniformly from the 720 permutations
// with numbers from src (a Fisher-Yates shuffle), as the course's game
// program draws the board of a round.
func RandomLayout(src rand.Source) Layout {
	l := Layout{1, 2, 3, 4, 5, 6}
	for i := Cubes - 1; i > 0; i-- {
		j := lemire.Bounded(src, uint64(i+1))
		l[i], l[j] = l[j], l[i]
	}
	return l
}

// valid tells whether l is a permutation of 1 to 6.
func (l Layout) valid() bool {
	seen := 0
	for _, n := range l {
		if n < 1 || n > Cubes || seen&(1<<n) != 0 {
			return false
		}
		seen |= 1 << n
	}
	return true
}

// Position is a position of a game: where every cube is, whose move it is
// and in which turn, and the winner once the game is over. It is a plain
// value of a few dozen bytes; the zero Position is not a valid position
// (use New or Parse).
type Position struct {
	// board holds the occupant of every square: 0 for an empty square,
	// n for red cube n, blueCube|n for blue cube n.
	board [Squares]uint8
	// where[c][n] is the square of cube n of colour c, or noSquare once
	// it is captured. Index 0 of both dimensions is unused, so that
	// colours and cube numbers index it directly.
	where [3][Cubes + 1]Square
	// left[c] is the number of cubes colour c has on the board.
	left [3]uint8
	// ply is the number of moves and passes played since the start: red
	// moves in even plies, and turn ply/2+1 is in progress.
	ply uint16
	// winner is None until the game is over.
	winner Color
}

// blueCube marks a blue cube in Position.board; red cubes are their bare
// numbers, so that the occupant's colour is 1 + v>>3 for any v != 0.
const blueCube = 8

// noSquare is the square of a captured cube.
const noSquare Square = -1

// cubeCode returns the Position.board value of cube n of colour c.
func cubeCode(c Color, n int) uint8 {
	if c == Blue {
		return blueCube | uint8(n)
	}
	return uint8(n)
}

// New returns the start position of the layout l, red to move in turn 1.
// It panics if l is not a permutation of 1 to 6 (ParseLayout makes only
// valid ones).
func New(l Layout) Position {
	if !l.valid() {
		panic(fmt.Sprintf("einstein: invalid layout %v", [Cubes]uint8(l)))
	}
	var p Position
	for i, s := range startSquares {
		p.put(Red, int(l[i]), s)
		p.put(Blue, int(l[i]), Mirror(s))
	}
	return p
}

// put places cube n of colour c on the empty square s.
func (p *Position) put(c Color, n int, s Square) {
	p.board[s] = cubeCode(c, n)
	p.where[c][n] = s
	p.left[c]++
}

// emptyPosition returns a position with no cube on the board, red to move
// in turn 1, for Parse to fill with put.
func emptyPosition() Position {
	var p Position
	for c := Red; c <= Blue; c++ {
		for n := 1; n <= Cubes; n++ {
			p.where[c][n] = noSquare
		}
	}
	return p
}

// ToMove returns the side whose move it is: red in the first half of every
// turn, blue in the second.
func (p *Position) ToMove() Color { return Red + Color(p.ply&1) }

// Turn returns the number of the turn in progress, from 1.
func (p *Position) Turn() int { return int(p.ply)/2 + 1 }

// Ply returns the number of moves and passes played.
func (p *Position) Ply() int { return int(p.ply) }

// FirstCube returns the lowest number of the cubes that may move in the
// current turn: 1 in odd turns (cubes 1, 3, 5), 2 in even ones (2, 4, 6).
func (p *Position) FirstCube() int { return 1 + int(p.ply>>1)&1 }

// Winner returns the winner, or None while the game is not over.
func (p *Position) Winner() Color { return p.winner }

// Over tells whether the game is over.
func (p *Position) Over() bool { return p.winner != None }

// Left returns the number of cubes side c has on the board.
func (p *Position) Left(c Color) int { return int(p.left[c]) }

// Where returns the square of cube n (1 to 6) of side c, and false if the
// cube has been captured.
func (p *Position) Where(c Color, n int) (Square, bool) {
	s := p.where[c][n]
	return s, s != noSquare
}

// At returns the side and number of the cube on square s, or None and 0.
func (p *Position) At(s Square) (Color, int) {
	v := p.board[s]
	if v == 0 {
		return None, 0
	}
	return 1 + Color(v>>3), int(v & 7)
}

// Path returns the squares the cube of the side to move leaves and reaches
// with m, and false if m is Pass, names no cube of that side on the board
// or would leave the board. It does not check the turn's cubes or the
// occupant of the square reached.
func (p *Position) Path(m Move) (from, to Square, ok bool) {
	n, d := m.Cube(), m.Dir()
	if n < 1 || n > Cubes || d < Horizontal || d > Diagonal {
		return 0, 0, false
	}
	c := p.ToMove()
	from = p.where[c][n]
	if from == noSquare {
		return 0, 0, false
	}
	to = targets[c][from][d]
	return from, to, to != noSquare
}

// The reasons Play refuses a move.
var (
	ErrGameOver  = errors.New("the game is over")
	ErrPass      = errors.New("a pass while a cube can move")
	ErrNoMove    = errors.New("not a move")
	ErrWrongCube = errors.New("the cube may not move in this turn")
	ErrCaptured  = errors.New("the cube has been captured")
	ErrOffBoard  = errors.New("the move leaves the board")
	ErrOwnCube   = errors.New("the move lands on a cube of its own side")
)

// Check returns nil if m is legal in p, or an error wrapping one of
// ErrGameOver, ErrPass, ErrNoMove, ErrWrongCube, ErrCaptured, ErrOffBoard
// or ErrOwnCube that says why it is not.
func (p *Position) Check(m Move) error {
	if p.winner != None {
		return ErrGameOver
	}
	c := p.ToMove()
	if m == Pass {
		var buf [MaxMoves]Move
		if ms := p.Moves(buf[:0]); ms[0] != Pass {
			return fmt.Errorf("%w: %v may move %v", ErrPass, c, ms[0])
		}
		return nil
	}
	n, d := m.Cube(), m.Dir()
	if n < 1 || n > Cubes || d < Horizontal || d > Diagonal {
		return fmt.Errorf("%w: %d", ErrNoMove, uint8(m))
	}
	if n&1 != p.FirstCube()&1 {
		return fmt.Errorf("%w: cube %d in turn %d (cubes %d, %d, %d)", ErrWrongCube, n, p.Turn(),
			p.FirstCube(), p.FirstCube()+2, p.FirstCube()+4)
	}
	from := p.where[c][n]
	if from == noSquare {
		return fmt.Errorf("%w: %v cube %d", ErrCaptured, c, n)
	}
	to := targets[c][from][d]
	if to == noSquare {
		return fmt.Errorf("%w: %v cube %d on %v cannot go %s", ErrOffBoard, c, n, from, d.Name(c))
	}
	if v := p.board[to]; v != 0 && 1+Color(v>>3) == c {
		return fmt.Errorf("%w: %v cube %d on %v", ErrOwnCube, c, int(v&7), to)
	}
	return nil
}

// Play plays m for the side to move if it is legal (Check), and returns
// Check's error otherwise, leaving p as it was.
func (p *Position) Play(m Move) error {
	if err := p.Check(m); err != nil {
		return fmt.Errorf("move %v: %w", m, err)
	}
	p.PlayLegal(m)
	return nil
}
