//go:build !unix

package main

import "os/exec"

// ownGroup does nothing where there are no Unix process groups.
func ownGroup(*exec.Cmd) {}

// killGroup kills the agent's own process only.
func killGroup(cmd *exec.Cmd) {
	cmd.Process.Kill()
}
