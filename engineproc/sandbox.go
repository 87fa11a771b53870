package engineproc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// SandboxMode says whether engines run in a sandbox of their own.
type SandboxMode int

const (
	// SandboxOff runs engines as the judge's own processes, with the
	// judge's view of the machine: the zero value, for callers that build
	// Limits themselves and for the classic behaviour.
	SandboxOff SandboxMode = iota
	// SandboxAuto sandboxes engines where this system allows it and
	// otherwise warns once and runs them unsandboxed: the flags' default.
	SandboxAuto
	// SandboxOn sandboxes engines or fails at start, saying why.
	SandboxOn
)

// String is the mode as --sandbox takes it.
func (m SandboxMode) String() string {
	switch m {
	case SandboxOff:
		return "off"
	case SandboxOn:
		return "on"
	}
	return "auto"
}

// ParseSandboxMode reads --sandbox's value: on, off or auto.
func ParseSandboxMode(s string) (SandboxMode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "on":
		return SandboxOn, nil
	case "off":
		return SandboxOff, nil
	case "auto", "":
		return SandboxAuto, nil
	}
	return SandboxOff, fmt.Errorf("--sandbox %q: want on, off or auto", s)
}

// Sandbox says how engines are isolated from the judge, from each other
// and from the machine (docs/security.md): each engine, with whatever it
// starts, gets namespaces of its own (processes, mounts, network, IPC,
// host name), an unprivileged identity of its own, a read-only view of
// the system's directories and of its own program's, and a private
// scratch directory; nothing else of the file system.
type Sandbox struct {
	// Mode is off (the zero value), auto or on.
	Mode SandboxMode
	// Binds are directories (or files) the engines may read besides the
	// system's and their programs' own: a Python environment, data files.
	Binds []string
	// Env are the names of the judge's environment variables the engines
	// get besides PATH, LANG, LANGUAGE, LC_*, TZ and TERM (their HOME,
	// TMPDIR and PWD are their scratch): the judge's may hold credentials.
	Env []string
	// KeepScratch, if not empty, is a directory in which each engine's
	// scratch directory is kept after its game, in a directory of its
	// own named in the log, for debugging; "" removes it.
	KeepScratch string
	// userNamespace, for tests, has a judge that runs as root sandbox its
	// engines the way a judge without root does: in a user namespace.
	userNamespace bool
	// initPath, for tests, is the program started as the sandbox's init
	// in place of the judge's own ("" for /proc/self/exe).
	initPath string
}

// DefaultScratchSize is the size of an engine's scratch file system
// (its working directory and /tmp) when no --engine-disk is given: room
// for the logs and tables a course's engine writes, small enough that
// engines filling it on a machine running a tournament cannot use up its
// memory (the scratch is a tmpfs, charged to the engine's memory cgroup
// when --engine-memory gives it one).
const DefaultScratchSize = 1 << 30

// DefaultPids is the --engine-pids default: room for a JVM's or a Go
// runtime's threads and a few helper processes, not for a fork bomb.
const DefaultPids = 256

// SandboxPort is the port a sandboxed engine that dials the judge (OTP)
// is given when the judge names none: inside the engine's own network
// namespace every port is free, and only the sandbox listens there.
const SandboxPort = 12345

// checkBinds makes the binds absolute and checks that each exists.
func checkBinds(binds []string) ([]string, error) {
	var out []string
	for _, b := range binds {
		abs, err := filepath.Abs(b)
		if err != nil {
			return nil, fmt.Errorf("--sandbox-bind %q: %w", b, err)
		}
		if _, err := os.Stat(abs); err != nil {
			return nil, fmt.Errorf("--sandbox-bind %q: %w", b, err)
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		out = append(out, abs)
	}
	return out, nil
}
