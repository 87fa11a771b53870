//go:build !unix

package proctime

import "time"

// CPU reports that the process's CPU time is not available here.
func CPU() (time.Duration, bool) { return 0, false }

// Usage reports that the process's page faults and CPU time are not
// available here: getrusage is a Unix call.
func Usage() (minorFaults int64, cpu time.Duration, ok bool) { return 0, 0, false }
