package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/eval"
)

// options is the command line.
type options struct {
	params
	games      int64
	duration   time.Duration
	workers    int
	checkpoint string
	every      int64
	resume     bool
	output     string
	evalGames  int
	finalGames int
	progress   time.Duration
	info       string
	compare    bool
	help       bool
}

// params are the parameters that decide the weights: a checkpoint records
// them, and a resumed run must keep them.
type params struct {
	Seed    uint64  `json:"seed"`
	Phases  int     `json:"phases"`
	Alpha   float64 `json:"alpha"`
	Decay   int64   `json:"alpha_decay"`
	Lambda  float64 `json:"lambda"`
	Epsilon float64 `json:"epsilon"`
	Batch   int     `json:"batch"`
}

// Defaults, with their reasons (docs/eval.md has the measurements).
const (
	// defaultGames is the length of a full run: two workers play 11,000 to
	// 12,000 games a second on the project's 2-core machine when it is
	// otherwise idle, so 30 million take 45 minutes idle and about an hour
	// when others use a third of the machine.
	defaultGames = 30_000_000
	// defaultEvery spaces the checkpoints, each followed by its evaluation
	// games (a fraction of a second): 30 in a full run, a minute or two
	// apart, so that an interruption loses little.
	defaultEvery = 1_000_000
	// defaultPhases cuts the game into runs of 4 plies: each phase's
	// weights see a 15th of the positions, and the opening, middle game
	// and endgame still get their own weights. 8 phases learned a little
	// faster in short runs and 30 a little slower, the gap closing as the
	// games grew (docs/eval.md).
	defaultPhases = 15
	// defaultAlpha is the step of every activated weight per disc of TD
	// error at the start: with about 50 weights per position, one update
	// corrects a fifth of the error, so the first games teach fast. In runs
	// of 400,000 games a constant 0.004 equalled 0.002, which beat 0.001
	// and 0.0005; the decay below then helps.
	defaultAlpha = 0.004
	// defaultDecay halves the learning rate after a million games and
	// keeps it falling as 1/t, so that late updates average over many
	// games instead of following the last few. Decays over 200,000 and
	// 1,000,000 games were equal at 800,000 games; the longer one keeps
	// learning through a run of tens of millions.
	defaultDecay = 1_000_000
	// defaultLambda mixes the next position's value (low variance) with
	// the later values and the result (no bias): 0.5 beat 0 and equalled
	// 0.8 in runs of 400,000 games.
	defaultLambda = 0.5
	// defaultEpsilon makes one move in ten random, about six a game: it
	// beat 0.05 and 0.2 in runs of 400,000 games.
	defaultEpsilon = 0.1
	// gamesPerBatch games are played in parallel with the same weights
	// before their updates are applied in order. Larger batches keep the
	// workers busier; 64 games are a few milliseconds of play, so the
	// weights are never more than that out of date.
	gamesPerBatch = 64
)

// defaultOptions returns the options before any flag is parsed.
func defaultOptions() options {
	return options{
		params: params{
			Seed: 1, Phases: defaultPhases, Alpha: defaultAlpha, Decay: defaultDecay, Lambda: defaultLambda,
			Epsilon: defaultEpsilon, Batch: gamesPerBatch,
		},
		games:      defaultGames,
		workers:    2,
		checkpoint: "train.ckpt",
		every:      defaultEvery,
		output:     "train.weights",
		evalGames:  400,
		finalGames: 1000,
		progress:   10 * time.Second,
	}
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
	fs.Int64Var(&o.games, "games", o.games,
		fmt.Sprintf("stop after this many self-play games in all, counting those of the checkpoint resumed "+
			"from (rounded up to a multiple of %d); 0: no limit, use --duration", gamesPerBatch))
	fs.DurationVar(&o.duration, "duration", o.duration,
		"also stop after this much time in this run (0: no limit); the weights then depend on the "+
			"machine's speed, --games alone reproduces them")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "random seed: the same seed and parameters give the same weights")
	fs.IntVar(&o.workers, "workers", o.workers,
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
	fs.StringVar(&o.checkpoint, "checkpoint", o.checkpoint,
		"checkpoint file (float32 weights and the trainer's state), written every --checkpoint-every games and at the end")
	fs.Int64Var(&o.every, "checkpoint-every", o.every,
		fmt.Sprintf("games between checkpoints, each followed by the evaluation games (rounded up to a multiple of %d)", gamesPerBatch))
	fs.BoolVar(&o.resume, "resume", o.resume,
		"continue from --checkpoint with its parameters (without it, an existing checkpoint is an error)")
	fs.StringVarP(&o.output, "output", "o", o.output,
		"file for the final weights in the shipped int16 format (eval/default.weights is the embedded set)")
	fs.IntVar(&o.evalGames, "eval-games", o.evalGames,
		"games at each checkpoint against a random player, and as many against the previous checkpoint (0: none)")
	fs.IntVar(&o.finalGames, "final-games", o.finalGames,
		"games of the final weights against a random player at the end (0: none)")
	fs.DurationVar(&o.progress, "progress", o.progress, "interval between progress lines")
	fs.StringVar(&o.info, "info", o.info,
		"print the header and metadata of a weights or checkpoint `FILE`, then exit")
	fs.BoolVar(&o.compare, "compare", o.compare,
		"with two weights or checkpoint files A B as arguments: play A's greedy player against B's "+
			"and each against a random player, --eval-games games each, then exit")
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
		if fs.NArg() != 2 || o.evalGames < 2 || o.workers < 1 {
			return o, fs, usageError{errors.New("--compare takes two files A B, --eval-games of 2 or more and --workers of 1 or more")}
		}
		return o, fs, nil
	}
	if fs.NArg() != 0 {
		return o, fs, usageError{fmt.Errorf("unexpected arguments %q: train takes flags only", fs.Args())}
	}
	if err := o.check(); err != nil {
		return o, fs, usageError{err}
	}
	o.games = roundUp(o.games, gamesPerBatch)
	o.every = roundUp(o.every, gamesPerBatch)
	return o, fs, nil
}

// roundUp rounds n up to a multiple of m.
func roundUp(n, m int64) int64 { return (n + m - 1) / m * m }

// check validates the options that the flag types do not.
func (o *options) check() error {
	var errs []error
	if o.games < 0 {
		errs = append(errs, fmt.Errorf("--games %d: want 0 (no limit) or more", o.games))
	}
	if o.duration < 0 {
		errs = append(errs, fmt.Errorf("--duration %v: want 0 (no limit) or more", o.duration))
	}
	if o.games == 0 && o.duration == 0 {
		errs = append(errs, errors.New("--games 0 and --duration 0: the run must be bounded by one of them"))
	}
	if o.workers < 1 || o.workers > 256 {
		errs = append(errs, fmt.Errorf("--workers %d: want 1..256", o.workers))
	}
	if err := o.params.check(); err != nil {
		errs = append(errs, err)
	}
	if o.checkpoint == "" {
		errs = append(errs, errors.New("--checkpoint: want a file name"))
	}
	if o.output == "" {
		errs = append(errs, errors.New("--output: want a file name"))
	}
	if o.every < 1 {
		errs = append(errs, fmt.Errorf("--checkpoint-every %d: want 1 or more", o.every))
	}
	if o.evalGames < 0 || o.finalGames < 0 {
		errs = append(errs, errors.New("--eval-games and --final-games: want 0 or more"))
	}
	if o.progress <= 0 {
		errs = append(errs, fmt.Errorf("--progress %v: want a positive interval", o.progress))
	}
	return errors.Join(errs...)
}

// check validates the training parameters (also those read from a
// checkpoint).
func (p *params) check() error {
	var errs []error
	if p.Phases < 1 || p.Phases > eval.MaxPhases {
		errs = append(errs, fmt.Errorf("--phases %d: want 1..%d", p.Phases, eval.MaxPhases))
	}
	if !(p.Alpha > 0 && p.Alpha <= 0.1) {
		errs = append(errs, fmt.Errorf("--alpha %v: want more than 0, at most 0.1", p.Alpha))
	}
	if p.Decay < 0 {
		errs = append(errs, fmt.Errorf("--alpha-decay %d: want 0 (constant) or more", p.Decay))
	}
	if !(p.Lambda >= 0 && p.Lambda <= 1) {
		errs = append(errs, fmt.Errorf("--lambda %v: want 0..1", p.Lambda))
	}
	if !(p.Epsilon >= 0 && p.Epsilon <= 1) {
		errs = append(errs, fmt.Errorf("--epsilon %v: want 0..1", p.Epsilon))
	}
	if p.Batch != gamesPerBatch {
		errs = append(errs, fmt.Errorf("batch of %d games, this trainer plays %d", p.Batch, gamesPerBatch))
	}
	return errors.Join(errs...)
}

// alphaAt returns the learning rate after games games.
func (p *params) alphaAt(games int64) float64 {
	if p.Decay == 0 {
		return p.Alpha
	}
	return p.Alpha * float64(p.Decay) / float64(p.Decay+games)
}

// flags maps each training parameter's flag to its value, to compare
// the command line with a checkpoint.
func (p *params) flags() map[string]string {
	return map[string]string{
		"seed":        fmt.Sprint(p.Seed),
		"phases":      fmt.Sprint(p.Phases),
		"alpha":       fmt.Sprint(p.Alpha),
		"alpha-decay": fmt.Sprint(p.Decay),
		"lambda":      fmt.Sprint(p.Lambda),
		"epsilon":     fmt.Sprint(p.Epsilon),
	}
}

// usage is the text of --help.
func usage(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString(`train: learns the pattern evaluation (package eval) from self-play, by TD(lambda).

Usage:
  train [flags]               train from zero weights (or continue with --resume)
  train --info FILE           describe a weights or checkpoint file
  train --compare A B         compare two weights or checkpoint files by greedy games

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
