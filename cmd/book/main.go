// Command book builds and shows the engine's opening book (package book):
// "book build FILE" grows a book from the start position with the engine's
// own search and drop-out expansion, resumably; "book show" prints the
// book's moves in a position. See docs/book.md.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/book/build"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the build or the book failed
	exitUsage = 2 // the command line is wrong
)

// Defaults of build: those of the shipped book (docs/book.md).
const (
	defaultPlayouts  = 20000
	defaultMaxPly    = 14
	defaultPositions = 4000
	// defaultDepthCost: two discs a ply let a line that falls two discs
	// short of the best move once go one ply less deep than the best line.
	defaultDepthCost = 2.0
)

const usageText = `book: build or show the engine's opening book.

Usage:
  book build FILE [flags]    grow the book in FILE (created if missing) from the start position:
                             each new position is searched with --playouts playouts of the engine
                             (evaluation leaves), its line appended to FILE at once, and the next
                             position chosen by drop-out expansion (the lines closest to the best
                             by negamax value, --depth-cost discs a ply). Stop it at any time;
                             the same command resumes it and builds the same book.
  book show [--book FILE] [MOVES]
                             print the book's moves and negamax values in the position after
                             MOVES (e.g. f5d6; none: the start position), best first

Progress goes to stderr, one line a position.

Flags:
`

const usageEnd = `
Exit status: 0 when done, 1 if the build or the book fails, 2 on a bad command line.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the whole program; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "book: internal error: %v\n", p)
			code = exitError
		}
	}()
	fs := pflag.NewFlagSet("book", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	playouts := fs.Int64("playouts", defaultPlayouts, "build: playouts of each position's search")
	seed := fs.Uint64("seed", 1, "build: the searches' seed; the same seed and --playouts build the same book")
	maxPly := fs.Int("max-ply", defaultMaxPly, "build: the deepest ply of a book position (0..60)")
	positions := fs.Int("positions", defaultPositions, "build: stop when the book holds this many positions")
	depthCost := fs.Float64("depth-cost", defaultDepthCost, "build: drop-out cost of a ply in discs, against the discs a line's moves fall short of the best")
	evalFile := fs.String("eval-file", "", "build: the evaluation's weights `FILE` (default: the embedded set)")
	bookFile := fs.String("book", "", "show: the book `FILE` (default: the embedded book)")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprint(stdout, usageText+fs.FlagUsagesWrapped(100)+usageEnd)
		return exitOK
	case err != nil:
		return usageErr(stderr, err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return usageErr(stderr, errors.New("want a subcommand: build FILE or show [MOVES]"))
	}
	switch rest[0] {
	case "build":
		if len(rest) != 2 {
			return usageErr(stderr, errors.New("build: want one FILE"))
		}
		if fs.Changed("book") {
			return usageErr(stderr, errors.New("--book is read by show alone"))
		}
		w, err := loadWeights(*evalFile)
		if err != nil {
			fmt.Fprintf(stderr, "book: %v\n", err)
			return exitError
		}
		cfg := build.Config{Playouts: *playouts, Seed: *seed, MaxPly: *maxPly, Positions: *positions, DepthCost: *depthCost, Weights: w}
		if err := cfg.Check(); err != nil {
			return usageErr(stderr, err)
		}
		if err := runBuild(ctx, rest[1], cfg, stderr); err != nil {
			fmt.Fprintf(stderr, "book: %v\n", err)
			return exitError
		}
		return exitOK
	case "show":
		if len(rest) > 2 {
			return usageErr(stderr, errors.New("show: want at most one MOVES argument"))
		}
		moves := ""
		if len(rest) == 2 {
			moves = rest[1]
		}
		// MOVES is part of the command line: one that is malformed or
		// illegal is a usage error, as the help's exit status says.
		g, err := othello.GameAfter(moves)
		if err != nil {
			return usageErr(stderr, fmt.Errorf("show: MOVES %q: %w", moves, err))
		}
		if err := runShow(*bookFile, g, stdout); err != nil {
			fmt.Fprintf(stderr, "book: %v\n", err)
			return exitError
		}
		return exitOK
	}
	return usageErr(stderr, fmt.Errorf("unknown subcommand %q: want build or show", rest[0]))
}

func usageErr(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "book: %v\nRun 'book --help' for the subcommands and flags.\n", err)
	return exitUsage
}

func loadWeights(path string) (*eval.Weights, error) {
	w, err := eval.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--eval-file: %w", err)
	}
	return w, nil
}

// runBuild opens or resumes the book file and grows it.
func runBuild(ctx context.Context, path string, cfg build.Config, stderr io.Writer) error {
	b, f, err := build.OpenFile(path, cfg, func(s string) { fmt.Fprintf(stderr, "book: %s\n", s) })
	if err != nil {
		return err
	}
	defer f.Close()
	value, err := build.SearchValuer(cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "book: %s holds %d positions; building to %d\n", path, b.Len(), cfg.Positions)
	err = build.Run(ctx, b, value, cfg, f, func(p build.Progress) { fmt.Fprintf(stderr, "book: %s\n", p) })
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("stopped at %d positions; run the same command to resume", b.Len())
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "book: done, %d positions\n", b.Len())
	return f.Close()
}

// runShow prints the book's moves in the position of g.
func runShow(path string, g *othello.Game, stdout io.Writer) error {
	b, err := book.Open(path)
	if err != nil {
		return err
	}
	if b == nil {
		return errors.New("show: --book off shows nothing")
	}
	fmt.Fprintf(stdout, "%d positions in the book\n", b.Len())
	bm, ok := b.Lookup(g.Position())
	if !ok {
		fmt.Fprintf(stdout, "%s: not in the book\n", g.Position())
		return nil
	}
	fmt.Fprintf(stdout, "%s:\n", g.Position())
	for _, m := range bm {
		fmt.Fprintf(stdout, "  %s %+.2f\n", m.Move, m.Value)
	}
	return nil
}
