package engineproc

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engineproc/proctest"
)

// A judge killed with SIGKILL runs no cleanup: its engines, which would
// otherwise sleep a minute, die with it (the parent-death signal), and
// the cgroups it made are removed by the next judge that starts.
func TestKilledHostTakesEnginesAlong(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	judge := exec.Command(exe, "engineproc-child", "host", dir)
	if err := judge.Start(); err != nil {
		t.Fatal(err)
	}
	waitForPids(t, dir, "child1.log", "child2.log")
	acct := ""
	if h, _ := NewHost(Limits{}); h.plat.acct != nil {
		acct = h.plat.acct.dir()
	}
	left := func() []string {
		entries, _ := os.ReadDir(acct)
		var out []string
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), fmt.Sprintf("%s%d-", cgroupPrefix, judge.Process.Pid)) {
				out = append(out, e.Name())
			}
		}
		return out
	}
	if err := judge.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	judge.Wait()
	proctest.CheckDead(t, dir, childPidRE)
	if acct == "" {
		t.Log("no cgroup for the CPU time here: no stale cgroup to remove")
		return
	}
	if stale := left(); len(stale) != 2 {
		t.Errorf("cgroups left by the killed judge: %q, want its two engines'", stale)
	}
	// A killed engine may take a moment to leave its cgroup: a new host
	// removes only empty ones.
	for deadline := time.Now().Add(5 * time.Second); len(left()) > 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		NewHost(Limits{})
	}
	if stale := left(); len(stale) > 0 {
		t.Errorf("cgroups of the killed judge still there after a new host: %q", stale)
	}
}
