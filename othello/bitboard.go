package othello

// This file holds the hot path: move generation and flips. Everything the
// search calls per playout step lives here, allocation-free and branch-light.
// Changes here must keep the perft table and the reference comparison green
// (perft_test.go, reference_test.go) and be measured with the benchmarks in
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
// against the opponent owning o. It runs the AVX2 assembly of
// bitboard_amd64.s when the CPU has it (cpu.go), and otherwise the portable
// Go of movesPortable, the reference for the AVX2 path.
//
// Moves is a single call so that it inlines (Go's budget is 80, a call
// alone costs 57): on amd64 the callee is assembly that picks the path
// itself and tail-jumps to movesPortable without AVX2, so the AVX2 path,
// the one in use, costs one call per move generation rather than two.
func Moves(p, o uint64) uint64 { return moves(p, o) }

// movesPortable is Moves in portable Go.
//
// In each line direction a parallel-prefix
// fill runs both ways at once, so its cost does not depend on the position.
// The four directions are written out with constant shifts: a variable
// shift costs Go extra instructions to honour shifts of 64 or more, and a
// helper taking the direction as an argument is too large to inline.
func movesPortable(p, o uint64) uint64 {
	// A run of opponent discs is at most six long: two single steps and two
	// doubled steps cover lengths 1 to 6. Horizontal and diagonal runs use
	// only the inner columns, so that they never wrap from one row to the
	// next.
	inner := o & innerColumns

	// Horizontal (shift 1).
	up := inner & (p << 1)
	down := inner & (p >> 1)
	up |= inner & (up << 1)
	down |= inner & (down >> 1)
	pairsUp := inner & (inner << 1)
	pairsDown := pairsUp >> 1
	up |= pairsUp & (up << 2)
	down |= pairsDown & (down >> 2)
	up |= pairsUp & (up << 2)
	down |= pairsDown & (down >> 2)
	moves := up<<1 | down>>1

	// Vertical (shift 8): no wrap is possible, all of o takes part.
	up = o & (p << 8)
	down = o & (p >> 8)
	up |= o & (up << 8)
	down |= o & (down >> 8)
	pairsUp = o & (o << 8)
	pairsDown = pairsUp >> 8
	up |= pairsUp & (up << 16)
	down |= pairsDown & (down >> 16)
	up |= pairsUp & (up << 16)
	down |= pairsDown & (down >> 16)
	moves |= up<<8 | down>>8

	// Anti-diagonal (shift 7).
	up = inner & (p << 7)
	down = inner & (p >> 7)
	up |= inner & (up << 7)
	down |= inner & (down >> 7)
	pairsUp = inner & (inner << 7)
	pairsDown = pairsUp >> 7
	up |= pairsUp & (up << 14)
	down |= pairsDown & (down >> 14)
	up |= pairsUp & (up << 14)
	down |= pairsDown & (down >> 14)
	moves |= up<<7 | down>>7

	// Diagonal (shift 9).
	up = inner & (p << 9)
	down = inner & (p >> 9)
	up |= inner & (up << 9)
	down |= inner & (down >> 9)
	pairsUp = inner & (inner << 9)
	pairsDown = pairsUp >> 9
	up |= pairsUp & (up << 18)
	down |= pairsDown & (down >> 18)
	up |= pairsUp & (up << 18)
	down |= pairsDown & (down >> 18)
	moves |= up<<9 | down>>9

	return moves &^ (p | o)
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
// of zero means the move is not legal. sq is taken modulo 64 (so that the
// compiler can drop the bounds check): callers must not pass Pass. Like
// Moves, it runs the AVX2 assembly when the CPU has it and otherwise
// flipsPortable, the reference, in one call that inlines.
func Flips(p, o uint64, sq int) uint64 { return flips(p, o, sq) }

// FlipsReplies returns Flips(p, o, sq) and the moves of the opponent in the
// position after the move, Moves(o^flips, p|flips|1<<sq), in one call: a
// move ordering that counts the replies of every move (fastest first)
// needs both, and the assembly then loads its constants once and calls
// once. Like Flips it does not check that sq is a move.
func FlipsReplies(p, o uint64, sq int) (flips, replies uint64) { return flipsReplies(p, o, sq) }

// flipsRepliesPortable is FlipsReplies in portable Go.
func flipsRepliesPortable(p, o uint64, sq int) (flips, replies uint64) {
	f := flipsPortable(p, o, sq)
	return f, movesPortable(o^f, p|f|1<<(sq&63))
}

// flipsPortable is Flips in portable Go.
func flipsPortable(p, o uint64, sq int) uint64 {
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
	f := ray & (first - 1)
	if first&p == 0 { // written so that the compiler emits a conditional move
		f = 0
	}
	return f
}

// flipsDown handles a ray towards lower indices: the first square that is
// not an opponent disc is the highest bit of the ray outside o.
func flipsDown(p, o, ray uint64) uint64 {
	outflank := ray &^ o
	first := uint64(1<<63) >> bits.LeadingZeros64(outflank) // 0 when outflank is 0
	f := ray & -(first << 1)
	if first&p == 0 {
		f = 0
	}
	return f
}
