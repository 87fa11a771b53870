package engineproc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Limits are the resource rules every engine process (with whatever it
// starts) is held to, the zero value holding it to none. The course's
// rules (seed 003) are one core, 4 GiB of memory and 8 GiB of disk.
type Limits struct {
	// Memory is the most memory, in bytes, the engine and its children
	// may use together; 0 for no limit.
	Memory int64
	// CPUs is how many cores' worth of CPU time the engine may use at
	// once; 0 for no limit.
	CPUs int
	// Disk is the largest file, in bytes, the engine may write, and in a
	// sandbox the size of its scratch; 0 for no limit (DefaultScratchSize
	// in a sandbox).
	Disk int64
	// Pids is the most processes and threads the engine and its children
	// may have at once; 0 for no limit.
	Pids int
	// Sandbox says whether and how each engine is isolated.
	Sandbox Sandbox
}

// MinMemory is the smallest --engine-memory a judge takes: the sandbox's
// init (a Go program, about 8 MiB resident) and a small engine must both
// start under it; below it every engine would fail at its start with
// "cannot allocate memory", from the kernel or from fork.
const MinMemory = 16 << 20

// sizeUnits are the suffixes ParseSize knows, longest first within each
// family, with their multipliers: binary (KiB) and decimal (kB) as written,
// and a bare K, M, G as binary, as ulimit and most tools read them.
var sizeUnits = []struct {
	suffix string
	mult   int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"kB", 1e3}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40},
	{"B", 1},
}

// ParseSize reads a size such as 4GiB, 256MiB, 512M, 1.5GB or 1048576
// (bytes). It must be positive and whole in bytes.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range sizeUnits {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(num), u.mult
			break
		}
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("size %q: want a number and a unit, such as 4GiB, 256MiB or 512M", s)
	}
	b := x * float64(mult)
	if b < 1 || b > math.MaxInt64/2 {
		return 0, fmt.Errorf("size %q: want at least 1 byte and less than 4 EiB", s)
	}
	return int64(math.Round(b)), nil
}

// FormatSize writes a size in the largest binary unit that keeps it
// readable: 256 MiB, 4 GiB, 1.5 KiB, 100 B.
func FormatSize(b int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	x, i := float64(b), 0
	for x >= 1024 && i < len(units)-1 {
		x /= 1024
		i++
	}
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) + " " + units[i]
}
