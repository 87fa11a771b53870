//go:build linux

package procgroup

import "syscall"

// dieWithParent has the kernel send the child SIGKILL when this process
// dies, however it dies: a parent killed with SIGKILL runs none of its
// cleanup, and a child that never exits on its own would stay behind. The
// kernel sends the signal when the thread that started the child ends,
// which in Go is the process's end: the runtime never ends its threads,
// except one locked to a goroutine that exits locked, and no caller lets a
// locked goroutine exit (engineproc parks for good the thread it could not
// bring back from an engine's cgroups). It reaches the process started only, not what that one started: a
// wrapper script should exec its program.
func dieWithParent(a *syscall.SysProcAttr) {
	a.Pdeathsig = syscall.SIGKILL
}
