package engineproc

import (
	"fmt"

	"github.com/spf13/pflag"
)

// Flags are the values of the resource limit flags as given, declared by
// AddFlags for every program that starts engines (judge, judge tournament,
// einstein game), so that all take the same limits the same way.
type Flags struct {
	memory, disk string
	cpus, pids   int
	sandbox      string
	binds, env   []string
	keepScratch  string
}

// The flags' descriptions, in lines short enough that a help wrapped at
// 100 columns keeps them as they are.
const (
	memoryFlagHelp = "most memory each engine process and its children may use\ntogether, e.g. 4GiB (a cgroup, else RLIMIT_AS); the kernel\nkills an engine that passes it (default: no limit)"
	cpusFlagHelp   = "most cores each engine and its children may use at once (a\ncgroup CPU quota, else CPU affinity to that many cores, the\nleast used) (default: no limit)"
	diskFlagHelp   = "largest file each engine process may write, e.g. 8GiB\n(RLIMIT_FSIZE), and in the sandbox the size of its scratch\ndirectory (default: no limit; a 1 GiB scratch)"
	pidsFlagHelp   = "most processes and threads each engine and its children may\nhave at once (a pids cgroup, else in the sandbox RLIMIT_NPROC\nof its own user id); 0 for no limit"
	sandboxHelp    = "on, off or auto: run each engine in a sandbox of its own\n(namespaces, its own user id, a read-only system, a private\nscratch, no network but its one connection: docs/security.md);\nauto sandboxes where the system allows it and warns where not,\non fails at start where it cannot"
	bindHelp       = "a directory (or file) the sandboxed engines may read besides\nthe system's and their programs' own, e.g. a Python environment\n(repeatable)"
	envHelp        = "an environment variable of the judge's the sandboxed engines get\nbesides PATH, LANG, LANGUAGE, LC_*, TZ and TERM (repeatable;\nthe judge's may hold credentials)"
	keepHelp       = "keep each sandboxed engine's scratch directory after its game,\nin a directory of its own under `DIR` (named in the log), for\ndebugging (default: removed)"
)

// AddFlags declares --engine-memory, --engine-cpus, --engine-disk,
// --engine-pids, --sandbox, --sandbox-bind, --sandbox-env and
// --keep-scratch.
func AddFlags(fs *pflag.FlagSet) *Flags {
	f := &Flags{}
	fs.StringVar(&f.memory, "engine-memory", "", memoryFlagHelp)
	fs.IntVar(&f.cpus, "engine-cpus", 0, cpusFlagHelp)
	fs.StringVar(&f.disk, "engine-disk", "", diskFlagHelp)
	fs.IntVar(&f.pids, "engine-pids", DefaultPids, pidsFlagHelp)
	fs.StringVar(&f.sandbox, "sandbox", "auto", sandboxHelp)
	fs.StringArrayVar(&f.binds, "sandbox-bind", nil, bindHelp)
	fs.StringArrayVar(&f.env, "sandbox-env", nil, envHelp)
	fs.StringVar(&f.keepScratch, "keep-scratch", "", keepHelp)
	return f
}

// Limits checks the flags' values and returns the limits they set.
func (f *Flags) Limits() (Limits, error) {
	var l Limits
	var err error
	if f.memory != "" {
		if l.Memory, err = ParseSize(f.memory); err != nil {
			return l, fmt.Errorf("--engine-memory: %w", err)
		}
		if l.Memory < MinMemory {
			return l, fmt.Errorf("--engine-memory %s: want at least %s, what the smallest engine (a C program, or the sandbox's own init) needs to start; a Go engine needs about 10 MiB, Python 10 to 20", f.memory, FormatSize(MinMemory))
		}
	}
	if f.disk != "" {
		if l.Disk, err = ParseSize(f.disk); err != nil {
			return l, fmt.Errorf("--engine-disk: %w", err)
		}
	}
	if f.cpus < 0 {
		return l, fmt.Errorf("--engine-cpus %d: want 1 or more (0: no limit)", f.cpus)
	}
	l.CPUs = f.cpus
	if f.pids < 0 {
		return l, fmt.Errorf("--engine-pids %d: want 1 or more (0: no limit)", f.pids)
	}
	l.Pids = f.pids
	if l.Sandbox.Mode, err = ParseSandboxMode(f.sandbox); err != nil {
		return l, err
	}
	l.Sandbox.Binds = f.binds
	l.Sandbox.Env = f.env
	l.Sandbox.KeepScratch = f.keepScratch
	if l.Sandbox.Mode == SandboxOff && (len(f.binds) > 0 || len(f.env) > 0 || f.keepScratch != "") {
		return l, fmt.Errorf("--sandbox-bind, --sandbox-env and --keep-scratch are for sandboxed engines: not with --sandbox off")
	}
	return l, nil
}
