package tournament

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/tcgothello/mcts/engineproc"
)

// Resources are what each colour's engine process used in a game: absent
// from games recorded before the judge accounted them.
type Resources struct {
	BlackUsage *engineproc.Usage `json:"black_usage,omitempty"`
	WhiteUsage *engineproc.Usage `json:"white_usage,omitempty"`
}

// EngineResources is what one engine used over its games, summed.
type EngineResources struct {
	Engine int    `json:"engine"`
	Name   string `json:"name"`
	// Processes counts the engine processes whose figures are summed:
	// one a game that has them.
	Processes int `json:"processes"`
	engineproc.Usage
	// Multicore flags an engine that used more than one core's worth of
	// CPU over its thinking time (engineproc.Usage.Multicore).
	Multicore bool `json:"multicore"`
}

// ResourceTotals sums each engine's figures over the records that have
// them, in the engines' order; nil when no record has any.
func ResourceTotals(names []string, recs []Record) []EngineResources {
	out := make([]EngineResources, len(names))
	for i, n := range names {
		out[i] = EngineResources{Engine: i, Name: n}
	}
	found := false
	for _, r := range recs {
		for _, side := range []struct {
			e int
			u *engineproc.Usage
		}{{r.BlackEngine, r.BlackUsage}, {r.WhiteEngine, r.WhiteUsage}} {
			if side.u == nil || side.e < 0 || side.e >= len(out) {
				continue
			}
			found = true
			out[side.e].Processes++
			out[side.e].Add(*side.u)
		}
	}
	if !found {
		return nil
	}
	for i := range out {
		out[i].Multicore = out[i].Usage.Multicore(out[i].Processes)
	}
	return out
}

// WriteResources writes the totals as an aligned table: games with
// figures, CPU time, thinking time, their ratio, the process's wall time,
// the largest peak resident set, the games ended by the memory limit, and
// "multicore" for a flagged engine.
func WriteResources(w io.Writer, rs []EngineResources) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	width := len("name")
	for _, r := range rs {
		width = max(width, len(r.Name))
	}
	fmt.Fprintf(tw, "%-*s\tgames\tcpu s\tthink s\tcpu/think\twall s\tpeak rss MiB\tflag\t\n", width, "name")
	for _, r := range rs {
		ratio := "-"
		if r.ThinkMS > 0 {
			ratio = fmt.Sprintf("%.2f", r.CPUMS/r.ThinkMS)
		}
		flag := ""
		if r.Multicore {
			flag = "multicore"
		}
		if r.MemoryLimit {
			flag += " memory-limit"
		}
		fmt.Fprintf(tw, "%-*s\t%d\t%.3f\t%.3f\t%s\t%.3f\t%.1f\t%s\t\n", width, r.Name, r.Processes, r.CPUMS/1000, r.ThinkMS/1000,
			ratio, r.WallMS/1000, float64(r.PeakRSSKiB)/1024, flag)
	}
	return tw.Flush()
}
