package main

import "syscall"

// dieWithRunner has the kernel send the agent SIGKILL when the runner
// dies, however it dies: an agent in its own process group gets no
// Ctrl-C from the terminal, and one waiting for input would stay behind.
func dieWithRunner(a *syscall.SysProcAttr) {
	a.Pdeathsig = syscall.SIGKILL
}
