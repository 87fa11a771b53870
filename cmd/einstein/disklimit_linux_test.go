package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engineproc"
)

// A sandboxed agent that writes 2 MiB into its working directory, its
// scratch of --engine-disk 1 MiB, and exits when that fails, loses its
// round for the disk limit, named, not for a closed output.
func TestAgentDiskLimit(t *testing.T) {
	if _, err := engineproc.NewHost(engineproc.Limits{Sandbox: engineproc.Sandbox{Mode: engineproc.SandboxOn}}); err != nil {
		t.Skipf("no sandbox here: %v", err)
	}
	bin := binaryOf(t)
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil { // open to the sandbox's user
		t.Fatal(err)
	}
	script := "#!/bin/sh\nhead -c 2097152 /dev/zero > big || exit 3\nexec '" + bin + "' greedy\n"
	if err := os.WriteFile(filepath.Join(dir, "filler"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	_, out, errOut := runBin(t, dir, "", "game", "-n", "0", "./filler", "greedy", "-r", "1", "-s", "3", "--sandbox", "on", "--engine-disk", "1MiB")
	if want := "forfeits: disk limit: ran into --engine-disk 1 MiB ("; !strings.Contains(out, want) {
		t.Errorf("stdout\n%s\nstderr %q; want %q", out, errOut, want)
	}
}
