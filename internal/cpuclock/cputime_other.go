//go:build !unix

package cpuclock

import "time"

// cpuTime reports that the process's CPU time is not available here.
func cpuTime() (time.Duration, bool) { return 0, false }
