// Command openings makes the balanced openings that judge tournament ships
// (tournament/openings/default.txt): every position a few plies deep,
// counted once up to the board's symmetries, scored by the engine at a
// fixed seed and playout budget, keeping those nearest an even game.
//
//	go run ./cmd/openings --plies 6 --count 24 --playouts 20000 --seed 1 -o tournament/openings/default.txt
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/internal/writable"
)

// maxPlies bounds --plies: 10 plies already give millions of positions
// to score.
const maxPlies = 10

// usage and usageEnd frame the flags in --help.
const (
	usage = `openings: make balanced Othello openings for judge tournament.

Usage:
  openings [flags]

Enumerates every position --plies plies deep, each counted once up to the board's symmetries,
scores each with the engine (UCT at a fixed --seed and --playouts budget), and writes the --count
positions nearest an even game, one a line as the moves from the start position, with a header saying how they were
made. The shipped tournament/openings/default.txt is

  go run ./cmd/openings --plies 6 --count 24 --playouts 20000 --seed 1 -o tournament/openings/default.txt

Progress goes to stderr.

Flags:
`
	usageEnd = `
Exit status: 0 when the file is written, 1 if the scoring or the writing fails, 2 on a bad
command line.
`
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the whole program; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "openings: internal error: %v\n", p)
			code = 1
		}
	}()
	fs := pflag.NewFlagSet("openings", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {} // --help is printed below, on stdout
	fs.SetOutput(io.Discard)
	plies := fs.Int("plies", 6, fmt.Sprintf("length of the openings in plies (1..%d)", maxPlies))
	count := fs.Int("count", 24, "number of openings to keep, 1 or more")
	playouts := fs.Int64("playouts", 20000, "playout budget of the search that scores each position, 1 or more")
	seed := fs.Uint64("seed", 1, "the engine's seed: the same seed and budget give the same file")
	out := fs.StringP("output", "o", "", "file to write (default: stdout)")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprint(stdout, usage+fs.FlagUsagesWrapped(100)+usageEnd)
		return 0
	case err != nil:
	case *plies < 1 || *plies > maxPlies:
		err = fmt.Errorf("--plies %d: want 1..%d", *plies, maxPlies)
	case *count < 1:
		err = fmt.Errorf("--count %d: want 1 or more", *count)
	case *playouts < 1:
		err = fmt.Errorf("--playouts %d: want 1 or more", *playouts)
	case fs.NArg() != 0:
		err = fmt.Errorf("unexpected arguments %q: openings takes flags only", fs.Args())
	}
	if err != nil {
		fmt.Fprintf(stderr, "openings: %v\nRun 'openings --help' for the flags.\n", err)
		return 2
	}
	// The file is written once every position is scored, which takes
	// long at the default budget: one that cannot be written is found now.
	if *out != "" {
		if err := writable.Check(*out); err != nil {
			fmt.Fprintf(stderr, "openings: -o %s: %v\n", *out, err)
			return 1
		}
	}
	cfg := engine.DefaultConfig()
	cfg.Seed = *seed
	cfg.ArenaNodes = 1 << 20 // ample for the budgets this tool is for
	cands := enumerate(*plies)
	fmt.Fprintf(stderr, "openings: %s after %s; scoring each with %s\n", plural.Of(len(cands), "distinct position"),
		plural.Irregular(*plies, "ply", "plies"), plural.Of(int(*playouts), "playout"))
	err = evaluate(ctx, cands, cfg, *playouts, func(done int) {
		if done%100 == 0 || done == len(cands) {
			fmt.Fprintf(stderr, "openings: %d/%d\n", done, len(cands))
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "openings: %v\n", err)
		return 1
	}
	command := fmt.Sprintf("go run ./cmd/openings --plies %d --count %d --playouts %d --seed %d", *plies, *count, *playouts, *seed)
	if *out != "" {
		command += " -o " + *out
	}
	var b strings.Builder
	if err := write(&b, balanced(cands, *count), len(cands), command, *plies, *playouts, cfg); err != nil {
		fmt.Fprintf(stderr, "openings: %v\n", err)
		return 1
	}
	if *out == "" {
		_, err = io.WriteString(stdout, b.String())
	} else {
		err = os.WriteFile(*out, []byte(b.String()), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "openings: %v\n", err)
		return 1
	}
	return 0
}
