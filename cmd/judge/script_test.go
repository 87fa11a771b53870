package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// TestCPUvsCPUScript runs the README's main command, scripts/cpu_vs_cpu.sh,
// as a user would (with a short think time so that it takes seconds), and
// checks that it prints the classic result lines of a finished match.
func TestCPUvsCPUScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both programs and plays a match")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	script, err := filepath.Abs("../../scripts/cpu_vs_cpu.sh")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", script, "2", "20ms")
	cmd.Env = append(os.Environ(), "BIN="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("cpu_vs_cpu.sh: %v\n%s", err, out)
	}
	lines := regexp.MustCompile(`(?m)^NAME:(search-[12]) QUIT:1 WIN:([012]) LOSE:([012]) DRAW:([012])$`).FindAllSubmatch(out, -1)
	if len(lines) != 2 || string(lines[0][1]) != "search-1" || string(lines[1][1]) != "search-2" {
		t.Fatalf("want the two NAME lines of search-1 and search-2 with QUIT:1, got:\n%s", out)
	}
	for _, l := range lines {
		if games := int(l[2][0]-'0') + int(l[3][0]-'0') + int(l[4][0]-'0'); games != 2 {
			t.Errorf("%s played %d games, want 2:\n%s", l[1], games, out)
		}
	}
	if !regexp.MustCompile(`(?m)^time stamp: \d\d:\d\d:\d\d$`).Match(out) {
		t.Errorf("no time stamp line:\n%s", out)
	}
}
