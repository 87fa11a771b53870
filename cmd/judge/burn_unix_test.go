//go:build unix

package main

import (
	"syscall"
	"time"
)

// burnCPU spins until the process has used d more CPU time, user and
// system, or a minute has passed (a bound, should the clock fail).
func burnCPU(d time.Duration) {
	used := func() time.Duration {
		var ru syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start, deadline := used(), time.Now().Add(time.Minute)
	for x := 0; used()-start < d && time.Now().Before(deadline); x++ {
		for range 100000 {
			x ^= x << 1
		}
	}
}
