//go:build unix

package engineproc

import (
	"os"
	"runtime"
	"syscall"
)

// peakRSSKiB returns the largest resident set of the process or of a child
// it waited for, as wait4 reports it: in KiB, but in bytes on Apple's
// systems.
func peakRSSKiB(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) >> 10
	}
	return int64(ru.Maxrss)
}
