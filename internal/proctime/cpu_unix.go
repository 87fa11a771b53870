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
	_, cpu, ok := Usage()
	return cpu, ok
}

// Usage returns the page faults the process has taken so far that needed
// no I/O (minor faults: mostly the kernel handing it a fresh zeroed page
// on its first touch of memory), its CPU time as CPU does, and true.
func Usage() (minorFaults int64, cpu time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0, false
	}
	return int64(ru.Minflt), time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
