package engineproc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// The hierarchies are found as this machine (v1 controllers, v2 beside
// them), a pure v2 system, a system with cpu and cpuacct mounted together
// and a container (whose mounts' root is its own cgroup) show them.
func TestParseCgroups(t *testing.T) {
	hybridMounts := `25 24 0:22 / /sys/fs/cgroup ro,nosuid - tmpfs tmpfs ro,mode=755
26 25 0:23 / /sys/fs/cgroup/unified rw,nosuid - cgroup2 cgroup2 rw
28 25 0:25 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
29 25 0:26 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
31 25 0:28 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
33 25 0:30 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd
`
	hybridOwn := "9:name=systemd:/\n4:memory:/process_api/15ac\n2:cpuacct:/\n1:cpu:/\n0::/\n"
	cg := parseCgroups(hybridOwn, hybridMounts)
	if h := cg.v1["memory"]; h == nil || h.dir() != "/sys/fs/cgroup/memory/process_api/15ac" || h.v2 {
		t.Errorf("memory: %+v", h)
	}
	if h := cg.v1["cpu"]; h == nil || h.dir() != "/sys/fs/cgroup/cpu" {
		t.Errorf("cpu: %+v", h)
	}
	if h := cg.v2; h == nil || h.dir() != "/sys/fs/cgroup/unified" || !h.v2 {
		t.Errorf("v2: %+v", h)
	}

	cg = parseCgroups("0::/user.slice/judge.scope\n", "30 24 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n")
	if len(cg.v1) != 0 || cg.v2 == nil || cg.v2.dir() != "/sys/fs/cgroup/user.slice/judge.scope" {
		t.Errorf("pure v2: %+v, %+v", cg.v1, cg.v2)
	}

	cg = parseCgroups("3:cpu,cpuacct:/user\n2:memory:/user\n",
		`40 24 0:33 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct
41 24 0:34 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory
`)
	cpu, acct := cg.v1["cpu"], cg.v1["cpuacct"]
	if cpu == nil || acct == nil || cpu.dir() != "/sys/fs/cgroup/cpu,cpuacct/user" || acct.dir() != cpu.dir() || cg.v2 != nil {
		t.Errorf("cpu and cpuacct together: %+v, %+v", cpu, acct)
	}

	cg = parseCgroups("0::/docker/abc/judge\n", `50 40 0:40 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw
`)
	if cg.v2 == nil || cg.v2.dir() != "/sys/fs/cgroup/judge" {
		t.Errorf("container: %+v", cg.v2)
	}
	if got := unescapeMount(`/mnt/my\040cgroups`); got != "/mnt/my cgroups" {
		t.Errorf("unescapeMount: %q", got)
	}
}

// removeStale removes the empty cgroups of judges that are gone, and
// keeps this judge's, a live process's and any that still hold something
// (a plain directory stands for a cgroup: only the names and rmdir count).
func TestRemoveStale(t *testing.T) {
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	dead := gone.Process.Pid // reaped: no such process now
	parent := t.TempDir()
	names := map[string]bool{ // name: removed
		fmt.Sprintf("%s%d-0000abcd-3", cgroupPrefix, dead):           true,
		fmt.Sprintf("%s%d-0000abcd-1", cgroupPrefix, os.Getpid()):    false,
		fmt.Sprintf("%s%d-0000abcd-2", cgroupPrefix, os.Getppid()):   false,
		fmt.Sprintf("%s%d-0000abcd-4", cgroupPrefix, dead) + "/held": false,
		"other-" + strconv.Itoa(dead):                                false,
	}
	for name := range names {
		if err := os.MkdirAll(filepath.Join(parent, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	removeStale(parent)
	for name, removed := range names {
		_, err := os.Stat(filepath.Join(parent, name))
		if got := os.IsNotExist(err); got != removed {
			t.Errorf("%s: removed %v, want %v", name, got, removed)
		}
	}
	if processGone(os.Getppid()) || !processGone(dead) {
		t.Errorf("processGone: parent %v, reaped child %v", processGone(os.Getppid()), processGone(dead))
	}
}

// killAll kills the processes a cgroup lists, but never the judge itself,
// which a v1 cgroup lists while one of its threads is in it. A plain
// directory with a cgroup.procs file stands for the cgroup.
func TestKillAllSparesTheJudge(t *testing.T) {
	victim := exec.Command("sleep", "60")
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer victim.Process.Kill()
	dir := t.TempDir()
	procs := fmt.Sprintf("%d\n%d\n", os.Getpid(), victim.Process.Pid)
	if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(procs), 0o644); err != nil {
		t.Fatal(err)
	}
	killAll(dir) // the test process dies here if killAll does not spare it
	done := make(chan error, 1)
	go func() { done <- victim.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("the listed process exited cleanly, want it killed")
		}
	case <-time.After(10 * time.Second):
		t.Error("the listed process was not killed")
	}
}
