package main

import (
	"context"
	"errors"
	"fmt"
	"time"

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

// solveOptions is the command line of 'samegame solve'.
type solveOptions struct {
	objective string
	variant   string
	penalty   bool
	limit     time.Duration
	nodes     int64
	tableMB   int
	noTable   bool
	noBound   bool
	boards    []int
	logLevel  string
	help      bool
}

func runSolve(ctx context.Context, e env, args []string) int {
	o := solveOptions{objective: "max", tableMB: solve.DefaultTableMB, logLevel: "warn"}
	fs := newFlagSet("samegame solve", &o.help)
	fs.StringVar(&o.objective, "objective", o.objective, "one player: max (the best score) or min (the worst complete game, variant a)")
	fs.StringVar(&o.variant, "variant", o.variant, "two players instead: minimax, more or less (default: one player)")
	fs.BoolVar(&o.penalty, "penalty", o.penalty, "subtract (c-2)^2 at the end for each colour with c > 2 cells left")
	fs.DurationVar(&o.limit, "time", o.limit, "time limit per board; the best found so far is printed, marked unproven (default 0: none)")
	fs.Int64Var(&o.nodes, "nodes", o.nodes, "node budget per board, like --time but the same on any machine (default 0: none)")
	fs.IntVar(&o.tableMB, "table-mb", o.tableMB, "transposition table size in MiB (16-byte entries, a power of two of them)")
	fs.BoolVar(&o.noTable, "no-table", o.noTable, "search without the transposition table (to measure what it saves)")
	fs.BoolVar(&o.noBound, "no-bound", o.noBound, "one player: search without the pruning bound (to measure what it saves)")
	fs.IntSliceVar(&o.boards, "board", o.boards, "solve only these boards (numbers from 1, comma-separated; default: all)")
	fs.StringVar(&o.logLevel, "log-level", o.logLevel, "least level of the log lines on stderr: debug, info (a line a board), warn, error")
	if code, done := parseFlags(e, fs, &o.help, solveHead, args); done {
		return code
	}
	if fs.NArg() != 1 {
		return usageError(e, fs.Name(), fmt.Errorf("want one board FILE, got %d arguments", fs.NArg()))
	}
	var obj solve.Objective
	switch o.objective {
	case "max":
		obj = solve.Max
	case "min":
		obj = solve.Min
	default:
		return usageError(e, fs.Name(), fmt.Errorf("--objective %q: want max or min", o.objective))
	}
	var variant solve.Variant
	if o.variant != "" {
		v, err := solve.ParseVariant(o.variant)
		if err != nil {
			return usageError(e, fs.Name(), fmt.Errorf("--variant: %w", err))
		}
		variant = v
		if fs.Changed("objective") {
			return usageError(e, fs.Name(), errors.New("--objective is for one player; a --variant has its own objectives"))
		}
	}
	if o.limit < 0 || o.nodes < 0 || o.tableMB < 1 || o.tableMB > solve.MaxTableMB {
		return usageError(e, fs.Name(), fmt.Errorf("--time %v, --nodes %d, --table-mb %d: want a time and a budget >= 0 and a table of 1 to %d MiB",
			o.limit, o.nodes, o.tableMB, solve.MaxTableMB))
	}
	run, code, ok := startBoardRun(e, fs, o.logLevel, o.boards)
	if !ok {
		return code
	}
	defer func() { _ = run.log.Sync() }()
	opt := solve.Options{Objective: obj, Penalty: o.penalty, TableMB: o.tableMB, NoBound: o.noBound, MaxNodes: o.nodes}
	if o.noTable {
		opt.TableMB = 0
	}
	if variant != 0 {
		fmt.Fprintf(e.stdout, "# samegame solve %s: variant %s, %s\n", run.path, variant, penaltyName(o.penalty))
	} else {
		fmt.Fprintf(e.stdout, "# samegame solve %s: objective %s, %s\n", run.path, o.objective, penaltyName(o.penalty))
	}
	err := batch.Solve{Boards: run.boards, Numbers: run.numbers, Solver: solve.NewSolver(opt), Variant: variant,
		Limit: o.limit, Log: run.log}.Run(ctx, e.stdout)
	if err != nil {
		fmt.Fprintf(e.stderr, "samegame solve: %v\n", err)
		return exitError
	}
	return exitOK
}
