package runner

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/shell"
)

// seedStep spreads the seeds of the built-in random agents, derived from
// the game's seed, so that two of them never share a sequence (the
// golden-ratio constant of splitmix64).
const seedStep = 0x9e3779b97f4a7c15

// AgentCommand resolves the agent spec of player i (0 or 1) into the
// command that starts it. The names random and greedy stand for the
// reference agents of the program self (einstein), random with a seed
// drawn from seed, the games' seed; anything else is a command line split
// as a shell would (quotes, no expansions), its program looked up on the
// PATH, then in the current directory as the course's game does
// (./game -n 0 b07902000 random).
func AgentCommand(spec, self string, seed uint64, i int) ([]string, error) {
	switch spec {
	case "random":
		seed += uint64(i+1) * seedStep
		return []string{self, "random", "--seed", strconv.FormatUint(seed, 10)}, nil
	case "greedy":
		return []string{self, "greedy"}, nil
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
		if local, err2 := exec.LookPath("." + string(os.PathSeparator) + argv[0]); err2 == nil {
			prog, err = local, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cannot be started: %w", err)
	}
	argv[0] = prog
	return argv, nil
}
