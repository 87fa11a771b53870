package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/tcgothello/mcts/einstein/runner"
	"github.com/tcgothello/mcts/engineproc"
	"go.uber.org/zap"
	"mvdan.cc/sh/v3/shell"
)

// seedStep spreads the seeds of the built-in random agents, derived from
// the game's seed, so that two of them never share a sequence (the
// golden-ratio constant of splitmix64).
const seedStep = 0x9e3779b97f4a7c15

// newProcSeat resolves the agent spec, player i's (0 or 1): the built-in
// names random and greedy, or a command line split as a shell would.
func newProcSeat(spec string, i int, o gameOptions, e env, host *engineproc.Host, log *zap.Logger) (*runner.AgentSeat, error) {
	switch spec {
	case "random":
		seed := o.seed + uint64(i+1)*seedStep
		return runner.NewAgentSeat(spec, []string{e.self, "random", "--seed", strconv.FormatUint(seed, 10)}, e.stderr, host, log), nil
	case "greedy":
		return runner.NewAgentSeat(spec, []string{e.self, "greedy"}, e.stderr, host, log), nil
	}
	argv, err := shell.Fields(spec, nil)
	if err != nil {
		return nil, err
	}
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("empty command")
	}
	prog, err := exec.LookPath(argv[0])
	if err != nil && !strings.ContainsRune(argv[0], os.PathSeparator) {
		// The course's game runs agents from the current directory
		// (./game -n 0 b07902000 random).
		if local, err2 := exec.LookPath("." + string(os.PathSeparator) + argv[0]); err2 == nil {
			prog, err = local, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cannot be started: %w", err)
	}
	argv[0] = prog
	return runner.NewAgentSeat(spec, argv, e.stderr, host, log), nil
}
