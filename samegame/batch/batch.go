// Package batch runs SameGame's exact solver or its Monte-Carlo search over
// many boards of a board file, one result line a board as each finishes:
// the work of "samegame solve" and "samegame search" between their command
// lines and their summaries. Every sequence a search finds is replayed with
// the rules before it is printed, and a long search run can be resumed from
// its results file.
package batch

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/tcgothello/mcts/samegame"
)

// ErrInterrupted is returned by a run whose context ended: the line of the
// board in progress has been written, the boards after it are not done.
var ErrInterrupted = errors.New("interrupted")

// ReadBoards reads the board file at path.
func ReadBoards(path string) ([]samegame.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return samegame.ParseBoards(f, path)
}

// BoardNumber reads a board's number N (from 1) among the n boards of the
// file at path.
func BoardNumber(s string, n int, path string) (int, error) {
	k, err := strconv.Atoi(s)
	if err != nil || k < 1 || k > n {
		return 0, fmt.Errorf("board %q: want a number 1..%d (%s has %d boards)", s, n, path, n)
	}
	return k, nil
}

// SelectBoards returns the numbers of the boards to work on among the n
// boards of the file at path: those asked for (--board), checked, each
// once in the order first asked (--board 1,1 is board 1, worked on
// once), or all.
func SelectBoards(asked []int, n int, path string) ([]int, error) {
	if len(asked) == 0 {
		all := make([]int, n)
		for i := range all {
			all[i] = i + 1
		}
		return all, nil
	}
	seen := make(map[int]bool, len(asked))
	var numbers []int
	for _, k := range asked {
		if k < 1 || k > n {
			return nil, fmt.Errorf("--board %d: %s has boards 1..%d", k, path, n)
		}
		if !seen[k] {
			seen[k] = true
			numbers = append(numbers, k)
		}
	}
	return numbers, nil
}
