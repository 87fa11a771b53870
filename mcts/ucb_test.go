package mcts

import (
	"math"
	"math/rand/v2"
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

// TestOrderedKey checks selection's integer keys against the floats'
// own order, over negative, zero, tiny and large values and random ones:
// a < b must hold exactly when orderedKey(a) < orderedKey(b).
func TestOrderedKey(t *testing.T) {
	xs := []float64{math.Inf(-1), -1e300, -2.5, -1, -math.SmallestNonzeroFloat64, 0,
		math.SmallestNonzeroFloat64, 1e-300, 0.25, 0.5, 1, 1 + 1e-15, 2, 1e300, math.Inf(1)}
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		xs = append(xs, (r.Float64()-0.5)*4)
	}
	for _, a := range xs {
		for _, b := range xs {
			if (a < b) != (orderedKey(a) < orderedKey(b)) {
				t.Fatalf("%v < %v is %v, but their keys %#x < %#x is %v", a, b, a < b, orderedKey(a), orderedKey(b), orderedKey(a) < orderedKey(b))
			}
		}
	}
	// The one difference from the floats' order: -0 sorts just below 0,
	// where the floats are equal (harmless: either may be chosen).
	if orderedKey(math.Copysign(0, -1)) >= orderedKey(0) {
		t.Error("the key of -0 is not below the key of 0")
	}
}
