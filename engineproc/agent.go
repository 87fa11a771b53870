package engineproc

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// exitWait is how long an agent that closed its output or input is given
// to exit, so that its exit status can be reported.
const exitWait = time.Second

// Agent is a running engine that speaks over its stdin and stdout, as the
// course's Einstein agents do: messages are written in one piece, and
// read a byte count at a time within a time limit.
type Agent struct {
	*Proc
	stdin *os.File
	// out carries the bytes the agent writes, until its output closes.
	out chan byte
	// dead is closed when the agent is killed: the reader stops.
	dead chan struct{}
}

// StartAgent starts argv with pipes for stdin and stdout, its stderr going
// to stderr, in a process group of its own, under the host's limits.
func (h *Host) StartAgent(argv []string, stderr io.Writer) (*Agent, error) {
	p, in, out, err := h.StartPiped(argv, stderr)
	if err != nil {
		return nil, err
	}
	a := &Agent{Proc: p, stdin: in, out: make(chan byte, 64), dead: make(chan struct{})}
	go a.readLoop(out)
	return a, nil
}

// StartPiped starts argv under the host's limits with its stdin and
// stdout piped to the caller, who writes to in and reads from out, and
// closes both; its stderr goes to stderr.
func (h *Host) StartPiped(argv []string, stderr io.Writer) (p *Proc, in, out *os.File, err error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, nil, nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, stderr
	// A program's children may hold its stderr open after it is killed;
	// Wait does not wait for them longer than this.
	cmd.WaitDelay = StopGrace
	p, err = h.Start(cmd)
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, nil, nil, err
	}
	return p, inW, outR, nil
}

// readLoop passes the agent's output to a.out byte by byte until it ends
// or the agent is killed.
func (a *Agent) readLoop(r *os.File) {
	defer r.Close()
	defer close(a.out)
	buf := make([]byte, 64)
	for {
		n, err := r.Read(buf)
		for _, b := range buf[:n] {
			select {
			case a.out <- b:
			case <-a.dead:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// Send writes a message to the agent in one piece.
func (a *Agent) Send(msg string) error {
	if _, err := io.WriteString(a.stdin, msg); err != nil {
		return fmt.Errorf("cannot be sent %q: %v%s", msg, err, a.exitNote())
	}
	return nil
}

// CloseInput closes the agent's stdin: it sees the end of its input.
func (a *Agent) CloseInput() { a.stdin.Close() }

// Read reads an n-byte message within limit. When ctx ends first, the
// error is ctx's.
func (a *Agent) Read(ctx context.Context, n int, limit time.Duration) (string, error) {
	t := time.NewTimer(limit)
	defer t.Stop()
	msg := make([]byte, 0, n)
	for len(msg) < n {
		select {
		case b, ok := <-a.out:
			if !ok {
				return "", fmt.Errorf("closed its output after %q%s", msg, a.exitNote())
			}
			msg = append(msg, b)
		case <-t.C:
			if len(msg) > 0 {
				return "", fmt.Errorf("sent %q and then nothing for %v", msg, limit)
			}
			return "", fmt.Errorf("sent no move within %v", limit)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	return string(msg), nil
}

// exitNote returns ": it exited (<status>)" if the agent exits within
// exitWait, else "". An agent killed at its memory limit says so.
func (a *Agent) exitNote() string {
	t := time.NewTimer(exitWait)
	defer t.Stop()
	select {
	case <-a.Exited():
		return ": it exited (" + a.Status() + ")"
	case <-t.C:
		return ""
	}
}

// Kill kills the agent's process group, waits for it and returns what it
// used (Close).
func (a *Agent) Kill() Usage {
	select {
	case <-a.dead:
	default:
		close(a.dead)
	}
	a.Proc.Kill()
	a.stdin.Close()
	return a.Close()
}
