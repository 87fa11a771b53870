package tournament

import (
	"math"
)

// Score is a win/draw/loss tally from one player's side.
type Score struct {
	Wins, Draws, Losses int
}

// Games returns the number of games in the tally.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Points returns wins plus half the draws.
func (s Score) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Fraction returns the points per game, 0..1 (0.5 for no games).
func (s Score) Fraction() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return s.Points() / float64(n)
}

// EloDiff converts an expected score (0 < f < 1) into an Elo difference
// with the logistic model: f = 1 / (1 + 10^(-d/400)). It is ±Inf at 0 and 1.
func EloDiff(f float64) float64 {
	switch {
	case f <= 0:
		return math.Inf(-1)
	case f >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/f-1)
}

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Elo returns the Elo difference implied by the tally and the half-width of
// its 95% confidence interval. The interval comes from the standard
// deviation of the mean per-game result (each game scoring 1, 0.5 or 0),
// mapped through EloDiff at mean ± 1.96σ, as cutechess-cli and most rating
// tools report it. With no games, or a score of 0% or 100%, the difference
// or the margin is infinite; callers print those as such.
func (s Score) Elo() (diff, margin float64) {
	n := float64(s.Games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	f := s.Fraction()
	variance := (float64(s.Wins)*(1-f)*(1-f) + float64(s.Draws)*(0.5-f)*(0.5-f) + float64(s.Losses)*f*f) / n
	sigma := math.Sqrt(variance / n)
	lo, hi := f-z95*sigma, f+z95*sigma
	return EloDiff(f), (EloDiff(hi) - EloDiff(lo)) / 2
}

// tail95 is the probability each tail of a two-sided 95% interval leaves
// out.
const tail95 = 0.025

// EloBound returns, for a tally whose Elo is infinite because every game
// was won (or every game lost), the finite end of its 95% interval: a
// lower bound on the Elo difference (an upper bound when all were lost),
// and false for any other tally. The normal approximation behind the
// margin of Elo has no width at 0% or 100%, so this uses the exact
// (Clopper-Pearson) interval of a binomial proportion, which for n wins in
// n games reaches down to the score p where winning them all has
// probability p^n = 2.5%: p = 0.025^(1/n). It says what the games do show
// (10 wins in 10: more than +140) where the rating itself cannot be
// printed. Draws are half a win and half a loss here as everywhere, so a
// tally with a draw has a finite Elo and no bound.
func (s Score) EloBound() (float64, bool) {
	n := s.Games()
	switch {
	case n == 0:
		return 0, false
	case s.Wins == n:
		return EloDiff(math.Pow(tail95, 1/float64(n))), true
	case s.Losses == n:
		return EloDiff(1 - math.Pow(tail95, 1/float64(n))), true
	}
	return 0, false
}
