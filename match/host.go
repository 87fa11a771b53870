package match

// Hosting a match as the judge does: listen on a port, seat the two
// players (connecting on their own, or engines the judge starts and
// supervises), play, stop the engines and account for them, write the
// files.

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/internal/writable"
	"github.com/tcgothello/mcts/otp"
)

// Hosting is where and how a match is hosted: the address the judge
// listens on, the engines it starts itself if any, and the files it
// writes.
type Hosting struct {
	// Host is the address to listen on, "" for all interfaces; Port the
	// port, 0 for any free one.
	Host string
	Port int
	// Engines, if not empty, are the two programs the judge starts, player
	// 1's first, each a program and its arguments, to which it appends
	// IP PORT. Without them the players connect on their own.
	Engines [][]string
	// EngineLogDir is the directory for engine1.log and engine2.log, each
	// engine's stdout and stderr; "" makes a temporary one, kept.
	EngineLogDir string
	// EngineLimits hold each engine the judge starts, with its children.
	EngineLimits engineproc.Limits
	// Files are what the judge writes once the engines have stopped, for
	// their figures to be in them.
	Files Files
	// Listening, if set, is called with the listener's address once it is
	// open.
	Listening func(net.Addr)
	// Ended, if set, is called with the result as soon as the match ends,
	// before the engines stop (which may take their grace time) and their
	// figures join it: for the result lines, which need not wait.
	Ended func(*Result) error
}

// Files are the files a hosted match writes; "" writes none.
type Files struct {
	// Record is the record of every round, as text or, if RecordGGF, as
	// GGF (one played game a line).
	Record    string
	RecordGGF bool
	// Summary is the machine-readable summary, JSON.
	Summary string
}

// Check checks that every file f names can be written, so that a match
// is not played for its record to be lost at the end: its directory
// exists and takes a new file, and a file already there may be
// overwritten. It writes nothing that stays.
func (f Files) Check() error {
	for _, file := range []struct{ what, path string }{{"record", f.Record}, {"json summary", f.Summary}} {
		if file.path == "" {
			continue
		}
		if err := writable.Check(file.path); err != nil {
			return fmt.Errorf("%s %s: %w", file.what, file.path, err)
		}
	}
	return nil
}

// CheckEngines checks that there are two engines or none, and that each
// engine's program can be started, so that a missing one is reported
// before anything starts.
func (h *Hosting) CheckEngines() error {
	if n := len(h.Engines); n != 0 && n != 2 {
		return fmt.Errorf("%s: want two (one per player) or none", plural.Of(n, "engine"))
	}
	for i, argv := range h.Engines {
		if err := engineproc.CheckProgram(argv); err != nil {
			return fmt.Errorf("engine %d: %w", i+1, err)
		}
	}
	return nil
}

// Host hosts m as h says: it checks the engines' programs and that the
// files can be written, listens, seats the two players within the
// connect time (the first to connect is player 1; with Engines, the first
// engine is, whenever it connects), plays the match, calls Ended, stops the
// engines it started and adds what each used to its player's result (and a
// forfeit caused by the memory or the disk limit, as such), and writes the files. A
// player that never connected forfeits the match, as in Run. Cancelling
// ctx interrupts the match: the rounds finished are kept and reported all
// the same, and the error is an *InterruptedError. m is left as it was.
func (m *Match) Host(ctx context.Context, h Hosting) (Result, error) {
	m = new(*m) // for NoShow
	log := m.Log
	if log == nil {
		log = zap.NewNop()
	}
	if err := h.CheckEngines(); err != nil {
		return Result{}, err
	}
	if err := h.Files.Check(); err != nil {
		return Result{}, err
	}
	if m.Limits.Time.ByCPU() && len(h.Engines) == 0 {
		return Result{}, errors.New("--time-basis cpu: the judge knows the CPU time only of the engines it starts (--engine)")
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(h.Host, strconv.Itoa(h.Port)))
	if err != nil {
		return Result{}, err
	}
	deadline := time.Now().Add(m.Limits.Connect)
	log.Info("listening", zap.String("addr", ln.Addr().String()), zap.Int("rounds", m.Rounds))
	if h.Listening != nil {
		h.Listening(ln.Addr())
	}

	var conns [2]net.Conn
	var procs [2]*engineproc.Engine
	if len(h.Engines) == 2 {
		var host *engineproc.Host
		if host, err = engineproc.NewHost(h.EngineLimits); err != nil {
			ln.Close()
			return Result{}, err
		}
		host.Log(log)
		if err := m.Limits.Time.Check(host); err != nil {
			ln.Close()
			return Result{}, err
		}
		WarnOverCores(log, 1, h.EngineLimits.CPUs)
		log.Info("move time", zap.String("time_basis", m.Limits.Time.Name()), zap.String("genmove", m.Limits.Time.Describe(m.Limits.GenMove)))
		defer func() {
			for _, p := range procs {
				if p != nil {
					p.Stop(log) // after an error; a second Stop does nothing
				}
			}
		}()
		conns, err = h.startEngines(ctx, host, ln, deadline, &procs, log)
		for i, p := range procs {
			if p != nil {
				m.Clocks[i] = p.Proc
			}
		}
		for i, c := range conns {
			if c == nil && procs[i] != nil && err == nil {
				m.NoShow[i] = procs[i].NoShow(h.Engines[i][0], m.Limits.Connect, log)
			}
		}
	} else {
		gate := OpenGate(ln, log)
		defer gate.Close()
		conns, err = gate.Players(ctx, deadline)
	}
	var remotes [2]*otp.Remote
	for i, c := range conns {
		if c != nil {
			remotes[i] = otp.NewRemote(c)
			defer remotes[i].Close()
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return Result{}, &InterruptedError{Rounds: m.Rounds}
		}
		return Result{}, err
	}

	res, err := m.Run(ctx, remotes[0], remotes[1])
	for _, r := range remotes {
		if r != nil {
			r.Close() // the judge closes first, so the engines see the end at once
		}
	}
	if err != nil && !res.Interrupted {
		return res, err
	}
	// Interrupted, the match goes on to its end all the same, with the
	// rounds it finished: result lines, engines stopped and accounted,
	// files written. An hour of games is not lost to a Ctrl-C in the
	// last round.
	if n := res.Players[0].Name; n != "" && n == res.Players[1].Name {
		// The classic lines stay byte-exact; only their order tells the
		// two apart.
		log.Warn("both players have the same name, so the two NAME lines look alike (player 1's comes first): "+
			"give one engine another name (search --name)", zap.String("name", n))
	}
	if h.Ended != nil {
		if err := h.Ended(&res); err != nil && !res.Interrupted {
			return res, err
		}
	}
	// The engines stop now, for their figures to go in the files.
	for i, p := range procs {
		if p == nil {
			continue
		}
		u := p.Stop(log)
		u.ThinkMS = Milliseconds(res.ThinkTime(i))
		res.Players[i].Usage = &u
		if LimitForfeit(res.Players[i].Forfeit, u, h.EngineLimits) {
			log.Warn("player forfeited for the "+string(res.Players[i].Forfeit.Reason), zap.Int("player", i+1), zap.String("name", res.Players[i].Name),
				zap.String("reason", string(res.Players[i].Forfeit.Reason)), zap.String("detail", res.Players[i].Forfeit.Detail))
		}
	}
	filesErr := h.Files.Write(&res, log)
	if res.Interrupted {
		return res, &InterruptedError{Round: res.InterruptedRound, Rounds: m.Rounds, Finished: len(res.Games), Files: filesErr}
	}
	if filesErr != nil {
		return res, &FilesError{Err: filesErr}
	}
	return res, nil
}

// InterruptedError is Host's error when ctx was cancelled (Ctrl-C) before
// the match's end. Once the players were seated, the rounds finished were
// still given to Ended and written to the files; Files is the error of
// writing them, if any.
type InterruptedError struct {
	// Round is the round in progress, not counted; 0 when none was.
	Round, Rounds int
	// Finished counts the rounds finished, in the result and files.
	Finished int
	Files    error
}

// Error says when the match was interrupted and what was kept.
func (e *InterruptedError) Error() string {
	var s string
	switch {
	case e.Round > 0:
		s = fmt.Sprintf("interrupted in round %d of %d; the result lines and files hold the %s finished",
			e.Round, e.Rounds, plural.Of(e.Finished, "round"))
		if e.Finished == 0 {
			s = fmt.Sprintf("interrupted in round %d of %d, before any round finished", e.Round, e.Rounds)
		}
	case e.Finished == e.Rounds && e.Rounds > 0:
		s = fmt.Sprintf("interrupted after the last round, while quit was sent; the result lines and files hold all %s",
			plural.Of(e.Finished, "round"))
	default:
		s = "interrupted before the first round"
	}
	if e.Files != nil {
		s += fmt.Sprintf(" (but the files were not all written: %v)", e.Files)
	}
	return s
}

// FilesError is Host's error when the match was played (its result
// given to Ended) but a file could not be written at its end, say a
// directory removed meanwhile or a full disk: Files.Check found the files
// writable before the match.
type FilesError struct{ Err error }

// Error is the write's error.
func (e *FilesError) Error() string { return e.Err.Error() }

// Unwrap returns the write's error.
func (e *FilesError) Unwrap() error { return e.Err }

// startEngines starts the two engines and waits until deadline for their
// connections, player 1 being the first engine whatever the order in
// which they connect. Engine 1 dials ln, the judge's port; engine 2 dials
// a second port the judge opens for it alone, on the address the engines
// dial. So each connection is known to be its engine's, with no race
// between them, and both engines start at once and are awaited together:
// one that is slow or hangs eats none of the other's connect time, and
// one that exits stops being waited for. It closes ln; procs gets the
// processes started, for the caller to stop.
func (h *Hosting) startEngines(ctx context.Context, host *engineproc.Host, ln net.Listener, deadline time.Time, procs *[2]*engineproc.Engine, log *zap.Logger) ([2]net.Conn, error) {
	var conns [2]net.Conn
	lns := [2]net.Listener{ln, nil}
	defer func() {
		for _, l := range lns {
			if l != nil {
				l.Close()
			}
		}
	}()
	var err error
	// Engine 2's port is on the address it dials, loopback unless Host
	// names another: nobody else has any business there.
	if lns[1], err = net.Listen("tcp", net.JoinHostPort(engineproc.DialHost(h.Host), "0")); err != nil {
		return conns, err
	}
	log.Info("listening for engine 2", zap.String("addr", lns[1].Addr().String()))
	dir := h.EngineLogDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "judge-engines-"); err != nil {
			return conns, err
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return conns, err
	}
	for i := range procs {
		port := lns[i].Addr().(*net.TCPAddr).Port
		if host.Sandboxed() {
			// Inside its own network namespace the engine dials a port
			// of its sandbox: the one asked for, free there, or any.
			port = cmp.Or(h.Port, engineproc.SandboxPort)
		}
		if procs[i], err = host.StartEngine(i+1, h.Engines[i], engineproc.DialHost(h.Host), port, dir, log); err != nil {
			return conns, err
		}
		// A sandboxed engine's connection comes from its sandbox; the
		// judge's ports take none.
		lns[i] = procs[i].Seat(lns[i])
	}
	awaited := lns
	lns = [2]net.Listener{} // AwaitEngines closes them
	conns = AwaitEngines(ctx, awaited, *procs, deadline, log)
	if err := ctx.Err(); err != nil {
		for _, c := range conns {
			if c != nil {
				c.Close()
			}
		}
		return [2]net.Conn{}, err
	}
	return conns, nil
}

// Write writes the record and the summary of res, those that f names,
// and logs each file written to log, if not nil.
func (f Files) Write(res *Result, log *zap.Logger) error {
	if log == nil {
		log = zap.NewNop()
	}
	if f.Record != "" {
		var b bytes.Buffer
		write := WriteRecord
		if f.RecordGGF {
			write = WriteRecordGGF
		}
		if err := write(&b, res); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		if err := os.WriteFile(f.Record, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		log.Info("record written", zap.String("file", f.Record))
	}
	if f.Summary != "" {
		data, err := json.MarshalIndent(res.Summary(), "", "  ")
		if err != nil {
			return fmt.Errorf("json summary: %w", err)
		}
		if err := os.WriteFile(f.Summary, append(data, '\n'), 0o644); err != nil {
			return fmt.Errorf("json summary: %w", err)
		}
		log.Info("summary written", zap.String("file", f.Summary))
	}
	return nil
}
