//go:build unix && !linux

package main

import "syscall"

// dieWithRunner does nothing where Go exposes no parent-death signal: an
// agent outlives a runner killed with SIGKILL until it reads the end of
// its input.
func dieWithRunner(*syscall.SysProcAttr) {}
