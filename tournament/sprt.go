package tournament

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// This file is the sequential probability ratio test that stops a match
// between two engines as soon as its games decide between two hypotheses
// on their Elo difference, as fishtest and cutechess-cli do.
//
// Why pentanomial: the games come in pairs, one opening played twice with
// the colours swapped, and the two games of a pair are not independent
// (a lopsided opening favours whoever has its good side, once each). A
// test on single games (trinomial: win, draw, loss) treats them as
// independent and misjudges the variance; a test on pairs, scored 0, ½,
// 1, 1½ or 2 points for the first engine (five outcomes: pentanomial),
// takes that correlation in. Each pair is one observation.
//
// Why the generalized SPRT: the hypotheses fix only the expected score
// (H0: elo0, H1: elo1), not the whole distribution of a pair's outcome.
// For each hypothesis the test takes the distribution closest to the
// observed one (its maximum likelihood under that expected score), and the
// log-likelihood ratio of the observations under the two: positive
// evidence for H1, negative for H0. Wald's thresholds turn the error
// rates into the bounds at which it stops.

// SPRT is a sequential probability ratio test of the first engine's Elo
// difference over the second's (logistic Elo, as the standings use):
// H0 says it is Elo0, H1 that it is Elo1 (Elo0 < Elo1). Alpha is the
// chance of accepting H1 when H0 holds, Beta of accepting H0 when H1
// holds.
type SPRT struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
}

// defaultErrorRate is the Alpha and Beta of a test that names neither:
// the 5% that fishtest and cutechess-cli users most often choose.
const defaultErrorRate = 0.05

// ParseSPRT reads a test's parameters: "elo0=A,elo1=B,alpha=X,beta=Y",
// separated by commas or spaces, in any order; elo0 and elo1 are needed,
// alpha and beta default to 0.05.
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: defaultErrorRate, Beta: defaultErrorRate}
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		key, val, ok := strings.Cut(f, "=")
		if !ok {
			return t, fmt.Errorf("%q: want key=value (elo0, elo1, alpha, beta)", f)
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return t, fmt.Errorf("%s=%s: want a number", key, val)
		}
		switch key {
		case "elo0":
			t.Elo0 = v
		case "elo1":
			t.Elo1 = v
		case "alpha":
			t.Alpha = v
		case "beta":
			t.Beta = v
		default:
			return t, fmt.Errorf("%q: want elo0, elo1, alpha or beta", key)
		}
		if seen[key] {
			return t, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return t, errors.New("want elo0= and elo1= (and optionally alpha= and beta=, default 0.05)")
	case t.Elo0 >= t.Elo1:
		return t, fmt.Errorf("elo0 %g is not below elo1 %g", t.Elo0, t.Elo1)
	case t.Alpha <= 0 || t.Alpha >= 1 || t.Beta <= 0 || t.Beta >= 1:
		return t, fmt.Errorf("alpha %g and beta %g: want each between 0 and 1", t.Alpha, t.Beta)
	case t.Alpha+t.Beta >= 1:
		return t, fmt.Errorf("alpha %g and beta %g: want them to sum to less than 1", t.Alpha, t.Beta)
	}
	return t, nil
}

// String returns the parameters as ParseSPRT reads them.
func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// Bounds returns Wald's thresholds on the log-likelihood ratio: at or below
// lower the test accepts H0, at or above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Verdict is what a test says of the games so far.
type Verdict int

// The verdicts of a test.
const (
	Undecided Verdict = iota
	AcceptH0
	AcceptH1
)

// String returns "H0 accepted", "H1 accepted" or "not decided".
func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "not decided"
}

// Decide returns the verdict of a log-likelihood ratio.
func (t SPRT) Decide(llr float64) Verdict {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Undecided
}

// Pentanomial counts pairs of games (one opening, each engine having
// black once) by the first engine's points in the pair: index k holds the
// pairs it scored k/2 points in (0, ½, 1, 1½, 2).
type Pentanomial [5]int

// Pairs returns how many pairs are counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// CountPairs counts the complete pairs of games between engines a and b in
// recs: the two games of a round between them, one with each colour, both
// recorded. A round with one game recorded (the other in progress or cut
// short) is not counted yet.
func CountPairs(recs []Record, a, b int) Pentanomial {
	type half struct {
		games  int
		points int // a's points, in halves
	}
	rounds := map[int]*half{}
	for _, r := range recs {
		if !(r.BlackEngine == a && r.WhiteEngine == b) && !(r.BlackEngine == b && r.WhiteEngine == a) {
			continue
		}
		h := rounds[r.Round]
		if h == nil {
			h = &half{}
			rounds[r.Round] = h
		}
		h.games++
		switch r.Winner {
		case a:
			h.points += 2
		case -1:
			h.points++
		}
	}
	var p Pentanomial
	for _, h := range rounds {
		if h.games == 2 {
			p[h.points]++
		}
	}
	return p
}

// sprtPrior is the number of pairs added to every outcome never seen, for
// the likelihood to have a maximum: with an outcome missing (say no pair
// lost yet), no distribution over the outcomes seen may have the mean a
// hypothesis needs, and the test would stop on the first few pairs. A
// thousandth of a pair changes the ratio by a negligible amount once a few
// pairs are in, and stops mattering once every outcome has been seen.
const sprtPrior = 1e-3

// pairScore is the first engine's score per game in a pair of each
// outcome: 0, ¼, ½, ¾, 1.
var pairScore = [5]float64{0, 0.25, 0.5, 0.75, 1}

// LLR returns the generalized log-likelihood ratio of the pairs counted in
// p, H1 over H0: the number of pairs times Σ q_i log(P1_i / P0_i), where q
// is the observed distribution of the outcomes and Pj the distribution
// closest to it (of maximum likelihood) whose expected score per game is
// the hypothesis's, sj = 1/(1 + 10^(-eloj/400)). It is 0 with no pairs.
func (t SPRT) LLR(p Pentanomial) float64 {
	n := p.Pairs()
	if n == 0 {
		return 0
	}
	var q [5]float64
	total := 0.0
	for i, c := range p {
		q[i] = float64(c)
		if c == 0 {
			q[i] = sprtPrior
		}
		total += q[i]
	}
	for i := range q {
		q[i] /= total
	}
	s0, s1 := expectedScore(t.Elo0), expectedScore(t.Elo1)
	th0, th1 := tilt(q, s0), tilt(q, s1)
	llr := 0.0
	for i := range q {
		// P_j,i = q_i / (1 + θj (x_i - sj)): the ratio needs no q.
		llr += q[i] * math.Log((1+th0*(pairScore[i]-s0))/(1+th1*(pairScore[i]-s1)))
	}
	return float64(n) * llr
}

// expectedScore is the expected score per game of an Elo difference, the
// logistic model of EloDiff.
func expectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// tilt returns θ, for which P_i = q_i / (1 + θ (x_i - s)) is the
// distribution of maximum likelihood for the observed q among those whose
// mean Σ P_i x_i is s (0 < s < 1; every q_i > 0). Maximizing Σ q_i log P_i
// under the two constraints gives that form (a Lagrange multiplier);
// θ is the root of f(θ) = Σ q_i (x_i - s) / (1 + θ (x_i - s)), which makes
// the mean s. f decreases strictly on the θ that keep every P_i positive,
// (-1/(1-s), 1/s) since the outcomes span 0..1, and runs from +∞ to -∞
// over it: bisection finds the root to the precision of a float64.
func tilt(q [5]float64, s float64) float64 {
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break // the interval is as narrow as floats go
		}
		f := 0.0
		for i := range q {
			d := pairScore[i] - s
			f += q[i] * d / (1 + mid*d)
		}
		if f > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// SPRTResult is where a test stands: its parameters, the pairs counted,
// the log-likelihood ratio and its bounds, and the verdict.
type SPRTResult struct {
	SPRT
	// Pentanomial counts the pairs by the first engine's points in them
	// (0, ½, 1, 1½, 2).
	Pentanomial Pentanomial `json:"pentanomial"`
	LLR         float64     `json:"llr"`
	Lower       float64     `json:"lower"`
	Upper       float64     `json:"upper"`
	// Verdict is "H0 accepted", "H1 accepted" or "not decided".
	Verdict string `json:"verdict"`
}

// Result returns the test's standing on the pairs counted in p.
func (t SPRT) Result(p Pentanomial) SPRTResult {
	llr := t.LLR(p)
	lower, upper := t.Bounds()
	return SPRTResult{SPRT: t, Pentanomial: p, LLR: llr, Lower: lower, Upper: upper, Verdict: t.Decide(llr).String()}
}

// Decided reports whether the test has accepted a hypothesis.
func (r SPRTResult) Decided() bool { return r.Verdict != Undecided.String() }

// Short returns the ratio and its bounds for a progress line:
// "LLR 1.23 [-2.94, 2.94]".
func (r SPRTResult) Short() string {
	return fmt.Sprintf("LLR %.2f [%.2f, %.2f]", r.LLR, r.Lower, r.Upper)
}
