// Command openings makes the balanced openings that judge tournament ships
// (tournament/openings/default.txt): every position a few plies deep,
// counted once up to the board's symmetries, scored by the engine at a
// fixed seed and playout budget, keeping those nearest an even game.
//
//	go run ./cmd/openings --plies 6 --count 24 --playouts 20000 --seed 1 -o tournament/openings/default.txt
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/engine"
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
	fs.SetOutput(stderr)
	plies := fs.Int("plies", 6, "length of the openings in plies (1..10)")
	count := fs.Int("count", 24, "number of openings to keep")
	playouts := fs.Int64("playouts", 20000, "playout budget of the search that scores each position")
	seed := fs.Uint64("seed", 1, "the engine's seed: the same seed and budget give the same file")
	out := fs.StringP("output", "o", "", "file to write (default: stdout)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *plies < 1 || *plies > 10 || *count < 1 || *playouts < 1 || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "openings: want --plies 1..10, --count and --playouts of 1 or more, no arguments")
		return 2
	}
	cfg := engine.DefaultConfig()
	cfg.Seed = *seed
	cfg.ArenaNodes = 1 << 20 // ample for the budgets this tool is for
	cands := enumerate(*plies)
	fmt.Fprintf(stderr, "openings: %d distinct positions after %d plies; scoring each with %d playouts\n", len(cands), *plies, *playouts)
	err := evaluate(ctx, cands, cfg, *playouts, func(done int) {
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
