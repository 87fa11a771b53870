package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/internal/consolelog"
	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/mcts/mctsflag"
	"github.com/tcgothello/mcts/samegame/batch"
	"github.com/tcgothello/mcts/samegame/solve"
	"github.com/tcgothello/mcts/samegame/versus"
)

const playHead = `samegame play: a two-player variant on board N of FILE, people at the terminal against the
computer (the shared MCTS core) or the computer against itself.

Usage:
  samegame play --variant minimax|more|less [flags] FILE N

The players alternate on one board, --first moving first. minimax: one shared score, the first
player maximises it and the second minimises it; more: each keeps its own moves' points and wants
more than the other; less: each wants less. The +1000 for clearing the board (or the --penalty)
goes to the player who made the last move. A person types a cell of the group to remove (e.g. c1,
column letter and row from the bottom) or quit. The board, the moves and the result go to stdout.

The computer's search: rewards win/loss for more and less (a win is a positive margin); for
minimax the final shared score scaled to 0..1 (discdiff), with MCTS-Solver off, since its proofs
are wins and losses. docs/samegame.md has the details.
`

func runPlay(ctx context.Context, e env, args []string) int {
	var (
		variantName   = ""
		penalty, help bool
		first         = versus.PersonKind
		second        = versus.ComputerKind
		think         = 5 * time.Second
		playouts      int64
		logLevel      = "warn"
	)
	cfg := mcts.DefaultConfig()
	cfg.ArenaNodes = versus.DefaultArenaNodes
	fs := newFlagSet("samegame play", &help)
	fs.StringVar(&variantName, "variant", variantName, "the game: minimax, more or less (required)")
	fs.BoolVar(&penalty, "penalty", penalty, "the end penalty: -(c-2)^2 for each colour with c > 2 cells left, to the last mover")
	fs.StringVar(&first, "first", first, "who moves first: person or computer")
	fs.StringVar(&second, "second", second, "who moves second: person or computer")
	fs.DurationVar(&think, "time", think, "the computer's think time a move (0: --playouts only)")
	fs.Int64Var(&playouts, "playouts", playouts, "the computer's playout budget a move (default 0: --time only)")
	mctsflag.Register(fs, &cfg, mctsflag.Spec{
		Flags:    []mctsflag.Flag{mctsflag.Algo, mctsflag.Exploration, mctsflag.Arena, mctsflag.Solver, mctsflag.Reuse},
		MinArena: versus.MinArenaNodes,
	})
	fs.Uint64Var(&cfg.Seed, "seed", 0, "seed of the search (default 0: from the clock, logged at the info level)")
	fs.StringVar(&logLevel, "log-level", logLevel, "least level of the log lines on stderr: debug, info (a line a move), warn, error")
	if code, done := parseFlags(e, fs, &help, playHead, args); done {
		return code
	}
	var errs []error
	variant, err := solve.ParseVariant(variantName)
	if err != nil {
		errs = append(errs, fmt.Errorf("--variant: %w", err))
	}
	for _, p := range []struct{ flag, v string }{{"first", first}, {"second", second}} {
		if p.v != versus.PersonKind && p.v != versus.ComputerKind {
			errs = append(errs, fmt.Errorf("--%s %q: want person or computer", p.flag, p.v))
		}
	}
	if think < 0 || playouts < 0 || (think == 0 && playouts == 0) {
		errs = append(errs, fmt.Errorf("--time %v, --playouts %d: the computer needs a time or a budget a move", think, playouts))
	}
	if fs.NArg() != 2 {
		errs = append(errs, fmt.Errorf("want FILE N, got %d arguments", fs.NArg()))
	}
	if cfg.ArenaNodes < versus.MinArenaNodes || cfg.ArenaNodes > mcts.MaxArenaNodes {
		errs = append(errs, fmt.Errorf("--arena %d: want %d..%d", cfg.ArenaNodes, versus.MinArenaNodes, mcts.MaxArenaNodes))
	}
	log, lerr := consolelog.New(logLevel, e.stderr)
	if lerr != nil {
		errs = append(errs, fmt.Errorf("--log-level: %w", lerr))
	}
	if err := errors.Join(errs...); err != nil {
		return usageError(e, fs.Name(), err)
	}
	defer func() { _ = log.Sync() }()
	path := fs.Arg(0)
	boards, err := readBoards(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "samegame play: %v\n", err)
		return exitError
	}
	n, err := batch.BoardNumber(fs.Arg(1), len(boards), path)
	if err != nil {
		return usageError(e, fs.Name(), err)
	}
	b := boards[n-1]
	g := versus.NewGame(variant, penalty, b)
	cfg = g.ComputerConfig(cfg)
	if cfg.Seed == 0 {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	log.Info("samegame play", zap.String("variant", variant.String()), zap.Bool("penalty", penalty),
		zap.Uint64("seed", cfg.Seed), zap.String("algo", cfg.Algorithm.String()), zap.Int("max score", g.MaxScore))
	players, err := versus.NewPlayers(g, [2]string{first, second}, cfg, think, playouts, lineread.New(e.stdin, versus.MaxLine), e.stdout)
	if err != nil {
		return usageError(e, fs.Name(), err)
	}
	fmt.Fprintf(e.stdout, "# samegame play %s %d: variant %s, %s\n", path, n, variant, penaltyName(penalty))
	if _, err := versus.Play(ctx, g, b, players[0], players[1], e.stdout); err != nil {
		if errors.Is(err, versus.ErrQuit) {
			fmt.Fprintln(e.stdout, "quit")
			return exitOK
		}
		if ctx.Err() != nil {
			fmt.Fprintln(e.stderr, "samegame play: interrupted")
			return exitError
		}
		fmt.Fprintf(e.stderr, "samegame play: %v\n", err)
		return exitError
	}
	return exitOK
}
