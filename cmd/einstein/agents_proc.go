package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/internal/procgroup"
	"go.uber.org/zap"
	"mvdan.cc/sh/v3/shell"
)

// stopGrace is how long an agent has to exit on its own after 'e' (or
// after it was killed, for the system to reap it) before it is killed.
const stopGrace = 2 * time.Second

// exitWait is how long an agent that closed its output is given to exit,
// so that its exit status can be reported.
const exitWait = time.Second

// seedStep spreads the seeds of the built-in random agents, derived from
// the game's seed, so that two of them never share a sequence (the
// golden-ratio constant of splitmix64).
const seedStep = 0x9e3779b97f4a7c15

// procSeat is an agent's seat: a child process speaking the course's
// protocol, started when a round needs it and again after it was killed.
type procSeat struct {
	spec   string
	argv   []string
	stderr io.Writer
	log    *zap.Logger
	a      *agentProc // nil while not running
}

// newProcSeat resolves the agent spec, player i's (0 or 1): the built-in
// names random and greedy, or a command line split as a shell would.
func newProcSeat(spec string, i int, o gameOptions, e env, log *zap.Logger) (*procSeat, error) {
	s := &procSeat{spec: spec, stderr: e.stderr, log: log}
	switch spec {
	case "random":
		seed := o.seed + uint64(i+1)*seedStep
		s.argv = []string{e.self, "random", "--seed", strconv.FormatUint(seed, 10)}
		return s, nil
	case "greedy":
		s.argv = []string{e.self, "greedy"}
		return s, nil
	}
	argv, err := shell.Fields(spec, nil)
	if err != nil {
		return nil, err
	}
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("empty command")
	}
	prog, err := exec.LookPath(argv[0])
	if err != nil && !strings.ContainsRune(argv[0], os.PathSeparator) {
		// The course's game runs agents from the current directory
		// (./game -n 0 b07902000 random).
		if local, err2 := exec.LookPath("." + string(os.PathSeparator) + argv[0]); err2 == nil {
			prog, err = local, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cannot be started: %w", err)
	}
	argv[0] = prog
	s.argv = argv
	return s, nil
}

func (s *procSeat) name() string { return s.spec }

func (s *procSeat) begin(side einstein.Color, l einstein.Layout) error {
	if s.a == nil {
		a, err := startAgent(s.argv, s.stderr)
		if err != nil {
			return fmt.Errorf("cannot be started: %w", err)
		}
		s.log.Info("agent started", zap.String("agent", s.spec), zap.Int("pid", a.cmd.Process.Pid))
		s.a = a
	}
	r1 := "f"
	if side == einstein.Blue {
		r1 = "s"
	}
	return s.a.send(r1 + l.String())
}

func (s *procSeat) move(ctx context.Context, pos einstein.Position, last einstein.Move, limit time.Duration) (einstein.Move, error) {
	if pos.Ply() > 0 {
		if err := s.a.send(last.String()); err != nil {
			return einstein.Pass, err
		}
	}
	msg, err := s.a.read(ctx, 2, limit)
	if err != nil {
		return einstein.Pass, err
	}
	m, err := einstein.ParseMove(msg)
	if err != nil {
		return einstein.Pass, fmt.Errorf("sent %q: not 00 or a cube 1-6 and a direction 1-3", msg)
	}
	return m, nil
}

func (s *procSeat) finish(won bool) {
	if s.a == nil {
		return
	}
	msg := "ll"
	if won {
		msg = "ww"
	}
	if err := s.a.send(msg); err != nil {
		// It is gone or broken: start afresh next round, without blame.
		s.log.Info("agent lost after the round", zap.String("agent", s.spec), zap.Error(err))
		s.kill()
	}
}

func (s *procSeat) fault() { s.kill() }

func (s *procSeat) abandon() { s.kill() }

// kill ends the agent now.
func (s *procSeat) kill() {
	if s.a == nil {
		return
	}
	s.a.kill()
	s.log.Info("agent killed", zap.String("agent", s.spec), zap.String("status", s.a.status()))
	s.a = nil
}

// close sends 'e' and gives the agent stopGrace to exit before killing it.
func (s *procSeat) close() {
	if s.a == nil {
		return
	}
	a := s.a
	s.a = nil
	if err := a.send("e"); err == nil {
		a.stdin.Close()
		t := time.NewTimer(stopGrace)
		defer t.Stop()
		select {
		case <-a.exited:
		case <-t.C:
			s.log.Warn("agent still running after 'e': killing it", zap.String("agent", s.spec))
		}
	}
	a.kill()
	s.log.Info("agent stopped", zap.String("agent", s.spec), zap.String("status", a.status()))
}

// agentProc is a running agent.
type agentProc struct {
	cmd   *exec.Cmd
	stdin *os.File
	// out carries the bytes the agent writes, until its output closes.
	out chan byte
	// dead is closed when the agent is killed: the reader stops.
	dead    chan struct{}
	exited  chan struct{}
	waitErr error // read only after exited is closed
}

// startAgent starts argv with pipes for stdin and stdout, its stderr going
// to stderr, in a process group of its own where the system has them.
func startAgent(argv []string, stderr io.Writer) (*agentProc, error) {
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
	// An agent's children may hold its stderr open after it is killed;
	// Wait does not wait for them longer than this.
	cmd.WaitDelay = stopGrace
	procgroup.Own(cmd)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	a := &agentProc{cmd: cmd, stdin: inW, out: make(chan byte, 64), dead: make(chan struct{}), exited: make(chan struct{})}
	go a.readLoop(outR)
	go func() {
		a.waitErr = cmd.Wait()
		close(a.exited)
	}()
	return a, nil
}

// readLoop passes the agent's output to a.out byte by byte until it ends
// or the agent is killed.
func (a *agentProc) readLoop(r *os.File) {
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

// send writes a message to the agent in one piece.
func (a *agentProc) send(msg string) error {
	if _, err := io.WriteString(a.stdin, msg); err != nil {
		return fmt.Errorf("cannot be sent %q: %v%s", msg, err, a.exitNote())
	}
	return nil
}

// read reads an n-byte message within limit.
func (a *agentProc) read(ctx context.Context, n int, limit time.Duration) (string, error) {
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
			return "", fmt.Errorf("%w: %v", errAbandon, ctx.Err())
		}
	}
	return string(msg), nil
}

// exitNote returns ", exited: <status>" if the agent exits within
// exitWait, else "".
func (a *agentProc) exitNote() string {
	t := time.NewTimer(exitWait)
	defer t.Stop()
	select {
	case <-a.exited:
		return ": it exited (" + a.status() + ")"
	case <-t.C:
		return ""
	}
}

// kill kills the agent's process group and waits for it.
func (a *agentProc) kill() {
	select {
	case <-a.dead:
	default:
		close(a.dead)
	}
	procgroup.Kill(a.cmd)
	a.stdin.Close()
	t := time.NewTimer(stopGrace)
	defer t.Stop()
	select {
	case <-a.exited:
	case <-t.C:
	}
	// What the agent's leader left behind (see procgroup.Kill).
	procgroup.Kill(a.cmd)
}

// status returns the agent's exit status as a phrase once it has exited.
func (a *agentProc) status() string {
	select {
	case <-a.exited:
	default:
		return "running"
	}
	if a.waitErr != nil {
		return a.waitErr.Error()
	}
	return "exit status 0"
}
