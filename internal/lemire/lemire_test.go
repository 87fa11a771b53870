package lemire

import (
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/internal/chisquare"
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
		if chi2, limit := chisquare.Uniform(counts); chi2 > limit {
			t.Errorf("Bounded(%d): chi-square %.1f, want at most %.1f", n, chi2, limit)
		}
	}
}
