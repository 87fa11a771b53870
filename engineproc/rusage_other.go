//go:build !unix

package engineproc

import "os"

// peakRSSKiB returns 0, unknown: the system's process state holds no
// resident set size.
func peakRSSKiB(*os.ProcessState) int64 { return 0 }
