package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/tournament"
)

// This file is judge tournament merge: it joins the results files of a
// tournament's shards (judge tournament --shard K/N) into the results of
// the whole tournament, and prints what a single run would have printed
// at its end.

// mergeOptions is the command line of judge tournament merge.
type mergeOptions struct {
	results  string // the merged results file, "" for none
	jsonFile string
	files    []string
	// showResources prints the engines' summed resources after the standings.
	showResources bool
}

const mergeUsageHead = `judge tournament merge: joins the results files of a tournament's shards (judge tournament
--shard K/N --results FILE) into one results file, and prints the final standings, the pairs and
the sequential test's verdict exactly as a single run of the whole tournament would.

Usage:
  judge tournament merge [flags] FILE...

Every FILE must come from the same tournament: the same fingerprint in its header (the mode, seed,
rounds, engines with their commands and seed flags, openings, time control and sequential test),
whatever its shard; a file of another tournament is refused, naming what differs. A game found in
two files with the same result (moves, discs, outcome, forfeits) is kept once; with different
results the merge is refused, naming both lines. Games in no file are listed on stderr and the
standings, counting the games present, say INCOMPLETE; the merged results file can be resumed by
judge tournament --results with the tournament's command line, which plays only the games missing.
With a sequential test (--sprt), the games are counted in game order up to where the test decides,
as a single run playing them one at a time stops there. The FILEs are only read, never changed.

Flags:
`

const mergeUsageTail = `
Example:
  judge tournament merge --results t.jsonl --json t.json shard-*.jsonl

Exit status: 0 when every game of the tournament is in the files, 1 when games are missing or an
engine never played a game (all its games lost unplayed; the outputs are written all the same) or
an output cannot be written, 2 on a bad command line, a FILE that cannot be read or is not a
results file, or files that cannot be merged.
`

// parseMergeOptions parses the arguments after "tournament merge". Usage
// goes to w on --help.
func parseMergeOptions(args []string, w io.Writer) (mergeOptions, error) {
	var o mergeOptions
	fs := pflag.NewFlagSet("judge tournament merge", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.StringVar(&o.results, "results", "", "write the merged results file here, replaced whole (never one of the\nFILEs, nor a file that is not a results file of this tournament)")
	fs.StringVar(&o.jsonFile, "json", "", "write the tournament's machine-readable summary to this file")
	fs.BoolVar(&o.showResources, "show-resources", false, "after the final standings, print what each engine used over its games, as\njudge tournament --show-resources does")
	help := fs.BoolP("help", "h", false, "show this help and exit")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if *help {
		fmt.Fprint(w, mergeUsageHead, fs.FlagUsages(), mergeUsageTail)
		return o, errHelp
	}
	if o.files = fs.Args(); len(o.files) == 0 {
		return o, errors.New("want one or more results FILEs to merge (see --help)")
	}
	return o, nil
}

// runMerge is judge tournament merge; it returns the exit status.
func runMerge(args []string, stdout, stderr io.Writer) int {
	o, err := parseMergeOptions(args, stdout)
	if code, ok := parsed(err, "judge tournament merge", stderr); !ok {
		return code
	}
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "judge tournament merge: %v\n", err)
		return code
	}
	inputs := make([]tournament.MergeInput, 0, len(o.files))
	for _, name := range o.files {
		data, err := os.ReadFile(name)
		if err != nil {
			return fail(2, err)
		}
		h, recs, err := tournament.ReadResults(bytes.NewReader(data))
		if err != nil {
			return fail(2, fmt.Errorf("%s: %w", name, err))
		}
		inputs = append(inputs, tournament.MergeInput{Name: name, Header: h, Records: recs})
	}
	m, err := tournament.Merge(inputs)
	if err != nil {
		return fail(2, err)
	}
	if o.results != "" {
		if err := checkMergeOutput(o.results, o.files, m.Header.Fingerprint); err != nil {
			return fail(2, err)
		}
	}
	names := m.Header.Names()
	counted, test, complete := m.Records, (*tournament.SPRTResult)(nil), len(m.Missing) == 0
	if t := m.Header.SPRTTest; t != nil {
		// A single run plays in game order and stops where the test
		// decides: count the games up to there, if no game before is
		// missing.
		prefix := counted
		if len(m.Missing) > 0 {
			prefix = counted[:countBefore(counted, m.Missing[0])]
		}
		n := t.SequentialCut(prefix, 0, 1)
		if r := t.Result(tournament.CountPairs(prefix[:n], 0, 1)); r.Decided() {
			counted, complete = prefix[:n], true
		}
		r := t.Result(tournament.CountPairs(counted, 0, 1))
		test = &r
	}
	what := fmt.Sprintf("%d of %d games", len(counted), len(m.Schedule))
	if !complete {
		what += fmt.Sprintf(", INCOMPLETE: %s missing", countOf(len(m.Missing), "game"))
	}
	writeFinal(stdout, names, counted, what, test, complete && len(counted) == len(m.Schedule), o.showResources)

	fmt.Fprintf(stderr, "judge tournament merge: %s, %s of %d, %s dropped\n", countOf(len(o.files), "file"),
		countOf(len(m.Records), "game"), len(m.Schedule), countOf(m.Duplicates, "identical duplicate"))
	if len(m.Missing) > 0 {
		fmt.Fprintf(stderr, "judge tournament merge: missing %s: %s\n", countOf(len(m.Missing), "game"), tournament.FormatGames(m.Missing))
	}
	if len(counted) < len(m.Records) && len(counted) > 0 {
		fmt.Fprintf(stderr, "judge tournament merge: the sequential test decided after game %d: the %s after it are kept in the results but not counted, as a single run would not have played them\n",
			counted[len(counted)-1].Game, countOf(len(m.Records)-len(counted), "game"))
	}
	if o.results != "" {
		if err := tournament.WriteResults(o.results, m.Header, m.Records); err != nil {
			return fail(1, err)
		}
	}
	if o.jsonFile != "" {
		s := tournament.NewSummary(m.Header, counted, complete, time.Now())
		s.SPRT = test
		if err := writeJSON(o.jsonFile, s); err != nil {
			return fail(1, err)
		}
	}
	if absent := neverPlayed(names, counted); len(absent) > 0 {
		fmt.Fprintf(stderr, "judge tournament merge: never played a game: %s\n", strings.Join(absent, ", "))
		return 1
	}
	if !complete {
		return 1
	}
	return 0
}

// countBefore returns how many of recs, sorted by game, come before game.
func countBefore(recs []tournament.Record, game int) int {
	n := 0
	for n < len(recs) && recs[n].Game < game {
		n++
	}
	return n
}

// checkMergeOutput refuses an output path that is one of the inputs, or an
// existing file that is not a results file of the tournament fingerprint
// (an earlier merge's output is replaced): a merge never changes its
// inputs, nor overwrites what it did not write.
func checkMergeOutput(path string, inputs []string, fingerprint string) error {
	out, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	for _, in := range inputs {
		if fi, err := os.Stat(in); err == nil && os.SameFile(fi, out) {
			return fmt.Errorf("--results %s is one of the files to merge: name a new file", path)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	h, _, err := tournament.ReadResults(f)
	if err != nil || h.ComputeFingerprint() != fingerprint {
		return fmt.Errorf("--results %s exists and is not a results file of this tournament: name another, or remove it", path)
	}
	return nil
}
