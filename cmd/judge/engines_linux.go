package main

import "syscall"

// dieWithJudge has the kernel send the engine SIGKILL when the judge dies,
// however it dies: a judge killed with SIGKILL runs none of its cleanup,
// and an engine that never exits on its own would stay behind. The kernel
// sends the signal when the thread that started the engine ends, which in
// Go is the judge's end: the runtime never ends its threads, except one
// locked to a goroutine that exits locked, and the judge locks none. It
// reaches the process the judge started only, not what that one started:
// a wrapper script should exec its engine.
func dieWithJudge(a *syscall.SysProcAttr) {
	a.Pdeathsig = syscall.SIGKILL
}
