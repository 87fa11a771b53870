// Command einstein is the course's toolbox for Einstein Würfelt Nicht
// (Kari), seed 002: a game runner that plays agents against each other or
// against people at the terminal, and the two reference agents.
//
//	einstein game [-n np] [agents...] [-r rounds] [-s seed] [-l logfile]
//	einstein random [--seed N]
//	einstein greedy
//
// The Monte-Carlo agent (einstein with no subcommand, as the course runs
// an agent) waits for the shared MCTS core. See --help and docs/einstein.md.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // a failure while running: an agent protocol error, a file
	exitUsage = 2 // a bad command line
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	self, err := os.Executable()
	if err != nil {
		self = os.Args[0]
	}
	code := run(ctx, env{self: self, stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// env is what the program gets from its process: the path of its own
// executable (to start the built-in agents) and the standard streams.
type env struct {
	self   string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// usage is the text of einstein --help.
const usage = `einstein: Einstein Würfelt Nicht! (Kari), the Theory of Computer Games homework of 2018.

Usage:
  einstein game [-n np] [agents...] [-r rounds] [-s seed] [-l logfile]
                        play rounds between agents (child processes) and people at the terminal
  einstein random [--seed N]
                        the reference agent random: a uniformly random legal move
  einstein greedy       the reference agent greedy: a win, else a capture, else the step nearest
                        to its goal corner (docs/einstein.md says exactly how it chooses)
  einstein              the Monte-Carlo agent: not built yet

An agent speaks the course's protocol on stdin and stdout: R1 ('e', 'f' or 's'), R2 (the six
cube numbers of the start squares), R3 (ww, ll, 00 or the opponent's move nd) in, its move (00 or
nd) out, two bytes without a newline. Each subcommand has its own --help.

Flags:
  -h, --help   print this help and exit
`

// notBuilt is the message of the agent that does not exist yet.
const notBuilt = `einstein: the Monte-Carlo agent is not built yet (it waits for the shared MCTS core).
Use 'einstein random' or 'einstein greedy' as an agent, and 'einstein game' to run games;
see 'einstein --help'.
`

// run is the whole program; it returns the exit status.
func run(ctx context.Context, e env, args []string) (code int) {
	defer func() {
		// A bug must cost a clear line and an exit status, not a stack
		// dump in the user's terminal.
		if r := recover(); r != nil {
			fmt.Fprintf(e.stderr, "einstein: internal error: %v\n", r)
			code = exitError
		}
	}()
	if len(args) == 0 || args[0] == "mcts" {
		fmt.Fprint(e.stderr, notBuilt)
		return exitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, usage)
		return exitOK
	case "game":
		return runGame(ctx, e, args[1:])
	case "random", "greedy":
		return runAgent(e, args[0], args[1:])
	}
	fmt.Fprintf(e.stderr, "einstein: unknown command %q\nRun 'einstein --help' for the usage.\n", args[0])
	return exitUsage
}
