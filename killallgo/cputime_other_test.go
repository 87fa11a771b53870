//go:build !unix

package killallgo

import "time"

// cpuTime is unavailable here: the benchmarks report wall time only.
func cpuTime() (time.Duration, bool) { return 0, false }
