package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/eval/td"
)

// options is the command line: a run of the trainer, or one of the other
// modes.
type options struct {
	td.Config
	info    string
	compare bool
	// exactError and exactEmpties: the --exact-error mode.
	exactError   bool
	exactEmpties int
	help         bool
}

// defaultOptions returns the options before any flag is parsed.
func defaultOptions() options {
	return options{Config: td.Config{
		Params:     td.DefaultParams(),
		Games:      td.DefaultGames,
		Workers:    2,
		Checkpoint: "train.ckpt",
		Every:      td.DefaultEvery,
		Output:     "train.weights",
		EvalGames:  400,
		FinalGames: 1000,
		Progress:   10 * time.Second,
	}, exactEmpties: 16}
}

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// newFlagSet declares every flag on o, with o's current values as defaults.
func newFlagSet(o *options) *pflag.FlagSet {
	fs := pflag.NewFlagSet("train", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	fs.Int64Var(&o.Games, "games", o.Games,
		fmt.Sprintf("stop after this many self-play games in all, counting those of the checkpoint resumed "+
			"from (rounded up to a multiple of %d); 0: no limit, use --duration", td.GamesPerBatch))
	fs.DurationVar(&o.Duration, "duration", o.Duration,
		"also stop after this much time in this run (0: no limit); the weights then depend on the "+
			"machine's speed, --games alone reproduces them")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "random seed: the same seed and parameters give the same weights")
	fs.IntVar(&o.Workers, "workers", o.Workers,
		"goroutines that play games; any number gives the same weights")
	fs.IntVar(&o.Phases, "phases", o.Phases,
		fmt.Sprintf("game phases with their own weights, 1..%d (equal runs of plies)", eval.MaxPhases))
	fs.Float64Var(&o.Alpha, "alpha", o.Alpha,
		"learning rate: the step of each weight a position activates, per disc of TD error")
	fs.Int64Var(&o.Decay, "alpha-decay", o.Decay,
		"games over which the learning rate falls to half: after t games it is alpha*D/(D+t) "+
			"(0: constant alpha)")
	fs.Float64Var(&o.Lambda, "lambda", o.Lambda,
		"TD(lambda): 0 learns from the next position's value, 1 from the final result only")
	fs.Float64Var(&o.Epsilon, "epsilon", o.Epsilon,
		"probability of a uniformly random move in self-play (exploration)")
	fs.StringVar(&o.Checkpoint, "checkpoint", o.Checkpoint,
		"checkpoint file (float32 weights and the trainer's state), written every --checkpoint-every games and at the end")
	fs.Int64Var(&o.Every, "checkpoint-every", o.Every,
		fmt.Sprintf("games between checkpoints, each followed by the evaluation games (rounded up to a multiple of %d)", td.GamesPerBatch))
	fs.BoolVar(&o.Resume, "resume", o.Resume,
		"continue from --checkpoint with its parameters (without it, an existing checkpoint is an error)")
	fs.StringVarP(&o.Output, "output", "o", o.Output,
		"file for the final weights in the shipped int16 format (eval/default.weights is the embedded set)")
	fs.IntVar(&o.EvalGames, "eval-games", o.EvalGames,
		"games at each checkpoint against a random player, and as many against the previous checkpoint (0: none)")
	fs.IntVar(&o.FinalGames, "final-games", o.FinalGames,
		"games of the final weights against a random player at the end (0: none)")
	fs.DurationVar(&o.Progress, "progress", o.Progress, "interval between progress lines")
	fs.StringVar(&o.info, "info", o.info,
		"print the header and metadata of a weights or checkpoint `FILE`, then exit")
	fs.BoolVar(&o.compare, "compare", o.compare,
		"with two weights or checkpoint files A B as arguments: play A's greedy player against B's "+
			"and each against a random player, --eval-games games each, then exit")
	fs.BoolVar(&o.exactError, "exact-error", o.exactError,
		"with weights or checkpoint files as arguments: their mean absolute error against exact solves, phase by "+
			"phase, on positions of --eval-games games of the first file's epsilon-greedy player, then exit")
	fs.IntVar(&o.exactEmpties, "exact-empties", o.exactEmpties,
		"--exact-error measures the phases whose positions have at most this many empty squares (1..24)")
	fs.BoolVarP(&o.help, "help", "h", false, "show this help and exit")
	return fs
}

// parseOptions parses the command line. Its errors are usageErrors.
func parseOptions(args []string) (options, *pflag.FlagSet, error) {
	o := defaultOptions()
	fs := newFlagSet(&o)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			o.help = true
			return o, fs, nil
		}
		return o, fs, usageError{err}
	}
	if o.help || o.info != "" {
		return o, fs, nil
	}
	if o.compare {
		if fs.NArg() != 2 || o.EvalGames < 2 || o.Workers < 1 {
			return o, fs, usageError{errors.New("--compare takes two files A B, --eval-games of 2 or more and --workers of 1 or more")}
		}
		return o, fs, nil
	}
	if o.exactError {
		if fs.NArg() < 1 || o.EvalGames < 1 || o.Workers < 1 || o.exactEmpties < 1 || o.exactEmpties > 24 {
			return o, fs, usageError{errors.New("--exact-error takes one or more files, --eval-games of 1 or more, --workers of 1 or more and --exact-empties 1..24")}
		}
		return o, fs, nil
	}
	if fs.NArg() != 0 {
		return o, fs, usageError{fmt.Errorf("unexpected arguments %q: train takes flags only", fs.Args())}
	}
	if err := o.check(); err != nil {
		return o, fs, usageError{err}
	}
	o.Games = roundUp(o.Games, td.GamesPerBatch)
	o.Every = roundUp(o.Every, td.GamesPerBatch)
	return o, fs, nil
}

// roundUp rounds n up to a multiple of m.
func roundUp(n, m int64) int64 { return (n + m - 1) / m * m }

// check validates the options that the flag types do not.
func (o *options) check() error {
	var errs []error
	if o.Games < 0 {
		errs = append(errs, fmt.Errorf("--games %d: want 0 (no limit) or more", o.Games))
	}
	if o.Duration < 0 {
		errs = append(errs, fmt.Errorf("--duration %v: want 0 (no limit) or more", o.Duration))
	}
	if o.Games == 0 && o.Duration == 0 {
		errs = append(errs, errors.New("--games 0 and --duration 0: the run must be bounded by one of them"))
	}
	if o.Workers < 1 || o.Workers > 256 {
		errs = append(errs, fmt.Errorf("--workers %d: want 1..256", o.Workers))
	}
	if err := o.Params.Check(); err != nil {
		errs = append(errs, err)
	}
	if o.Checkpoint == "" {
		errs = append(errs, errors.New("--checkpoint: want a file name"))
	}
	if o.Output == "" {
		errs = append(errs, errors.New("--output: want a file name"))
	}
	if o.Every < 1 {
		errs = append(errs, fmt.Errorf("--checkpoint-every %d: want 1 or more", o.Every))
	}
	if o.EvalGames < 0 || o.FinalGames < 0 {
		errs = append(errs, errors.New("--eval-games and --final-games: want 0 or more"))
	}
	if o.Progress <= 0 {
		errs = append(errs, fmt.Errorf("--progress %v: want a positive interval", o.Progress))
	}
	return errors.Join(errs...)
}

// usage is the text of --help.
func usage(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString(`train: learns the pattern evaluation (package eval) from self-play, by TD(lambda).

Usage:
  train [flags]               train from zero weights (or continue with --resume)
  train fit [flags]           refit weights by regression on solved and searched positions
                              (see 'train fit --help')
  train --info FILE           describe a weights or checkpoint file
  train --compare A B         compare two weights or checkpoint files by greedy games
  train --exact-error A [B..] measure files' errors against exact solves of late positions

The program plays games against itself with 1-ply epsilon-greedy moves and moves the evaluation of
every position towards the lambda-return of the positions after it and the final disc difference.
It uses no external data. It prints a progress line every --progress (games, games per second, the
mean absolute TD error in discs), and at every checkpoint the score of the greedy player against a
uniformly random player and against the previous checkpoint. At the end (--games, --duration or
Ctrl-C) it writes the checkpoint, plays --final-games against a random player, and writes the int16
weights to --output. The same --seed and parameters give the same weights, whatever --workers and
however often the run is stopped and resumed. docs/eval.md explains the method and the defaults.

Flags:
`)
	b.WriteString(fs.FlagUsagesWrapped(100))
	b.WriteString(`
Exit status: 0 when the run ends, 1 on an error (such as an unreadable checkpoint), 2 on a bad
command line, 130 when interrupted (the checkpoint and the output are written first).
`)
	return b.String()
}
