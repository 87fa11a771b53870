package tournament

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestEloDiff checks the logistic conversion at points computed by hand:
// 75% is 400·log10(3) = 190.85 Elo, 64% is 400·log10(0.64/0.36) = 99.95.
func TestEloDiff(t *testing.T) {
	cases := []struct{ f, want float64 }{
		{0.5, 0},
		{0.75, 190.848501887865},
		{0.25, -190.848501887865},
		{0.64, 99.9509},
		{10.0 / 11, 400},
	}
	for _, c := range cases {
		if got := EloDiff(c.f); !near(got, c.want, 1e-3) {
			t.Errorf("EloDiff(%v) = %.4f, want %.4f", c.f, got, c.want)
		}
	}
	if !math.IsInf(EloDiff(1), 1) || !math.IsInf(EloDiff(0), -1) {
		t.Error("EloDiff at 0 and 1 should be -Inf and +Inf")
	}
}

// TestEloInterval checks the exact 95% interval against values computed
// independently with mpmath (Python, 40 digits: the Beta quantiles by
// bisection on mpmath.betainc, then 400·log10(p/(1-p))), for the tallies
// that the issue met (4/4, 7/8, 6/8, 0/4, 2/4) and others: draws make
// half points (1.5/2, 0.5/1), and larger tallies (70/100, the real run's
// 76/96).
func TestEloInterval(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		s      Score
		lo, hi float64
	}{
		{Score{Wins: 4}, -72.14978587, inf},
		{Score{Wins: 7, Losses: 1}, -18.43809582, 999.590597},
		{Score{Wins: 6, Losses: 2}, -108.1919747, 593.110604},
		{Score{Wins: 5, Draws: 2, Losses: 1}, -108.1919747, 593.110604}, // 6 points of 8 as well
		{Score{Losses: 4}, -inf, 72.14978587},
		{Score{Wins: 2, Losses: 2}, -455.9008539, 455.9008539},
		{Score{Wins: 10}, 140.2171616, inf},
		{Score{Wins: 1, Draws: 1}, -475.449719, 1465.451711},
		{Score{Wins: 2, Draws: 1, Losses: 1}, -341.6344867, 613.2218779},
		{Score{Wins: 1, Losses: 1}, -757.9408592, 757.9408592},
		{Score{Wins: 1, Losses: 3}, -878.9034966, 247.2795387},
		{Score{Draws: 1}, -1365.486763, 1365.486763},
		{Score{Wins: 60, Draws: 20, Losses: 20}, 70.57065584, 227.6538108},
		{Score{Wins: 74, Draws: 4, Losses: 18}, 144.510048, 326.9578935},
	} {
		lo, hi := c.s.EloInterval()
		if !near(lo, c.lo, 1e-4) && !(math.IsInf(c.lo, -1) && math.IsInf(lo, -1)) ||
			!near(hi, c.hi, 1e-4) && !(math.IsInf(c.hi, 1) && math.IsInf(hi, 1)) {
			t.Errorf("%+v: interval [%.6f, %.6f], want [%.6f, %.6f]", c.s, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := (Score{}).EloInterval(); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("no games: [%v, %v], want the whole line", lo, hi)
	}
	if e := (Score{Wins: 3, Draws: 1}).Elo(); !near(e, 400*math.Log10(3.5/0.5), 1e-9) {
		t.Errorf("3.5 of 4: Elo %v", e)
	}
}

// binomialTail is the slow, plain reference: the probability that a coin
// with chance p of a win wins at least x of n tosses, summed term by term.
func binomialTail(n, x int, p float64) float64 {
	sum := 0.0
	for k := x; k <= n; k++ {
		c := 1.0
		for i := range k {
			c = c * float64(n-i) / float64(i+1)
		}
		sum += c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	return sum
}

// TestEloIntervalIsClopperPearson checks every whole tally of up to 12
// games against the definition of the exact interval, without the beta
// function: the lower end is the score at which x or more wins have
// probability 2.5%, the upper end the one at which x or fewer have (found
// by bisection on the binomial sums above).
func TestEloIntervalIsClopperPearson(t *testing.T) {
	solve := func(f func(p float64) float64) float64 { // f increasing in p; its root
		lo, hi := 0.0, 1.0
		for range 100 {
			if mid := (lo + hi) / 2; f(mid) < 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		return (lo + hi) / 2
	}
	for n := 1; n <= 12; n++ {
		for x := 0; x <= n; x++ {
			lo, hi := Score{Wins: x, Losses: n - x}.EloInterval()
			if x > 0 {
				p := solve(func(p float64) float64 { return binomialTail(n, x, p) - tail95 })
				if !near(lo, EloDiff(p), 1e-6) {
					t.Errorf("%d of %d: lower end %.8f, the binomial says %.8f", x, n, lo, EloDiff(p))
				}
			}
			if x < n {
				// x or fewer wins: 1 - P(x+1 or more), falling as q rises.
				p := solve(func(q float64) float64 { return tail95 - (1 - binomialTail(n, x+1, q)) })
				if !near(hi, EloDiff(p), 1e-6) {
					t.Errorf("%d of %d: upper end %.8f, the binomial says %.8f", x, n, hi, EloDiff(p))
				}
			}
		}
	}
}
