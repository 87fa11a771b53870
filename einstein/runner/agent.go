package runner

import (
	"context"
	"fmt"
	"io"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/movetime"
)

// AgentSeat is an agent's seat: a child process speaking the course's
// protocol, started when a round needs it and again after it was killed,
// under a host's resource limits.
type AgentSeat struct {
	name   string
	argv   []string
	stderr io.Writer
	log    *zap.Logger
	host   *engineproc.Host  // starts it under the resource limits
	a      *engineproc.Agent // nil while not running
	// used sums what the agent's processes used, each counted when it
	// ends; thinking is its time from each move asked to the answer.
	used     engineproc.Usage
	thinking time.Duration
	// rule is the clock its moves are charged by (TimeBy).
	rule movetime.Rule
}

// NewAgentSeat returns the seat of the agent argv, named name in the
// results, its stderr going to stderr; it starts at its first round.
func NewAgentSeat(name string, argv []string, stderr io.Writer, host *engineproc.Host, log *zap.Logger) *AgentSeat {
	return &AgentSeat{name: name, argv: argv, stderr: stderr, log: log, host: host}
}

// TimeBy sets the clock the agent's moves are charged by: the wall clock
// (the default, the course's rule) or its processes' CPU time under a
// wall-clock cap (--time-basis cpu). It returns s.
func (s *AgentSeat) TimeBy(r movetime.Rule) *AgentSeat {
	s.rule = r
	return s
}

// Name returns the seat's name.
func (s *AgentSeat) Name() string { return s.name }

// Begin starts the agent if it is not running and gives it the round's
// side and board.
func (s *AgentSeat) Begin(side einstein.Color, l einstein.Layout) error {
	if s.a == nil {
		a, err := s.host.StartAgent(s.argv, s.stderr)
		if err != nil {
			return &BreachError{BreachNotStarted, fmt.Errorf("cannot be started: %w", err)}
		}
		s.log.Info("agent started", zap.String("agent", s.name), zap.Int("pid", a.Pid()))
		s.a = a
	}
	r1 := "f"
	if side == einstein.Blue {
		r1 = "s"
	}
	return s.failed(s.a.Send(r1 + l.String()))
}

// Move sends the opponent's last move, if any, and reads the agent's.
func (s *AgentSeat) Move(ctx context.Context, pos einstein.Position, last einstein.Move, limit time.Duration) (einstein.Move, error) {
	clock := s.rule.Start(limit, s.a)
	start := time.Now()
	defer func() { s.thinking += time.Since(start) }()
	if pos.Ply() > 0 {
		if err := s.a.Send(last.String()); err != nil {
			return einstein.Pass, s.failed(err)
		}
	}
	msg, err := s.a.Read(ctx, 2, clock.Wait())
	if ctx.Err() != nil {
		return einstein.Pass, fmt.Errorf("%w: %v", ErrAbandon, ctx.Err())
	}
	if err != nil {
		if note := clock.CapNote(); note != "" && !s.a.HasExited() {
			err = fmt.Errorf("%w: %s", err, note)
		}
		return einstein.Pass, s.failed(err)
	}
	if why, late := clock.Late(time.Since(start)); late {
		return einstein.Pass, &BreachError{BreachTimeout, fmt.Errorf("sent %q, but it %s", msg, why)}
	}
	m, err := einstein.ParseMove(msg)
	if err != nil {
		return einstein.Pass, &BreachError{BreachMalformed, fmt.Errorf("sent %q: not 00 or a cube 1-6 and a direction 1-3", msg)}
	}
	return m, nil
}

// Finish tells the agent it won or lost.
func (s *AgentSeat) Finish(won bool) {
	if s.a == nil {
		return
	}
	msg := "ll"
	if won {
		msg = "ww"
	}
	if err := s.a.Send(msg); err != nil {
		// It is gone or broken: start afresh next round, without blame.
		s.log.Info("agent lost after the round", zap.String("agent", s.name), zap.Error(err))
		s.kill()
	}
}

// Gone returns why the agent cannot play if it has ended, or ends within
// wait (Prober); nil while it runs, or before it is started.
func (s *AgentSeat) Gone(wait time.Duration) error {
	if s.a == nil {
		return nil
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-s.a.Exited():
		return s.failed(fmt.Errorf("exited before its first move (%s)", s.a.Status()))
	case <-t.C:
		return nil
	}
}

// Fault kills the agent, which broke the rules.
func (s *AgentSeat) Fault() { s.kill() }

// Abandon kills the agent: the round has no result.
func (s *AgentSeat) Abandon() { s.kill() }

// kill ends the agent now.
func (s *AgentSeat) kill() {
	if s.a == nil {
		return
	}
	u := s.a.Kill()
	s.count(u)
	s.log.Info("agent killed", zap.String("agent", s.name), zap.String("status", s.a.Status()),
		zap.Float64("cpu_ms", u.CPUMS), zap.Int64("peak_rss_kib", u.PeakRSSKiB))
	s.a = nil
}

// failed names the breach of err, an agent's failure to send or read:
// the memory limit when the kernel killed the agent for passing it (that,
// not the closed pipe, is why it failed), the disk limit when it ended
// with its scratch full or was killed for a file past --engine-disk, a
// timeout when it is alive and silent, else its disconnection.
func (s *AgentSeat) failed(err error) error {
	switch {
	case err == nil:
		return nil
	case s.a.MemoryKilled():
		return &BreachError{BreachMemoryLimit, fmt.Errorf("memory limit: killed at --engine-memory %s (%v)", engineproc.FormatSize(s.host.Limits().Memory), err)}
	case s.a.HasExited():
		// It ended: accounting it (Close, which a second time returns
		// the same figures) tells whether the disk limit ended it.
		if s.a.Close().DiskLimit {
			return &BreachError{BreachDiskLimit, fmt.Errorf("disk limit: ran into %s (%v)", diskLimitText(s.host.Limits().Disk), err)}
		}
		return &BreachError{BreachDisconnected, err}
	}
	return &BreachError{BreachTimeout, err}
}

// diskLimitText names the disk limit of agents held to limit bytes, as
// the judge names an engine's (match.DiskLimitText).
func diskLimitText(limit int64) string {
	if limit == 0 {
		return fmt.Sprintf("the sandbox's scratch of %s (no --engine-disk)", engineproc.FormatSize(engineproc.DefaultScratchSize))
	}
	return "--engine-disk " + engineproc.FormatSize(limit)
}

// Close sends 'e' and gives the agent engineproc.StopGrace to exit before
// killing it.
func (s *AgentSeat) Close() {
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
			s.log.Warn("agent still running after 'e': killing it", zap.String("agent", s.name))
		}
	}
	u := a.Kill()
	s.count(u)
	s.log.Info("agent stopped", zap.String("agent", s.name), zap.String("status", a.Status()),
		zap.Float64("cpu_ms", u.CPUMS), zap.Int64("peak_rss_kib", u.PeakRSSKiB))
}

// count adds what one of the agent's processes used.
func (s *AgentSeat) count(u engineproc.Usage) {
	s.used.CPUMS += u.CPUMS
	s.used.WallMS += u.WallMS
	s.used.PeakRSSKiB = max(s.used.PeakRSSKiB, u.PeakRSSKiB)
	s.used.MemoryLimit = s.used.MemoryLimit || u.MemoryLimit
	s.used.DiskLimit = s.used.DiskLimit || u.DiskLimit
}

// Used returns what the agent's processes used so far, those ended, with
// its thinking time: for a tournament's accounting, after Close.
func (s *AgentSeat) Used() engineproc.Usage {
	u := s.used
	u.ThinkMS = float64(s.thinking) / float64(time.Millisecond)
	return u
}
