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

// TestEloMargin checks the 95% margin against a hand computation.
// 60 wins, 20 draws, 20 losses: f = 0.7; per-game variance
// (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, σ = sqrt(0.16/100) = 0.04;
// bounds 0.7 ± 1.96·0.04 = 0.621601, 0.778399; Elo 86.22 and 218.25;
// margin (218.25 - 86.22)/2 = 66.01; diff 400·log10(0.7/0.3) = 147.19.
func TestEloMargin(t *testing.T) {
	s := Score{Wins: 60, Draws: 20, Losses: 20}
	diff, margin := s.Elo()
	if !near(diff, 147.1906, 1e-3) {
		t.Errorf("diff = %.4f, want 147.1906", diff)
	}
	lo, hi := 0.7-z95*0.04, 0.7+z95*0.04
	want := (400*math.Log10(hi/(1-hi)) - 400*math.Log10(lo/(1-lo))) / 2
	if !near(margin, want, 1e-9) || !near(margin, 66.01, 0.01) {
		t.Errorf("margin = %.4f, want %.4f (about 66.01)", margin, want)
	}
	if s.Points() != 70 || s.Games() != 100 {
		t.Errorf("points %v games %d, want 70 and 100", s.Points(), s.Games())
	}
	// An even score with only draws has no variance: margin 0.
	if d, m := (Score{Draws: 10}).Elo(); d != 0 || m != 0 {
		t.Errorf("all draws: diff %v margin %v, want 0 0", d, m)
	}
	if _, m := (Score{}).Elo(); !math.IsInf(m, 1) {
		t.Errorf("no games: margin %v, want +Inf", m)
	}
}

// TestEloBound checks the bound printed for a 100% or 0% score against
// values computed by hand from the exact binomial interval: n wins in n
// games reach down to the score p with p^n = 0.025, so 10 wins give
// p = 0.025^(1/10) = 0.691503, 400·log10(0.691503/0.308497) = +140.22;
// 2 wins p = 0.158114, -290.51; 1 win p = 0.025, 400·log10(0.025/0.975)
// = -636.43; 24 wins p = 0.857526, +311.81.
func TestEloBound(t *testing.T) {
	for n, want := range map[int]float64{1: -636.4258, 2: -290.5133, 10: 140.2172, 24: 311.8052} {
		b, ok := Score{Wins: n}.EloBound()
		if !ok || !near(b, want, 1e-3) {
			t.Errorf("%d wins of %d: bound %.4f, %v; want %.4f", n, n, b, ok, want)
		}
		// At the bound, winning every game has probability 2.5%.
		if p := 1 / (1 + math.Pow(10, -b/400)); !near(math.Pow(p, float64(n)), 0.025, 1e-12) {
			t.Errorf("%d wins: score %v at the bound gives all wins a probability %v, want 0.025", n, p, math.Pow(p, float64(n)))
		}
		if lb, ok := (Score{Losses: n}).EloBound(); !ok || !near(lb, -want, 1e-3) {
			t.Errorf("%d losses of %d: bound %.4f, %v; want %.4f", n, n, lb, ok, -want)
		}
	}
	for _, s := range []Score{{}, {Draws: 3}, {Wins: 5, Draws: 1}, {Wins: 1, Losses: 1}, {Losses: 4, Draws: 1}} {
		if b, ok := s.EloBound(); ok {
			t.Errorf("%+v: bound %v, want none (its Elo is finite)", s, b)
		}
	}
}
