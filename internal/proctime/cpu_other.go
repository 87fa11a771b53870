//go:build !unix

package proctime

import "time"

// CPU reports that the process's CPU time is not available here.
func CPU() (time.Duration, bool) { return 0, false }
