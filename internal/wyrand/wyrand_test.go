package wyrand

import (
	"testing"

	"github.com/tcgothello/mcts/internal/chisquare"
)

// TestBoundedUniform checks the range and the uniformity of bounded draws
// with a chi-square statistic. The seed is fixed, so the test is
// deterministic; the bound is the 99.99th percentile region, far above what
// a correct generator gives and far below what a biased one (for example a
// plain modulo of 8 random bits) would.
func TestBoundedUniform(t *testing.T) {
	r := New(12345)
	for _, n := range []uint64{1, 2, 3, 7, 10, 33, 64} {
		const perBin = 5000
		counts := make([]int, n)
		for i := uint64(0); i < n*perBin; i++ {
			v := r.Bounded(n)
			if v >= n {
				t.Fatalf("bounded(%d) = %d, out of range", n, v)
			}
			counts[v]++
		}
		if chi2, limit := chisquare.Uniform(counts); chi2 > limit {
			t.Errorf("bounded(%d): chi-square %.1f over %v bins, want at most %.1f; counts %v", n, chi2, n, limit, counts)
		}
	}
}

func TestRNGSeeding(t *testing.T) {
	a, b, c := New(1), New(1), New(2)
	same, differ := true, false
	for i := 0; i < 100; i++ {
		x, y, z := a.Next(), b.Next(), c.Next()
		same = same && x == y
		differ = differ || x != z
	}
	if !same || !differ {
		t.Errorf("seed 1 twice gave the same sequence: %v; seeds 1 and 2 differ: %v; want true, true", same, differ)
	}
}
