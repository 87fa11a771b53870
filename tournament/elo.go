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

// Elo returns the Elo difference implied by the tally: EloDiff of its
// score, ±Inf at 100% and 0%, 0 with no games.
func (s Score) Elo() float64 { return EloDiff(s.Fraction()) }

// tail95 is the probability each tail of a two-sided 95% interval leaves
// out.
const tail95 = 0.025

// EloInterval returns the 95% interval of the Elo difference: the exact
// (Clopper-Pearson) interval of the score, mapped through EloDiff. Its
// lower end is the score at which a result at least this good has
// probability 2.5%, its upper end the score at which one at most this
// good has; by the binomial's link to the beta distribution these are the
// 2.5% quantile of Beta(x, n-x+1) and the 97.5% quantile of Beta(x+1, n-x)
// for x points in n games. The interval is finite but for the end a score
// of 0% or 100% reaches (-Inf or +Inf), and (-Inf, +Inf) with no games.
//
// It replaces the normal approximation (score ± 1.96σ), which reaches past
// 0% or 100% with few games (7 wins in 8 gave an infinite margin) and has
// no width at all at 0% or 100%: the exact interval says what any tally
// shows. A draw counts as half a win and half a loss (x may be a half),
// which gives the interval of a game scored like a coin with the same
// mean: slightly wider than the truth when there are draws (a draw varies
// less than a coin), never narrower.
func (s Score) EloInterval() (lo, hi float64) {
	n, x := float64(s.Games()), s.Points()
	pl, ph := 0.0, 1.0
	if x > 0 {
		pl = betaQuantile(tail95, x, n-x+1)
	}
	if x < n {
		ph = betaQuantile(1-tail95, x+1, n-x)
	}
	return EloDiff(pl), EloDiff(ph)
}

// betaQuantile returns the p-quantile of the Beta(a, b) distribution: the
// x in [0, 1] with regularized incomplete beta I_x(a, b) = p, by
// bisection, as I_x increases with x. Sixty halvings take the interval
// below 1e-18, past a float64's precision near the quantiles used here.
func betaQuantile(p, a, b float64) float64 {
	lo, hi := 0.0, 1.0
	for range 60 {
		mid := (lo + hi) / 2
		if betaRegularized(mid, a, b) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// betaRegularized returns the regularized incomplete beta function
// I_x(a, b) (a, b > 0), the Beta(a, b) distribution's CDF at x. It uses
// the continued fraction of Abramowitz and Stegun 26.5.8, which converges
// fast for x < (a+1)/(a+b+2), and the symmetry I_x(a, b) = 1 - I_1-x(b, a)
// above it.
func betaRegularized(x, a, b float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	case x > (a+1)/(a+b+2):
		return 1 - betaRegularized(1-x, b, a)
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(a*math.Log(x) + b*math.Log1p(-x) - (la + lb - lab))
	return front * betaFraction(x, a, b) / a
}

// betaFraction evaluates the continued fraction 1/(1+ d1/(1+ d2/(1+ ...)))
// of I_x(a, b), d_2m+1 = -(a+m)(a+b+m)x / ((a+2m)(a+2m+1)) and d_2m =
// m(b-m)x / ((a+2m-1)(a+2m)), by the modified Lentz method: each step
// multiplies the value so far by a ratio that tends to 1, and it stops
// when that ratio is 1 within fractionEpsilon.
func betaFraction(x, a, b float64) float64 {
	const (
		fractionEpsilon = 1e-15 // a few ulps of 1: the value is as exact as a float64 holds
		tiny            = 1e-300
		maxTerms        = 1000 // far more than the games of any tournament need (about sqrt(n) terms)
	)
	guard := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	c, d := 1.0, 1/guard(1-(a+b)*x/(a+1))
	f := d
	for m := 1.0; m <= maxTerms; m++ {
		even := m * (b - m) * x / ((a + 2*m - 1) * (a + 2*m))
		d = 1 / guard(1+even*d)
		c = guard(1 + even/c)
		f *= c * d
		odd := -(a + m) * (a + b + m) * x / ((a + 2*m) * (a + 2*m + 1))
		d = 1 / guard(1+odd*d)
		c = guard(1 + odd/c)
		step := c * d
		f *= step
		if math.Abs(step-1) < fractionEpsilon {
			break
		}
	}
	return f
}
