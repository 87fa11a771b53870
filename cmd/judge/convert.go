package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"
	"github.com/tcgothello/mcts/internal/atomicfile"
	"github.com/tcgothello/mcts/records"
)

// This file is judge convert's command line: it turns the records of
// matches and tournaments written before the judge could write GGF
// (--record-format ggf) into GGF through package records, which reads
// them and writes their games as the judge does.

// convertOptions is the command line of judge convert.
type convertOptions struct {
	to     string // the output format: only ggf
	output string // "" for stdout
	files  []string
}

const convertUsageHead = `judge convert: turns the records the judge wrote into GGF, the game format of the GGS server
and the NBoard GUI, one game a line: for records made before --record-format ggf existed, or
without it.

Usage:
  judge convert [flags] FILE...

Each FILE (- for stdin) is one of the judge's records, told apart by its content:
  - a tournament results file (judge tournament --results: JSON lines, a header then a game a line);
  - a tournament summary (judge tournament --json);
  - a match summary (judge --json);
  - a text record (judge --record or judge tournament --record, the default text format).
Every game played becomes one GGF line, in the order of the record, as --record-format ggf
writes it: PC[tcgothello judge], the date it started where the record has it (a tournament's
results file and summary do; a match's records hold only the match's start, a tournament's
text record no date), the players, RE black's disc difference (a game lost by a timeout
RE[+64.00:t] or RE[-64.00:t], by another forfeit :r), the standard start position and the
moves, the opening's included. The records hold no reply times, so the moves carry none. A
game not played (an engine never connected, or was disqualified earlier in the match) is
skipped with a note on stderr; so is the last line of a results file cut short by a judge
killed while writing it.

Every game is replayed and checked against what its record says (legal moves, discs, score,
result, forfeit): a record that is not one of the above or contradicts itself is refused with
the file and line, and then nothing is written, neither to stdout nor to --output.

Flags:
`

const convertUsageTail = `
Examples:
  judge convert results.jsonl > games.ggf
  judge convert --output games.ggf summary.json match2.txt
  ssh lab1 cat results.jsonl | judge convert - > games.ggf

Exit status: 0 when every file was converted, 1 if the output could not be written, 2 on a bad
command line or a FILE that cannot be read or is not a record of the judge.
`

// ggfFormat is the only format judge convert writes.
const ggfFormat = "ggf"

// parseConvertOptions parses judge convert's command line. Usage goes to
// w on --help.
func parseConvertOptions(args []string, w io.Writer) (convertOptions, error) {
	var o convertOptions
	fs := pflag.NewFlagSet("judge convert", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.StringVar(&o.to, "to", ggfFormat, "the output format: ggf (the only one)")
	fs.StringVarP(&o.output, "output", "o", "", "write the games to this file, replaced whole only once every FILE is\nconverted (default: stdout)")
	help := fs.BoolP("help", "h", false, "show this help and exit")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if *help {
		fmt.Fprint(w, convertUsageHead, fs.FlagUsages(), convertUsageTail)
		return o, errHelp
	}
	if o.to != ggfFormat {
		return o, fmt.Errorf("--to %q: want ggf", o.to)
	}
	if o.files = fs.Args(); len(o.files) == 0 {
		return o, errors.New("want one or more FILEs to convert (see --help)")
	}
	return o, nil
}

// runConvert is judge convert: it reads every file, then writes all their
// games at once, so that a bad file leaves nothing half-written.
func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseConvertOptions(args, stdout)
	if code, ok := parsed(err, "judge convert", stderr); !ok {
		return code
	}
	note := func(s string) { fmt.Fprintf(stderr, "judge convert: %s\n", s) }
	var games records.GGF
	for _, name := range o.files {
		data, err := readInput(name, stdin)
		if name == "-" {
			name = "stdin" // for messages
		}
		if err == nil {
			err = games.Add(name, data, note)
		}
		if err != nil {
			note(err.Error())
			return 2
		}
	}
	if err := writeOutput(o.output, games.Bytes(), stdout); err != nil {
		note(err.Error())
		return 1
	}
	note(fmt.Sprintf("%s written, %s not played skipped", countOf(games.Written, "game"), countOf(games.Skipped, "game")))
	return 0
}

// readInput reads the file name whole, or stdin for "-" (once: a second
// "-" finds it empty, which records refuses as empty).
func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// writeOutput writes data to stdout, or to the file path, which it
// replaces whole by a rename: an interrupted conversion leaves the old
// file, never a part of the new one.
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "" {
		_, err := stdout.Write(data)
		return err
	}
	return atomicfile.Write(path, data, 0o644)
}
