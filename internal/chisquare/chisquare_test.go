package chisquare

import (
	"math"
	"testing"
)

// TestUniform checks the statistic against values worked out by hand and
// the bound on a fair and a biased set of counts.
func TestUniform(t *testing.T) {
	for _, c := range []struct {
		counts      []int
		stat, limit float64
	}{
		{[]int{10, 10, 10, 10}, 0, 3 + 8*math.Sqrt(6) + 1},
		// expected 10: (4/10 + 4/10) = 0.8
		{[]int{12, 8}, 0.8, 1 + 8*math.Sqrt(2) + 1},
		{[]int{5}, 0, 1},
	} {
		stat, limit := Uniform(c.counts)
		if math.Abs(stat-c.stat) > 1e-9 || math.Abs(limit-c.limit) > 1e-9 {
			t.Errorf("Uniform(%v) = %v, %v; want %v, %v", c.counts, stat, limit, c.stat, c.limit)
		}
	}
	// 8 bins of 1,000 draws, every draw of the last two bins folded into
	// the first two (a modulo of 6 read as 8 values): far over the bound.
	biased := []int{2000, 2000, 1000, 1000, 1000, 1000, 0, 0}
	if stat, limit := Uniform(biased); stat <= limit {
		t.Errorf("Uniform(%v) = %v, within its bound %v", biased, stat, limit)
	}
}
