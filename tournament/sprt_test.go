package tournament

import (
	"math"
	"strings"
	"testing"
)

// refMaxLogLikelihood is a slow reference for the test: the largest
// Σ q_i log P_i over the distributions P of the five pair outcomes whose
// expected score per game is s, found directly on the distributions (no
// Lagrange multiplier, no root): P is parametrized by its three middle
// cells, the two end cells following from Σ P = 1 and Σ P_i x_i = s
// (P_4 = s - ¼P_1 - ½P_2 - ¾P_3, P_0 = the rest), and each of the three
// is maximized in turn, nested, by golden-section search over the range
// that keeps every cell non-negative. The objective is concave and so is
// its maximum over the inner cells, so each search finds the maximum.
func refMaxLogLikelihood(q [5]float64, s float64) float64 {
	f := func(p1, p2, p3 float64) float64 {
		p4 := s - 0.25*p1 - 0.5*p2 - 0.75*p3
		p0 := 1 - p1 - p2 - p3 - p4
		ll := 0.0
		for i, p := range [5]float64{p0, p1, p2, p3, p4} {
			if p <= 0 {
				return math.Inf(-1)
			}
			ll += q[i] * math.Log(p)
		}
		return ll
	}
	over := func(hi float64, g func(float64) float64) float64 {
		return goldenMax(0, math.Max(hi, 0), g)
	}
	return over(math.Min(s/0.25, (1-s)/0.75), func(p1 float64) float64 {
		return over(math.Min((s-0.25*p1)/0.5, (1-s-0.75*p1)/0.5), func(p2 float64) float64 {
			return over(math.Min((s-0.25*p1-0.5*p2)/0.75, (1-s-0.75*p1-0.5*p2)/0.25), func(p3 float64) float64 {
				return f(p1, p2, p3)
			})
		})
	})
}

// goldenMax returns the maximum of a concave g on [lo, hi] by golden-section
// search: 48 steps narrow the interval to 1e-10 of its width, and near a
// maximum the value errs by the square of that.
func goldenMax(lo, hi float64, g func(float64) float64) float64 {
	const r = 0.6180339887498949
	a, b := lo, hi
	c, d := b-r*(b-a), a+r*(b-a)
	gc, gd := g(c), g(d)
	for range 48 {
		if gc >= gd {
			b, d, gd = d, c, gc
			c = b - r*(b-a)
			gc = g(c)
		} else {
			a, c, gc = c, d, gd
			d = a + r*(b-a)
			gd = g(d)
		}
	}
	return math.Max(gc, gd)
}

// refLLR is the LLR from refMaxLogLikelihood: N times the difference of the
// two constrained maxima, with the same prior for outcomes never seen.
func refLLR(t SPRT, p Pentanomial) float64 {
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
	s0, s1 := 1/(1+math.Pow(10, -t.Elo0/400)), 1/(1+math.Pow(10, -t.Elo1/400))
	return float64(p.Pairs()) * (refMaxLogLikelihood(q, s1) - refMaxLogLikelihood(q, s0))
}

// The LLR agrees with the direct maximization of the likelihood on varied
// counts: balanced, lopsided either way, with outcomes never seen.
func TestSPRTLLRAgainstReference(t *testing.T) {
	tests := []SPRT{
		{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05},
		{Elo0: -5, Elo1: 5, Alpha: 0.05, Beta: 0.1},
		{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05},
	}
	counts := []Pentanomial{
		{10, 20, 40, 20, 10},
		{1, 5, 30, 25, 9},
		{12, 25, 30, 10, 3},
		{0, 3, 10, 8, 4},
		{0, 0, 0, 0, 6},
		{3, 0, 0, 0, 0},
		{2, 0, 5, 0, 7},
		{1, 0, 0, 0, 0},
		{0, 1, 2, 1, 0},
	}
	for _, sp := range tests {
		for _, p := range counts {
			got, want := sp.LLR(p), refLLR(sp, p)
			if !near(got, want, 1e-6*math.Max(1, math.Abs(want))) {
				t.Errorf("%v LLR(%v) = %.9f, the direct maximization gives %.9f", sp, p, got, want)
			}
		}
	}
}

// Where every pair is won 2-0 or lost 0-2, the pairs are coin flips
// between two outcomes, and the LLR is Wald's for a binomial, computed by
// hand: with s0 = 0.5 (0 Elo) and s1 = 1/(1+10^(-200/400)) = 0.759747
// (200 Elo), 30 pairs won and 10 lost give
// 30·ln(0.759747/0.5) + 10·ln(0.240253/0.5) = 12.5514 - 7.3291 = 5.2223.
// The prior for the three outcomes never seen moves it by well under 0.01.
func TestSPRTLLRWaldBinomial(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	if got := sp.LLR(Pentanomial{10, 0, 0, 0, 30}); !near(got, 5.2223, 0.01) {
		t.Errorf("LLR of 30 pairs won and 10 lost = %.4f, want about 5.2223", got)
	}
	if got := sp.LLR(Pentanomial{}); got != 0 {
		t.Errorf("LLR of no pairs = %v, want 0", got)
	}
}

// Near H0 and H1 close together, the LLR approaches the normal
// approximation N·(s1-s0)·(2m - s0 - s1)/(2σ²), m and σ² being the mean and
// variance of a pair's score per game: an independent formula that many
// tools use. For the counts {20, 60, 140, 60, 20} (300 pairs, mean 0.5,
// σ² = (20·0.25 + 60·0.0625)·2/300 = 0.058333) and 0 vs +5 Elo
// (s1 - s0 = 0.0071951): 300·0.0071951·(-0.0071951)/(2·0.058333) =
// -0.13312.
func TestSPRTLLRNormalApproximation(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if got := sp.LLR(Pentanomial{20, 60, 140, 60, 20}); !near(got, -0.13312, 0.0005) {
		t.Errorf("LLR = %.5f, want about -0.13312", got)
	}
	// Shifted towards H1, the same formula with m and σ² from the counts.
	p := Pentanomial{17, 57, 142, 63, 21}
	m, v := 0.0, 0.0
	for i, c := range p {
		m += float64(c) * pairScore[i]
	}
	m /= float64(p.Pairs())
	for i, c := range p {
		v += float64(c) * (pairScore[i] - m) * (pairScore[i] - m)
	}
	v /= float64(p.Pairs())
	s0, s1 := 0.5, 1/(1+math.Pow(10, -5.0/400))
	approx := float64(p.Pairs()) * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
	if got := sp.LLR(p); !near(got, approx, 0.01*math.Abs(approx)) {
		t.Errorf("LLR = %.5f, the normal approximation gives %.5f", got, approx)
	}
}

// Wald's bounds, by hand: ln(0.05/0.95) = -2.944439 and ln(0.95/0.05) =
// 2.944439; with alpha 0.05 and beta 0.1, ln(0.1/0.95) = -2.251292 and
// ln(0.9/0.05) = 2.890372.
func TestSPRTBoundsAndVerdict(t *testing.T) {
	for _, c := range []struct {
		sp     SPRT
		lo, hi float64
	}{
		{SPRT{Alpha: 0.05, Beta: 0.05}, -2.944439, 2.944439},
		{SPRT{Alpha: 0.05, Beta: 0.1}, -2.251292, 2.890372},
	} {
		lo, hi := c.sp.Bounds()
		if !near(lo, c.lo, 1e-6) || !near(hi, c.hi, 1e-6) {
			t.Errorf("%v bounds [%.6f, %.6f], want [%.6f, %.6f]", c.sp, lo, hi, c.lo, c.hi)
		}
		for llr, want := range map[float64]Verdict{0: Undecided, c.hi: AcceptH1, c.hi + 1: AcceptH1, c.lo - 1e-9: AcceptH0, c.lo + 0.01: Undecided} {
			if got := c.sp.Decide(llr); got != want {
				t.Errorf("%v: Decide(%v) = %v, want %v", c.sp, llr, got, want)
			}
		}
	}
}

func TestParseSPRT(t *testing.T) {
	for in, want := range map[string]SPRT{
		"elo0=0,elo1=10,alpha=0.05,beta=0.05": {0, 10, 0.05, 0.05},
		"elo1=5 elo0=-5":                      {-5, 5, 0.05, 0.05},
		"elo0=0, elo1=200, beta=0.1":          {0, 200, 0.05, 0.1},
	} {
		got, err := ParseSPRT(in)
		if err != nil || got != want {
			t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v", in, got, err, want)
		}
		if again, err := ParseSPRT(got.String()); err != nil || again != got {
			t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v back", got.String(), again, err, got)
		}
	}
	for in, want := range map[string]string{
		"":                                  "want elo0= and elo1=",
		"elo0=0":                            "want elo0= and elo1=",
		"elo0=10,elo1=0":                    "not below",
		"elo0=0,elo1=10,alpha=0":            "between 0 and 1",
		"elo0=0,elo1=10,beta=1.5":           "between 0 and 1",
		"elo0=0,elo1=10,alpha=0.6,beta=0.5": "sum to less than 1",
		"elo0=0,elo1=x":                     "want a number",
		"elo0=0,elo1=NaN":                   "want a number",
		"elo0=0,elo1=10,gamma=1":            "want elo0, elo1, alpha or beta",
		"elo0=0,elo1=10,elo1=20":            "given twice",
		"elo0 0":                            "key=value",
	} {
		if _, err := ParseSPRT(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSPRT(%q) error %v, want one with %q", in, err, want)
		}
	}
}

// Pairs are the two games of a round between the two engines; a round
// with one game recorded is not a pair yet.
func TestCountPairs(t *testing.T) {
	g := func(game, round, b, w, winner int) Record {
		return Record{Game: game, Round: round, BlackEngine: b, WhiteEngine: w, Winner: winner}
	}
	recs := []Record{
		g(1, 1, 0, 1, 0), g(2, 1, 1, 0, 0), // 2 points for engine 0
		g(3, 2, 0, 1, -1), g(4, 2, 1, 0, 1), // ½
		g(5, 3, 0, 1, 1), g(6, 3, 1, 0, -1), // ½
		g(7, 4, 0, 1, -1), g(8, 4, 1, 0, 0), // 1½
		g(9, 5, 0, 1, 1), g(10, 5, 1, 0, 1), // 0
		g(11, 6, 0, 1, 0), // half a pair
		g(12, 6, 0, 2, 0), // another engine
	}
	if got, want := CountPairs(recs, 0, 1), (Pentanomial{1, 2, 0, 1, 1}); got != want {
		t.Errorf("CountPairs = %v, want %v", got, want)
	}
	if got, want := CountPairs(recs, 1, 0), (Pentanomial{1, 1, 0, 2, 1}); got != want {
		t.Errorf("CountPairs from engine 1's side = %v, want %v", got, want)
	}
}
