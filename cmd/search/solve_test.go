package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// Positions whose answers are worked out by hand. In "win", black fills
// a1 and flips b1: all 64 discs black, +64. In "lost", black has no disc,
// nobody can move, and the empty square goes to white: -64 for black, who
// must pass. In "wo", white to move takes a1 back from a board of black
// discs with one white disc on c1: the move flips b1, and white ends with
// 3 discs against 61, -58.
const (
	boardWin  = "-OXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX"
	boardLost = "-OOOOOOO" + "OOOOOOOO" + "OOOOOOOO" + "OOOOOOOO" + "OOOOOOOO" + "OOOOOOOO" + "OOOOOOOO" + "OOOOOOOO"
	boardWO   = "-XOXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX" + "XXXXXXXX"
)

func writeFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "positions.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSolveFlag runs search --solve on hand-checked positions and the
// first FFO test position (the published answer: +38 by a2), with
// comments, a blank line and two malformed lines: those are reported by
// line number, the others still solved, and the exit status says so.
func TestSolveFlag(t *testing.T) {
	ffo40, err := os.ReadFile("../../endgame/testdata/ffo40-59.txt")
	if err != nil {
		t.Fatal(err)
	}
	first := strings.SplitN(string(ffo40), "\n", 2)[0]
	path := writeFile(t, "# hand-made\n\nwin "+boardWin+" X\nlost "+boardLost+" X extra words\n"+
		"short "+boardWin[:63]+" X\nwo "+boardWO+" O # comment\nside "+boardWin+" Z\n"+first+"\n")
	var stdout, stderr bytes.Buffer
	code := run([]string{"--solve", path, "--table-mb", "16"}, strings.NewReader(""), &stdout, &stderr)
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	want := []string{"win +64 a1", "lost -64 pass", "wo -58 a1", "40 +38 a2"}
	if code != exitError || len(lines) != len(want)+1 {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d and %d lines", code, stdout.String(), stderr.String(), exitError, len(want)+1)
	}
	for i, w := range want {
		f := strings.Fields(lines[i])
		if len(f) != 6 || strings.Join(f[:3], " ") != w {
			t.Errorf("line %d: %q, want %q NODES SECONDS NODES/S", i+1, lines[i], w)
			continue
		}
		nodes, err1 := strconv.ParseFloat(f[3], 64)
		secs, err2 := strconv.ParseFloat(f[4], 64)
		rate, err3 := strconv.ParseFloat(f[5], 64)
		if err := errors.Join(err1, err2, err3); err != nil || secs > 0.01 && math.Abs(rate*secs-nodes) > 0.01*nodes {
			t.Errorf("line %d: %q: want NODES/S = NODES / SECONDS (%v)", i+1, lines[i], err)
		}
	}
	if !strings.HasPrefix(lines[len(want)], "total 4 ") {
		t.Errorf("total line %q, want it to count 4 positions", lines[len(want)])
	}
	for _, msg := range []string{":5: ", ":7: ", "2 line(s)"} {
		if !strings.Contains(stderr.String(), msg) {
			t.Errorf("stderr %q does not name %q", stderr.String(), msg)
		}
	}
}

// TestSolveFlagWLD checks the sign-only mode's output and a missing file.
func TestSolveFlagWLD(t *testing.T) {
	path := writeFile(t, "win "+boardWin+" X\nlost "+boardLost+" X\n")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--solve", path, "--solve-mode", "wld", "--table-mb", "16"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if got := stdout.String(); !strings.HasPrefix(got, "win +1 a1 ") || !strings.Contains(got, "\nlost -1 pass ") {
		t.Errorf("stdout %q, want win +1 a1 and lost -1 pass", got)
	}
	stdout.Reset()
	if code := run([]string{"--solve", "-", "--solve-mode", "wld", "--table-mb", "16"}, strings.NewReader("win "+boardWin+" X\n"), &stdout, &stderr); code != exitOK || !strings.HasPrefix(stdout.String(), "win +1 a1 ") {
		t.Errorf("--solve - (stdin): exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"--solve", filepath.Join(t.TempDir(), "none.txt")}, strings.NewReader(""), &stdout, &stderr); code != exitError || !strings.Contains(stderr.String(), "none.txt") {
		t.Errorf("missing file: exit %d, stderr %q; want %d and the file's name", code, stderr.String(), exitError)
	}
}

// TestSolveRefusesImpossiblePositions checks that a board without discs is
// refused like any other bad line (it used to be "solved" as 0 pass), and
// that a side of more than one character is named as the side.
func TestSolveRefusesImpossiblePositions(t *testing.T) {
	empty := strings.Repeat("-", 64)
	path := writeFile(t, "empty "+empty+" X\nside "+boardWin+" XO\nwin "+boardWin+" X\n")
	var stdout, stderr bytes.Buffer
	code := run([]string{"--solve", path, "--table-mb", "16"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitError || !strings.HasPrefix(stdout.String(), "win +64 a1 ") || !strings.Contains(stdout.String(), "total 1 ") {
		t.Errorf("exit %d, stdout %q; want exit %d and win solved alone", code, stdout.String(), exitError)
	}
	for _, msg := range []string{":1: the board has no discs\n", `:2: side to move "XO": want X (black) or O (white)`} {
		if !strings.Contains(stderr.String(), msg) {
			t.Errorf("stderr %q does not say %q", stderr.String(), msg)
		}
	}
}

// TestSolveTimeLimit checks --time with --solve: FFO #40 (+38 by a2, about
// 20 million nodes) cannot be proven in 50 ms, so its line gives bounds
// that hold the published score, a move, and says unproven; the easy
// position after it is still solved exactly, and the total counts the
// unproven one.
func TestSolveTimeLimit(t *testing.T) {
	ffo40, err := os.ReadFile("../../endgame/testdata/ffo40-59.txt")
	if err != nil {
		t.Fatal(err)
	}
	first := strings.SplitN(string(ffo40), "\n", 2)[0]
	path := writeFile(t, first+"\nwin "+boardWin+" X\n")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--solve", path, "--time", "50ms", "--table-mb", "16"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("stdout %q: want 3 lines", stdout.String())
	}
	f := strings.Fields(lines[0])
	if len(f) != 7 || f[0] != "40" || f[6] != "unproven" {
		t.Fatalf("line %q: want 40 LOWER..UPPER MOVE NODES SECONDS NODES/S unproven", lines[0])
	}
	var lower, upper int
	if _, err := fmt.Sscanf(f[1], "%d..%d", &lower, &upper); err != nil || lower > 38 || upper < 38 || lower >= upper {
		t.Errorf("bounds %q (%v): want an interval holding +38", f[1], err)
	}
	if _, err := othello.ParseSquare(f[2]); err != nil {
		t.Errorf("move %q: %v", f[2], err)
	}
	if secs, err := strconv.ParseFloat(f[4], 64); err != nil || secs > 2 {
		t.Errorf("seconds %q: want the 50ms limit kept (2 s allowed for a busy machine)", f[4])
	}
	if !strings.HasPrefix(lines[1], "win +64 a1 ") || strings.HasSuffix(lines[1], "unproven") {
		t.Errorf("line %q: want win +64 a1, proven", lines[1])
	}
	if !strings.HasPrefix(lines[2], "total 2 ") || !strings.HasSuffix(lines[2], "nodes/s, 1 unproven") {
		t.Errorf("total %q: want 2 positions, 1 unproven", lines[2])
	}
}
