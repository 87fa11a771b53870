package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
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
		var interrupted *match.InterruptedError
		if errors.As(err, &interrupted) {
			log.Error("match " + interrupted.Error())
			return 1
		}
		msg := "match not played"
		switch {
		case errors.As(err, new(neverPlayedError)):
			msg = "match played without a player"
		case errors.As(err, new(*match.FilesError)):
			msg = "match played, but its files were not all written"
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

// judge hosts the match as o says and reports it: the result lines on
// stdout, a progress line a round on errw.
func judge(ctx context.Context, o options, stdout io.Writer, errw zapcore.WriteSyncer, log *zap.Logger, h *hooks) error {
	hosting := match.Hosting{Host: o.host, Port: o.port, Engines: o.engineArgs, EngineLogDir: o.engineLogDir, EngineLimits: o.engineLimits,
		Files:     match.Files{Record: o.record, RecordGGF: o.recordFormat == recordGGF, Summary: o.jsonFile},
		Listening: h.listening,
		Ended:     func(res *match.Result) error { return res.Lines(stdout, time.Now()) },
	}
	if err := hosting.CheckEngines(); err != nil {
		return err
	}
	m := match.Match{Rounds: o.rounds, Limits: o.limits, Log: log, OnGame: func(g *match.GameResult) {
		line := match.ProgressLine(g, o.rounds)
		if g.Opening > 0 && g.Opening <= len(g.Moves) {
			line += ", opening " + othello.FormatMoves(g.Moves[:g.Opening])
		}
		fmt.Fprintln(errw, line)
	}}
	if o.openings != "" {
		ops, err := tournament.LoadOpenings(o.openings)
		if err != nil {
			return err
		}
		for _, op := range ops {
			m.Openings = append(m.Openings, op.Moves)
		}
		log.Info("openings", zap.String("file", o.openings), zap.Int("count", len(ops)))
	}
	res, err := m.Host(ctx, hosting)
	if err != nil {
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
