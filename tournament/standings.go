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
	// Elo is the engine's rating relative to the field (the average of its
	// opponents, weighted by games), Margin the half-width of its 95%
	// interval; both may be infinite and are then null in JSON.
	Elo    float64 `json:"-"`
	Margin float64 `json:"-"`
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
		if e := r.Faulted(); e >= 0 && e < len(st) {
			st[e].Forfeits++
		}
	}
	for i := range st {
		st[i].Elo, st[i].Margin = st[i].Score.Elo()
	}
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

// formatElo prints an Elo value, signed, with infinities spelled out.
func formatElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.Round(x) == 0:
		return "0" // not "-0" for a hair below an even score
	}
	return fmt.Sprintf("%+.0f", x)
}

// formatMargin prints a margin; an infinite one (no games, or every game
// won or lost) is "inf".
func formatMargin(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "inf"
	}
	return fmt.Sprintf("%.0f", x)
}

// WriteStandings writes the standings as an aligned table: rank, name,
// games, wins, draws, losses, points, score %, Elo relative to the field
// and its 95% margin, forfeits.
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
			s.Points(), 100*s.Fraction(), formatElo(s.Elo), formatMargin(s.Margin), s.Forfeits)
	}
	return tw.Flush()
}

// WritePairwise writes each pair's result, one line a pair that met: wins,
// draws and losses of the first, its score and the Elo difference it
// implies with its 95% margin.
func WritePairwise(w io.Writer, names []string, m [][]Score) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i := range m {
		for j := i + 1; j < len(m); j++ {
			s := m[i][j]
			if s.Games() == 0 {
				continue
			}
			d, e := s.Elo()
			fmt.Fprintf(tw, "%s vs %s\t+%d =%d -%d\t%.1f/%d\t%.1f%%\telo %s ± %s\n", names[i], names[j], s.Wins, s.Draws, s.Losses,
				s.Points(), s.Games(), 100*s.Fraction(), formatElo(d), formatMargin(e))
		}
	}
	return tw.Flush()
}
