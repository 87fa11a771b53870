package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engineproc"
)

// An agent the kernel kills at --engine-memory, before its first move,
// loses each round unplayed with the reason "memory limit", whichever
// colour it plays.
func TestAgentMemoryLimit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the agent is a shell script")
	}
	h, err := engineproc.NewHost(engineproc.Limits{Memory: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range h.Report() {
		if e.Resource == "memory" && (!e.Enforced || e.Fallback) {
			t.Skipf("no cgroup for the memory limit here: %s", e.How)
		}
	}
	dir := t.TempDir()
	// It reads the round, as blue red's move too, then has dd fill a
	// buffer of 300 MiB, and gives up when dd is killed.
	script := "#!/bin/sh\nr1=$(dd bs=1 count=1 2>/dev/null)\ndd bs=1 count=6 >/dev/null 2>&1\n" +
		"if [ \"$r1\" = s ]; then dd bs=1 count=2 >/dev/null 2>&1; fi\n" +
		"dd if=/dev/zero of=/dev/null bs=300M count=1 2>/dev/null || exit 1\nprintf 00\nexec sleep 60\n"
	if err := os.WriteFile(filepath.Join(dir, "hog"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runBin(t, dir, "", "game", "-n", "0", "hog", "greedy", "-r", "2", "-s", "8", "--limit", "60s", "--engine-memory", "256MiB", "--log-level", "info")
	lines := strings.Split(out, "\n")
	// Killed before its first move, it could not play: the rounds are
	// not played, and the game exits 1 naming it.
	if code != exitError || len(lines) != 6 || !strings.Contains(errOut, "einstein game: never played a round: hog (player 1): could not play: memory limit") {
		t.Fatalf("exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
	for i, c := range []string{"red", "blue"} {
		m := notPlayedRE.FindStringSubmatch(lines[i+1])
		want := c + " forfeits: memory limit: killed at --engine-memory 256 MiB ("
		if m == nil || !strings.HasPrefix(m[7], want) {
			t.Errorf("round %d: %q\nwant it not played: %s...", i+1, lines[i+1], want)
		}
	}
	if !strings.Contains(errOut, "engine limit enforced") {
		t.Errorf("the limit is not logged as enforced:\n%s", errOut)
	}
}

// A bad limit is refused before any agent starts.
func TestAgentLimitRefused(t *testing.T) {
	code, out, errOut := runIn(t, "", "", "game", "-n", "0", "random", "greedy", "--engine-memory", "lots")
	if code != exitUsage || out != "" || !strings.HasPrefix(errOut, `einstein game: --engine-memory: size "lots": want`) {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and the flag named", code, out, errOut)
	}
}
