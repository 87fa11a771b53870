//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup makes the engine the leader of a new process group, so that
// killGroup reaches every process it starts, and where the system can
// (dieWithJudge) has it killed when the judge dies.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithJudge(cmd.SysProcAttr)
}

// killGroup kills the engine's process group: the engine and whatever it
// started, such as the program a wrapper script runs. ESRCH, when nobody
// is left, is no error worth reporting.
func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
