package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/othello"
)

// solveInput is one position of a --solve file.
type solveInput struct {
	line int // 1-based line number, for messages
	id   string
	pos  othello.Position
}

// parseSolveLine reads one line of a --solve file: "ID BOARD64 SIDE
// [anything...]", BOARD64 the 64-character board (X black, O white, -
// empty, a1 b1 ... h1 a2 ... h8) and SIDE X or O. Text after '#' is a
// comment. It returns ok false for a line with nothing to solve.
func parseSolveLine(text string) (id string, pos othello.Position, ok bool, err error) {
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
	pos, err = othello.ParsePosition(f[1] + " " + f[2])
	if err != nil {
		return "", othello.Position{}, false, err
	}
	return f[0], pos, true, nil
}

// runSolve solves every position of the file at path ("-" for stdin) and
// prints "ID SCORE MOVE NODES SECONDS" for each, then a total line. A line
// that cannot be read is reported on errw with its number, and the others
// are still solved; the error returned then says how many failed.
func runSolve(ctx context.Context, stdin io.Reader, w, errw io.Writer, path string, mode endgame.Mode, tableBytes int, order func(p, o uint64) int32) error {
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	var inputs []solveInput
	bad := 0
	sc := bufio.NewScanner(in)
	for n := 1; sc.Scan(); n++ {
		id, pos, ok, err := parseSolveLine(sc.Text())
		if err != nil {
			fmt.Fprintf(errw, "search: %s:%d: %v\n", path, n, err)
			bad++
			continue
		}
		if ok {
			inputs = append(inputs, solveInput{line: n, id: id, pos: pos})
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	solver, err := endgame.New(tableBytes)
	if err != nil {
		return err
	}
	solver.SetOrderEval(order)
	var nodes uint64
	var elapsed time.Duration
	for _, in := range inputs {
		r, err := solver.Solve(ctx, in.pos, mode)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, in.line, err)
		}
		nodes += r.Nodes
		elapsed += r.Elapsed
		if _, err := fmt.Fprintf(w, "%s %s %s %d %.3f\n", in.id, formatScore(r.Score), r.Move, r.Nodes, r.Elapsed.Seconds()); err != nil {
			return err
		}
	}
	rate := 0.0
	if elapsed > 0 {
		rate = float64(nodes) / elapsed.Seconds()
	}
	if _, err := fmt.Fprintf(w, "total %d %d %.3f %.0f nodes/s\n", len(inputs), nodes, elapsed.Seconds(), rate); err != nil {
		return err
	}
	if bad > 0 {
		return fmt.Errorf("%d line(s) of %s could not be read (see above); the others were solved", bad, path)
	}
	return nil
}

// formatScore writes a score with its sign, "+6", "-12", or "0".
func formatScore(v int) string {
	if v == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", v)
}
