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
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// hooks let tests observe a judge running in-process, and feed it.
type hooks struct {
	// stdin is what judge convert - reads, os.Stdin when nil.
	stdin io.Reader
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
	if len(args) > 0 && args[0] == "convert" {
		stdin := h.stdin
		if stdin == nil {
			stdin = os.Stdin
		}
		return runConvert(args[1:], stdin, stdout, stderr)
	}
	o, err := parseOptions(args, stdout)
	if code, ok := parsed(err, "judge", stderr); !ok {
		return code
	}
	errw, log := stderrLogger(stderr, o.logLevel)
	defer log.Sync()
	if err := judge(ctx, o, stdout, errw, log, h); err != nil {
		msg := "match not played"
		if errors.As(err, new(neverPlayedError)) {
			msg = "match played without a player"
		}
		log.Error(msg, zap.Error(err))
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
	for i, argv := range o.engineArgs {
		if err := engineproc.CheckProgram(argv); err != nil {
			return fmt.Errorf("engine %d: %w", i+1, err)
		}
	}
	var openings [][]othello.Move
	if o.openings != "" {
		ops, err := tournament.LoadOpenings(o.openings)
		if err != nil {
			return err
		}
		for _, op := range ops {
			openings = append(openings, op.Moves)
		}
		log.Info("openings", zap.String("file", o.openings), zap.Int("count", len(ops)))
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(o.host, strconv.Itoa(o.port)))
	if err != nil {
		return err
	}
	deadline := time.Now().Add(o.limits.Connect)
	log.Info("listening", zap.String("addr", ln.Addr().String()), zap.Int("rounds", o.rounds))
	if h.listening != nil {
		h.listening(ln.Addr())
	}

	var conns [2]net.Conn
	var noShow [2]string
	var procs [2]*engineproc.Engine
	if len(o.engineArgs) == 2 {
		var host *engineproc.Host
		if host, err = engineproc.NewHost(o.engineLimits); err != nil {
			return err
		}
		host.Log(log)
		defer func() {
			for _, p := range procs {
				if p != nil {
					p.Stop(log) // after an error; a second Stop does nothing
				}
			}
		}()
		conns, err = startPlayers(ctx, o, host, ln, deadline, &procs, log)
		for i, c := range conns {
			if c == nil && procs[i] != nil && err == nil {
				noShow[i] = procs[i].NoShow(o.engineArgs[i][0], o.limits.Connect, log)
			}
		}
	} else {
		gate := match.OpenGate(ln, log)
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
		return err
	}

	m := match.Match{Rounds: o.rounds, Limits: o.limits, Log: log, NoShow: noShow, Openings: openings, OnGame: func(g *match.GameResult) {
		line := match.ProgressLine(g, o.rounds)
		if g.Opening > 0 && g.Opening <= len(g.Moves) {
			line += ", opening " + othello.FormatMoves(g.Moves[:g.Opening])
		}
		fmt.Fprintln(errw, line)
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
	if n := res.Players[0].Name; n != "" && n == res.Players[1].Name {
		// The classic lines stay byte-exact; only their order tells the
		// two apart.
		log.Warn("both players have the same name, so the two NAME lines look alike (player 1's comes first): "+
			"give one engine another name (search --name)", zap.String("name", n))
	}
	if err := res.Lines(stdout, time.Now()); err != nil {
		return err
	}
	// The engines stop now, for their figures to go in the files.
	for i, p := range procs {
		if p == nil {
			continue
		}
		u := p.Stop(log)
		u.ThinkMS = match.Milliseconds(res.ThinkTime(i))
		res.Players[i].Usage = &u
		if u.MemoryLimit && res.Players[i].Forfeit != nil {
			match.MemoryForfeit(res.Players[i].Forfeit, o.engineLimits.Memory)
			log.Warn("player forfeited for the memory limit", zap.Int("player", i+1), zap.String("name", res.Players[i].Name),
				zap.String("reason", string(res.Players[i].Forfeit.Reason)), zap.String("detail", res.Players[i].Forfeit.Detail))
		}
	}
	if err := writeFiles(o, &res, log); err != nil {
		return err
	}
	var absent []string
	for _, i := range res.NeverPlayed() {
		p := res.Players[i]
		absent = append(absent, fmt.Sprintf("player %d (%s): %s", i+1, p.Name, p.Forfeit))
	}
	if len(absent) > 0 {
		return neverPlayedError(strings.Join(absent, "; "))
	}
	return nil
}

// neverPlayedError reports a match or tournament that ran to its end
// although a player never played a game: its results say nothing of that
// player, so the judge exits non-zero for scripts to notice.
type neverPlayedError string

func (e neverPlayedError) Error() string { return "never played a game: " + string(e) }

// startPlayers starts the two --engine programs and waits until deadline
// for their connections, player 1 being the first --engine whatever the
// order in which they connect. Engine 1 dials ln, the judge's PORT; engine
// 2 dials a second port the judge opens for it alone, on the address the
// engines dial.
// So each connection is known to be its engine's, with no race between
// them, and both engines start at once and are awaited together: one that
// is slow or hangs eats none of the other's connect time, and one that
// exits stops being waited for. It closes ln; procs gets the processes
// started, for the caller to stop.
func startPlayers(ctx context.Context, o options, host *engineproc.Host, ln net.Listener, deadline time.Time, procs *[2]*engineproc.Engine, log *zap.Logger) ([2]net.Conn, error) {
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
	// Engine 2's port is on the address it dials, loopback unless --host
	// names another: nobody else has any business there.
	if lns[1], err = net.Listen("tcp", net.JoinHostPort(engineproc.DialHost(o.host), "0")); err != nil {
		return conns, err
	}
	log.Info("listening for engine 2", zap.String("addr", lns[1].Addr().String()))
	dir := o.engineLogDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "judge-engines-"); err != nil {
			return conns, err
		}
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return conns, err
	}
	for i := range procs {
		port := lns[i].Addr().(*net.TCPAddr).Port
		if procs[i], err = host.StartEngine(i+1, o.engineArgs[i], engineproc.DialHost(o.host), port, dir, log); err != nil {
			return conns, err
		}
	}
	var wg sync.WaitGroup
	for i := range conns {
		l, p := lns[i], procs[i]
		lns[i] = nil // AwaitEngine closes it
		wg.Go(func() { conns[i] = match.AwaitEngine(ctx, l, p, deadline, log) })
	}
	wg.Wait()
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

// writeFiles writes the --record and --json files.
func writeFiles(o options, res *match.Result, log *zap.Logger) error {
	if o.record != "" {
		var b bytes.Buffer
		write := match.WriteRecord
		if o.recordFormat == recordGGF {
			write = match.WriteRecordGGF
		}
		if err := write(&b, res); err != nil {
			return fmt.Errorf("record: %w", err)
		}
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
