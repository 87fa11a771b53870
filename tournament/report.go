package tournament

// What a tournament tells the people watching it: a line for each game as
// it ends, and at the end the final standings, the pairs and the
// sequential test's verdict. A single run and a merge of shards write the
// end alike.

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/match"
)

// WriteFinal writes the end of a tournament's output: the final standings
// of recs (what says how many games they are), the pairs, and the
// sequential test's verdict when test is not nil (ranOut: see
// SPRTVerdict), with what each engine used after the standings when
// showResources.
func WriteFinal(w io.Writer, names []string, recs []Record, what string, test *SPRTResult, ranOut, showResources bool) {
	fmt.Fprintf(w, "final standings (%s)\n", what)
	WriteStandings(w, Standings(names, recs))
	if showResources {
		fmt.Fprintln(w, "\nresources (summed over each engine's games)")
		if rs := ResourceTotals(names, recs); rs != nil {
			WriteResources(w, rs)
		} else {
			fmt.Fprintln(w, "no game has figures")
		}
	}
	fmt.Fprintln(w, "\npairs")
	WritePairwise(w, names, Pairwise(len(names), recs))
	if test != nil {
		fmt.Fprintf(w, "\n%s\n", SPRTVerdict(test, names, ranOut))
	}
}

// SPRTVerdict is the sequential test's last word: its parameters, the
// pairs, the ratio within its bounds, and the verdict in words, names[0]
// and names[1] being the two engines. ranOut says that every scheduled
// game was played.
func SPRTVerdict(r *SPRTResult, names []string, ranOut bool) string {
	verdict := r.Verdict
	switch {
	case r.Verdict == AcceptH1.String():
		verdict += fmt.Sprintf(" (%s is %+g Elo stronger than %s rather than %+g)", names[0], r.Elo1, names[1], r.Elo0)
	case r.Verdict == AcceptH0.String():
		verdict += fmt.Sprintf(" (%s is %+g Elo stronger than %s rather than %+g)", names[0], r.Elo0, names[1], r.Elo1)
	case ranOut:
		verdict += ": the rounds ran out first (more --rounds resume it)"
	default:
		verdict += ": stopped before the end"
	}
	p := r.Pentanomial
	return fmt.Sprintf("sprt %s: %s vs %s, %s (pentanomial %d %d %d %d %d): %s: %s",
		r.SPRT, names[0], names[1], plural.Of(p.Pairs(), "pair"), p[0], p[1], p[2], p[3], p[4], r.Short(), verdict)
}

// NeverPlayed names the engines that had games in recs but played none of
// them (every one was lost, or drawn, unplayed), each with its count of
// games: "x (2 games, all unplayed)".
func NeverPlayed(names []string, recs []Record) []string {
	games := make([]int, len(names))
	played := make([]int, len(names))
	for _, r := range recs {
		for _, e := range []int{r.BlackEngine, r.WhiteEngine} {
			if e >= 0 && e < len(names) {
				games[e]++
				if r.Played {
					played[e]++
				}
			}
		}
	}
	var out []string
	for e, n := range names {
		if games[e] > 0 && played[e] == 0 {
			out = append(out, fmt.Sprintf("%s (%s, all unplayed)", n, plural.Of(games[e], "game")))
		}
	}
	return out
}

// ProgressLine summarises a finished Othello game g for people watching:
// where it stands in the tournament (game n of total), then the line a
// match prints for a round.
func ProgressLine(r *Record, g *match.GameResult, n, total, rounds int) string {
	line := fmt.Sprintf("game %d/%d (#%d, opening %s), %s", n, total, r.Game, r.Opening, match.ProgressLine(g, rounds))
	if r.ForfeitBy == "both" {
		line += " [both forfeit]"
	}
	return line
}

// GameProgressLine is ProgressLine for a game other than Othello: where
// it stands in the tournament, the programs, the outcome, its plies and
// time, and the forfeit.
func GameProgressLine(r *Record, n, total, rounds int) string {
	line := fmt.Sprintf("game %d/%d (#%d, opening %s), round %d/%d: %s (black) vs %s (white): %s",
		n, total, r.Game, r.Opening, r.Round, rounds, r.Black, r.White, r.Outcome)
	if r.Played {
		line += fmt.Sprintf(", %d plies, %v", len(strings.Fields(r.Moves)), time.Duration(r.DurationMS*float64(time.Millisecond)).Round(time.Millisecond))
	} else {
		line += ", not played (" + r.Note + ")"
	}
	switch {
	case r.ForfeitBy == "both":
		line += " [both forfeit]"
	case r.Forfeit != nil:
		line += fmt.Sprintf(" [%s: %s]", r.ForfeitBy, r.Forfeit.Reason)
	}
	return line
}

// ResourcesLine is the line of a game's text record that says what its
// engines used, empty when the game has no figures.
func (r *Record) ResourcesLine() string {
	var parts []string
	for _, e := range []struct {
		c, name string
		u       *engineproc.Usage
	}{{"black", r.Black, r.BlackUsage}, {"white", r.White, r.WhiteUsage}} {
		if e.u != nil {
			parts = append(parts, fmt.Sprintf("%s (%s): %s", e.c, e.name, e.u))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "resources: " + strings.Join(parts, "; ") + "\n"
}
