package referee

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"mvdan.cc/sh/v3/shell"

	"github.com/tcgothello/mcts/internal/procgroup"
)

// This file is the only one that starts processes: the judge's engine
// supervision is moving into a package of its own, and the referee will
// use it; until then this is the least that starts a program safely.

// stopGrace is how long a program has to exit on its own after quit
// before it is killed.
const stopGrace = 2 * time.Second

// Process is a program the referee started, with its Endpoint.
type Process struct {
	Endpoint
	cmd     *exec.Cmd
	exited  chan struct{}
	waitErr error // read only after exited is closed
}

// Start starts a program from its command line, split as a POSIX shell
// would (quotes, backslashes, $VARIABLES; no pipes, redirections or
// command lists), its standard input and output piped to the referee and
// its standard error going to stderr, in a process group of its own where
// the system has them.
func Start(name, command string, stderr io.Writer) (*Process, error) {
	argv, err := shell.Fields(command, nil)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", command, err)
	}
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("empty command")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, stderr
	// A program's children may hold its stderr open after it is killed;
	// Wait does not wait for them longer than this.
	cmd.WaitDelay = stopGrace
	procgroup.Own(cmd)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("%s (%q): %w", name, command, err)
	}
	p := &Process{cmd: cmd, exited: make(chan struct{})}
	p.Endpoint = Endpoint{Name: name, In: inW, Out: outR, Exited: p.exited, Status: p.status}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// Stop closes the program's input, waits stopGrace for it to exit, and
// kills its process group, which also ends whatever it left behind.
func (p *Process) Stop() {
	p.In.(*os.File).Close()
	t := time.NewTimer(stopGrace)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
	}
	procgroup.Kill(p.cmd)
	<-p.exited
	p.close()
	p.Out.(*os.File).Close()
}

// Kill kills the program's process group at once, as Stop does after its
// grace: for a game abandoned midway, whose referee then sees the output
// end. It is safe to call while the referee is reading, and before Stop.
func (p *Process) Kill() { procgroup.Kill(p.cmd) }

// ExitStatus describes how the program exited when it did not exit
// cleanly ("signal: killed" after Stop killed it, "exit status 3"), and
// is "" for a clean exit; call it after Stop.
func (p *Process) ExitStatus() string {
	if p.waitErr == nil {
		return ""
	}
	return p.waitErr.Error()
}

// status describes how the program exited; call it after exited closes.
func (p *Process) status() string {
	if p.waitErr == nil {
		return "exit status 0"
	}
	return p.waitErr.Error()
}
