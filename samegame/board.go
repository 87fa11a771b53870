package samegame

import "math/bits"

// This file is the hot path: group finding, moves, falling, column
// shifting and the terminal test. Nothing here allocates; the scratch
// arrays are local values the compiler keeps on the stack.

// MaxSize is the largest width and height of a board.
const MaxSize = 20

// NumColours is the number of colours a cell can have: the digits 0..9.
const NumColours = 10

// ClearBonus is what clearing the board scores (the standard rule).
const ClearBonus = 1000

// Board is a SameGame position: up to MaxSize columns of up to MaxSize
// cells, stored column by column from the bottom, so that falling is a
// compaction of one column and an empty column is removed by moving the
// columns to its right one place left. It is a value (a little over 450
// bytes): copy it to keep a position, play on the copy.
//
// The zero Board is an empty 0x0 board; boards come from ParseBoards or
// NewBoard.
type Board struct {
	// cells[x*MaxSize+y] is the cell at column x, row y (0 = bottom): 0
	// for empty, colour+1 otherwise.
	cells [MaxSize * MaxSize]uint8
	// heights[x] is the number of cells of column x; the cells of a
	// column are contiguous from the bottom (nothing floats).
	heights [MaxSize]uint8
	// counts[c] is the number of cells of colour c on the board.
	counts [NumColours]uint16
	// cols is the number of non-empty columns, which are the leftmost
	// ones (no gap column).
	cols uint8
	// width and height are the board's dimensions as given: they do not
	// change when columns empty.
	width, height uint8
}

// Cell names a square of a board: its column from the left and its row
// from the bottom, both from 0. Its text form is the column letter and the
// row number from 1 (String, ParseMove).
type Cell struct {
	Col, Row uint8
}

// Group is a legal move as the search sees it: a representative cell (the
// group's lowest cell in its leftmost column, so the same group always
// has the same representative), its number of cells and its colour.
type Group struct {
	Cell   Cell
	Size   uint16
	Colour uint8
}

// Points is what removing a group of n cells scores: (n-2)^2.
func Points(n int) int {
	return (n - 2) * (n - 2)
}

// Points is what playing the group scores.
func (g Group) Points() int { return Points(int(g.Size)) }

// Width is the board's width as given (columns that emptied still count).
func (b *Board) Width() int { return int(b.width) }

// Height is the board's height as given.
func (b *Board) Height() int { return int(b.height) }

// Columns is the number of columns that still hold cells (the leftmost).
func (b *Board) Columns() int { return int(b.cols) }

// ColumnHeight is the number of cells in column x.
func (b *Board) ColumnHeight(x int) int { return int(b.heights[x]) }

// At returns the colour of the cell at column x, row y (from the bottom),
// or -1 when it is empty or outside the board.
func (b *Board) At(x, y int) int {
	if x < 0 || y < 0 || x >= int(b.cols) || y >= int(b.heights[x]) {
		return -1
	}
	return int(b.cells[x*MaxSize+y]) - 1
}

// Count is the number of cells of colour c left on the board.
func (b *Board) Count(c int) int { return int(b.counts[c]) }

// Counts returns the number of cells of each colour left on the board.
func (b *Board) Counts() [NumColours]int {
	var out [NumColours]int
	for c, n := range b.counts {
		out[c] = int(n)
	}
	return out
}

// Cells is the number of cells left on the board.
func (b *Board) Cells() int {
	n := 0
	for _, c := range b.counts {
		n += int(c)
	}
	return n
}

// Empty reports whether the board has been cleared.
func (b *Board) Empty() bool { return b.cols == 0 }

// Terminal reports whether the game is over: no two orthogonally
// adjacent cells share a colour.
func (b *Board) Terminal() bool {
	for x := 0; x < int(b.cols); x++ {
		col := b.cells[x*MaxSize : x*MaxSize+int(b.heights[x])]
		var right []uint8
		if x+1 < int(b.cols) {
			right = b.cells[(x+1)*MaxSize : (x+1)*MaxSize+int(b.heights[x+1])]
		}
		for y, c := range col {
			if y+1 < len(col) && col[y+1] == c {
				return false
			}
			if y < len(right) && right[y] == c {
				return false
			}
		}
	}
	return true
}

// hasTwin reports whether the cell at column x, row y, of colour c, has an
// orthogonal neighbour of the same colour: whether its group is a move.
func (b *Board) hasTwin(x, y int, c uint8) bool {
	i := x*MaxSize + y
	return (y+1 < int(b.heights[x]) && b.cells[i+1] == c) ||
		(y > 0 && b.cells[i-1] == c) ||
		(x+1 < int(b.cols) && y < int(b.heights[x+1]) && b.cells[i+MaxSize] == c) ||
		(x > 0 && y < int(b.heights[x-1]) && b.cells[i-MaxSize] == c)
}

// fill finds the group of the cell at index i by a breadth-first flood
// fill: it marks its cells in seen and leaves them in queue[:size]; rep is
// the smallest index among them (column-major order is the
// representative order).
func (b *Board) fill(i int, seen *[MaxSize * MaxSize]bool, queue *[MaxSize * MaxSize]uint16) (size, rep int) {
	c := b.cells[i]
	seen[i] = true
	queue[0] = uint16(i)
	size, rep = 1, i
	for head := 0; head < size; head++ {
		j := int(queue[head])
		if j < rep {
			rep = j
		}
		jx, jy := j/MaxSize, j%MaxSize
		if jy+1 < int(b.heights[jx]) && !seen[j+1] && b.cells[j+1] == c {
			seen[j+1] = true
			queue[size] = uint16(j + 1)
			size++
		}
		if jy > 0 && !seen[j-1] && b.cells[j-1] == c {
			seen[j-1] = true
			queue[size] = uint16(j - 1)
			size++
		}
		if jx+1 < int(b.cols) && jy < int(b.heights[jx+1]) && !seen[j+MaxSize] && b.cells[j+MaxSize] == c {
			seen[j+MaxSize] = true
			queue[size] = uint16(j + MaxSize)
			size++
		}
		if jx > 0 && jy < int(b.heights[jx-1]) && !seen[j-MaxSize] && b.cells[j-MaxSize] == c {
			seen[j-MaxSize] = true
			queue[size] = uint16(j - MaxSize)
			size++
		}
	}
	return size, rep
}

// Moves appends to buf the board's legal moves, one Group for each group
// of two or more cells, in the order of their representatives (column by
// column from the left, bottom up), and returns the extended slice. It
// appends nothing when the game is over. With a buffer of capacity
// MaxMoves it allocates nothing.
func (b *Board) Moves(buf []Group) []Group {
	var seen [MaxSize * MaxSize]bool
	var queue [MaxSize * MaxSize]uint16
	for x := 0; x < int(b.cols); x++ {
		for y := 0; y < int(b.heights[x]); y++ {
			i := x*MaxSize + y
			if seen[i] || !b.hasTwin(x, y, b.cells[i]) {
				continue
			}
			// The scan meets a group first at its representative.
			size, _ := b.fill(i, &seen, &queue)
			buf = append(buf, Group{Cell: Cell{Col: uint8(x), Row: uint8(y)}, Size: uint16(size), Colour: b.cells[i] - 1})
		}
	}
	return buf
}

// MaxMoves bounds the number of legal moves of any board: every group has
// at least two cells.
const MaxMoves = MaxSize * MaxSize / 2

// MaxPlies bounds the number of moves of any game, for the same reason.
const MaxPlies = MaxSize * MaxSize / 2

// GroupAt returns the group that holds cell c (its representative, size
// and colour), and false when c is empty or outside the board. A group of
// size 1 is returned too (it is not a legal move).
func (b *Board) GroupAt(c Cell) (Group, bool) {
	x, y := int(c.Col), int(c.Row)
	if x >= int(b.cols) || y >= int(b.heights[x]) {
		return Group{}, false
	}
	var seen [MaxSize * MaxSize]bool
	var queue [MaxSize * MaxSize]uint16
	i := x*MaxSize + y
	size, rep := b.fill(i, &seen, &queue)
	return Group{Cell: Cell{Col: uint8(rep / MaxSize), Row: uint8(rep % MaxSize)}, Size: uint16(size), Colour: b.cells[i] - 1}, true
}

// Play removes the group holding cell c, lets the cells above fall and
// closes the empty columns, and returns the points the move scores. It
// returns false, leaving the board unchanged, when c is empty, outside
// the board or a single cell. The clear bonus and the end penalty are not
// included: see EndAdjustment.
func (b *Board) Play(c Cell) (points int, ok bool) {
	x, y := int(c.Col), int(c.Row)
	if x >= int(b.cols) || y >= int(b.heights[x]) {
		return 0, false
	}
	i := x*MaxSize + y
	col := b.cells[i]
	if !b.hasTwin(x, y, col) {
		return 0, false
	}
	var seen [MaxSize * MaxSize]bool
	var queue [MaxSize * MaxSize]uint16
	size, _ := b.fill(i, &seen, &queue)
	var touched uint32
	for _, j := range queue[:size] {
		b.cells[j] = 0
		touched |= 1 << (j / MaxSize)
	}
	b.counts[col-1] -= uint16(size)
	// Falling: compact every touched column downwards.
	for t := touched; t != 0; t &= t - 1 {
		cx := bits.TrailingZeros32(t)
		base := cx * MaxSize
		h := int(b.heights[cx])
		w := 0
		for r := 0; r < h; r++ {
			if v := b.cells[base+r]; v != 0 {
				b.cells[base+w] = v
				w++
			}
		}
		clear(b.cells[base+w : base+h])
		b.heights[cx] = uint8(w)
	}
	// Shifting: close the columns that emptied.
	w := 0
	for cx := 0; cx < int(b.cols); cx++ {
		if b.heights[cx] == 0 {
			continue
		}
		if w != cx {
			copy(b.cells[w*MaxSize:w*MaxSize+MaxSize], b.cells[cx*MaxSize:cx*MaxSize+MaxSize])
			b.heights[w] = b.heights[cx]
			clear(b.cells[cx*MaxSize : cx*MaxSize+MaxSize])
			b.heights[cx] = 0
		}
		w++
	}
	b.cols = uint8(w)
	return Points(size), true
}

// Penalty is the end penalty of the optional rule: (c-2)^2 for each colour
// with c > 2 cells left.
func (b *Board) Penalty() int {
	p := 0
	for _, c := range b.counts {
		if c > 2 {
			p += Points(int(c))
		}
	}
	return p
}

// EndAdjustment is what the end of the game adds to the score of a
// terminal board: ClearBonus when it is empty, otherwise minus Penalty
// under the penalty rule, otherwise 0.
func (b *Board) EndAdjustment(penalty bool) int {
	if b.Empty() {
		return ClearBonus
	}
	if penalty {
		return -b.Penalty()
	}
	return 0
}
