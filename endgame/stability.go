package endgame

import "math/bits"

// A disc is stable when no sequence of moves can ever flip it. The count of
// the opponent's stable discs bounds the side to move's final score from
// above (64 minus twice that count), which cuts off searches whose window
// lies above that bound.
//
// Stable discs are found in three steps, each sound on its own (a disc
// they mark can never flip) though together not complete:
//  1. edges, exactly, from a table of every row of eight squares;
//  2. discs whose four lines (row, column, both diagonals) are full: a flip
//     needs an empty square on a line through the disc;
//  3. inner discs that, in each of the four line directions, have a full
//     line or a stable disc of their own colour next to them, repeated
//     until nothing changes.

// edgeStable[p<<8|o] is the set of stable squares of an edge row of eight
// squares holding the discs p and o (bit i is the i-th square along the
// edge): the squares whose colour no sequence of moves along the row can
// change. A move may place a disc of either colour on any empty square, with
// or without flips along the row, since in a real game flips in other
// directions can make it legal. Computed once by init, then read-only.
var edgeStable = func() *[1 << 16]uint8 {
	var t [1 << 16]uint8
	var done [1 << 16]bool
	var solve func(p, o uint8) uint8
	solve = func(p, o uint8) uint8 {
		k := int(p)<<8 | int(o)
		if done[k] {
			return t[k]
		}
		stable := p | o
		for x := 0; x < 8; x++ {
			bit := uint8(1) << x
			if (p|o)&bit != 0 {
				continue
			}
			// p places a disc on x.
			f := rowFlips(p, o, x)
			np, no := p|bit|f, o&^f
			stable &= solve(np, no) & (p&np | o&no)
			// o places a disc on x.
			f = rowFlips(o, p, x)
			no, np = o|bit|f, p&^f
			stable &= solve(np, no) & (p&np | o&no)
		}
		t[k], done[k] = stable, true
		return stable
	}
	for p := 0; p < 256; p++ {
		for o := 0; o < 256; o++ {
			if p&o == 0 {
				solve(uint8(p), uint8(o))
			}
		}
	}
	return &t
}()

// rowFlips returns the discs of o that a disc of p placed on square x of a
// row of eight would turn over along that row.
func rowFlips(p, o uint8, x int) uint8 {
	var flips uint8
	for _, step := range [2]int{-1, 1} {
		var run uint8
		y := x + step
		for y >= 0 && y < 8 && o&(1<<y) != 0 {
			run |= 1 << y
			y += step
		}
		if y >= 0 && y < 8 && p&(1<<y) != 0 {
			flips |= run
		}
	}
	return flips
}

// Bitboards of edges and lines.
const (
	columnA    = 0x0101010101010101
	columnH    = 0x8080808080808080
	row1       = 0x00000000000000ff
	row8       = 0xff00000000000000
	innerBoard = 0x007e7e7e7e7e7e00 // every square not on an edge
)

// columnToRow gathers column a (bits 0, 8, ..., 56) into bits 0..7.
func columnToRow(b uint64) uint8 {
	return uint8((b & columnA) * 0x0102040810204080 >> 56)
}

// rowToColumnA spreads bits 0..7 to column a (bits 0, 8, ..., 56). A table,
// since the multiplication that would do it carries between terms.
var rowToColumnA = func() (t [256]uint64) {
	for x := 0; x < 256; x++ {
		for i := 0; i < 8; i++ {
			if x&(1<<i) != 0 {
				t[x] |= 1 << (8 * i)
			}
		}
	}
	return t
}()

// edgeStableDiscs returns the stable discs on the four edges of the board
// with the discs p and o, of both colours.
func edgeStableDiscs(p, o uint64) uint64 {
	s := uint64(edgeStable[int(uint8(p))<<8|int(uint8(o))])
	s |= uint64(edgeStable[int(uint8(p>>56))<<8|int(uint8(o>>56))]) << 56
	s |= rowToColumnA[edgeStable[int(columnToRow(p))<<8|int(columnToRow(o))]]
	s |= rowToColumnA[edgeStable[int(columnToRow(p>>7))<<8|int(columnToRow(o>>7))]] << 7
	return s
}

// fullLines returns, for the occupied squares occ, the squares whose row,
// column, anti-diagonal and diagonal are each completely filled, as four
// bitboards.
func fullLines(occ uint64) (row, col, diag7, diag9 uint64) {
	// A row is full when its eight bits are set: fold each row into its
	// first column, then spread the result back along the row.
	r := occ
	r &= r >> 1
	r &= r >> 2
	r &= r >> 4
	row = (r & columnA) * 0xff

	c := occ
	c &= c >> 8
	c &= c >> 16
	c &= c >> 32
	col = (c & row1) * columnA

	// Diagonals: a square's diagonal is full when it and every square
	// beyond it in both directions are occupied.
	diag9 = fullRay(occ, 9, &diagonalShort[0][0]) & fullRayDown(occ, 9, &diagonalShort[0][1])
	diag7 = fullRay(occ, 7, &diagonalShort[1][0]) & fullRayDown(occ, 7, &diagonalShort[1][1])
	return row, col, diag7, diag9
}

// diagonalShort[d][w][k], for the diagonal d (0: index steps of 9, 1: of
// 7) walked up (w = 0, towards higher indices) or down (w = 1), is the
// squares with fewer than 2^k squares beyond them on that line: where
// fullRay's k-th doubling must not look 2^k squares further, since that
// square is off the line (a shift would wrap it onto another). Computed
// once, then read-only.
var diagonalShort = func() (t [2][2][3]uint64) {
	for sq := 0; sq < 64; sq++ {
		col, row := sq%8, sq/8
		beyond := [2][2]int{
			{min(7-col, 7-row), min(col, row)}, // steps of 9: up-right, down-left
			{min(col, 7-row), min(7-col, row)}, // steps of 7: up-left, down-right
		}
		for d := range beyond {
			for w := range beyond[d] {
				for k := range 3 {
					if beyond[d][w] < 1<<k {
						t[d][w][k] |= 1 << sq
					}
				}
			}
		}
	}
	return t
}()

// fullRay returns the squares of occ from which every square up the line
// of steps of shift (7 or 9) is occupied, by doubling: after step k each
// square knows about the 2^k squares from it on, so three steps cover the
// longest line. short is diagonalShort's entry for the line, walked up.
func fullRay(occ uint64, shift uint, short *[3]uint64) uint64 {
	g := occ
	g &= g>>shift | short[0]
	g &= g>>(2*shift) | short[1]
	g &= g>>(4*shift) | short[2]
	return g
}

// fullRayDown is fullRay walking down the line (towards lower indices).
func fullRayDown(occ uint64, shift uint, short *[3]uint64) uint64 {
	g := occ
	g &= g<<shift | short[0]
	g &= g<<(2*shift) | short[1]
	g &= g<<(4*shift) | short[2]
	return g
}

// stableDiscs returns a subset of the discs of p (against o) that can never
// be flipped.
func stableDiscs(p, o uint64) uint64 {
	occ := p | o
	row, col, diag7, diag9 := fullLines(occ)
	stable := (edgeStableDiscs(p, o) | row&col&diag7&diag9) & p
	// Grow the stable set from the edges and full lines inwards, over the
	// inner squares (whose neighbours are all on the board).
	inner := p & innerBoard &^ stable
	for inner != 0 {
		grown := inner &
			(row | stable>>1 | stable<<1) &
			(col | stable>>8 | stable<<8) &
			(diag7 | stable>>7 | stable<<7) &
			(diag9 | stable>>9 | stable<<9)
		if grown == 0 {
			break
		}
		stable |= grown
		inner &^= grown
	}
	return stable
}

// stableCount returns the number of discs of p that stableDiscs proves
// stable.
func stableCount(p, o uint64) int { return bits.OnesCount64(stableDiscs(p, o)) }
