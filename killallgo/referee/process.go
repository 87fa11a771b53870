package referee

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/tcgothello/mcts/engineproc"
)

// This file is the only one that starts processes, through engineproc,
// which the judge and einstein game share: process groups, the resource
// limits and the accounting.

// Process is a program the referee started, with its Endpoint.
type Process struct {
	Endpoint
	proc   *engineproc.Proc
	limits engineproc.Limits
}

// Start starts a program from its command line, split as a POSIX shell
// would (quotes, backslashes, $VARIABLES; no pipes, redirections or
// command lists), its standard input and output piped to the referee and
// its standard error going to stderr, in a process group of its own where
// the system has them, under host's limits.
func Start(host *engineproc.Host, name, command string, stderr io.Writer) (*Process, error) {
	argv, err := engineproc.SplitCommand(command)
	if err != nil {
		return nil, err
	}
	proc, in, out, err := host.StartPiped(argv, stderr)
	if err != nil {
		return nil, fmt.Errorf("%s (%q): %w", name, command, err)
	}
	p := &Process{proc: proc, limits: host.Limits()}
	p.Endpoint = Endpoint{Name: name, In: in, Out: out, Exited: proc.Exited(), Status: proc.Status, Clock: proc, Limit: p.limitHit}
	return p, nil
}

// limitHit tells the resource limit that ended the program, once it has
// ended: accounting it (Close, which Stop's later call repeats at no
// cost) says whether the kernel killed it at the memory limit or it ran
// into the disk limit.
func (p *Process) limitHit() (Breach, string) {
	if !p.proc.HasExited() {
		return "", ""
	}
	switch u := p.proc.Close(); {
	case u.MemoryLimit:
		return BreachMemoryLimit, "killed at --engine-memory " + engineproc.FormatSize(p.limits.Memory)
	case u.DiskLimit:
		if p.limits.Disk == 0 {
			return BreachDiskLimit, "ran into the sandbox's scratch of " + engineproc.FormatSize(engineproc.DefaultScratchSize) + " (no --engine-disk)"
		}
		return BreachDiskLimit, "ran into --engine-disk " + engineproc.FormatSize(p.limits.Disk)
	}
	return "", ""
}

// Stop closes the program's input, waits engineproc.StopGrace for it to
// exit, kills its process group, which also ends whatever it left behind,
// and returns what it used.
func (p *Process) Stop() engineproc.Usage {
	p.In.(*os.File).Close()
	t := time.NewTimer(engineproc.StopGrace)
	defer t.Stop()
	select {
	case <-p.proc.Exited():
	case <-t.C:
	}
	u := p.proc.Close()
	p.close()
	p.Out.(*os.File).Close()
	return u
}

// Kill kills the program's process group at once, and may be called from
// any goroutine while the program runs: an interrupted referee kills what
// it started before it goes, since a program run through a wrapper would
// outlive it otherwise (only the program itself dies with its parent).
// Stop must still be called, and Kill not after it.
func (p *Process) Kill() { p.proc.Kill() }

// ExitStatus describes how the program exited when it did not exit
// cleanly ("signal: killed" after Stop killed it, "exit status 3"), and
// is "" for a clean exit; call it after Stop.
func (p *Process) ExitStatus() string {
	if err := p.proc.ExitError(); err != nil {
		return err.Error()
	}
	return ""
}
