package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRefereeInterrupted: a referee stopped by SIGTERM (or ^C) kills
// everything the programs started, a process that a wrapper left behind
// too, writes no record, and says so.
func TestRefereeInterrupted(t *testing.T) {
	dir := t.TempDir()
	pidFile, record := filepath.Join(dir, "pid"), filepath.Join(dir, "game.sgf")
	// The wrapper starts a child that would outlive it, and never replies.
	wrapper := "sh -c 'sleep 120 & echo $! > " + pidFile + "; wait'"
	done := make(chan int, 1)
	var out, errOut bytes.Buffer
	go func() {
		// Unsandboxed: the wrapper writes its child's pid, the host's, for the test.
		done <- run([]string{"referee", "--sandbox", "off", "--sgf", record, "--log-level", "error", wrapper, "cat"}, strings.NewReader(""), &out, &errOut)
	}()
	pid := 0
	for deadline := time.Now().Add(10 * time.Second); pid == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the wrapper did not start its child within 10 s")
		}
		data, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
	}
	// The referee caught the signal before it started the programs.
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != exitError || !strings.Contains(errOut.String(), "interrupted (terminated)") || out.Len() != 0 {
			t.Errorf("exit %d, stdout %q, stderr %q; want %d and the interrupt named", code, out.String(), errOut.String(), exitError)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the referee did not end within 20 s of SIGTERM")
	}
	if _, err := os.Stat(record); !os.IsNotExist(err) {
		t.Errorf("a record was written: %v", err)
	}
	for deadline := time.Now().Add(5 * time.Second); alive(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the wrapper's child %d outlived the referee", pid)
		}
	}
}

// alive reports whether process pid runs: it exists and is no zombie,
// since nothing may reap an orphan in a container.
func alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the command's closing parenthesis.
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}
