package batch

import (
	"context"
	"fmt"
	"io"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/solve"
)

// Solve is a run of the exact solver over boards.
type Solve struct {
	Boards  []samegame.Board
	Numbers []int // the boards to solve, by number from 1
	Solver  *solve.Solver
	// Variant is the two-player variant to solve, 0 for the one-player
	// game (the solver's Objective).
	Variant solve.Variant
	// Limit is each board's time, 0 for none.
	Limit time.Duration
	Log   *zap.Logger
}

// Run solves each board in turn and writes its line to out as it
// finishes: "N SCORE MOVES NODES SECONDS" for one player, "N VALUE MOVE
// NODES SECONDS" for a variant, followed by " unproven" when the limit,
// the solver's node budget or ctx stopped it. It returns ErrInterrupted
// after the board in progress when ctx ends.
func (s Solve) Run(ctx context.Context, out io.Writer) error {
	for _, n := range s.Numbers {
		bctx, cancel := ctx, context.CancelFunc(func() {})
		if s.Limit > 0 {
			bctx, cancel = context.WithTimeout(ctx, s.Limit)
		}
		start := time.Now()
		var line string
		var proven bool
		if s.Variant != 0 {
			r := s.Solver.SolveVariant(bctx, s.Boards[n-1], s.Variant)
			move := "-"
			if r.Ok {
				move = r.Move.String()
			}
			line = fmt.Sprintf("%d %d %s %d %.3f", n, r.Value, move, r.Nodes, time.Since(start).Seconds())
			proven = r.Proven
		} else {
			r := s.Solver.Solve(bctx, s.Boards[n-1])
			line = fmt.Sprintf("%d %d %s %d %.3f", n, r.Score, samegame.FormatMoves(r.Moves), r.Nodes, time.Since(start).Seconds())
			proven = r.Proven
		}
		cancel()
		if !proven {
			line += " unproven"
		}
		fmt.Fprintln(out, line)
		s.Log.Info("board done", zap.Int("board", n), zap.Bool("proven", proven), zap.Duration("time", time.Since(start)))
		if ctx.Err() != nil {
			return ErrInterrupted
		}
	}
	return nil
}
