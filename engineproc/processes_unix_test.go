//go:build unix

package engineproc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engineproc/proctest"
)

var childPidRE = regexp.MustCompile(`engineproc child pid (\d+)`)

// waitForPids waits, ten seconds at most, until each of the logs under
// dir names a process id.
func waitForPids(t *testing.T, dir string, logs ...string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		n := 0
		for _, l := range logs {
			data, _ := os.ReadFile(filepath.Join(dir, l))
			if childPidRE.Match(data) {
				n++
			}
		}
		if n == len(logs) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %q name a pid", n, logs)
		}
	}
}

// An engine started through a wrapper script (without exec) is killed
// with everything it started: no orphan survives Close.
func TestCloseKillsWrappedEngine(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "wrapper.sh")
	if err := os.WriteFile(script, fmt.Appendf(nil, "#!/bin/sh\n'%s' engineproc-child sleep\necho wrapper done\n", exe), 0o755); err != nil {
		t.Fatal(err)
	}
	log, err := os.Create(filepath.Join(dir, "wrapped.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	h, err := NewHost(Limits{})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script)
	cmd.Stdout = log
	p, err := h.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	waitForPids(t, dir, "wrapped.log")
	p.Close()
	proctest.CheckDead(t, dir, childPidRE)
}
