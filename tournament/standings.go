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
	// Elo is the Elo difference that the engine's score against its
	// opponents implies (Score.Elo), as cutechess prints it: positive
	// above 50%, negative below, +Inf at 100% and -Inf at 0%, so that its
	// sign always follows the score. Low and High are the ends of its
	// exact 95% interval (Score.EloInterval), which may be infinite too.
	// An infinite value is null in JSON.
	Elo  float64 `json:"-"`
	Low  float64 `json:"-"`
	High float64 `json:"-"`
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
	rate(st)
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

// rate sets each standing's Elo and interval from its score alone. They
// were once centred on the field's mean, which could rate an engine that
// scored 37.5% at +125 (its opponents' ratings pulling the mean down):
// a rating that contradicts the score beside it. A score says how an
// engine did against its own opponents, and that is what it is rated.
func rate(st []Standing) {
	for i := range st {
		st[i].Elo = st[i].Score.Elo()
		st[i].Low, st[i].High = st[i].Score.EloInterval()
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

// formatElo prints an Elo value, signed: "+inf" or "-inf" for a score
// of 100% or 0% (the interval beside it says what those games show), "-"
// when it says nothing (no game: NaN never arises, but would print so).
func formatElo(x float64) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.Round(x) == 0:
		return "0" // not "-0" for a hair below an even score
	}
	return fmt.Sprintf("%+.0f", x)
}

// formatInterval prints a 95% interval by its two ends, "[-18, +993]",
// an infinite end as such with an open bracket ("[-72, +inf)" for every
// game won), or "-" when it says nothing (no game: the whole line).
func formatInterval(lo, hi float64) string {
	if math.IsInf(lo, -1) && math.IsInf(hi, 1) {
		return "-"
	}
	open, closing, l, h := "[", "]", formatElo(lo), formatElo(hi)
	if math.IsInf(lo, -1) {
		open, l = "(", "-inf"
	}
	if math.IsInf(hi, 1) {
		closing, h = ")", "+inf"
	}
	return open + l + ", " + h + closing
}

// WriteStandings writes the standings as an aligned table: rank, name,
// games, wins, draws, losses, points, score %, the Elo difference the score
// implies and its 95% interval, forfeits. An engine without games has "-"
// for both.
func WriteStandings(w io.Writer, st []Standing) error {
	// Numbers align right; names, padded to one width, read left-aligned.
	width := len("name")
	for _, s := range st {
		width = max(width, len(s.Name))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "rank\t%-*s\tgames\twins\tdraws\tlosses\tpoints\tscore\telo\t95%% interval\tforfeits\t\n", width, "name")
	for i, s := range st {
		elo := formatElo(s.Elo)
		if s.Games() == 0 {
			elo = "-"
		}
		fmt.Fprintf(tw, "%d\t%-*s\t%d\t%d\t%d\t%d\t%.1f\t%.1f%%\t%s\t%s\t%d\t\n", i+1, width, s.Name, s.Games(), s.Wins, s.Draws, s.Losses,
			s.Points(), 100*s.Fraction(), elo, formatInterval(s.Low, s.High), s.Forfeits)
	}
	return tw.Flush()
}

// WritePairwise writes each pair's result, one line a pair that met: wins,
// draws and losses of the first, its score and the Elo difference it
// implies with its 95% interval ("elo +338 [-18, +993]"; "elo +inf [-72,
// +inf)" when every game went the first's way).
func WritePairwise(w io.Writer, names []string, m [][]Score) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range PairResults(m) {
		elo := "elo " + formatElo(p.Elo()) + " " + formatInterval(p.EloInterval())
		fmt.Fprintf(tw, "%s vs %s\t+%d =%d -%d\t%.1f/%d\t%.1f%%\t%s\n", names[p.A], names[p.B], p.Wins, p.Draws, p.Losses,
			p.Points(), p.Games(), 100*p.Fraction(), elo)
	}
	return tw.Flush()
}
