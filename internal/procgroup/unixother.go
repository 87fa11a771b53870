//go:build unix && !linux

package procgroup

import "syscall"

// dieWithParent does nothing: only Linux offers a parent-death signal.
func dieWithParent(*syscall.SysProcAttr) {}
