package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// A judge killed with SIGKILL runs no cleanup; its engines, which would
// otherwise wait a minute, die with it (Linux: the parent-death signal).
func TestJudgeKilledTakesEnginesAlong(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// Unsandboxed: the engines' logs give their pids in the host's namespace.
	judge := exec.Command(exe, "run-judge", "--sandbox", "off", "--host", "127.0.0.1", "--connect-time", "30s", "--engine-log-dir", dir,
		"--engine", fakeEngine(t, "alice", "hang"), "--engine", fakeEngine(t, "bob", "hang"), "0")
	if err := judge.Start(); err != nil {
		t.Fatal(err)
	}
	// Both engines run once their logs name them.
	var pids []int
	for deadline := time.Now().Add(10 * time.Second); len(pids) < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			judge.Process.Kill()
			judge.Wait()
			t.Fatalf("the engines did not start: pids %v", pids)
		}
		pids = pids[:0]
		for _, n := range []int{1, 2} {
			data, _ := os.ReadFile(filepath.Join(dir, "engine"+strconv.Itoa(n)+".log"))
			if m := pidRE.FindSubmatch(data); m != nil {
				pid, _ := strconv.Atoi(string(m[1]))
				pids = append(pids, pid)
			}
		}
	}
	t.Cleanup(func() {
		// Whatever the verdict, no engine of this test survives it.
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	if err := judge.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	judge.Wait()
	checkDead(t, dir)
}
