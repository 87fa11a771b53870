package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// TestPerftNamesThePath checks that --perft prints the move-generation path
// it measured and the standard leaf counts, and that --cpu portable forces
// the portable path.
func TestPerftNamesThePath(t *testing.T) {
	t.Cleanup(func() {
		if err := othello.SetCPU(othello.CPUAuto); err != nil {
			t.Error(err)
		}
	})
	for _, c := range []struct {
		args []string
		path string
	}{
		{[]string{"--perft", "4", "--cpu", "portable"}, othello.CPUPortable},
		{[]string{"--perft", "4"}, othello.CPU()},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", c.args, code, stderr.String())
		}
		out := stdout.String()
		if !strings.HasPrefix(out, "move generation: "+c.path+"\n") {
			t.Errorf("%v: output %q does not start with the path %q", c.args, out, c.path)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if f := strings.Fields(lines[len(lines)-1]); len(f) != 4 || f[0] != "4" || f[1] != "244" {
			t.Errorf("%v: last line %q, want depth 4 with 244 leaves", c.args, lines[len(lines)-1])
		}
	}
}

// TestPerftOnly checks that --perft-only counts depth D alone: the path, the
// header and one row, with the standard count.
func TestPerftOnly(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"--perft", "5", "--perft-only"}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("%v: exit %d, stderr %q", args, code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%v printed\n%s\nwant the path, the header and one row", args, stdout.String())
	}
	if f := strings.Fields(lines[2]); len(f) != 4 || f[0] != "5" || f[1] != "1396" {
		t.Errorf("%v: row %q, want depth 5 with 1396 leaves", args, lines[2])
	}
}
