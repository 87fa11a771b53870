// Package solvefile solves a file of Othello positions, one a line, with
// the endgame solver and reports each result: the batch mode of
// search --solve. The format of the lines in and out is in docs/endgame.md
// ("Solving a file").
package solvefile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/othello"
)

// Options configures a run.
type Options struct {
	Mode       endgame.Mode
	TableBytes int // the solver's transposition table
	// OrderEval, if not nil, is the solver's move-ordering evaluation
	// (endgame.Solver.SetOrderEval).
	OrderEval func(p, o uint64) int32
	// Limit is the time each position may take; 0 for none. A position
	// not solved in time is reported with the bounds proven so far and
	// the word unproven.
	Limit time.Duration
	// Warn gets each line that cannot be read, as an error naming the
	// file and line; nil drops them.
	Warn func(error)
}

// input is one position of the file.
type input struct {
	line int // 1-based line number, for messages
	id   string
	pos  othello.Position
}

// ParseLine reads one line: "ID BOARD64 SIDE [anything...]", BOARD64 the
// 64-character board (X black, O white, - empty, a1 b1 ... h1 a2 ... h8)
// and SIDE X or O. Text after '#' is a comment. It returns ok false for a
// line with nothing to solve, and an error naming what is wrong for a line
// that is not a position: a field missing, a board of another length or
// with another character, a side other than X or O, a board without discs.
func ParseLine(text string) (id string, pos othello.Position, ok bool, err error) {
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	f := strings.Fields(text)
	if len(f) == 0 {
		return "", othello.Position{}, false, nil
	}
	if len(f) < 3 {
		return "", othello.Position{}, false, fmt.Errorf("want ID BOARD64 SIDE, got %d field(s)", len(f))
	}
	if len(f[1]) != 64 {
		return "", othello.Position{}, false, fmt.Errorf("board %q: want 64 characters (X, O or -), got %d", f[1], len(f[1]))
	}
	if len(f[2]) != 1 {
		return "", othello.Position{}, false, fmt.Errorf("side to move %q: want X (black) or O (white)", f[2])
	}
	pos, err = othello.ParsePosition(f[1] + " " + f[2])
	if err == nil {
		err = pos.Validate()
	}
	if err != nil {
		return "", othello.Position{}, false, err
	}
	return f[0], pos, true, nil
}

// RunFile is Run on the file at path, or on stdin when path is "-".
func RunFile(ctx context.Context, path string, stdin io.Reader, w io.Writer, o Options) error {
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	return Run(ctx, in, path, w, o)
}

// maxLineBytes bounds a line of a positions file: a position needs about
// 70 bytes, and what follows it is a comment; a longer line is reported
// and skipped, as a malformed one is.
const maxLineBytes = 64 << 10

// Run reads every line of in (called name in messages) before it solves
// anything, then solves each position and writes "ID SCORE MOVE NODES
// SECONDS NODES/S" for it to w, then a total line. A line that cannot be
// read goes to o.Warn and the others are still solved; the error returned
// then says how many failed. A position not solved within o.Limit gets "ID
// LOWER..UPPER MOVE NODES SECONDS NODES/S unproven": the score lies in
// LOWER..UPPER, and MOVE reaches LOWER when that is more than the worst
// score. When ctx ends, Run stops with an error.
func Run(ctx context.Context, in io.Reader, name string, w io.Writer, o Options) error {
	warn := o.Warn
	if warn == nil {
		warn = func(error) {}
	}
	var inputs []input
	bad := 0
	lr := lineread.New(in, maxLineBytes)
	for n := 1; ; n++ {
		text, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, lineread.ErrTooLong) {
			// Like a malformed line: named, counted, and the rest is read.
			warn(fmt.Errorf("%s:%d: %w (more than %d bytes)", name, n, err, maxLineBytes))
			bad++
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		id, pos, ok, err := ParseLine(text)
		if err != nil {
			warn(fmt.Errorf("%s:%d: %w", name, n, err))
			bad++
			continue
		}
		if ok {
			inputs = append(inputs, input{line: n, id: id, pos: pos})
		}
	}
	solver, err := newSolver(o)
	if err != nil {
		return err
	}
	var nodes uint64
	var elapsed time.Duration
	unproven := 0
	for _, in := range inputs {
		r, err := solve(ctx, solver, in.pos, o)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", name, in.line, err)
		}
		nodes += r.Nodes
		elapsed += r.Elapsed
		score := FormatScore(r.Score)
		if !r.Proven {
			unproven++
			score = FormatScore(r.Lower) + ".." + FormatScore(r.Upper)
		}
		line := fmt.Sprintf("%s %s %s %d %.3f %.0f", in.id, score, r.Move, r.Nodes, r.Elapsed.Seconds(), nodeRate(r.Nodes, r.Elapsed))
		if !r.Proven {
			line += " unproven"
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	total := fmt.Sprintf("total %d %d %.3f %.0f nodes/s", len(inputs), nodes, elapsed.Seconds(), nodeRate(nodes, elapsed))
	if unproven > 0 {
		total += fmt.Sprintf(", %d unproven", unproven)
	}
	if _, err := fmt.Fprintln(w, total); err != nil {
		return err
	}
	if bad > 0 {
		return fmt.Errorf("%d line(s) of %s could not be read (see above); the others were solved", bad, name)
	}
	return nil
}

// newSolver returns the solver of a run, its table resident: a new
// table's pages are faulted in by the solves that first touch them, which
// cost the first position of a file most of a short --time (1,093 nodes in
// 0.1 s against 754,788 for the same position second, with the default
// table) and put that cost in its SECONDS; so the table is made resident
// before any position's clock starts.
func newSolver(o Options) (*endgame.Solver, error) {
	solver, err := endgame.New(o.TableBytes)
	if err != nil {
		return nil, err
	}
	solver.SetOrderEval(o.OrderEval)
	solver.Resident()
	return solver, nil
}

// solve solves one position within o.Limit, if there is one.
func solve(ctx context.Context, s *endgame.Solver, pos othello.Position, o Options) (endgame.Result, error) {
	if o.Limit <= 0 {
		return s.Solve(ctx, pos, o.Mode)
	}
	pctx, cancel := context.WithTimeout(ctx, o.Limit)
	defer cancel()
	r, err := s.SolveBounds(pctx, pos, o.Mode)
	if err == nil && !r.Proven && ctx.Err() != nil {
		// Stopped by the caller, not by the limit.
		return endgame.Result{}, fmt.Errorf("%w: %w", endgame.ErrStopped, context.Cause(ctx))
	}
	return r, err
}

// FormatScore writes a score with its sign, "+6", "-12", or "0".
func FormatScore(v int) string {
	if v == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", v)
}

// nodeRate returns nodes per second of elapsed, 0 for no time.
func nodeRate(nodes uint64, elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	return float64(nodes) / elapsed.Seconds()
}
