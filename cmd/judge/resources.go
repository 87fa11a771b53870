package main

// The engines' resource limits and accounting, shared by a match and a
// tournament: the flags, and what the judge does with a process's figures.

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// memoryForfeit turns the forfeit of an engine the kernel killed at its
// memory limit into a forfeit for the memory limit, keeping what the
// judge saw of its end (a closed connection, a timeout) in the detail.
func memoryForfeit(f *otp.Forfeit, limit int64) {
	if f == nil || f.Reason == otp.ForfeitMemoryLimit {
		return
	}
	saw := string(f.Reason)
	if f.Detail != "" {
		saw += " (" + f.Detail + ")"
	}
	f.Reason = otp.ForfeitMemoryLimit
	f.Detail = fmt.Sprintf("killed at --engine-memory %s; the judge saw: %s", engineproc.FormatSize(limit), saw)
}

// resourcesLine is the record's line of what a game's engines used, empty
// when the game has no figures.
func resourcesLine(rec *tournament.Record) string {
	var parts []string
	for _, e := range []struct {
		c, name string
		u       *engineproc.Usage
	}{{"black", rec.Black, rec.BlackUsage}, {"white", rec.White, rec.WhiteUsage}} {
		if e.u != nil {
			parts = append(parts, fmt.Sprintf("%s (%s): %s", e.c, e.name, e.u))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "resources: " + strings.Join(parts, "; ") + "\n"
}

// resourceOptions are the resource flags of a tournament.
type resourceOptions struct {
	limits engineproc.Limits
	// show is --show-resources: the engines' totals after the standings.
	show bool
}

// resourceFlags are the tournament's resource flags as given.
type resourceFlags struct {
	limits *engineproc.Flags
	show   *bool
}

// addResourceFlags declares the limit flags and --show-resources.
func addResourceFlags(fs *pflag.FlagSet) resourceFlags {
	lf := engineproc.AddFlags(fs)
	show := fs.Bool("show-resources", false, "after the final standings, print what each engine used over its games (CPU\ntime, thinking time, wall time, peak memory), flagging an engine that used\nmore than one core's worth of CPU over its thinking time")
	return resourceFlags{lf, show}
}

// options checks the flags' values.
func (rf resourceFlags) options() (resourceOptions, error) {
	l, err := rf.limits.Limits()
	return resourceOptions{limits: l, show: *rf.show}, err
}

// account records what the engine of colour c used in the game played,
// with its thinking time, and turns its forfeit into one for the memory
// limit if the kernel killed it there.
func (t *tourney) account(played *tournament.Played, c othello.Color, u engineproc.Usage) {
	u.ThinkMS = match.Milliseconds(played.Game.ThinkTime(c))
	t.recordUsage(played, c, u)
}

// recordUsage records what the engine of colour c used in the game
// played, its thinking time included, and turns its forfeit into one for
// the memory limit if the kernel killed it there.
func (t *tourney) recordUsage(played *tournament.Played, c othello.Color, u engineproc.Usage) {
	played.Usage[c] = &u
	if !u.MemoryLimit {
		return
	}
	if f := played.Forfeits[c]; f != nil {
		memoryForfeit(f, t.o.resources.limits.Memory)
	} else if g := &played.Game; g.Forfeit != nil && g.ForfeitBy == c {
		memoryForfeit(g.Forfeit, t.o.resources.limits.Memory)
	}
}

// writeResourceTotals prints each engine's totals (--show-resources).
func writeResourceTotals(w io.Writer, names []string, recs []tournament.Record) {
	fmt.Fprintln(w, "\nresources (summed over each engine's games)")
	if rs := tournament.ResourceTotals(names, recs); rs != nil {
		tournament.WriteResources(w, rs)
	} else {
		fmt.Fprintln(w, "no game has figures")
	}
}
