package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engineproc"
)

// A sandboxed program that writes 2 MiB into its working directory, its
// scratch of --engine-disk 1 MiB, and exits when that fails, forfeits for
// the disk limit, named, not for a closed output.
func TestRefereeDiskLimit(t *testing.T) {
	if _, err := engineproc.NewHost(engineproc.Limits{Sandbox: engineproc.Sandbox{Mode: engineproc.SandboxOn}}); err != nil {
		t.Skipf("no sandbox here: %v", err)
	}
	t.Setenv(asProgramEnv, "1")
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil { // open to the sandbox's user
		t.Fatal(err)
	}
	filler := filepath.Join(dir, "filler")
	if err := os.WriteFile(filler, []byte("#!/bin/sh\nhead -c 2097152 /dev/zero > big || exit 3\nexec cat\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	engine := "'" + os.Args[0] + "' --playouts 200 --arena 65536 --log-level warn --seed 1"
	out, stderr, code := runSession(t, "", "referee", "--sandbox", "on", "--engine-disk", "1MiB", "--sgf", "-", "--log-level", "warn", filler, engine)
	want := "black forfeits: disk limit: ran into --engine-disk 1 MiB; the referee saw: to \"reset\" it closed its output"
	if code != exitError || !strings.Contains(out, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, stderr, want)
	}
}
