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
	"github.com/tcgothello/mcts/engineproc"
	"go.uber.org/zap"
	"mvdan.cc/sh/v3/shell"
)

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
	host   *engineproc.Host  // starts it under the resource limits
	a      *engineproc.Agent // nil while not running
}

// newProcSeat resolves the agent spec, player i's (0 or 1): the built-in
// names random and greedy, or a command line split as a shell would.
func newProcSeat(spec string, i int, o gameOptions, e env, host *engineproc.Host, log *zap.Logger) (*procSeat, error) {
	s := &procSeat{spec: spec, stderr: e.stderr, log: log, host: host}
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
		a, err := s.host.StartAgent(s.argv, s.stderr)
		if err != nil {
			return fmt.Errorf("cannot be started: %w", err)
		}
		s.log.Info("agent started", zap.String("agent", s.spec), zap.Int("pid", a.Pid()))
		s.a = a
	}
	r1 := "f"
	if side == einstein.Blue {
		r1 = "s"
	}
	return s.memoryLimit(s.a.Send(r1 + l.String()))
}

func (s *procSeat) move(ctx context.Context, pos einstein.Position, last einstein.Move, limit time.Duration) (einstein.Move, error) {
	if pos.Ply() > 0 {
		if err := s.a.Send(last.String()); err != nil {
			return einstein.Pass, s.memoryLimit(err)
		}
	}
	msg, err := s.a.Read(ctx, 2, limit)
	if ctx.Err() != nil {
		return einstein.Pass, fmt.Errorf("%w: %v", errAbandon, ctx.Err())
	}
	if err != nil {
		return einstein.Pass, s.memoryLimit(err)
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
	if err := s.a.Send(msg); err != nil {
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
	u := s.a.Kill()
	s.log.Info("agent killed", zap.String("agent", s.spec), zap.String("status", s.a.Status()),
		zap.Float64("cpu_ms", u.CPUMS), zap.Int64("peak_rss_kib", u.PeakRSSKiB))
	s.a = nil
}

// memoryLimit names the memory limit in err, an agent's failure, when the
// kernel killed the agent for passing it: that, not the closed pipe, is
// why it failed.
func (s *procSeat) memoryLimit(err error) error {
	if err == nil || !s.a.MemoryKilled() {
		return err
	}
	return fmt.Errorf("memory limit: killed at --engine-memory %s (%v)", engineproc.FormatSize(s.host.Limits().Memory), err)
}

// close sends 'e' and gives the agent stopGrace to exit before killing it.
func (s *procSeat) close() {
	if s.a == nil {
		return
	}
	a := s.a
	s.a = nil
	if err := a.Send("e"); err == nil {
		a.CloseInput()
		t := time.NewTimer(engineproc.StopGrace)
		defer t.Stop()
		select {
		case <-a.Exited():
		case <-t.C:
			s.log.Warn("agent still running after 'e': killing it", zap.String("agent", s.spec))
		}
	}
	u := a.Kill()
	s.log.Info("agent stopped", zap.String("agent", s.spec), zap.String("status", a.Status()),
		zap.Float64("cpu_ms", u.CPUMS), zap.Int64("peak_rss_kib", u.PeakRSSKiB))
}
