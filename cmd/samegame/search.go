package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tcgothello/mcts/samegame/batch"
	"github.com/tcgothello/mcts/samegame/search"
	"github.com/tcgothello/mcts/tournament"
)

const searchHead = `samegame search: the best sequence found for each board of FILE in a time (or a
playout budget) per board, for boards too large to solve exactly.

Usage:
  samegame search [flags] FILE

One line a board on stdout, as it finishes, after a '#' line that names the algorithm, its
settings and the rule:
  N SCORE MOVES NODES SECONDS
N is the board's number in FILE from 1; MOVES the sequence that scores SCORE (to the end of the
game), joined by commas; NODES the positions the search visited (moves played in its playouts
and outside them); then a '# total' line. Every sequence is replayed with the rules before it is
printed.

Algorithms (--algo): nrpa (the default), Nested Rollout Policy Adaptation (--level, --iterations,
--alpha, --tabu-bias); nmcs, Nested Monte-Carlo Search (--level); sp-mcts, single-player MCTS on
the shared core (--exploration, --variance-d); beam, beam search valued by playouts or by the
evaluation (--width, doubled each pass; --beam-playouts); depth, the depth-limited search with an
evaluation function (--plies, one more each game). Playouts avoid the most frequent colour until
it is the only choice (--tabu). One core. --time is wall time a board, or with --cpu the CPU time
the search uses (for a shared machine). With --playouts and no --time a run depends only on
--seed. --resume makes a long run resumable. docs/samegame.md has the details and the results on
the standard boards.
`

// searchOptions is the command line of 'samegame search'.
type searchOptions struct {
	algo     string
	limit    time.Duration
	playouts int64
	cpu      bool
	cfg      search.Config
	boards   []int
	resume   string
	logLevel string
	help     bool
}

func runSearch(ctx context.Context, e env, args []string) int {
	o := searchOptions{algo: search.DefaultConfig().Algorithm.String(), limit: 10 * time.Second, cfg: search.DefaultConfig(), logLevel: "warn"}
	fs := newFlagSet("samegame search", &o.help)
	c := &o.cfg
	fs.StringVar(&o.algo, "algo", o.algo, "nmcs, nrpa, sp-mcts, beam or depth")
	fs.DurationVar(&o.limit, "time", o.limit, "time per board (0: none; then --playouts is needed)")
	fs.BoolVar(&o.cpu, "cpu", o.cpu, "--time counts the CPU time the search uses, not wall time: a core of its own on a shared machine")
	fs.Int64Var(&o.playouts, "playouts", o.playouts, "playout budget per board; positions visited for depth and the beam valued by evaluation (0: none)")
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "seed of the random numbers")
	fs.BoolVar(&c.Penalty, "penalty", c.Penalty, "subtract (c-2)^2 at the end for each colour with c > 2 cells left")
	fs.BoolVar(&c.Tabu, "tabu", c.Tabu, "playouts avoid the most frequent colour until it is the only choice (--tabu=false: uniform)")
	fs.IntVar(&c.Probes, "probes", c.Probes, "random cells a playout probes for its move before it lists them all (0: always list)")
	c.Level = 0 // the algorithm's own default, below
	fs.IntVar(&c.Level, "level", c.Level, "nmcs, nrpa: nesting level, 1 and up (0: the algorithm's default, 1 for nmcs, 3 for nrpa)")
	fs.IntVar(&c.Iterations, "iterations", c.Iterations, "nrpa: level n-1 searches of a level-n search")
	fs.Float64Var(&c.Alpha, "alpha", c.Alpha, "nrpa: learning rate of the policy")
	fs.IntVar(&c.Stabilize, "stabilize", c.Stabilize, "nrpa: playouts of a level-1 search between two adaptations (stabilized NRPA; 1: plain)")
	fs.BoolVar(&c.CellCode, "cell-code", c.CellCode, "nrpa: a move's code hashes its colour and cells (default: colour, representative cell and size)")
	fs.Float64Var(&c.SizeBias, "size-bias", c.SizeBias, "nrpa: prior bias per cell of a group's size (negative: small groups first; 0: none)")
	fs.Float64Var(&c.TabuBias, "tabu-bias", c.TabuBias, "nrpa: weight factor of the avoided colour's moves in playouts (0: never played while others exist)")
	fs.IntVar(&c.Width, "width", c.Width, "beam: width of the first pass")
	fs.BoolVar(&c.BeamPlayouts, "beam-playouts", c.BeamPlayouts, "beam: value positions by a playout (--beam-playouts=false: by the evaluation, much wider)")
	fs.IntVar(&c.Plies, "plies", c.Plies, "depth: plies searched before the evaluation, first game")
	fs.Float64Var(&c.Exploration, "exploration", c.Exploration, "sp-mcts: UCB1's C, in points")
	fs.Float64Var(&c.VarianceD, "variance-d", c.VarianceD, "sp-mcts: the variance term's D, in points squared")
	fs.IntSliceVar(&o.boards, "board", o.boards, "search only these boards (numbers from 1, comma-separated; default: all)")
	fs.StringVar(&o.resume, "resume", o.resume, "results file: boards it already has a line for are skipped, new lines are appended; its settings line must match this run's, and one run at a time may write it")
	fs.StringVar(&o.logLevel, "log-level", o.logLevel, "least level of the log lines on stderr: debug, info (a line a board), warn, error")
	if code, done := parseFlags(e, fs, &o.help, searchHead, args); done {
		return code
	}
	if fs.NArg() != 1 {
		return usageError(e, fs.Name(), fmt.Errorf("want one board FILE, got %d arguments", fs.NArg()))
	}
	algo, err := search.ParseAlgorithm(o.algo)
	if err != nil {
		return usageError(e, fs.Name(), fmt.Errorf("--algo: %w", err))
	}
	c.Algorithm = algo
	if c.Level == 0 {
		c.Level = search.DefaultLevel(algo)
	}
	if err := c.Validate(); err != nil {
		return usageError(e, fs.Name(), err)
	}
	if o.limit < 0 || o.playouts < 0 || o.limit == 0 && o.playouts == 0 {
		return usageError(e, fs.Name(), fmt.Errorf("--time %v, --playouts %d: want a time or a budget above 0", o.limit, o.playouts))
	}
	run, code, ok := startBoardRun(e, fs, o.logLevel, o.boards)
	if !ok {
		return code
	}
	defer func() { _ = run.log.Sync() }()
	bs := batch.Search{Boards: run.boards, Numbers: run.numbers, Config: *c, Limit: o.limit, CPU: o.cpu,
		Playouts: o.playouts, Log: run.log}
	if o.resume != "" {
		// One run at a time appends to a results file: judge tournament's
		// lock, on FILE.lock beside it.
		unlock, err := tournament.LockResults(o.resume)
		if errors.Is(err, tournament.ErrResultsLocked) {
			err = fmt.Errorf("--resume %s: another run is writing it (lock %s.lock)", o.resume, o.resume)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "samegame search: %v\n", err)
			return exitError
		}
		defer func() { _ = unlock() }()
		if bs.Results, err = batch.OpenResults(o.resume, bs.Settings(run.path)); err != nil {
			fmt.Fprintf(e.stderr, "samegame search: %v\n", err)
			return exitError
		}
		defer bs.Results.Close()
	}
	clock := "time"
	if o.cpu {
		clock = "cpu time"
	}
	fmt.Fprintf(e.stdout, "# samegame search %s: %s, %s %v, playouts %d a board, seed %d, %s\n",
		run.path, batch.Describe(*c), clock, o.limit, o.playouts, c.Seed, penaltyName(c.Penalty))
	start := time.Now()
	total, count, err := bs.Run(ctx, e.stdout)
	if err != nil {
		fmt.Fprintf(e.stderr, "samegame search: %v\n", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "# total %d over %d boards, %.3f s\n", total, count, time.Since(start).Seconds())
	return exitOK
}
