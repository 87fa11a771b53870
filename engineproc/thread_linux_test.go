package engineproc

import (
	"errors"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/procgroup"
)

// init keeps the main goroutine on the process's main thread, which the
// runtime never ends (a goroutine that exits locked to it wedges it
// instead): so no test goroutine runs there, and a locked thread that is
// let go ends, as any other thread of the judge would.
func init() { runtime.LockOSThread() }

// TestFailedLeaveSparesEarlierEngines: a thread that starts an engine in
// its cgroups and cannot leave them again must not end, for the kernel
// sends the parent-death signal of every engine that thread started when
// it ends, those started on it before (os/exec forks on whatever thread
// the goroutine runs on, and threads are reused) included. The engine
// started before is started on the very thread, from inside enter; a
// leave that fails stands for a cgroup the thread could not leave.
func TestFailedLeaveSparesEarlierEngines(t *testing.T) {
	earlier := exec.Command("sleep", "60")
	procgroup.Own(earlier) // the parent-death signal, as every engine has
	enter := func() (func() error, error) {
		if err := earlier.Start(); err != nil {
			return func() error { return nil }, err
		}
		return func() error { return errors.New("cannot leave") }, nil
	}
	cmd := exec.Command("sleep", "60")
	procgroup.Own(cmd)
	err := startEntered(cmd, enter)
	if earlier.Process == nil {
		t.Fatalf("the earlier engine did not start: %v", err)
	}
	defer procgroup.Kill(earlier)
	if err == nil || !strings.Contains(err.Error(), "leaving the engine's cgroups: cannot leave") {
		procgroup.Kill(cmd)
		t.Fatalf("startEntered = %v, want the leave's error", err)
	}
	if cmd.Process != nil {
		// Started, then killed and reaped for the failure: it must be
		// gone, as the error says.
		if err := syscall.Kill(cmd.Process.Pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("the engine started on the failed thread is still there (%v)", err)
		}
	}
	exited := make(chan error, 1)
	go func() { exited <- earlier.Wait() }()
	select {
	case err := <-exited:
		t.Errorf("the engine started earlier on the thread ended (%v) when the start after it failed", err)
	case <-time.After(500 * time.Millisecond): // a thread's end signals at once
	}
}
