package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/endgame/solvefile"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/internal/consolelog"
	"github.com/tcgothello/mcts/nboard"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/player"
	"github.com/tcgothello/mcts/web"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the connection failed or was lost, or the engine could not start
	exitUsage = 2 // the command line is wrong
)

// run is the whole program: it parses args, starts the engine in the mode
// they ask for, and returns the exit status. Every failure is reported on
// stderr as one clear line.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		// A bug must cost a clear line and an exit status, not a stack
		// dump in the user's terminal.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "search: internal error: %v\n", r)
			code = exitError
		}
	}()
	o, fs, err := parseOptions(args)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "search: %v\nRun 'search --help' for the modes and flags.\n", err)
		return exitUsage
	case o.help:
		fmt.Fprint(stdout, usage(fs))
		return exitOK
	}
	if err := othello.SetCPU(o.cpu); err != nil { // checked by parseOptions
		fmt.Fprintf(stderr, "search: %v\n", err)
		return exitUsage
	}
	switch {
	case o.perft > 0:
		if err := othello.WritePerftTable(stdout, o.perftFrom(), o.perft); err != nil {
			fmt.Fprintf(stderr, "search: %v\n", err)
			return exitError
		}
		return exitOK
	case o.solveFile != "":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		if err := runSolve(ctx, o, stdin, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "search: %v\n", err)
			return exitError
		}
		return exitOK
	}
	log, logOut, closeLog, err := consolelog.Open(o.logLevel, o.logFile, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "search: %v\n", err)
		return exitError
	}
	defer closeLog()
	if err := play(o, log, logOut, stdin, stdout, stderr); err != nil {
		if o.logFile != "" {
			log.Error("search stopped", zap.Error(err))
		}
		fmt.Fprintf(stderr, "search: %v\n", err)
		return exitError
	}
	return exitOK
}

// loadWeights returns the evaluation's weights: the embedded set, or the
// file's.
func loadWeights(path string) (*eval.Weights, error) {
	w, err := eval.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--eval-file: %w", err)
	}
	return w, nil
}

// runSolve solves the positions of the --solve file, each within --time
// when it was given.
func runSolve(ctx context.Context, o options, stdin io.Reader, stdout, stderr io.Writer) error {
	weights, err := loadWeights(o.evalFile)
	if err != nil {
		return err
	}
	return solvefile.RunFile(ctx, o.solveFile, stdin, stdout, solvefile.Options{
		Mode: o.solveMode, TableBytes: o.tableMB << 20, OrderEval: player.OrderEval(weights),
		Limit: o.solveLimit, Warn: func(err error) { fmt.Fprintf(stderr, "search: %v\n", err) },
	})
}

// play builds the engine and the session, and serves the mode o asks for.
func play(o options, log *zap.Logger, logOut io.Writer, stdin io.Reader, stdout, stderr io.Writer) error {
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
	}
	o.engine.Seed = o.seed
	weights, err := loadWeights(o.evalFile)
	if err != nil {
		return err
	}
	// --solver off is the course's plain UCT: no MCTS-Solver either. The
	// analysing front ends show every move's value; a judge does not.
	bk, err := book.Open(o.book)
	if err != nil {
		return fmt.Errorf("--book: %w", err)
	}
	thinker, err := player.New(player.Config{Engine: o.engine, Weights: weights, Playouts: o.playouts,
		Solver: o.solver, SolveEmpties: o.solveEmpties, SelectiveEmpties: o.selectiveEmpties, TableBytes: o.tableMB << 20,
		SolvedValues: o.httpAddr != "" || o.nboard, Book: bk, BookSpread: o.bookSpread,
		StopWhenDecided: o.timeBank, LeafDepth: o.leafDepth})
	if err != nil {
		return err
	}
	mode := "stdin"
	switch {
	case o.nboard:
		mode = "nboard"
	case o.addr != "":
		mode = "judge " + o.addr
	case o.httpAddr != "":
		mode = "http " + o.httpAddr
	}
	log.Info("search starting", zap.String("name", o.name), zap.String("mode", mode),
		zap.Duration("time", o.thinkTime), zap.Int64("playouts", o.playouts),
		zap.Uint64("seed", o.seed), zap.String("algo", o.engine.Algorithm.String()),
		zap.Float64("exploration", o.engine.Exploration), zap.String("reward", o.engine.Reward.String()),
		zap.Bool("pruning", o.engine.Pruning), zap.Float64("prune_rd", o.engine.PruneRD),
		zap.Float64("prune_sigma_e", o.engine.PruneSigmaE), zap.Int("prune_min_visits", o.engine.PruneMinVisits),
		zap.Int("prune_node_visits", o.engine.PruneNodeVisits), zap.Int("arena", o.engine.ArenaNodes),
		zap.String("leaf", o.engine.Leaf.String()), zap.Float64("eval_weight", o.engine.EvalWeight),
		zap.Float64("eval_scale", o.engine.EvalScale), zap.Int("prior_visits", o.engine.PriorVisits), zap.Float64("minimax_weight", o.engine.MinimaxWeight),
		zap.String("eval_file", o.evalFile), zap.Bool("reuse", o.engine.Reuse),
		zap.Bool("ponder", o.ponder), zap.String("book", o.book), zap.Int("book_positions", bk.Len()), zap.Float64("book_spread", o.bookSpread),
		zap.Bool("solver", o.solver), zap.Int("solve_empties", o.solveEmpties), zap.Int("selective_empties", o.selectiveEmpties), zap.Int("leaf_solve_empties", o.engine.SolveEmpties), zap.Int("table_mb", o.tableMB),
		zap.String("cpu", othello.CPU()))
	if o.addr != "" && o.thinkTime >= judgeLimit {
		log.Warn("--time is not below the judge's 10s limit for genmove: moves will be late",
			zap.Duration("time", o.thinkTime))
	}
	if o.httpAddr != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		// The URL is printed once the server listens, with the port it
		// got and a loopback host for an all-interfaces address.
		ready := func(url string) { fmt.Fprintf(stderr, "%s: play at %s (Ctrl-C to stop)\n", o.name, url) }
		return web.Run(ctx, o.httpAddr, thinker, web.Options{ThinkTime: o.thinkTime, Logger: log, Ready: ready})
	}
	if o.nboard {
		// Until NBoard sets a depth, --time is the think time.
		return nboard.Serve(context.Background(), nboard.Config{Name: o.name, Thinker: thinker,
			ThinkTime: o.thinkTime, Logger: log, Errors: stderr, Ponder: o.ponderLimit()}, stdin, stdout)
	}
	// A person reads the boards on the terminal; against a judge they go
	// with the logs, wherever those are kept.
	board := stderr
	if o.addr != "" {
		board = logOut
	}
	s, err := otp.NewSession(otp.SessionConfig{
		Name:      o.name,
		Thinker:   thinker,
		ThinkTime: o.thinkTime,
		Logger:    log,
		Board:     board,
		Ponder:    o.ponderLimit(),
		TimeBank:  o.timeBank,
	})
	if err != nil {
		return err
	}
	ctx := context.Background()
	if o.addr == "" {
		fmt.Fprintf(stderr, "%s: reading commands from stdin, one a line; type help for the list.\n", o.name)
		return otp.ServeLines(ctx, s, stdin, stdout)
	}
	return otp.PlayJudge(ctx, s, o.addr, o.connectTimeout, log)
}
