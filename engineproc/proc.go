package engineproc

import (
	"net"
	"os/exec"
	"sync"
	"time"

	"github.com/tcgothello/mcts/internal/procgroup"
)

// StopGrace is how long an engine has to exit on its own after its match
// (it got quit, or was disqualified and should notice the closed
// connection) before it is killed, and how long a killed one is given to
// be reaped.
const StopGrace = 2 * time.Second

// Proc is an engine process a Host started: it runs in a process group of
// its own with whatever it starts, held to the host's limits.
type Proc struct {
	host  *Host
	cmd   *exec.Cmd
	jail  *jail
	start time.Time
	// exited is closed when the process has exited; waitErr and end are
	// read only after that.
	exited  chan struct{}
	waitErr error
	end     time.Time

	// mu guards the jail against Close while MemoryKilled reads it, and
	// closed and usage.
	mu     sync.Mutex
	closed bool
	usage  Usage
}

// startProc starts cmd under h's limits and waits for its end in the
// background; listen is the port it dials the judge on, 0 for none.
func startProc(h *Host, cmd *exec.Cmd, listen int) (*Proc, error) {
	procgroup.Own(cmd)
	p := &Proc{host: h, cmd: cmd, exited: make(chan struct{})}
	j, err := h.plat.startIn(cmd, listen)
	if err != nil {
		return nil, err
	}
	p.jail, p.start = j, time.Now()
	j.watch(j.enginePid(cmd.Process.Pid), p.exited)
	go func() {
		p.waitErr = cmd.Wait()
		p.end = time.Now()
		close(p.exited)
	}()
	return p, nil
}

// Pid returns the process id.
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// Args returns the program and its arguments as started.
func (p *Proc) Args() []string { return p.cmd.Args }

// Exited returns a channel closed when the process has exited.
func (p *Proc) Exited() <-chan struct{} { return p.exited }

// HasExited reports whether the process has exited.
func (p *Proc) HasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// ExitError returns the process's exit status as an error, nil for a clean
// exit or while it runs.
func (p *Proc) ExitError() error {
	if !p.HasExited() {
		return nil
	}
	return p.waitErr
}

// Status returns the process's exit status as a phrase: "exit status 0",
// "signal: killed", or "running" before it exits.
func (p *Proc) Status() string {
	if !p.HasExited() {
		return "running"
	}
	if s := p.jail.exitText(); s != "" {
		return s // the sandboxed program's own, not its init's
	}
	if p.waitErr != nil {
		return p.waitErr.Error()
	}
	return "exit status 0"
}

// Kill kills the process's group: the process and whatever it started.
// The group keeps its id while any member lives, so the id names no other
// group; with none left the kill finds nobody.
func (p *Proc) Kill() { procgroup.Kill(p.cmd) }

// Close ends the process for good and accounts it: it kills the group (a
// process that exited may have left children behind), waits StopGrace at
// most for the process to be reaped, kills what is left of it where the
// system can find it (its cgroup), releases what held it to the limits,
// and returns what it used. ThinkMS is left for the caller. It may be
// called more than once; the later calls return the same figures.
func (p *Proc) Close() Usage {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		p.jail.stop(p.cmd.Process, p.exited)
		p.Kill()
		t := time.NewTimer(StopGrace)
		defer t.Stop()
		select {
		case <-p.exited:
		case <-t.C:
		}
		end := p.end
		if !p.HasExited() {
			end = time.Now()
		}
		p.usage.WallMS = float64(end.Sub(p.start)) / float64(time.Millisecond)
		if p.HasExited() && p.cmd.ProcessState != nil {
			ps := p.cmd.ProcessState
			p.usage.CPUMS = float64(ps.UserTime()+ps.SystemTime()) / float64(time.Millisecond)
			p.usage.PeakRSSKiB = p.jail.peakRSS(peakRSSKiB(ps))
		}
		p.usage.DiskLimit = p.jail.diskLimit(p.cmd.ProcessState)
		cpu, ok, oom := p.jail.finish()
		if ok {
			p.usage.CPUMS = float64(cpu) / float64(time.Millisecond)
		}
		p.usage.MemoryLimit = oom
	}
	return p.usage
}

// MemoryKilled reports whether the kernel killed the process, or one of
// its children, for passing the memory limit: known while its cgroup
// exists, and after Close.
func (p *Proc) MemoryKilled() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return p.usage.MemoryLimit
	}
	return p.jail.oomKilled()
}

// Listener returns, for a sandboxed engine that dials the judge, the seat
// from which its one connection is accepted: the judge then listens on no
// port of its own for it. It returns nil for an engine not sandboxed.
func (p *Proc) Listener(port int) net.Listener { return p.jail.listener(port) }

// ScratchKept is the directory the engine's scratch is kept in after it
// ends (--keep-scratch), "" for none.
func (p *Proc) ScratchKept() string { return p.jail.scratchKept() }

// CPUTime returns the CPU time, user and system, that the engine and
// whatever it started have used so far, while it runs: from its cgroup
// where it has one, else the engine's process and the children it waited
// for. ok is false where the system does not tell (then the judge can
// only time by the wall clock).
func (p *Proc) CPUTime() (cpu time.Duration, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return time.Duration(p.usage.CPUMS * float64(time.Millisecond)), true
	}
	return p.jail.cpuNow(p.cmd.Process.Pid)
}
