package othello

// This file holds the hot path: move generation and flips. Everything the
// search calls per playout step lives here, allocation-free and branch-light.
// Changes here must keep the perft table and the reference comparison green
// (othello_test.go, reference_test.go) and be measured with the benchmarks in
// bench_test.go before and after.

import "math/bits"

// Bit i of a bitboard is the square at row i/8, column i%8: a1 is bit 0, h1
// bit 7, a8 bit 56, h8 bit 63. Shifting left by 1 moves one column right
// (towards h), by 8 one row down (towards row 8).

const (
	// innerColumns masks out columns a and h, so that horizontal and diagonal
	// shifts never wrap around from one row's edge to the next row's.
	innerColumns = 0x7e7e7e7e7e7e7e7e
)

// Moves returns the legal moves, as a bitboard, of the player owning p
// against the opponent owning o. It uses a parallel-prefix fill in each of the
// four line directions (both ways at once), so its cost does not depend on
// the position.
func Moves(p, o uint64) uint64 {
	inner := o & innerColumns
	return (lineMoves(p, inner, 1) | lineMoves(p, o, 8) |
		lineMoves(p, inner, 7) | lineMoves(p, inner, 9)) &^ (p | o)
}

// lineMoves finds the squares reached by a run of opponent discs (restricted
// to mask) that starts next to one of p's discs, along dir in both senses.
// A run is at most six discs long: two single steps and two doubled steps
// cover lengths 1 to 6.
func lineMoves(p, mask uint64, dir uint) uint64 {
	up := mask & (p << dir)
	down := mask & (p >> dir)
	up |= mask & (up << dir)
	down |= mask & (down >> dir)
	upPairs := mask & (mask << dir)
	downPairs := upPairs >> dir
	dir2 := dir * 2
	up |= upPairs & (up << dir2)
	down |= downPairs & (down >> dir2)
	up |= upPairs & (up << dir2)
	down |= downPairs & (down >> dir2)
	return (up << dir) | (down >> dir)
}

// rays[sq][d] is the set of squares strictly beyond sq in direction d, up to
// the board's edge. Directions 0..3 go towards higher bit indices (E, SW, S,
// SE), 4..7 towards lower ones (W, NE, N, NW). Computed once by init, then
// read-only.
var rays = func() (r [64][8]uint64) {
	steps := [8][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for sq := 0; sq < 64; sq++ {
		for d, s := range steps {
			x, y := sq/8+s[0], sq%8+s[1]
			for x >= 0 && x < 8 && y >= 0 && y < 8 {
				r[sq][d] |= 1 << uint(x*8+y)
				x, y = x+s[0], y+s[1]
			}
		}
	}
	return r
}()

// Flips returns the opponent discs that a disc placed on sq (0..63) by the
// owner of p would turn over. It does not check that sq is empty; a result
// of zero means the move is not legal.
func Flips(p, o uint64, sq int) uint64 {
	r := &rays[sq&63]
	return flipsUp(p, o, r[0]) | flipsUp(p, o, r[1]) | flipsUp(p, o, r[2]) | flipsUp(p, o, r[3]) |
		flipsDown(p, o, r[4]) | flipsDown(p, o, r[5]) | flipsDown(p, o, r[6]) | flipsDown(p, o, r[7])
}

// flipsUp handles a ray towards higher indices: the first square of the ray
// that is not an opponent disc is its lowest bit outside o. If the player owns
// it, every ray square below it is an opponent disc to flip.
func flipsUp(p, o, ray uint64) uint64 {
	outflank := ray &^ o
	first := outflank & -outflank // 0 when outflank is 0
	if first&p == 0 {
		return 0
	}
	return ray & (first - 1)
}

// flipsDown handles a ray towards lower indices: the first square that is
// not an opponent disc is the highest bit of the ray outside o.
func flipsDown(p, o, ray uint64) uint64 {
	outflank := ray &^ o
	first := uint64(1<<63) >> bits.LeadingZeros64(outflank) // 0 when outflank is 0
	if first&p == 0 {
		return 0
	}
	return ray & -(first << 1)
}
