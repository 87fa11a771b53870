package main

import (
	"errors"
	"fmt"

	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/batch"
)

const replayHead = `samegame replay: check a sequence of moves on board N of FILE and print its score.

Usage:
  samegame replay [flags] FILE N MOVES

MOVES is the moves joined by commas (e.g. c1,o15,a2), '-' for none. Each move is played on the
board as it is when the move comes. Prints one line on stdout:
  N SCORE over|unfinished
SCORE is the moves' points, plus +1000 (or minus the penalty) when the sequence ends the game.
The first illegal move is reported on stderr, with why, and the exit status is 1.
`

func runReplay(e env, args []string) int {
	var penalty, show, help bool
	fs := newFlagSet("samegame replay", &help)
	fs.BoolVar(&penalty, "penalty", false, "subtract (c-2)^2 at the end for each colour with c > 2 cells left")
	fs.BoolVar(&show, "show", false, "print the board before the first move and after every move")
	if code, done := parseFlags(e, fs, &help, replayHead, args); done {
		return code
	}
	if fs.NArg() != 3 {
		return usageError(e, fs.Name(), fmt.Errorf("want FILE N MOVES, got %d arguments", fs.NArg()))
	}
	path := fs.Arg(0)
	boards, err := readBoards(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "samegame replay: %v\n", err)
		return exitError
	}
	n, err := batch.BoardNumber(fs.Arg(1), len(boards), path)
	if err != nil {
		return usageError(e, fs.Name(), err)
	}
	moves, err := samegame.ParseMoves(fs.Arg(2))
	if err != nil {
		return usageError(e, fs.Name(), err)
	}
	b := boards[n-1]
	if show {
		samegame.ShowReplay(e.stdout, n, b, moves)
	}
	score, over, err := samegame.Replay(boards[n-1], moves, penalty)
	var re *samegame.ReplayError
	if errors.As(err, &re) {
		fmt.Fprintf(e.stderr, "samegame replay: board %d: %v\n", n, err)
		return exitError
	}
	state := "unfinished"
	if over {
		state = "over"
	}
	fmt.Fprintf(e.stdout, "%d %d %s\n", n, score, state)
	return exitOK
}
