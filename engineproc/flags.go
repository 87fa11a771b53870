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
	cpus         int
}

// The flags' descriptions, in lines short enough that a help wrapped at
// 100 columns keeps them as they are.
const (
	memoryFlagHelp = "most memory each engine process and its children may use\ntogether, e.g. 4GiB (a cgroup, else RLIMIT_AS); the kernel\nkills an engine that passes it (default: no limit)"
	cpusFlagHelp   = "most cores each engine and its children may use at once (a\ncgroup CPU quota, else CPU affinity to that many cores, the\nleast used) (default: no limit)"
	diskFlagHelp   = "largest file each engine process may write, e.g. 8GiB\n(RLIMIT_FSIZE) (default: no limit)"
)

// AddFlags declares --engine-memory, --engine-cpus and --engine-disk.
func AddFlags(fs *pflag.FlagSet) *Flags {
	f := &Flags{}
	fs.StringVar(&f.memory, "engine-memory", "", memoryFlagHelp)
	fs.IntVar(&f.cpus, "engine-cpus", 0, cpusFlagHelp)
	fs.StringVar(&f.disk, "engine-disk", "", diskFlagHelp)
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
	return l, nil
}
