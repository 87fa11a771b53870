//go:build !unix

package proctest

// Alive reports false: without Unix signals a test cannot ask, and checks
// nothing.
func Alive(pid int) bool { return false }

// killPid does nothing without Unix signals.
func killPid(int) {}
