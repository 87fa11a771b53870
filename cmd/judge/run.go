package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// hooks let tests observe a judge running in-process.
type hooks struct {
	// listening is called with the listener's address once it is open.
	listening func(net.Addr)
	// gameEnded is called after each game of a tournament is saved.
	gameEnded func(tournament.Record)
}

// run is the whole program: it parses args, runs the match and returns the
// exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, h *hooks) (code int) {
	defer func() {
		// A bug must end in a message and a status, not a stack dump.
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "judge: internal error: %v\n", p)
			code = 1
		}
	}()
	if h == nil {
		h = &hooks{}
	}
	if len(args) > 0 && args[0] == "tournament" {
		return runTournament(ctx, args[1:], stdout, stderr, h)
	}
	o, err := parseOptions(args, stdout)
	if code, ok := parsed(err, "judge", stderr); !ok {
		return code
	}
	errw, log := stderrLogger(stderr, o.logLevel)
	defer log.Sync()
	if err := judge(ctx, o, stdout, errw, log, h); err != nil {
		log.Error("match not played", zap.Error(err))
		return 1
	}
	return 0
}

// parsed handles what the match and the tournament do alike when their
// command line is parsed: help ends with status 0, an error is printed
// after prog and ends with status 2. ok is false when the program ends
// there, with code.
func parsed(err error, prog string, stderr io.Writer) (code int, ok bool) {
	switch {
	case errors.Is(err, errHelp):
		return 0, false
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return 2, false
	}
	return 0, true
}

// stderrLogger returns stderr made safe for the logger and the progress
// lines to share, and a logger at level writing to it.
func stderrLogger(stderr io.Writer, level zapcore.Level) (zapcore.WriteSyncer, *zap.Logger) {
	errw := zapcore.Lock(zapcore.AddSync(stderr))
	return errw, newLogger(errw, level)
}

func newLogger(w zapcore.WriteSyncer, level zapcore.Level) *zap.Logger {
	cfg := zap.NewDevelopmentEncoderConfig()
	cfg.EncodeTime = zapcore.TimeEncoderOfLayout("15:04:05.000")
	cfg.CallerKey, cfg.StacktraceKey = "", ""
	return zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), w, level))
}

// judge listens, gathers the players (starting the engines if asked),
// plays the match and writes its results.
func judge(ctx context.Context, o options, stdout io.Writer, errw zapcore.WriteSyncer, log *zap.Logger, h *hooks) error {
	ln, err := net.Listen("tcp", net.JoinHostPort(o.host, strconv.Itoa(o.port)))
	if err != nil {
		return err
	}
	start := time.Now()
	gate := match.OpenGate(ln, log)
	defer gate.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	log.Info("listening", zap.String("addr", ln.Addr().String()), zap.Int("rounds", o.rounds))
	if h.listening != nil {
		h.listening(ln.Addr())
	}

	var procs []*engineProc
	defer func() {
		for _, p := range procs {
			p.stop(log)
		}
	}()
	startNext := func() (*engineProc, error) { return nil, nil }
	if len(o.engines) == 2 {
		dir := o.engineLogDir
		if dir == "" {
			if dir, err = os.MkdirTemp("", "judge-engines-"); err != nil {
				return err
			}
		} else if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		startNext = func() (*engineProc, error) {
			n := len(procs) + 1
			p, err := startEngine(n, o.engineArgs[n-1], engineHost(o.host), port, dir, log)
			if err == nil {
				procs = append(procs, p)
			}
			return p, err
		}
	}
	conns, err := gather(ctx, gate, start.Add(o.limits.Connect), o.limits.Connect, startNext)
	var remotes [2]*otp.Remote
	for i, c := range conns {
		if c != nil {
			remotes[i] = otp.NewRemote(c)
			defer remotes[i].Close()
		}
	}
	if err != nil {
		return err
	}

	m := match.Match{Rounds: o.rounds, Limits: o.limits, Log: log, OnGame: func(g *match.GameResult) {
		fmt.Fprintln(errw, match.ProgressLine(g, o.rounds))
	}}
	res, err := m.Run(ctx, remotes[0], remotes[1])
	for _, r := range remotes {
		if r != nil {
			r.Close() // the judge closes first, so the engines see the end at once
		}
	}
	if err != nil {
		return err
	}
	if err := res.Lines(stdout, time.Now()); err != nil {
		return err
	}
	return writeFiles(o, &res, log)
}

// gather waits for the two players until deadline. With engines to start,
// it starts the first, gives it up to half the connect time (less if it
// exits) to connect as player 1, then starts the second: so that the first
// --engine is player 1, as people expect, and an engine that dies costs the
// other none of its time. Without engines startNext does nothing and
// players are numbered in order of arrival, as in the classic judge.
func gather(ctx context.Context, gate *match.Gate, deadline time.Time, limit time.Duration, startNext func() (*engineProc, error)) ([2]net.Conn, error) {
	var conns [2]net.Conn
	defer gate.Seal()
	p1, err := startNext()
	if err != nil {
		return conns, err
	}
	if p1 == nil {
		return gate.Players(ctx, deadline)
	}
	wait1, cancel1 := untilExit(ctx, p1)
	// Next's error only says that no player came (or why we stopped
	// waiting): a nil c and ctx tell all that is needed below.
	c, _ := gate.Next(wait1, minTime(deadline, time.Now().Add(limit/2)))
	cancel1()
	if ctx.Err() != nil {
		if c != nil {
			c.Close()
		}
		return conns, ctx.Err()
	}
	conns[0] = c
	slots := []int{1}
	if c == nil && !exited(p1) {
		// Engine 1 is late but alive: whoever comes first is player 1.
		slots = []int{0, 1}
	}
	p2, err := startNext()
	if err != nil {
		return conns, err
	}
	wait, cancel := untilExit(ctx, p1, p2)
	defer cancel()
	for _, i := range slots {
		c, err := gate.Next(wait, deadline)
		if err != nil {
			if ctx.Err() != nil {
				return conns, ctx.Err()
			}
			break // out of time, or every engine has exited
		}
		conns[i] = c
	}
	return conns, nil
}

// untilExit returns a context that ends with ctx or when every one of procs
// has exited: then nobody is left to connect.
func untilExit(ctx context.Context, procs ...*engineProc) (context.Context, context.CancelFunc) {
	wctx, cancel := context.WithCancel(ctx)
	go func() {
		defer cancel()
		for _, p := range procs {
			select {
			case <-p.exited:
			case <-wctx.Done():
				return
			}
		}
	}()
	return wctx, cancel
}

func exited(p *engineProc) bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// writeFiles writes the --record and --json files.
func writeFiles(o options, res *match.Result, log *zap.Logger) error {
	if o.record != "" {
		var b bytes.Buffer
		match.WriteRecord(&b, res)
		if err := os.WriteFile(o.record, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		log.Info("record written", zap.String("file", o.record))
	}
	if o.jsonFile != "" {
		data, err := json.MarshalIndent(res.Summary(), "", "  ")
		if err != nil {
			return fmt.Errorf("json summary: %w", err)
		}
		if err := os.WriteFile(o.jsonFile, append(data, '\n'), 0o644); err != nil {
			return fmt.Errorf("json summary: %w", err)
		}
		log.Info("summary written", zap.String("file", o.jsonFile))
	}
	return nil
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
