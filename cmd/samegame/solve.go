package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/tcgothello/mcts/samegame/batch"
	"github.com/tcgothello/mcts/samegame/solve"
)

const solveHead = `samegame solve: the exact best score of each board of FILE.

Usage:
  samegame solve [flags] FILE

One line a board on stdout, as it finishes, after a '#' line that names the rule:
  N SCORE MOVES NODES SECONDS            (one player; --objective max or min)
  N VALUE MOVE NODES SECONDS             (--variant minimax, more or less)
N is the board's number in FILE from 1; MOVES the sequence that scores SCORE, joined by commas;
NODES the positions searched. A board stopped by --time, --nodes or Ctrl-C ends its line with
'unproven': SCORE and MOVES are then the best game found so far (MOVE and VALUE those of the root
moves searched to the end); Ctrl-C also ends the run.

One player: depth-first search with a transposition table (a position reached by two orders is
searched once) and an admissible bound (each colour's cells as one group, the bonus only if no
colour has a single cell) that prunes lines which cannot beat the best. Variants, for the first
player to move: minimax = the final shared score (first player maximises, second minimises);
more = score1-score2, less = score2-score1, each player keeping its own moves' points and the end
adjustment (+1000, or the penalty) going to the player who made the last move. Alpha-beta with the
table. docs/samegame.md has the details and measured sizes.
`

func runSolve(ctx context.Context, e env, args []string) int {
	var (
		objective, variant, logLevel = "max", "", "warn"
		noTable, help                bool
		boards                       []int
	)
	opt := solve.Options{TableMB: solve.DefaultTableMB}
	run := batch.Solve{}
	fs := newFlagSet("samegame solve", &help)
	fs.StringVar(&objective, "objective", objective, "one player: max (the best score) or min (the worst complete game, variant a)")
	fs.StringVar(&variant, "variant", variant, "two players instead: minimax, more or less (default: one player)")
	fs.BoolVar(&opt.Penalty, "penalty", opt.Penalty, "subtract (c-2)^2 at the end for each colour with c > 2 cells left")
	fs.DurationVar(&run.Limit, "time", run.Limit, "time limit per board; the best found so far is printed, marked unproven (default 0: none)")
	fs.Int64Var(&opt.MaxNodes, "nodes", opt.MaxNodes, "node budget per board, like --time but the same on any machine (default 0: none)")
	fs.IntVar(&opt.TableMB, "table-mb", opt.TableMB, "transposition table size in MiB (16-byte entries, a power of two of them)")
	fs.BoolVar(&noTable, "no-table", noTable, "search without the transposition table (to measure what it saves)")
	fs.BoolVar(&opt.NoBound, "no-bound", opt.NoBound, "one player: search without the pruning bound (to measure what it saves)")
	fs.IntSliceVar(&boards, "board", boards, "solve only these boards (numbers from 1, comma-separated; default: all)")
	fs.StringVar(&logLevel, "log-level", logLevel, "least level of the log lines on stderr: debug, info (a line a board), warn, error")
	if code, done := parseFlags(e, fs, &help, solveHead, args); done {
		return code
	}
	if fs.NArg() != 1 {
		return usageError(e, fs.Name(), fmt.Errorf("want one board FILE, got %d arguments", fs.NArg()))
	}
	switch objective {
	case "max":
		opt.Objective = solve.Max
	case "min":
		opt.Objective = solve.Min
	default:
		return usageError(e, fs.Name(), fmt.Errorf("--objective %q: want max or min", objective))
	}
	if variant != "" {
		v, err := solve.ParseVariant(variant)
		if err != nil {
			return usageError(e, fs.Name(), fmt.Errorf("--variant: %w", err))
		}
		run.Variant = v
		if fs.Changed("objective") {
			return usageError(e, fs.Name(), errors.New("--objective is for one player; a --variant has its own objectives"))
		}
	}
	if run.Limit < 0 || opt.MaxNodes < 0 || opt.TableMB < 1 || opt.TableMB > solve.MaxTableMB {
		return usageError(e, fs.Name(), fmt.Errorf("--time %v, --nodes %d, --table-mb %d: want a time and a budget >= 0 and a table of 1 to %d MiB",
			run.Limit, opt.MaxNodes, opt.TableMB, solve.MaxTableMB))
	}
	start, code, ok := startBoardRun(e, fs, logLevel, boards)
	if !ok {
		return code
	}
	defer func() { _ = start.log.Sync() }()
	if noTable {
		opt.TableMB = 0
	}
	if run.Variant != 0 {
		fmt.Fprintf(e.stdout, "# samegame solve %s: variant %s, %s\n", start.path, run.Variant, penaltyName(opt.Penalty))
	} else {
		fmt.Fprintf(e.stdout, "# samegame solve %s: objective %s, %s\n", start.path, objective, penaltyName(opt.Penalty))
	}
	run.Boards, run.Numbers, run.Solver, run.Log = start.boards, start.numbers, solve.NewSolver(opt), start.log
	if err := run.Run(ctx, e.stdout); err != nil {
		fmt.Fprintf(e.stderr, "samegame solve: %v\n", err)
		return exitError
	}
	return exitOK
}
