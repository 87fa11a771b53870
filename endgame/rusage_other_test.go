//go:build !(linux || darwin)

package endgame

import "time"

// processUsage is not measured here: getrusage is a Unix call.
func processUsage() (minorFaults int64, cpu time.Duration, ok bool) { return 0, 0, false }
