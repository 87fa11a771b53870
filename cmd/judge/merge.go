package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/tournament"
	"github.com/tcgothello/mcts/tournament/director"
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
	inputs, err := tournament.ReadMergeInputs(o.files)
	if err != nil {
		return fail(2, err)
	}
	for _, in := range inputs {
		if in.Cut {
			fmt.Fprintf(stderr, "judge tournament merge: %s: its last line is cut short (its judge was stopped while writing it): that game is dropped, and listed as missing unless another file has it\n", in.Name)
		}
	}
	// The inputs are of one tournament, and so of one game (Merge
	// refuses others): the first names it.
	m, err := tournament.Merge(inputs, director.Replayer(inputs[0].Header.Game))
	if err != nil {
		return fail(2, err)
	}
	if o.results != "" {
		if err := tournament.CheckMergeOutput(o.results, o.files, m.Header.Fingerprint); err != nil {
			return fail(2, err)
		}
	}
	names := m.Header.Names()
	counted, test, complete := m.Counted()
	what := fmt.Sprintf("%d of %d games", len(counted), len(m.Schedule))
	if !complete {
		what += fmt.Sprintf(", INCOMPLETE: %s missing", countOf(len(m.Missing), "game"))
	}
	tournament.WriteFinal(stdout, names, counted, what, test, complete && len(counted) == len(m.Schedule), o.showResources)

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
		if err := s.WriteFile(o.jsonFile); err != nil {
			return fail(1, err)
		}
	}
	if absent := tournament.NeverPlayed(names, counted); len(absent) > 0 {
		fmt.Fprintf(stderr, "judge tournament merge: never played a game: %s\n", strings.Join(absent, ", "))
		return 1
	}
	if !complete {
		return 1
	}
	return 0
}
