//go:build !unix

package main

import "os/exec"

// ownGroup does nothing where there are no Unix process groups.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the engine's own process only: without Unix process
// groups, processes it started itself may survive it.
func killGroup(cmd *exec.Cmd) {
	cmd.Process.Kill()
}
