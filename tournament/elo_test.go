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
