package othello

import "math/bits"

// The board has eight symmetries (the dihedral group of the square). They
// matter for openings: positions that are images of each other are the same
// opening, and a set of test openings should hold each only once.

// flipVertical mirrors rows: row 1 swaps with row 8.
func flipVertical(b uint64) uint64 { return bits.ReverseBytes64(b) }

// mirrorHorizontal mirrors columns: column a swaps with column h.
func mirrorHorizontal(b uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	b = b>>1&k1 | b&k1<<1
	b = b>>2&k2 | b&k2<<2
	b = b>>4&k4 | b&k4<<4
	return b
}

// flipDiagonal mirrors along the a1-h8 diagonal: (x, y) goes to (y, x).
func flipDiagonal(b uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (b ^ b<<28)
	b ^= t ^ t>>28
	t = k2 & (b ^ b<<14)
	b ^= t ^ t>>14
	t = k1 & (b ^ b<<7)
	b ^= t ^ t>>7
	return b
}

// Symmetries is the number of board symmetries, for TransformBits and
// friends: 0 is the identity.
const Symmetries = 8

// TransformBits applies symmetry k (0..7) to a bitboard: bit 0 mirrors
// columns, bit 1 mirrors rows, bit 2 flips along the a1-h8 diagonal (applied
// last).
func TransformBits(b uint64, k int) uint64 {
	if k&1 != 0 {
		b = mirrorHorizontal(b)
	}
	if k&2 != 0 {
		b = flipVertical(b)
	}
	if k&4 != 0 {
		b = flipDiagonal(b)
	}
	return b
}

// Transform applies symmetry k (0..7) to a position.
func (p Position) Transform(k int) Position {
	return Position{Player: TransformBits(p.Player, k), Opponent: TransformBits(p.Opponent, k), Turn: p.Turn}
}

// Transform applies symmetry k (0..7) to a move; Pass stays Pass.
func (m Move) Transform(k int) Move {
	if m >= Pass {
		return m
	}
	return Move(bits.TrailingZeros64(TransformBits(1<<m, k)))
}

// Canonical returns the image of p under the eight symmetries that is
// smallest (comparing Player, then Opponent), so that two positions are
// images of each other exactly when their canonical forms are equal.
func (p Position) Canonical() Position {
	best := p
	for k := 1; k < Symmetries; k++ {
		q := p.Transform(k)
		if q.Player < best.Player || q.Player == best.Player && q.Opponent < best.Opponent {
			best = q
		}
	}
	return best
}
