package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/spf13/pflag"
	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/internal/consolelog"
	"go.uber.org/zap"
)

// agentUsage is the text of --help of the reference agents, by name.
var agentUsage = map[string]string{
	"random": `einstein random: the reference agent random.

Usage:
  einstein random [flags]

An agent of the course's protocol on stdin and stdout (see einstein --help): it plays every legal
move with the same probability. It answers at once and ends after 'e'; bad or truncated input ends
it with a message on stderr and exit status 1.

Flags:
      --seed uint          seed of its random numbers (default: a new one each run, logged at the
                           info level)
      --log-level string   least level of the log lines on stderr: debug (every move), info (every
                           round), warn, error (default "warn")
  -h, --help               print this help and exit
`,
	"greedy": `einstein greedy: the reference agent greedy.

Usage:
  einstein greedy [flags]

An agent of the course's protocol on stdin and stdout (see einstein --help), deterministic. Of its
legal moves it takes the best by these criteria in turn: a move that wins at once (the cube
reaches the goal corner, or captures the opponent's last cube); a capture; the smallest Chebyshev
distance max(|dr|, |dc|) from the moved cube's new square to its goal corner; the smallest
Manhattan distance |dr| + |dc|; the lowest cube number, then direction 1, 2, 3. It answers at once
and ends after 'e'; bad or truncated input ends it with a message on stderr and exit status 1.

Flags:
      --log-level string   least level of the log lines on stderr: debug (every move), info (every
                           round), warn, error (default "warn")
  -h, --help               print this help and exit
`,
}

// runAgent runs the reference agent name ("random" or "greedy") on the
// protocol over stdin and stdout.
func runAgent(e env, name string, args []string) int {
	fs := pflag.NewFlagSet("einstein "+name, pflag.ContinueOnError)
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	var seed uint64
	if name == "random" {
		fs.Uint64Var(&seed, "seed", 0, "seed of the random numbers")
	}
	level := fs.String("log-level", defaultLogLevel, "least level of the log lines")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprint(e.stdout, agentUsage[name])
		return exitOK
	case err == nil && fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var log *zap.Logger
	if err == nil {
		log, err = consolelog.New(*level, e.stderr)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "einstein %s: %v\nRun 'einstein %s --help' for the usage.\n", name, err, name)
		return exitUsage
	}
	defer log.Sync()
	var p agent.Player = agent.Greedy{}
	if name == "random" {
		if !fs.Changed("seed") {
			seed = rand.Uint64()
		}
		log.Info("random agent", zap.Uint64("seed", seed))
		p = agent.NewRandom(rand.NewPCG(seed, 0))
	}
	if err := agent.Serve(e.stdin, e.stdout, p, log); err != nil {
		fmt.Fprintf(e.stderr, "einstein %s: %v\n", name, err)
		return exitError
	}
	return exitOK
}
