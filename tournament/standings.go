package tournament

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
)

// Standing is one engine's line of the standings table.
type Standing struct {
	Engine int
	Name   string
	Score
	// Elo is the engine's rating relative to the field: the Elo its score
	// against its opponents implies, less the mean of those of the field,
	// so that the ratings sum to zero. Margin is the half-width of its 95%
	// interval. Both may be infinite and are then null in JSON.
	Elo    float64 `json:"-"`
	Margin float64 `json:"-"`
	// Bound is, when Elo is infinite (every game won or lost), the finite
	// end of its 95% interval (Score.EloBound), centred as Elo is: a lower
	// bound at 100%, an upper bound at 0%. It is what the table prints
	// ("> +140") instead of an infinite rating.
	Bound float64 `json:"-"`
	// Forfeits counts the games the engine lost by breaking a rule
	// (a crash, a timeout, an illegal move...); each is followed by a
	// fresh start.
	Forfeits int
	// White counts the games it had white, to show colour balance.
	White int
}

// Standings tallies the records of a tournament between the named engines,
// best first: by points, then by name.
func Standings(names []string, recs []Record) []Standing {
	st := make([]Standing, len(names))
	for i, n := range names {
		st[i] = Standing{Engine: i, Name: n}
	}
	for _, r := range recs {
		for _, e := range []int{r.BlackEngine, r.WhiteEngine} {
			if e < 0 || e >= len(st) {
				continue
			}
			switch r.Winner {
			case -1:
				st[e].Draws++
			case e:
				st[e].Wins++
			default:
				st[e].Losses++
			}
		}
		if e := r.WhiteEngine; e >= 0 && e < len(st) {
			st[e].White++
		}
		for _, e := range r.Faulted() {
			if e >= 0 && e < len(st) {
				st[e].Forfeits++
			}
		}
	}
	centreElo(st)
	slices.SortStableFunc(st, func(a, b Standing) int {
		if a.Points() != b.Points() {
			if a.Points() > b.Points() {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return st
}

// centreElo sets each standing's Elo from its score and shifts the finite
// ones so that they average zero over the engines that played: a score
// only says how an engine did against its own opponents, and centring
// puts every engine on one scale around the field's mean. An infinite
// rating (every game won or lost) stays infinite and is left out of the
// mean.
func centreElo(st []Standing) {
	sum, n := 0.0, 0
	for i := range st {
		st[i].Elo, st[i].Margin = st[i].Score.Elo()
		st[i].Bound, _ = st[i].Score.EloBound()
		if st[i].Games() > 0 && !math.IsInf(st[i].Elo, 0) {
			sum += st[i].Elo
			n++
		}
	}
	if n == 0 {
		return
	}
	mean := sum / float64(n)
	for i := range st {
		switch {
		case st[i].Games() == 0:
		case math.IsInf(st[i].Elo, 0):
			st[i].Bound -= mean // on the same scale as the others
		default:
			st[i].Elo -= mean
		}
	}
}

// PairResult is the result of two engines' games against each other, from
// the side of A, the lower index.
type PairResult struct {
	A, B int
	Score
}

// PairResults lists the pairs that met in m (as Pairwise returns it), in
// index order.
func PairResults(m [][]Score) []PairResult {
	var out []PairResult
	for i := range m {
		for j := i + 1; j < len(m); j++ {
			if m[i][j].Games() > 0 {
				out = append(out, PairResult{A: i, B: j, Score: m[i][j]})
			}
		}
	}
	return out
}

// Pairwise returns the score of every engine against every other: m[i][j]
// is engine i's tally in its games against engine j.
func Pairwise(n int, recs []Record) [][]Score {
	m := make([][]Score, n)
	for i := range m {
		m[i] = make([]Score, n)
	}
	for _, r := range recs {
		b, w := r.BlackEngine, r.WhiteEngine
		if b < 0 || b >= n || w < 0 || w >= n {
			continue
		}
		switch r.Winner {
		case -1:
			m[b][w].Draws++
			m[w][b].Draws++
		case b:
			m[b][w].Wins++
			m[w][b].Losses++
		default:
			m[w][b].Wins++
			m[b][w].Losses++
		}
	}
	return m
}

// formatElo prints an Elo value, signed; an infinite one (every game won
// or lost) as its bound, "> +140" or "< -140" (Score.EloBound).
func formatElo(x, bound float64) string {
	switch {
	case math.IsInf(x, 1):
		return "> " + formatElo(bound, 0)
	case math.IsInf(x, -1):
		return "< " + formatElo(bound, 0)
	case math.Round(x) == 0:
		return "0" // not "-0" for a hair below an even score
	}
	return fmt.Sprintf("%+.0f", x)
}

// formatMargin prints the margin of the rating elo: "-" when elo is
// infinite (printed as a bound, which is its own interval), "inf" when
// the interval reaches 0% or 100% (few games).
func formatMargin(elo, x float64) string {
	switch {
	case math.IsInf(elo, 0):
		return "-"
	case math.IsInf(x, 0) || math.IsNaN(x):
		return "inf"
	}
	return fmt.Sprintf("%.0f", x)
}

// WriteStandings writes the standings as an aligned table: rank, name,
// games, wins, draws, losses, points, score %, Elo relative to the field
// (centred on its mean) and its 95% margin, forfeits.
func WriteStandings(w io.Writer, st []Standing) error {
	// Numbers align right; names, padded to one width, read left-aligned.
	width := len("name")
	for _, s := range st {
		width = max(width, len(s.Name))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rank\t%-*s\tgames\twins\tdraws\tlosses\tpoints\tscore\telo\t±95%%\tforfeits\t\n", width, "name")
	for i, s := range st {
		fmt.Fprintf(tw, "%d\t%-*s\t%d\t%d\t%d\t%d\t%.1f\t%.1f%%\t%s\t%s\t%d\t\n", i+1, width, s.Name, s.Games(), s.Wins, s.Draws, s.Losses,
			s.Points(), 100*s.Fraction(), formatElo(s.Elo, s.Bound), formatMargin(s.Elo, s.Margin), s.Forfeits)
	}
	return tw.Flush()
}

// WritePairwise writes each pair's result, one line a pair that met: wins,
// draws and losses of the first, its score and the Elo difference it
// implies with its 95% margin.
func WritePairwise(w io.Writer, names []string, m [][]Score) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range PairResults(m) {
		d, e := p.Elo()
		elo := "elo " + formatElo(d, 0)
		if b, ok := p.EloBound(); ok {
			elo = "elo " + formatElo(d, b)
		} else {
			elo += " ± " + formatMargin(d, e)
		}
		fmt.Fprintf(tw, "%s vs %s\t+%d =%d -%d\t%.1f/%d\t%.1f%%\t%s\n", names[p.A], names[p.B], p.Wins, p.Draws, p.Losses,
			p.Points(), p.Games(), 100*p.Fraction(), elo)
	}
	return tw.Flush()
}
