// Command train learns the weights of the pattern evaluation (package eval)
// from self-play by TD(lambda), with checkpoints, resumption and progress
// lines. See "train --help" and docs/eval.md.
//
//	go run ./cmd/train --games 6000000 --output eval/default.weights
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/eval/td"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/internal/writable"
)

// Exit statuses.
const (
	exitOK          = 0
	exitError       = 1   // an error, such as an unreadable checkpoint
	exitUsage       = 2   // the command line is wrong
	exitInterrupted = 130 // stopped by Ctrl-C, after saving (128 + SIGINT, as shells report it)
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
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "train: internal error: %v\n", r)
			code = exitError
		}
	}()
	if len(args) > 0 && args[0] == "fit" {
		return runFit(ctx, args[1:], stdout, stderr)
	}
	o, fs, err := parseOptions(args)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "train: %v\nRun 'train --help' for the flags.\n", err)
		return exitUsage
	case o.help:
		fmt.Fprint(stdout, usage(fs))
		return exitOK
	case o.info != "":
		if err := info(stdout, o.info); err != nil {
			fmt.Fprintf(stderr, "train: %v\n", err)
			return exitError
		}
		return exitOK
	}
	if o.compare {
		if err := compare(stdout, fs.Arg(0), fs.Arg(1), o); err != nil {
			fmt.Fprintf(stderr, "train: %v\n", err)
			return exitError
		}
		return exitOK
	}
	if o.exactError {
		if err := exactError(stdout, fs.Args(), o); err != nil {
			fmt.Fprintf(stderr, "train: %v\n", err)
			return exitError
		}
		return exitOK
	}
	o.Changed = fs.Changed
	t, err := td.New(o.Config, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		var changed *td.ParamChangeError
		if errors.As(err, &changed) {
			return exitUsage
		}
		return exitError
	}
	// Both files are first written after a million games, the weights at
	// the end of a run of an hour: one that cannot be written is found now.
	for _, f := range []struct{ flag, path string }{{"--checkpoint", o.Checkpoint}, {"--output", o.Output}} {
		if err := writable.Check(f.path); err != nil {
			fmt.Fprintf(stderr, "train: %s %s: %v\n", f.flag, f.path, err)
			return exitError
		}
	}
	interrupted, err := t.Run(ctx)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "train: %v\n", err)
		return exitError
	case interrupted:
		return exitInterrupted
	}
	return exitOK
}

// info describes a weights or checkpoint file: phases, and the metadata,
// indented if it is JSON.
func info(w io.Writer, path string) error {
	m, err := eval.LoadModel(path)
	if err != nil {
		return err
	}
	meta := m.Meta
	var v any
	if json.Unmarshal([]byte(meta), &v) == nil {
		if b, err := json.MarshalIndent(v, "", "  "); err == nil {
			meta = string(b)
		}
	}
	_, err = fmt.Fprintf(w, "%s: pattern set %d, %s, %d weights per phase\n%s\n",
		path, eval.PatternSetID, plural.Of(m.Phases(), "phase"), eval.CanonicalWeights, strings.TrimSpace(meta))
	return err
}

// compare plays the greedy players of two files against each other (from
// paired random openings) and each against a random player.
func compare(w io.Writer, pathA, pathB string, o options) error {
	a, err := eval.LoadModel(pathA)
	if err != nil {
		return err
	}
	b, err := eval.LoadModel(pathB)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "train: %s vs %s: %s\n", pathA, pathB, td.VsModel(a, b, o.Seed, o.EvalGames, o.Workers))
	fmt.Fprintf(w, "train: %s vs random: %s\n", pathA, td.VsRandom(a, o.Seed, o.EvalGames, o.Workers))
	fmt.Fprintf(w, "train: %s vs random: %s\n", pathB, td.VsRandom(b, o.Seed, o.EvalGames, o.Workers))
	return nil
}

// exactError prints the files' mean absolute errors against exact solves,
// a line per phase.
func exactError(w io.Writer, paths []string, o options) error {
	models := make([]*eval.Model, len(paths))
	for i, p := range paths {
		m, err := eval.LoadModel(p)
		if err != nil {
			return err
		}
		models[i] = m
	}
	res, err := td.ExactError(models, o.Seed, o.EvalGames, o.Epsilon, o.exactEmpties, o.Workers)
	if err != nil {
		return err
	}
	for _, e := range res {
		var b strings.Builder
		for i, p := range paths {
			fmt.Fprintf(&b, "  %s %.3f", p, e.MeanAbsErrors[i])
		}
		fmt.Fprintf(w, "train: phase %d (%d..%d empties), %d positions, mean |score| %.2f, solved in %.0fs; mean absolute error in discs:%s\n",
			e.Phase, e.Low, e.High, e.Positions, e.MeanAbsScore, e.SolveSeconds, b.String())
	}
	return nil
}
