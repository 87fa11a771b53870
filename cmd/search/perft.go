package main

import (
	"fmt"
	"io"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// runPerft prints, for each depth 1..depth, the leaves of the game tree from
// the start position and how fast they were counted.
func runPerft(w io.Writer, depth int) error {
	if _, err := fmt.Fprintf(w, "move generation: %s\n%5s %16s %10s %14s\n", othello.CPU(), "depth", "leaves", "seconds", "leaves/s"); err != nil {
		return err
	}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		leaves := othello.Perft(othello.Start(), d)
		secs := time.Since(start).Seconds()
		rate := 0.0
		if secs > 0 {
			rate = float64(leaves) / secs
		}
		if _, err := fmt.Fprintf(w, "%5d %16d %10.3f %14.0f\n", d, leaves, secs, rate); err != nil {
			return err
		}
	}
	return nil
}
