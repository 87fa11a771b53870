package solvefile

import (
	"bytes"
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/internal/proctime"
	"github.com/tcgothello/mcts/othello"
)

// board is a hand-made board: black fills a1 and flips b1, all 64 discs
// black, +64 (the same as cmd/search's "win").
const board = "-OXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX"

func TestParseLine(t *testing.T) {
	want, err := othello.ParsePosition(board + " X")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line   string
		ok     bool
		errHas string // "" for no error
	}{
		{"", false, ""},
		{"   # only a comment", false, ""},
		{"w " + board + " X", true, ""},
		{"w " + board + " x and more # comment", true, ""},
		{"w " + board, false, "want ID BOARD64 SIDE, got 2 field(s)"},
		{"w " + board + "X X", false, "want 64 characters (X, O or -), got 65"},
		{"w " + board[:63] + " X", false, "got 63"},
		{"w " + board + " XO", false, `side to move "XO": want X (black) or O (white)`},
		{"w " + board + " Z", false, "side to move 'Z'"},
		{"w " + strings.Replace(board, "-", "Z", 1) + " X", false, "character 1 (a1) is 'Z'"},
		{"w " + strings.Repeat("-", 64) + " O", false, "the board has no discs"},
	} {
		id, pos, ok, err := ParseLine(c.line)
		switch {
		case c.errHas == "" && err != nil:
			t.Errorf("%q: %v", c.line, err)
		case c.errHas != "" && (err == nil || !strings.Contains(err.Error(), c.errHas)):
			t.Errorf("%q: error %v, want one saying %q", c.line, err, c.errHas)
		case ok != c.ok:
			t.Errorf("%q: ok %v, want %v", c.line, ok, c.ok)
		case ok && (id != "w" || pos != want):
			t.Errorf("%q: %q %v, want w %v", c.line, id, pos, want)
		}
	}
}

// TestRunCancelled checks that a run stopped by its caller fails naming
// the line it was solving, rather than printing an unproven result.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	// The start position: 60 empty squares, never solved before the
	// solver's first look at its context.
	start := "\nstart " + othello.Start().String() + "\n"
	err := Run(ctx, strings.NewReader(start), "f", &out, Options{TableBytes: 1 << 20, Limit: time.Hour})
	if !errors.Is(err, endgame.ErrStopped) || !strings.Contains(err.Error(), "f:2: ") || out.Len() != 0 {
		t.Errorf("cancelled run: %v, output %q; want ErrStopped at f:2 and nothing written", err, out.String())
	}
}

// TestRunFile: a file by its name, or the input for "-", solved alike;
// a missing file is its error, nothing written.
func TestRunFile(t *testing.T) {
	line := "w " + board + " X\n"
	path := t.TempDir() + "/positions.txt"
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{TableBytes: 1 << 20}
	var fromFile, fromStdin bytes.Buffer
	if err := RunFile(context.Background(), path, strings.NewReader(""), &fromFile, o); err != nil {
		t.Fatal(err)
	}
	if err := RunFile(context.Background(), "-", strings.NewReader(line), &fromStdin, o); err != nil {
		t.Fatal(err)
	}
	first := func(s string) string { return strings.Join(strings.Fields(s)[:3], " ") }
	if !strings.HasPrefix(fromFile.String(), "w +64 a1 ") || first(fromFile.String()) != first(fromStdin.String()) {
		t.Errorf("from the file %q, from stdin %q; want w +64 a1 from both", fromFile.String(), fromStdin.String())
	}
	var out bytes.Buffer
	if err := RunFile(context.Background(), path+".none", strings.NewReader(line), &out, o); !errors.Is(err, os.ErrNotExist) || out.Len() != 0 {
		t.Errorf("a missing file: %v, output %q", err, out.String())
	}
}

// TestRunLongLine: a line longer than the bound is named and skipped like
// a malformed one, and the lines after it are still solved (a scanner
// stopped the whole run with "token too long" and no line number).
func TestRunLongLine(t *testing.T) {
	line := "w " + board + " X\n"
	in := line + "x " + strings.Repeat("-", maxLineBytes) + "\n" + line
	var warned []string
	o := Options{TableBytes: 1 << 20, Warn: func(err error) { warned = append(warned, err.Error()) }}
	var out bytes.Buffer
	// The run reports the skipped line in its error, after solving the rest.
	if err := Run(context.Background(), strings.NewReader(in), "f", &out, o); err == nil || !strings.Contains(err.Error(), "1 line") {
		t.Errorf("run: %v; want an error counting 1 line that could not be read", err)
	}
	if len(warned) != 1 || !strings.HasPrefix(warned[0], "f:2: line too long") {
		t.Errorf("warnings %q; want one for f:2, line too long", warned)
	}
	if got := strings.Count(out.String(), "w +64 a1 "); got != 2 {
		t.Errorf("output %q: %d results for the lines around the long one, want 2", out.String(), got)
	}
}

// TestRunTableResident: the run's table is resident before its first
// position's clock starts, so that the position's time goes to the solve,
// not to page faults (a first position under --time was cut short after
// 1,093 nodes, against 754,788 for the same position second). A solve
// that writes all over a new table faults in its pages; the same solve on
// newSolver's table takes almost none. Faults are counted, not timed.
func TestRunTableResident(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory faults beside the table's")
	}
	pos := endgamePosition(t, 18)
	const tableBytes = 64 << 20
	faults := func(s *endgame.Solver) int64 {
		t.Helper()
		f0, _, ok := proctime.Usage()
		if !ok {
			t.Skip("no page fault counts on this system")
		}
		if _, err := s.Solve(context.Background(), pos, endgame.Exact); err != nil {
			t.Fatal(err)
		}
		f1, _, _ := proctime.Usage()
		return f1 - f0
	}
	// First, on memory new to the process: what a new table costs.
	fresh, err := endgame.New(tableBytes)
	if err != nil {
		t.Fatal(err)
	}
	cold := faults(fresh)
	s, err := newSolver(Options{Mode: endgame.Exact, TableBytes: tableBytes})
	if err != nil {
		t.Fatal(err)
	}
	warm := faults(s)
	t.Logf("page faults of the solve: %d on a new table, %d on the run's", cold, warm)
	if cold < 16 {
		t.Skipf("a solve on a new table took only %d page faults: nothing to tell apart", cold)
	}
	if warm > cold/8 {
		t.Errorf("the run's table: %d page faults in its first solve, against %d on a new table; want almost none", warm, cold)
	}
}

// endgamePosition plays a seeded random game to a position with the side
// to move having a move and empties empty squares.
func endgamePosition(t *testing.T, empties int) othello.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		g := othello.NewGame()
		for !g.Over() && g.Position().Empties() > empties {
			moves := g.Position().Moves()
			m := othello.Pass
			if moves != 0 {
				k := r.IntN(bits.OnesCount64(moves))
				for ; k > 0; k-- {
					moves &= moves - 1
				}
				m = othello.Move(bits.TrailingZeros64(moves))
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if p := g.Position(); !g.Over() && p.Empties() == empties && p.Moves() != 0 {
			return p
		}
	}
	t.Fatalf("no position of %d empty squares in 100 random games", empties)
	return othello.Position{}
}
