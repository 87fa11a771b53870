package batch

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/search"
)

// Search is a run of the Monte-Carlo search over boards.
type Search struct {
	Boards  []samegame.Board
	Numbers []int // the boards to search, by number from 1
	Config  search.Config
	// Limit is each board's time (0: none); CPU makes it the CPU time the
	// search uses instead of wall time. Playouts is each board's budget
	// (0: none).
	Limit    time.Duration
	CPU      bool
	Playouts int64
	// Results, when not nil, holds the lines of boards already done
	// (printed again, not searched) and gets the new ones.
	Results *Results
	Log     *zap.Logger
}

// Run searches each board in turn and writes its line to out as it
// finishes, "N SCORE MOVES NODES SECONDS", after checking that the
// sequence replays to the score and ends the game. It returns the sum of
// the scores and the number of boards, those of the results file
// included. It stops at the first error, or with ErrInterrupted after the
// board in progress when ctx ends.
func (s Search) Run(ctx context.Context, out io.Writer) (total, count int, err error) {
	for _, n := range s.Numbers {
		if line, score, ok := s.Results.Done(n); ok {
			fmt.Fprintln(out, line)
			total += score
			count++
			continue
		}
		var lim search.Limits
		switch {
		case s.Limit > 0 && s.CPU:
			lim.CPU = s.Limit
		case s.Limit > 0:
			lim.Deadline = time.Now().Add(s.Limit)
		}
		lim.Playouts = s.Playouts
		r, err := search.Search(ctx, s.Boards[n-1], s.Config, lim)
		if err != nil {
			return total, count, fmt.Errorf("board %d: %w", n, err)
		}
		// The sequence is checked by the rules before anyone sees it.
		score, over, err := samegame.Replay(s.Boards[n-1], r.Moves, s.Config.Penalty)
		if err != nil || !over || score != r.Score {
			return total, count, fmt.Errorf("internal error: board %d: the sequence found replays to %d (game over %v, %v), not %d", n, score, over, err, r.Score)
		}
		line := fmt.Sprintf("%d %d %s %d %.3f", n, r.Score, samegame.FormatMoves(r.Moves), r.Nodes, r.Elapsed.Seconds())
		fmt.Fprintln(out, line)
		if err := s.Results.Add(line); err != nil {
			return total, count, err
		}
		total += r.Score
		count++
		s.Log.Info("board done", zap.Int("board", n), zap.Int("score", r.Score), zap.Int64("playouts", r.Playouts),
			zap.Int64("nodes", r.Nodes), zap.Duration("time", r.Elapsed), zap.Duration("cpu", r.CPU))
		if ctx.Err() != nil {
			return total, count, ErrInterrupted
		}
	}
	return total, count, nil
}

// Settings names everything the results of s depend on, for the settings
// line of its results file (OpenResults), so that a resumed run with other
// settings is refused instead of mixed in: the boards (the file's name,
// boardsName, and a hash of all its boards, so that another file of the
// same name is told apart), the algorithm and its settings (Describe), the
// playouts' probes, the limit and its clock, the budget, the seed and the
// rule. Which boards are searched (Numbers) is not a setting: runs over
// other boards of the same file share one results file.
func (s Search) Settings(boardsName string) string {
	h := fnv.New64a()
	for _, b := range s.Boards {
		fmt.Fprintf(h, "%s\n", b.String())
	}
	limit := fmt.Sprintf("%v a board (wall time)", s.Limit)
	switch {
	case s.Limit == 0:
		limit = "no time limit"
	case s.CPU:
		limit = fmt.Sprintf("%v a board (cpu time)", s.Limit)
	}
	penalty := "no penalty"
	if s.Config.Penalty {
		penalty = "penalty"
	}
	return fmt.Sprintf("boards %s (%d, fnv-1a %016x); %s, probes %d; %s, playouts %d a board; seed %d; %s",
		filepath.Base(boardsName), len(s.Boards), h.Sum64(), Describe(s.Config), s.Config.Probes, limit, s.Playouts, s.Config.Seed, penalty)
}

// Describe names the algorithm of c and the settings it uses, for the
// header of a run's output.
func Describe(c search.Config) string {
	tabu := "tabu colour"
	if !c.Tabu {
		tabu = "uniform playouts"
	}
	switch c.Algorithm {
	case search.NMCS:
		return fmt.Sprintf("nmcs level %d, %s", c.Level, tabu)
	case search.NRPA:
		if c.Tabu && c.TabuBias > 0 {
			tabu = fmt.Sprintf("tabu colour weighted %g", c.TabuBias)
		}
		code := ""
		if c.CellCode {
			code = ", cell code"
		}
		if c.SizeBias != 0 {
			code += fmt.Sprintf(", size bias %g", c.SizeBias)
		}
		return fmt.Sprintf("nrpa level %d, %d iterations, alpha %g, stabilize %d%s, %s", c.Level, c.Iterations, c.Alpha, c.Stabilize, code, tabu)
	case search.SPMCTS:
		return fmt.Sprintf("sp-mcts C %g D %g, %s", c.Exploration, c.VarianceD, tabu)
	case search.Beam:
		if !c.BeamPlayouts {
			return fmt.Sprintf("beam width %d (doubled each pass), valued by evaluation", c.Width)
		}
		return fmt.Sprintf("beam width %d (doubled each pass), valued by playouts, %s", c.Width, tabu)
	}
	return fmt.Sprintf("depth %d plies (one more each game)", c.Plies)
}
