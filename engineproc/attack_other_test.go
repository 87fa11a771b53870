//go:build !linux

package engineproc

import (
	"fmt"
	"os"
)

// attackMain: the hostile engine's attacks are tried against the sandbox,
// which exists on Linux only (sandbox_linux_test.go); elsewhere the mode
// is refused, so that the package's tests still build.
func attackMain(name string, _ []string) int {
	fmt.Fprintf(os.Stderr, "engineproc-child: attack %q: the sandbox's attacks run on Linux only\n", name)
	return 2
}
