//go:build linux && !amd64

package engineproc

// installSeccomp installs nothing: the filter's system call numbers are
// amd64's; elsewhere the sandbox runs without it, and says so.
func installSeccomp() error { return nil }

// seccompText says that no filter is installed.
const seccompText = "no seccomp filter (only on amd64)"
