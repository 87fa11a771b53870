//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup makes the agent the leader of a new process group, so that
// killGroup reaches every process it starts (an agent run through a
// script), and where the system can (dieWithRunner) has it killed when the
// runner dies.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithRunner(cmd.SysProcAttr)
}

// killGroup kills the agent's process group. The group keeps its id while
// any member lives, so the id names no other group; with none left the
// kill finds nobody (ESRCH), which is no error worth reporting.
func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
