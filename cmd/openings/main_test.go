package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelp checks that --help, like the other programs' help, says what
// the program does and its exit statuses on stdout, with every flag, and
// exits 0.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"--help"}, &stdout, &stderr); code != 0 || stderr.Len() != 0 {
		t.Fatalf("--help: exit %d, stderr %q; want 0 and nothing", code, stderr.String())
	}
	help := stdout.String()
	for _, want := range []string{"openings: make balanced", "Usage:", "tournament/openings/default.txt",
		"--plies", "--count", "--playouts", "--seed", "--output", "Exit status:"} {
		if !strings.Contains(help, want) {
			t.Errorf("--help does not say %q:\n%s", want, help)
		}
	}
}

// TestBadCommandLines checks that each mistake is named, with a pointer
// to --help, and exit status 2, before any work.
func TestBadCommandLines(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--plies", "0"}, "--plies 0: want 1..10"},
		{[]string{"--plies", "11"}, "--plies 11: want 1..10"},
		{[]string{"--count", "0"}, "--count 0: want 1 or more"},
		{[]string{"--playouts", "-5"}, "--playouts -5: want 1 or more"},
		{[]string{"extra"}, `unexpected arguments ["extra"]: openings takes flags only`},
		{[]string{"--no-such"}, "unknown flag: --no-such"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), c.args, &stdout, &stderr)
		if code != 2 || stdout.Len() != 0 || stderr.String() != "openings: "+c.want+"\nRun 'openings --help' for the flags.\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, stdout.String(), stderr.String(), c.want)
		}
	}
}

// An output file that cannot be written is named before any position is
// scored (which takes long at the default budget), with exit status 1.
func TestUnwritableOutput(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing")
	out := filepath.Join(dir, "openings.txt")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"--plies", "1", "--count", "1", "--playouts", "1", "-o", out}, &stdout, &stderr)
	if want := "openings: -o " + out + ": stat " + dir + ": no such file or directory\n"; code != 1 || stderr.String() != want {
		t.Errorf("exit %d, stderr %q; want 1 and %q alone", code, stderr.String(), want)
	}
}

// TestOneOfEach checks the counts of one in the header and the progress
// line: "1 ply", not "1 plies".
func TestOneOfEach(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"--plies", "1", "--count", "1", "--playouts", "1"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	for _, want := range []string{"# The 1 position after 1 ply, among the 1 distinct one up to", "# 1 playout a position."} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("header lacks %q:\n%s", want, stdout.String())
		}
	}
	if want := "openings: 1 distinct position after 1 ply; scoring each with 1 playout\n"; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want it to start %q", stderr.String(), want)
	}
}
