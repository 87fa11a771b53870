package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/spf13/pflag"
	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/internal/consolelog"
	"github.com/tcgothello/mcts/mcts/mctsflag"
	"go.uber.org/zap"
)

// mctsOptions is the command line of the Monte-Carlo agent.
type mctsOptions struct {
	agent agent.Options
	level string
}

// defaultMCTSOptions returns the agent's options before any flag: the
// agent package's defaults, thinking the course's limit less the
// agent's margin a move.
func defaultMCTSOptions() mctsOptions {
	o := mctsOptions{agent: agent.DefaultOptions(), level: defaultLogLevel}
	o.agent.Think = agent.CourseLimit - agent.ThinkMargin
	return o
}

// newMCTSFlags declares the agent's flags on o, with o's values as the
// defaults of the help; help is set by --help.
func newMCTSFlags(o *mctsOptions, help *bool) *pflag.FlagSet {
	fs := pflag.NewFlagSet("einstein", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	fs.DurationVar(&o.agent.Think, "time", o.agent.Think,
		"think time of a move, at most the course's 10s; the default keeps a second back for the pipes "+
			"and a busy machine; 0 for none, with --playouts")
	fs.Int64Var(&o.agent.Playouts, "playouts", o.agent.Playouts,
		"playout budget of a move; the search stops at the budget or --time, whichever comes first; "+
			"when the budget does, the same --seed plays the same moves on every machine (default 0: none)")
	// The core's flags, as every program of the project declares them:
	// uct or ucb (greedy needs an evaluation, which this game has not).
	mctsflag.Register(fs, &o.agent.Config, mctsflag.Spec{
		Flags: []mctsflag.Flag{mctsflag.Algo, mctsflag.Exploration, mctsflag.Pruning, mctsflag.PruneMinVisits},
	})
	fs.Var(mctsflag.Enum(&o.agent.Policy, "uniform|win-first", agent.ParsePolicy), "playout",
		"playout policy: win-first (take a win in one when there is one, else a random move) or "+
			"uniform (every move alike)")
	fs.Uint64Var(&o.agent.Config.Seed, "seed", o.agent.Config.Seed,
		"seed of the search (default: a new one each run, logged at the info level)")
	fs.StringVar(&o.level, "log-level", o.level,
		"least level of the log lines on stderr: debug (every search), info (every round), warn, error")
	fs.BoolVarP(help, "help", "h", false, "print this help and exit")
	return fs
}

// parseMCTS reads the command line of the Monte-Carlo agent. It returns
// pflag.ErrHelp for --help.
func parseMCTS(args []string) (mctsOptions, error) {
	o := defaultMCTSOptions()
	var help bool
	fs := newMCTSFlags(&o, &help)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if help {
		return o, pflag.ErrHelp
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if !fs.Changed("seed") {
		o.agent.Config.Seed = rand.Uint64()
	}
	if o.agent.Think > agent.CourseLimit {
		return o, fmt.Errorf("--time %v: want at most the course's limit, %v", o.agent.Think, agent.CourseLimit)
	}
	if err := o.agent.Validate(); err != nil {
		return o, err
	}
	return o, nil
}

// runMCTS is the Monte-Carlo agent: einstein with no subcommand.
func runMCTS(e env, args []string) int {
	o, err := parseMCTS(args)
	if errors.Is(err, pflag.ErrHelp) {
		fmt.Fprint(e.stdout, usage())
		return exitOK
	}
	var log *zap.Logger
	if err == nil {
		log, err = consolelog.New(o.level, e.stderr)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "einstein: %v\nRun 'einstein --help' for the usage.\n", err)
		return exitUsage
	}
	defer log.Sync()
	p, err := agent.NewMCTS(o.agent, log)
	if err != nil {
		fmt.Fprintf(e.stderr, "einstein: %v\n", err)
		return exitError
	}
	cfg := o.agent.Config
	log.Info("mcts agent", zap.Duration("time", o.agent.Think), zap.Int64("playouts", o.agent.Playouts),
		zap.Stringer("algo", cfg.Algorithm), zap.Bool("pruning", cfg.Pruning), zap.Float64("exploration", cfg.Exploration),
		zap.Stringer("playout", o.agent.Policy), zap.Uint64("seed", cfg.Seed))
	if err := agent.Serve(e.stdin, e.stdout, p, log); err != nil {
		fmt.Fprintf(e.stderr, "einstein: %v\n", err)
		return exitError
	}
	return exitOK
}
