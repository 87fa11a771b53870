package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/book"
)

func runArgs(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

// TestBuildResumeShow builds a small book in two runs, checks it equals a
// book built in one, and shows its start position.
func TestBuildResumeShow(t *testing.T) {
	dir := t.TempDir()
	whole, twice := filepath.Join(dir, "whole.book"), filepath.Join(dir, "twice.book")
	flags := []string{"--playouts", "300", "--max-ply", "4", "--seed", "2"}
	if _, logs, code := runArgs(append([]string{"build", whole, "--positions", "6"}, flags...)...); code != exitOK {
		t.Fatalf("build: exit %d\n%s", code, logs)
	}
	runArgs(append([]string{"build", twice, "--positions", "3"}, flags...)...)
	_, logs, code := runArgs(append([]string{"build", twice, "--positions", "6"}, flags...)...)
	if code != exitOK || !strings.Contains(logs, "holds 3 positions; building to 6") || !strings.Contains(logs, "done, 6 positions") {
		t.Fatalf("resume: exit %d\n%s", code, logs)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(twice)
	if !bytes.Equal(a, b) || bytes.Count(a, []byte("\n")) != 8 {
		t.Errorf("resumed book differs from the one built at once, or is not header, parameters and 6 lines:\n%s\n%s", b, a)
	}
	out, logs, code := runArgs("show", "--book", whole, "f5")
	bk, err := book.Load(whole)
	if err != nil {
		t.Fatal(err)
	}
	if code != exitOK || !strings.Contains(out, "6 positions in the book") || strings.Count(out, "\n  ") != 3 {
		t.Errorf("show f5: exit %d, %q (%s); want the 3 moves of white after f5", code, out, logs)
	}
	if bk.Len() != 6 {
		t.Errorf("%d positions, want 6", bk.Len())
	}
}

func TestCommandLine(t *testing.T) {
	if out, _, code := runArgs("--help"); code != exitOK || !strings.Contains(out, "book build FILE") || !strings.Contains(out, "--depth-cost") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
	cases := []struct {
		args []string
		want string
	}{
		{nil, "want a subcommand"},
		{[]string{"fly"}, `unknown subcommand "fly"`},
		{[]string{"build"}, "build: want one FILE"},
		{[]string{"build", "x.book", "--book", "y"}, "--book is read by show alone"},
		{[]string{"build", "x.book", "--playouts", "0"}, "playouts 0: want at least 1"},
		{[]string{"build", "x.book", "--depth-cost", "-1"}, "depth cost -1"},
		{[]string{"show", "a", "b"}, "at most one MOVES"},
		{[]string{"show", "f5z9"}, `MOVES "f5z9": move 2 of "f5z9": square "z9"`},
		{[]string{"show", "f5a1"}, `MOVES "f5a1"`},
		{[]string{"--nonsense"}, "unknown flag"},
	}
	for _, c := range cases {
		if _, logs, code := runArgs(c.args...); code != exitUsage || !strings.Contains(logs, c.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", c.args, code, logs, c.want)
		}
	}
	if _, logs, code := runArgs("show", "--book", filepath.Join(t.TempDir(), "missing.book")); code != exitError || !strings.Contains(logs, "missing.book") {
		t.Errorf("show of a missing book: exit %d, %q; want 1 naming the file", code, logs)
	}
}
