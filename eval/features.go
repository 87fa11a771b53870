package eval

// This file holds the hot path: the pattern indices of a position. Every
// evaluation calls features once, so it is written for speed; changes must
// keep TestFeaturesMatchReference green (a slow reader of squares one by
// one) and be measured with BenchmarkFeatures and BenchmarkEval before and
// after.

import (
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

// ternary[b] is the base-3 number whose digit i is bit i of b (0 or 1), for
// the up to 10 bits of a pattern. The index of a pattern is then
// ternary[own] + 2*ternary[opponent]: digit 0 for an empty square, 1 for the
// side to move, 2 for the opponent. Computed once, then read-only.
var ternary = func() (t [1 << maxSquares]uint32) {
	for b := range t {
		v, p := uint32(0), uint32(1)
		for i := 0; i < maxSquares; i++ {
			if b>>i&1 != 0 {
				v += p
			}
			p *= 3
		}
		t[b] = v
	}
	return t
}()

// The eight images of a board under the board's symmetries, numbered as
// othello.TransformBits numbers them: bit 0 mirrors the columns, bit 1 the
// rows, bit 2 flips along the a1-h8 diagonal (last). They are written out
// here, rather than called through othello.TransformBits, so that they
// inline with constant arguments.

// mirrorColumns mirrors the columns: a1 swaps with h1.
func mirrorColumns(b uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	b = b>>1&k1 | b&k1<<1
	b = b>>2&k2 | b&k2<<2
	return b>>4&k4 | b&k4<<4
}

// flipDiagonal mirrors along the a1-h8 diagonal: row r, column c goes to row
// c, column r.
func flipDiagonal(b uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (b ^ b<<28)
	b ^= t ^ t>>28
	t = k2 & (b ^ b<<14)
	b ^= t ^ t>>14
	t = k1 & (b ^ b<<7)
	return b ^ t ^ t>>7
}

// images holds a bitboard's eight symmetric images; images[k] is
// othello.TransformBits(b, k).
type images [othello.Symmetries]uint64

// transform fills im with the images of b.
func (im *images) transform(b uint64) {
	h := mirrorColumns(b)
	im[0] = b
	im[1] = h
	im[2] = bits.ReverseBytes64(b)
	im[3] = bits.ReverseBytes64(h)
	im[4] = flipDiagonal(b)
	im[5] = flipDiagonal(h)
	im[6] = flipDiagonal(im[2])
	im[7] = flipDiagonal(im[3])
}

// The gathers below read a pattern in its base orientation (patterns.go
// lists the squares) and pack its squares, in the listed order, into the low
// bits of the result. On an image of the board they read the pattern's
// other instances.

// gatherCorner33 packs a1 b1 c1 a2 b2 c2 a3 b3 c3.
func gatherCorner33(b uint64) uint64 { return b&0x7 | b>>5&0x38 | b>>10&0x1c0 }

// gatherCorner25 packs a1 b1 c1 d1 e1 a2 b2 c2 d2 e2.
func gatherCorner25(b uint64) uint64 { return b&0x1f | b>>3&0x3e0 }

// gatherEdge2X packs a1..h1, then b2 and g2 (the X squares).
func gatherEdge2X(b uint64) uint64 { return b&0xff | b>>1&0x100 | b>>5&0x200 }

// gatherDiagonal packs the squares of mask, which holds at most one square
// per column, by column: multiplying by a 1 in every byte adds the eight
// rows together into the top byte without carries (every set bit lands on a
// different bit), and shift keeps the columns of the pattern.
func gatherDiagonal(b, mask uint64, shift uint) uint64 {
	return (b & mask) * 0x0101010101010101 >> shift
}

// Masks of the diagonal patterns in their base orientation, each starting
// on the first row and running up-right to the last column.
const (
	maskDiag8 = 0x8040201008040201 // a1..h8
	maskDiag7 = 0x0080402010080402 // b1..h7
	maskDiag6 = 0x0000804020100804 // c1..h6
	maskDiag5 = 0x0000008040201008 // d1..h5
	maskDiag4 = 0x0000000080402010 // e1..h4
)

// features fills f with the raw weight offset of every pattern instance of
// the position (own discs p, opponent discs o), in the order of instances:
// the offset of the instance's class plus its base-3 index.
func features(p, o uint64, f *[NumInstances]uint32) {
	var P, O images
	P.transform(p)
	O.transform(o)
	idx := func(pb, ob uint64) uint32 { return ternary[pb&1023] + 2*ternary[ob&1023] }

	// Corners 3x3, read on images 0..3 (the four corners).
	f[0] = offCorner33 + idx(gatherCorner33(P[0]), gatherCorner33(O[0]))
	f[1] = offCorner33 + idx(gatherCorner33(P[1]), gatherCorner33(O[1]))
	f[2] = offCorner33 + idx(gatherCorner33(P[2]), gatherCorner33(O[2]))
	f[3] = offCorner33 + idx(gatherCorner33(P[3]), gatherCorner33(O[3]))
	// Corners 2x5, on all eight images (each corner, along both edges).
	for k := 0; k < 8; k++ {
		f[4+k] = offCorner25 + idx(gatherCorner25(P[k]), gatherCorner25(O[k]))
	}
	// Edges with X squares and rows 2, 3, 4, on images 0, 2, 4, 5 (the
	// first and last row, the first and last column).
	for j, k := range [4]int{0, 2, 4, 5} {
		pk, ok := P[k], O[k]
		f[12+j] = offEdge2X + idx(gatherEdge2X(pk), gatherEdge2X(ok))
		f[16+j] = offRow2 + idx(pk>>8&0xff, ok>>8&0xff)
		f[20+j] = offRow3 + idx(pk>>16&0xff, ok>>16&0xff)
		f[24+j] = offRow4 + idx(pk>>24&0xff, ok>>24&0xff)
	}
	// The two long diagonals, on images 0 and 1.
	f[28] = offDiag8 + idx(gatherDiagonal(P[0], maskDiag8, 56), gatherDiagonal(O[0], maskDiag8, 56))
	f[29] = offDiag8 + idx(gatherDiagonal(P[1], maskDiag8, 56), gatherDiagonal(O[1], maskDiag8, 56))
	// Shorter diagonals, on images 0, 1, 4, 5.
	for j, k := range [4]int{0, 1, 4, 5} {
		pk, ok := P[k], O[k]
		f[30+j] = offDiag7 + idx(gatherDiagonal(pk, maskDiag7, 57), gatherDiagonal(ok, maskDiag7, 57))
		f[34+j] = offDiag6 + idx(gatherDiagonal(pk, maskDiag6, 58), gatherDiagonal(ok, maskDiag6, 58))
		f[38+j] = offDiag5 + idx(gatherDiagonal(pk, maskDiag5, 59), gatherDiagonal(ok, maskDiag5, 59))
		f[42+j] = offDiag4 + idx(gatherDiagonal(pk, maskDiag4, 60), gatherDiagonal(ok, maskDiag4, 60))
	}
}
