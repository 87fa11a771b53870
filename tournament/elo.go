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
