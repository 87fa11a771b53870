// Command samegame is the toolbox for SameGame (issue 20, seed 004): the
// exact solver of the one-player puzzle and of the two-player variants,
// the Monte-Carlo search of boards too large to solve, a replay checker,
// and a terminal game of the two-player variants against the shared MCTS
// core.
//
//	samegame solve [--objective max|min] [--variant minimax|more|less] [--time T] FILE
//	samegame search --algo ALGO --time T FILE
//	samegame replay FILE N MOVES
//	samegame play --variant minimax|more|less FILE N
//	samegame random --width W --height H --colours C --count N --seed S
//
// Results go to stdout, logs to stderr. See --help and docs/samegame.md.
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
	exitError = 1 // a failure while running: an unreadable file, an illegal move
	exitUsage = 2 // a bad command line
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// env is what the program gets from its process: the standard streams.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// usage is the text of samegame --help.
const usage = `samegame: SameGame, the one-player puzzle and its two-player variants (issue 20).

Usage:
  samegame solve [flags] FILE         the best score of each board, exactly (small boards);
                                      --variant minimax|more|less: the two-player game's value
  samegame search [flags] FILE        the best score found in a time per board (large boards)
  samegame replay [flags] FILE N MOVES
                                      check a sequence of moves on board N and print its score
  samegame play [flags] FILE N        play a two-player variant on board N against the computer
  samegame random [flags]             print random boards (for tests and measurements)

Each subcommand has its own --help.

Rules: a move removes a group of n >= 2 orthogonally connected cells of one colour and scores
(n-2)^2; the cells above fall, an empty column closes from the right. The game ends when no group
is left; clearing the board scores +1000. --penalty: at the end, -(c-2)^2 for each colour with
c > 2 cells left.

Board files: boards separated by blank lines, '#' lines ignored; a board is its rows, top row
first, of colour digits 0-9 ('.' an empty cell), with or without spaces between them. A move is
a cell of its group: column letter (a = leftmost; either case) and row number from the bottom
(1 = bottom row), e.g. c1; a sequence is moves joined by commas, '-' for none.

Exit status: 0 done, 1 a failure (unreadable file, illegal move), 2 a bad command line.
`

// run is the whole program; it returns the exit status.
func run(ctx context.Context, e env, args []string) (code int) {
	defer func() {
		// A bug must cost a clear line and an exit status, not a stack
		// dump in the user's terminal.
		if r := recover(); r != nil {
			fmt.Fprintf(e.stderr, "samegame: internal error: %v\n", r)
			code = exitError
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(e.stderr, "samegame: a subcommand is needed: solve, search, replay or play\nRun 'samegame --help' for the usage.\n")
		return exitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, usage)
		return exitOK
	case "solve":
		return runSolve(ctx, e, args[1:])
	case "search":
		return runSearch(ctx, e, args[1:])
	case "replay":
		return runReplay(e, args[1:])
	case "play":
		return runPlay(ctx, e, args[1:])
	case "random":
		return runRandom(e, args[1:])
	}
	fmt.Fprintf(e.stderr, "samegame: unknown subcommand %q\nRun 'samegame --help' for the usage.\n", args[0])
	return exitUsage
}
