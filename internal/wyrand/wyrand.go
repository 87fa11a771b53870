// Package wyrand is the project's fast seeded random generator for
// playouts: the search core's (mcts.RNG is this RNG) and the random games of
// the othello package's fast path, which must draw the very same numbers,
// so both take it from here, below either of them.
package wyrand

import "math/bits"

// RNG is a wyrand generator: a Weyl sequence (the state advances by an odd
// constant, so its period is 2^64) whose value is scrambled by one 64x64->128
// bit multiplication. It is two instructions of state and passes the usual
// statistical batteries, which is all a playout needs; it is not for
// cryptography. Its layout, a single uint64 holding the state, is read and
// written by othello's assembly random game (othello/bitboard_amd64.s), which
// steps it exactly as Next and Bounded do.
type RNG struct{ s uint64 }

// Constants of the wyrand design: an odd increment and a multiplier mask.
const (
	wyIncrement = 0xa0761d6478bd642f
	wyMix       = 0xe7037ed1a0b428db
)

// New returns a generator seeded through splitmix64, so that nearby seeds
// (0, 1, 2...) start far apart in the sequence.
func New(seed uint64) RNG { return RNG{s: Mix(seed)} }

// Mix is splitmix64's finaliser, a bijective 64-bit mixing function; used
// for seeding and for folding a position into the seed.
func Mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Next returns 64 uniformly distributed bits.
func (r *RNG) Next() uint64 {
	r.s += wyIncrement
	hi, lo := bits.Mul64(r.s, r.s^wyMix)
	return hi ^ lo
}

// Bounded returns a uniform integer in [0, n) for n >= 1, without bias, by
// Lemire's multiply-and-reject method: the high half of x*n is the draw, and
// the rare x whose low half falls in the short first interval is redrawn.
// For the n <= 64 of a move list a redraw happens about once in 2^58 draws,
// so the loop costs one multiplication.
func (r *RNG) Bounded(n uint64) uint64 {
	hi, lo := bits.Mul64(r.Next(), n)
	if lo < n {
		threshold := -n % n // 2^64 mod n
		for lo < threshold {
			hi, lo = bits.Mul64(r.Next(), n)
		}
	}
	return hi
}
