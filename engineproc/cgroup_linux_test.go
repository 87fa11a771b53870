package engineproc

import "testing"

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
