//go:build unix

package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var pidRE = regexp.MustCompile(`fake engine pid (\d+)`)

// checkDead reads the process ids the fake engines wrote to their logs
// under dir and checks that every one of them has ended, giving the
// system a bounded moment to deliver the kills.
func checkDead(t *testing.T, dir string) {
	t.Helper()
	var pids []int
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".log") {
			data, _ := os.ReadFile(path)
			for _, m := range pidRE.FindAllStringSubmatch(string(data), -1) {
				pid, _ := strconv.Atoi(m[1])
				pids = append(pids, pid)
			}
		}
		return nil
	})
	if len(pids) == 0 {
		t.Fatalf("no fake engine wrote its pid under %s", dir)
	}
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		for alive(pid) {
			if time.Now().After(deadline) {
				t.Errorf("engine process %d still runs after the judge ended", pid)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// alive reports whether process pid runs. A zombie (dead, not yet reaped
// by whoever inherited it) counts as ended.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc: trust the signal
	}
	// The state follows the command name in parentheses.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
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
	r := runJudge(t, []string{"--engine", wrapper(t, "alice", "good"), "--engine", wrapper(t, "bob", "linger"),
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
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--concurrency", "2", "--engine-log-dir", dir,
		"--engine", "name=alice cmd=" + wrapper(t, "alice", "good"),
		"--engine", "name=bob cmd=" + wrapper(t, "bob", "linger")}, nil)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	checkDead(t, dir)
}
