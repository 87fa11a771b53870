package mcts

import (
	"math"
	"math/bits"
)

// UCB1's arithmetic, from tables. Selection scores every child of every
// node on the path, and with evaluation leaves it is most of an
// iteration's time: a CPU profile of an Othello search put 55-69% of it in
// selectChild, half of that in a logarithm, a square root and two
// divisions a child. Visit counts are integers, mostly small, so their
// logarithms and inverse square roots come from tables; only the few
// nodes near the root with more visits than the tables cover pay for a
// square root.

// tableVisits is the number of visit counts the tables cover, 0 ..
// tableVisits-1. 2,048 covers nearly every node below the first few plies
// of a search of a million iterations; the two tables take 32 KiB, of
// which the hot low entries stay in the first-level cache.
const tableVisits = 1 << tableBits

// tableBits is the bit length of the largest count the tables cover.
const tableBits = 11

// sqrtLogVisits[n] is sqrt(ln n) (0 for n = 0: a parent counts as
// visited once).
var sqrtLogVisits = func() (t [tableVisits]float64) {
	for n := 2; n < tableVisits; n++ {
		t[n] = math.Sqrt(math.Log(float64(n)))
	}
	return t
}()

// invSqrtVisits[n] is 1/sqrt(n) (unused for n = 0: an unvisited child is
// taken before any score is computed).
var invSqrtVisits = func() (t [tableVisits]float64) {
	for n := 1; n < tableVisits; n++ {
		t[n] = 1 / math.Sqrt(float64(n))
	}
	return t
}()

// sqrtLogOf returns sqrt(ln n), and 0 for n <= 1. Beyond the table, ln n
// is ln(n/2^k) + k ln 2 with n/2^k in the table's upper half, truncated:
// ln n then errs by less than ln(1+1/1024), about 0.001, on a value of at
// least 7.6, which moves no choice that matters, and no logarithm is
// computed. Every iteration starts at the root, whose visits are beyond
// the table; math.Log there took 15% of a search's time.
func sqrtLogOf(n uint32) float64 {
	if n < tableVisits {
		return sqrtLogVisits[n]
	}
	k := bits.Len32(n) - tableBits
	l := sqrtLogVisits[n>>k]
	return math.Sqrt(l*l + float64(k)*math.Ln2)
}

// invSqrtOf returns 1/sqrt(n) for n >= 1.
func invSqrtOf(n uint32) float64 {
	if n < tableVisits {
		return invSqrtVisits[n]
	}
	return 1 / math.Sqrt(float64(n))
}
