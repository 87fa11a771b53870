package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/search"
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
	fs.StringVar(&o.resume, "resume", o.resume, "results file: boards it already has a line for are skipped, new lines are appended")
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
	log, path, boards, numbers := run.log, run.path, run.boards, run.numbers
	done, results, err := openResults(o.resume)
	if err != nil {
		fmt.Fprintf(e.stderr, "samegame search: %v\n", err)
		return exitError
	}
	if results != nil {
		defer results.Close()
	}
	clock := "time"
	if o.cpu {
		clock = "cpu time"
	}
	fmt.Fprintf(e.stdout, "# samegame search %s: %s, %s %v, playouts %d a board, seed %d, %s\n",
		path, describe(c), clock, o.limit, o.playouts, c.Seed, penaltyName(c.Penalty))
	total, count := 0, 0
	start := time.Now()
	for _, n := range numbers {
		if line, ok := done[n]; ok {
			fmt.Fprintln(e.stdout, line)
			total += lineScore(line)
			count++
			continue
		}
		var lim search.Limits
		switch {
		case o.limit > 0 && o.cpu:
			lim.CPU = o.limit
		case o.limit > 0:
			lim.Deadline = time.Now().Add(o.limit)
		}
		lim.Playouts = o.playouts
		r, err := search.Search(ctx, boards[n-1], *c, lim)
		if err != nil {
			fmt.Fprintf(e.stderr, "samegame search: board %d: %v\n", n, err)
			return exitError
		}
		// The sequence is checked by the rules before anyone sees it.
		score, over, err := samegame.Replay(boards[n-1], r.Moves, c.Penalty)
		if err != nil || !over || score != r.Score {
			fmt.Fprintf(e.stderr, "samegame search: internal error: board %d: the sequence found replays to %d (game over %v, %v), not %d\n", n, score, over, err, r.Score)
			return exitError
		}
		line := fmt.Sprintf("%d %d %s %d %.3f", n, r.Score, samegame.FormatMoves(r.Moves), r.Nodes, r.Elapsed.Seconds())
		fmt.Fprintln(e.stdout, line)
		if results != nil {
			if _, err := fmt.Fprintln(results, line); err != nil {
				fmt.Fprintf(e.stderr, "samegame search: %s: %v\n", o.resume, err)
				return exitError
			}
		}
		total += r.Score
		count++
		log.Info("board done", zap.Int("board", n), zap.Int("score", r.Score), zap.Int64("playouts", r.Playouts),
			zap.Int64("nodes", r.Nodes), zap.Duration("time", r.Elapsed), zap.Duration("cpu", r.CPU))
		if ctx.Err() != nil {
			fmt.Fprintln(e.stderr, "samegame search: interrupted")
			return exitError
		}
	}
	fmt.Fprintf(e.stdout, "# total %d over %d boards, %.3f s\n", total, count, time.Since(start).Seconds())
	return exitOK
}

// describe names the algorithm and the settings it uses.
func describe(c *search.Config) string {
	tabu := "tabu colour"
	if !c.Tabu {
		tabu = "uniform playouts"
	}
	switch c.Algorithm {
	case search.NMCS:
		return fmt.Sprintf("nmcs level %d, %s", c.Level, tabu)
	case search.NRPA:
		if c.Tabu && c.TabuBias > 0 {
			tabu = fmt.Sprintf("tabu colour weighted %g", c.TabuBias)
		}
		code := ""
		if c.CellCode {
			code = ", cell code"
		}
		if c.SizeBias != 0 {
			code += fmt.Sprintf(", size bias %g", c.SizeBias)
		}
		return fmt.Sprintf("nrpa level %d, %d iterations, alpha %g, stabilize %d%s, %s", c.Level, c.Iterations, c.Alpha, c.Stabilize, code, tabu)
	case search.SPMCTS:
		return fmt.Sprintf("sp-mcts C %g D %g, %s", c.Exploration, c.VarianceD, tabu)
	case search.Beam:
		if !c.BeamPlayouts {
			return fmt.Sprintf("beam width %d (doubled each pass), valued by evaluation", c.Width)
		}
		return fmt.Sprintf("beam width %d (doubled each pass), valued by playouts, %s", c.Width, tabu)
	}
	return fmt.Sprintf("depth %d plies (one more each game)", c.Plies)
}

// openResults reads the results file at path, if any: the lines of the
// boards it already has, by number; and opens it for appending. An empty
// path means no file.
func openResults(path string) (map[int]string, *os.File, error) {
	done := map[int]string{}
	if path == "" {
		return done, nil, nil
	}
	if data, err := os.ReadFile(path); err == nil {
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for i := 1; sc.Scan(); i++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			f := strings.Fields(line)
			n, err := strconv.Atoi(f[0])
			if len(f) != 5 || err != nil {
				return nil, nil, fmt.Errorf("%s: line %d: want N SCORE MOVES NODES SECONDS, got %q", path, i, line)
			}
			if _, err := strconv.Atoi(f[1]); err != nil {
				return nil, nil, fmt.Errorf("%s: line %d: score %q is not a number", path, i, f[1])
			}
			done[n] = line
		}
	} else if !os.IsNotExist(err) {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, nil, err
	}
	return done, f, nil
}

// lineScore is the SCORE of a result line already checked by openResults.
func lineScore(line string) int {
	n, _ := strconv.Atoi(strings.Fields(line)[1])
	return n
}
