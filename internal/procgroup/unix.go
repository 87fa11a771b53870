//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// Own makes the command, once started, the leader of a new process group,
// so that Kill reaches every process it starts (a program run through a
// wrapper script), and where the system can (dieWithParent) has it killed
// when this process dies. Call it before cmd.Start.
func Own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
}

// Kill kills the started command's process group: the command and whatever
// it started. The group keeps its id while any member lives, so the id
// names no other group; with none left the kill finds nobody (ESRCH),
// which is no error worth reporting.
func Kill(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
