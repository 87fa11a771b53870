package lemire

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBoundedUniform checks the range and, with a chi-square statistic,
// the uniformity of the draws; the seed is fixed, so the test is
// deterministic, and the bound is far above what a correct draw gives and
// far below what a plain modulo of a few bits would.
func TestBoundedUniform(t *testing.T) {
	src := rand.NewPCG(3, 4)
	for _, n := range []uint64{1, 2, 3, 7, 49, 362} {
		const perBin = 2000
		counts := make([]int, n)
		for range n * perBin {
			v := Bounded(src, n)
			if v < 0 || uint64(v) >= n {
				t.Fatalf("Bounded(%d) = %d, out of range", n, v)
			}
			counts[v]++
		}
		var chi2 float64
		for _, c := range counts {
			d := float64(c) - perBin
			chi2 += d * d / perBin
		}
		df := float64(n - 1)
		if limit := df + 8*math.Sqrt(2*df) + 1; chi2 > limit {
			t.Errorf("Bounded(%d): chi-square %.1f, want at most %.1f", n, chi2, limit)
		}
	}
}
