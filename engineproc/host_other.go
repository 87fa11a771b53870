//go:build !linux

package engineproc

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"time"
)

// platform is what this system offers to hold engines to limits: nothing
// the judge can set for a child alone, so every limit is reported as not
// enforced, and the figures are those the system gives for a child that
// exited (its CPU time, and on Unix its peak resident set).
type platform struct{}

// jail holds nothing here.
type jail struct{}

func newPlatform(l Limits) (*platform, []Enforcement, error) {
	why := "not enforced on " + runtime.GOOS + ": only Linux (cgroups, resource limits, CPU affinity) is supported"
	var r []Enforcement
	switch l.Sandbox.Mode {
	case SandboxOn:
		return nil, nil, errors.New("--sandbox on: engines cannot be sandboxed on " + runtime.GOOS + ": the sandbox needs Linux's namespaces (--sandbox off runs them unsandboxed)")
	case SandboxAuto:
		r = append(r, Enforcement{Resource: "sandbox", Limit: "auto", How: "engines run unsandboxed, as the judge's own processes: the sandbox needs Linux's namespaces"})
	}
	if l.Pids > 0 {
		r = append(r, Enforcement{Resource: "processes", Limit: strconv.Itoa(l.Pids), How: why})
	}
	if l.Memory > 0 {
		r = append(r, Enforcement{Resource: "memory", Limit: FormatSize(l.Memory), How: why})
	}
	if l.CPUs > 0 {
		r = append(r, Enforcement{Resource: "cpus", Limit: cpusText(l.CPUs), How: why})
	}
	if l.Disk > 0 {
		r = append(r, Enforcement{Resource: "disk", Limit: FormatSize(l.Disk), How: why})
	}
	r = append(r, Enforcement{Resource: "cpu time", How: "user and system time of the engine's process and the children it waited for, from the system when it exits"},
		Enforcement{Resource: "peak memory", How: peakHow()})
	return &platform{}, r, nil
}

// peakHow says where the peak resident set comes from here.
func peakHow() string {
	if runtime.GOOS == "windows" {
		return "not measured on windows"
	}
	return "largest resident set of the engine's process or a child it waited for (wait4)"
}

func (*platform) startIn(cmd *exec.Cmd, _ int) (*jail, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &jail{}, nil
}

// finish has no figures of its own to give.
func (*jail) finish() (cpu time.Duration, ok, oom bool) { return 0, false, false }

// oomKilled is never known here.
func (*jail) oomKilled() bool { return false }

// watch has nothing to watch: the system's figure at the exit is all.
func (*jail) watch(int, <-chan struct{}) {}

// peakRSS returns the system's figure.
func (*jail) peakRSS(waitKiB int64) int64 { return waitKiB }

// sandboxed is false: no sandbox here.
func (*platform) sandboxed() bool { return false }

func (*jail) exitText() string                  { return "" }
func (*jail) stop(*os.Process, <-chan struct{}) {}
func (*jail) listener(int) net.Listener         { return nil }
func (*jail) scratchKept() string               { return "" }
func (*jail) enginePid(pid int) int             { return pid }

// diskLimit is never known here.
func (*jail) diskLimit(*os.ProcessState) bool { return false }

// cpuNow is not known while the process runs here.
func (*jail) cpuNow(int) (time.Duration, bool) { return 0, false }

// liveCPUTime says that the CPU time of a running engine is not known here.
func (*platform) liveCPUTime() error {
	return errors.New("an engine's CPU time cannot be read while it runs on " + runtime.GOOS + ": only Linux tells it (a cgroup, or /proc)")
}
