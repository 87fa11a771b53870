package engine

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestBoundedUniform checks the range and the uniformity of bounded draws
// with a chi-square statistic. The seed is fixed, so the test is
// deterministic; the bound is the 99.99th percentile region, far above what
// a correct generator gives and far below what a biased one (for example a
// plain modulo of 8 random bits) would.
func TestBoundedUniform(t *testing.T) {
	r := newRNG(12345)
	for _, n := range []uint64{1, 2, 3, 7, 10, 33, 64} {
		const perBin = 5000
		counts := make([]int, n)
		for i := uint64(0); i < n*perBin; i++ {
			v := r.bounded(n)
			if v >= n {
				t.Fatalf("bounded(%d) = %d, out of range", n, v)
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
			t.Errorf("bounded(%d): chi-square %.1f over %v bins, want at most %.1f; counts %v", n, chi2, n, limit, counts)
		}
	}
}

func TestRNGSeeding(t *testing.T) {
	a, b, c := newRNG(1), newRNG(1), newRNG(2)
	same, differ := true, false
	for i := 0; i < 100; i++ {
		x, y, z := a.next(), b.next(), c.next()
		same = same && x == y
		differ = differ || x != z
	}
	if !same || !differ {
		t.Errorf("seed 1 twice gave the same sequence: %v; seeds 1 and 2 differ: %v; want true, true", same, differ)
	}
}

// TestNthBit compares nthBit with a direct scan on random bitboards.
func TestNthBit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 10000; i++ {
		b := r.Uint64() & r.Uint64() // about 16 bits set
		if i%10 == 0 {
			b = r.Uint64()
		}
		k := uint64(0)
		for sq := 0; sq < 64; sq++ {
			if b&(1<<sq) == 0 {
				continue
			}
			if got := nthBit(b, k); got != sq {
				t.Fatalf("nthBit(%#x, %d) = %d, want %d", b, k, got, sq)
			}
			k++
		}
		if k != uint64(bits.OnesCount64(b)) {
			t.Fatalf("scan found %d bits, popcount %d", k, bits.OnesCount64(b))
		}
	}
}
