// Package lemire draws unbiased bounded random integers from any
// math/rand/v2 Source, for the rules packages' random moves and layouts.
package lemire

import (
	"math/bits"
	"math/rand/v2"
)

// Bounded returns a uniform integer in [0, n) for n >= 1 from src, without
// bias, by Lemire's multiply-and-reject method: the high half of x*n is the
// draw, redrawn in the rare case the low half falls in the short interval.
func Bounded(src rand.Source, n uint64) int {
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		threshold := -n % n // 2^64 mod n
		for lo < threshold {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return int(hi)
}
