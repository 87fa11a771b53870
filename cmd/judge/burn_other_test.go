//go:build !unix

package main

import "time"

// burnCPU spins for d of wall time, or more: without getrusage it cannot
// tell its CPU time, which is at most that.
func burnCPU(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}
