package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/spf13/pflag"
	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/mcts"
	"go.uber.org/zap"
)

// courseLimit is the course's time limit for a move.
const courseLimit = 10 * time.Second

// thinkMargin is what the agent keeps back of the course's limit by
// default. The runner counts from its write of the opponent's move to the
// arrival of ours; the search's own clock does not see the pipes, the
// process waiting for a CPU on a loaded machine (the course runs both
// agents and the runner on one host), or a garbage collection between the
// search and the write. The search itself stops within a millisecond of
// its deadline, so the margin is for the machine.
const thinkMargin = time.Second

// defaultThink is the default think time of a move.
const defaultThink = courseLimit - thinkMargin

// mctsOptions is the command line of the Monte-Carlo agent.
type mctsOptions struct {
	agent agent.Options
	level string
}

// parseMCTS reads the command line of the Monte-Carlo agent. It returns
// pflag.ErrHelp for --help.
func parseMCTS(args []string) (mctsOptions, error) {
	o := mctsOptions{agent: agent.DefaultOptions()}
	o.agent.Think = defaultThink
	cfg := &o.agent.Config
	fs := pflag.NewFlagSet("einstein", pflag.ContinueOnError)
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	fs.DurationVar(&o.agent.Think, "time", o.agent.Think, "think time of a move")
	fs.Int64Var(&o.agent.Playouts, "playouts", 0, "playout budget of a move")
	fs.Var(algorithmValue{&cfg.Algorithm}, "algo", "uct or ucb")
	fs.BoolVar(&cfg.Pruning, "pruning", cfg.Pruning, "progressive pruning")
	fs.IntVar(&cfg.PruneMinVisits, "prune-min-visits", cfg.PruneMinVisits, "playouts before a move can be pruned")
	fs.Float64Var(&cfg.Exploration, "exploration", cfg.Exploration, "UCB1's C")
	fs.Var(policyValue{&o.agent.Policy}, "playout", "uniform or win-first")
	fs.Uint64Var(&cfg.Seed, "seed", 0, "seed of the search")
	fs.StringVar(&o.level, "log-level", defaultLogLevel, "least level of the log lines")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if !fs.Changed("seed") {
		cfg.Seed = rand.Uint64()
	}
	if o.agent.Think > courseLimit {
		return o, fmt.Errorf("--time %v: want at most the course's limit, %v", o.agent.Think, courseLimit)
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
		fmt.Fprint(e.stdout, usage)
		return exitOK
	}
	var log *zap.Logger
	if err == nil {
		log, err = newLogger(o.level, e.stderr)
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

// algorithmValue is a pflag.Value for the search algorithm, uct or ucb:
// a bad value is refused while the flags are parsed, with the flag's name
// in the message.
type algorithmValue struct{ a *mcts.Algorithm }

func (v algorithmValue) String() string { return v.a.String() }
func (v algorithmValue) Type() string   { return "uct|ucb" }
func (v algorithmValue) Set(s string) error {
	a, err := mcts.ParseAlgorithm(s)
	if err != nil || a == mcts.Greedy {
		// Greedy needs an evaluation, which this game does not have.
		return fmt.Errorf("unknown algorithm %q: want uct or ucb", s)
	}
	*v.a = a
	return nil
}

// policyValue is a pflag.Value for the playout policy.
type policyValue struct{ p *agent.Policy }

func (v policyValue) String() string { return v.p.String() }
func (v policyValue) Type() string   { return "uniform|win-first" }
func (v policyValue) Set(s string) error {
	p, err := agent.ParsePolicy(s)
	if err != nil {
		return err
	}
	*v.p = p
	return nil
}
