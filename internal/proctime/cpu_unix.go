//go:build unix

package proctime

import (
	"syscall"
	"time"
)

// CPU returns the CPU time (user and system) the process has used so
// far, and true. On a shared machine it measures the work of a process
// that waits for a core, where wall time does not.
func CPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
