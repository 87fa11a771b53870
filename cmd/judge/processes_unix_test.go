//go:build unix

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engineproc/proctest"
)

var pidRE = regexp.MustCompile(`fake engine pid (\d+)`)

// checkDead checks that every fake engine whose pid is in a log under
// dir has ended.
func checkDead(t *testing.T, dir string) {
	t.Helper()
	proctest.CheckDead(t, dir, pidRE)
}

// wrapper writes a shell script that runs the fake engine NAME in MODE as
// a child, without exec, as people wrap engines to set their options.
func wrapper(t *testing.T, name, mode string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".sh")
	script := fmt.Sprintf("#!/bin/sh\n%s \"$@\"\necho wrapper done >&2\n", fakeEngine(t, name, mode))
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// An engine started through a wrapper script that lingers after the match
// is killed with everything it started: no orphan survives the judge.
func TestJudgeKillsWrappedEngine(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	// Unsandboxed: the wrapper runs the test binary, which is not in its
	// directory, and the engines log their pids in the host's namespace.
	r := runJudge(t, []string{"--sandbox", "off", "--engine", wrapper(t, "alice", "good"), "--engine", wrapper(t, "bob", "linger"),
		"--engine-log-dir", dir, "0"}, nil)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "killing it") {
		t.Errorf("the lingering wrapper was not killed:\n%s", r.stderr)
	}
	checkDead(t, dir)
}

// The same in a tournament, where every game starts its engines afresh.
func TestTournamentKillsWrappedEngine(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--sandbox", "off", "--rounds", "1", "--concurrency", "2", "--engine-log-dir", dir,
		"--engine", "name=alice cmd=" + wrapper(t, "alice", "good"),
		"--engine", "name=bob cmd=" + wrapper(t, "bob", "linger")}, nil)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	checkDead(t, dir)
}
