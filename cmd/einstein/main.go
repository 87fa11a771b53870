// Command einstein is the course's toolbox for Einstein Würfelt Nicht
// (Kari), seed 002: a game runner that plays agents against each other or
// against people at the terminal, and the two reference agents.
//
//	einstein [--time 9s] [--playouts N] [--algo uct|ucb] [--pruning on|off] [--seed N] ...
//	einstein game [-n np] [agents...] [-r rounds] [-s seed] [-l logfile]
//	einstein random [--seed N]
//	einstein greedy
//
// With no subcommand it is the Monte-Carlo agent, as the course runs an
// agent (./game -n 0 b07902000 greedy): a search of the shared MCTS core
// (package mcts) for every move. See --help and docs/einstein.md.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// defaultLogLevel keeps the programs quiet unless something goes wrong:
// the runner's stdout is its results, an agent's stdout is the protocol,
// and a thousand rounds should not print thousands of lines to stderr.
const defaultLogLevel = "warn"

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
func usage() string {
	o, help := defaultMCTSOptions(), false
	return `einstein: Einstein Würfelt Nicht! (Kari), the Theory of Computer Games homework of 2018.

Usage:
  einstein [flags]      the Monte-Carlo agent, as the course runs an agent (./game -n 0 einstein greedy)
  einstein game [-n np] [agents...] [-r rounds] [-s seed] [-l logfile]
                        play rounds between agents (child processes) and people at the terminal
  einstein random [--seed N]
                        the reference agent random: a uniformly random legal move
  einstein greedy       the reference agent greedy: a win, else a capture, else the step nearest
                        to its goal corner (docs/einstein.md says exactly how it chooses)

An agent speaks the course's protocol on stdin and stdout: R1 ('e', 'f' or 's'), R2 (the six
cube numbers of the start squares), R3 (ww, ll, 00 or the opponent's move nd) in, its move (00 or
nd) out, two bytes without a newline. Each subcommand has its own --help.

The Monte-Carlo agent searches every move with UCT (or flat UCB1) on random playouts, keeping its
tree from one move to the next; logs go to stderr. It ends after 'e'; bad or truncated input ends
it with a message on stderr and exit status 1. 'einstein mcts [flags]' is the same agent.

Flags of the agent:
` + newMCTSFlags(&o, &help).FlagUsagesWrapped(100)
}

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
	if len(args) == 0 {
		return runMCTS(e, nil)
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, usage())
		return exitOK
	case "game":
		return runGame(ctx, e, args[1:])
	case "random", "greedy":
		return runAgent(e, args[0], args[1:])
	case "mcts":
		return runMCTS(e, args[1:])
	}
	if strings.HasPrefix(args[0], "-") {
		return runMCTS(e, args)
	}
	fmt.Fprintf(e.stderr, "einstein: unknown command %q\nRun 'einstein --help' for the usage.\n", args[0])
	return exitUsage
}
