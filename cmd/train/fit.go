package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/eval/td"
)

// fitOptions is the command line of "train fit".
type fitOptions struct {
	td.FitConfig
	help bool
}

// newFitFlagSet declares the flags of "train fit" on o.
func newFitFlagSet(o *fitOptions) *pflag.FlagSet {
	fs := pflag.NewFlagSet("train fit", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.Prior, "prior", o.Prior,
		"weights `FILE` to start from and to play the sampling games with (default: the embedded set)")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "random seed: the same seed and parameters give the same weights")
	fs.IntVar(&o.Games, "games", o.Games, "self-play games that give the fitted positions, one of each phase from each game")
	fs.IntVar(&o.HeldOut, "held-out", o.HeldOut, "more games whose positions only measure the error (and choose the epoch)")
	fs.Float64Var(&o.Epsilon, "epsilon", o.Epsilon, "probability of a uniformly random move in those games")
	fs.IntVar(&o.SolveEmpties, "solve-empties", o.SolveEmpties,
		"label positions with this many empty squares or fewer by the exact endgame solver")
	fs.IntVar(&o.Depth, "depth", o.Depth,
		"plies of the alpha-beta search that labels the other positions, on the weights already fitted for the later phases")
	fs.IntVar(&o.Epochs, "epochs", o.Epochs, "passes of gradient descent over a phase's positions; the best on the held-out positions is kept")
	fs.Float64Var(&o.Rate, "rate", o.Rate, "step of each weight a position activates, per disc of error")
	fs.IntVar(&o.Workers, "workers", o.Workers, "goroutines that play and label; any number gives the same weights")
	fs.StringVar(&o.Checkpoint, "checkpoint", o.Checkpoint, "checkpoint file, written after every phase")
	fs.BoolVar(&o.Resume, "resume", o.Resume, "continue from --checkpoint with its parameters")
	fs.StringVarP(&o.Output, "output", "o", o.Output, "file for the final weights in the shipped int16 format")
	fs.BoolVarP(&o.help, "help", "h", false, "show this help and exit")
	return fs
}

// parseFitOptions parses the arguments after "fit". Its errors are
// usageErrors.
func parseFitOptions(args []string) (fitOptions, *pflag.FlagSet, error) {
	o := fitOptions{FitConfig: td.FitConfig{FitParams: td.DefaultFitParams(), Workers: 2,
		Checkpoint: "fit.ckpt", Output: "fit.weights"}}
	fs := newFitFlagSet(&o)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			o.help = true
			return o, fs, nil
		}
		return o, fs, usageError{err}
	}
	if o.help {
		return o, fs, nil
	}
	if fs.NArg() != 0 {
		return o, fs, usageError{fmt.Errorf("unexpected arguments %q: train fit takes flags only", fs.Args())}
	}
	var errs []error
	if err := o.FitParams.Check(); err != nil {
		errs = append(errs, err)
	}
	if o.Workers < 1 || o.Workers > 256 {
		errs = append(errs, fmt.Errorf("--workers %d: want 1..256", o.Workers))
	}
	if o.Checkpoint == "" || o.Output == "" {
		errs = append(errs, errors.New("--checkpoint and --output: want file names"))
	}
	if err := errors.Join(errs...); err != nil {
		return o, fs, usageError{err}
	}
	return o, fs, nil
}

// runFit is "train fit": it returns the exit status.
func runFit(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, fs, err := parseFitOptions(args)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "train fit: %v\nRun 'train fit --help' for the flags.\n", err)
		return exitUsage
	case o.help:
		fmt.Fprint(stdout, fitUsage(fs))
		return exitOK
	}
	o.Changed = fs.Changed
	f, err := td.NewFit(o.FitConfig, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "train fit: %v\n", err)
		var changed *td.ParamChangeError
		if errors.As(err, &changed) {
			return exitUsage
		}
		return exitError
	}
	interrupted, err := f.Run(ctx)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "train fit: %v\n", err)
		return exitError
	case interrupted:
		return exitInterrupted
	}
	return exitOK
}

// fitUsage is the text of "train fit --help".
func fitUsage(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString(`train fit: refits the pattern evaluation by regression on labelled positions.

Usage:
  train fit [flags]

It plays --games self-play games with the prior's epsilon-greedy player and keeps one position of
each phase from each game (and as many from --held-out other games). Then, from the last phase back
to the first, it labels the phase's positions: exactly by the endgame solver at --solve-empties or
fewer empty squares, else by a --depth-ply alpha-beta search whose leaves lie in the later phases,
already fitted; and it moves the phase's weights towards the labels by --epochs passes of gradient
descent from the prior's, keeping the pass with the least mean absolute error on the held-out
positions. A line per phase reports the positions, the labelling time and the held-out error before
and after. After each phase it writes --checkpoint; --resume continues from there. The same --seed
and parameters give the same weights, whatever --workers and however often the run is resumed.
docs/eval.md explains the method.

Flags:
`)
	b.WriteString(fs.FlagUsagesWrapped(100))
	b.WriteString(`
Exit status: 0 when the fit ends, 1 on an error, 2 on a bad command line, 130 when interrupted
(the checkpoint holds the phases fitted before).
`)
	return b.String()
}
