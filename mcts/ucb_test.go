package mcts

import (
	"math"
	"testing"
)

// TestUCBTables checks the tables against the math package, in the tables
// and beyond their end, where sqrtLogOf approximates ln n from below by
// less than ln(1+1/1024) and must still never decrease.
func TestUCBTables(t *testing.T) {
	check := func(n uint32) {
		t.Helper()
		wantLog := math.Log(float64(max(n, 1)))
		got := sqrtLogOf(n)
		if n < tableVisits {
			if want := math.Sqrt(wantLog); math.Abs(got-want) > 1e-15*math.Max(1, want) {
				t.Fatalf("sqrtLogOf(%d) = %v, want %v", n, got, want)
			}
		} else if gotLog := got * got; gotLog > wantLog+1e-12 || gotLog < wantLog-math.Log1p(1.0/1024)-1e-12 {
			t.Fatalf("sqrtLogOf(%d)^2 = %v, want ln n = %v less at most %v", n, gotLog, wantLog, math.Log1p(1.0/1024))
		}
		if n == 0 {
			return
		}
		want := 1 / math.Sqrt(float64(n))
		if got := invSqrtOf(n); math.Abs(got-want) > 1e-15*want {
			t.Fatalf("invSqrtOf(%d) = %v, want %v", n, got, want)
		}
	}
	last := 0.0
	for n := uint32(0); n < 1<<20; n++ {
		check(n)
		if got := sqrtLogOf(n); got < last {
			t.Fatalf("sqrtLogOf(%d) = %v < sqrtLogOf(%d) = %v", n, got, n-1, last)
		}
		last = sqrtLogOf(n)
	}
	for _, n := range []uint32{1<<31 - 1, 1 << 31, math.MaxUint32} {
		check(n)
	}
}
