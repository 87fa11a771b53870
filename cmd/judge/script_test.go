package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
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
	// Mostly waiting, on a build or on the engines, under limits with
	// time to spare: it runs beside the other tests that wait.
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	script, err := filepath.Abs("../../scripts/cpu_vs_cpu.sh")
	if err != nil {
		t.Fatal(err)
	}
	builtProgram(t, "judge") // before the match's time runs
	builtProgram(t, "search")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", script, "2", "20ms")
	// The script builds into BIN, here where the other tests' programs
	// are: it finds them up to date, as a user running it again does, and
	// skips the links. GOAMD64 set to the level they are built for spares
	// it the build for x86-64-v3, a compile of every package once more on
	// a cold CI (scripts/cpu_vs_cpu_test.go tests that build, from
	// nothing).
	level, err := exec.Command("go", "env", "GOAMD64").Output()
	if err != nil {
		t.Skipf("go env GOAMD64: %v", err)
	}
	cmd.Env = append(os.Environ(), "BIN="+programDir(), "GOAMD64="+strings.TrimSpace(string(level)))
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
