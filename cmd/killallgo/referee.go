package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/internal/atomicfile"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/internal/writable"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/killallgo/referee"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/sgf"
)

// refereeOptions is the referee's command line.
type refereeOptions struct {
	black, white string // the programs' command lines
	timeLimit    int
	handicap     int
	grace        time.Duration
	record       string // the SGF file; "-" for stdout
	transcript   string // the conversation's file; "" for none
	logLevel     string
	help         bool
	// limitFlags are --engine-memory, --engine-cpus and --engine-disk as
	// given; engineLimits the limits they set on both programs.
	limitFlags   *engineproc.Flags
	engineLimits engineproc.Limits
	// timeFlags are --time-basis and --wall-cap; timeRule the clock the
	// thinks are charged by.
	timeFlags *movetime.Flags
	timeRule  movetime.Rule
}

// refereeUsage is the head of the referee's --help.
const refereeUsage = `killallgo referee: play one game of 7x7 Kill-All Go between two programs that speak the
homework's console protocol, check every move, and write the game as SGF.

Usage:
  killallgo referee [flags] "BLACK PROGRAM" "WHITE PROGRAM"

Each program is a command line, split as a POSIX shell would (quotes, backslashes, $VARIABLES;
no pipes or redirections), started with its stdin and stdout piped to the referee and its
stderr on the referee's. Each gets reset, time, black's handicap stones by put, start game;
then white thinks first, and each move is checked on the referee's board and passed to the
other program by put (a pass, "0 0", is passed nothing). A program forfeits for a reply that
is not "ok" or a legal move, a think answered later than the time limit (plus the grace),
or exiting; the result line says why. Every line a program writes is read without the '>'
prompts and blanks before its reply, so that a program on the course's 2013 template, which
prompts before each command (its replies arrive as ">>ok" and ">4 3"), is judged by its replies.

Flags:
`

// refereeStatus ends the referee's --help.
const refereeStatus = `
A program that fails its set-up (reset, time, the handicap, start game), one that exits at once
say, could not play: the game is not played (void when neither could), as the judge treats an
engine that never connects. The result line goes to stdout, logs and the programs' stderr to
stderr. Exit status: 0 when a game was played, whatever its result; 1 when it was not played
(the programs that could not play are named), a program cannot be started, the record cannot be
written, or the referee is interrupted (both programs are killed then); 2 on a bad command line.
docs/killallgo.md has the details.
`

// newRefereeFlags declares the referee's flags on o.
func newRefereeFlags(o *refereeOptions) *pflag.FlagSet {
	fs := pflag.NewFlagSet("killallgo referee", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	fs.IntVar(&o.timeLimit, "time", console.DefaultTimeLimit, "seconds per think, sent to both programs by time (1..3600)")
	fs.IntVar(&o.handicap, "handicap", 0, "black's handicap stones, 0..6, placed at "+handicapPoints()+" in that order")
	fs.DurationVar(&o.grace, "grace", referee.DefaultGrace, "time a think reply may come after the limit: the pipe and a busy machine")
	o.timeFlags = movetime.AddFlags(fs)
	fs.StringVar(&o.record, "sgf", "killallgo.sgf", "the SGF file the game is written to (replaced whole); - for stdout")
	fs.StringVar(&o.transcript, "transcript", "", "a file to write the referee's conversation with both programs to")
	fs.StringVar(&o.logLevel, "log-level", "info", "log level on stderr: debug (every message), info, warn or error")
	o.limitFlags = engineproc.AddFlags(fs)
	fs.BoolVarP(&o.help, "help", "h", false, "show this help and exit")
	return fs
}

// parseReferee parses the referee's command line.
func parseReferee(args []string) (refereeOptions, *pflag.FlagSet, error) {
	var o refereeOptions
	fs := newRefereeFlags(&o)
	if help, err := parseFlags(fs, args, &o.help); help || err != nil {
		return o, fs, err
	}
	var errs []error
	var err error
	if fs.NArg() != 2 {
		errs = append(errs, fmt.Errorf("want two programs, black's then white's; got %d arguments", fs.NArg()))
	} else {
		o.black, o.white = fs.Arg(0), fs.Arg(1)
	}
	if o.timeLimit < 1 || o.timeLimit > console.MaxTimeLimit {
		errs = append(errs, fmt.Errorf("--time %d: want 1..%d", o.timeLimit, console.MaxTimeLimit))
	}
	if o.handicap < 0 || o.handicap > killallgo.MaxHandicap {
		errs = append(errs, fmt.Errorf("--handicap %d: want 0..%d", o.handicap, killallgo.MaxHandicap))
	}
	if o.grace < 0 {
		errs = append(errs, fmt.Errorf("--grace %v: want 0 or more", o.grace))
	}
	if o.timeRule, err = o.timeFlags.Rule(time.Duration(o.timeLimit)*time.Second + o.grace); err != nil {
		errs = append(errs, err)
	}
	if _, err := zapcore.ParseLevel(o.logLevel); err != nil {
		errs = append(errs, fmt.Errorf("--log-level %q: want debug, info, warn or error", o.logLevel))
	}
	if o.engineLimits, err = o.limitFlags.Limits(); err != nil {
		errs = append(errs, err)
	}
	return o, fs, errors.Join(errs...)
}

// runReferee is the referee subcommand; it returns the exit status: 0
// when a game was played, whatever its result, 1 when it was not.
func runReferee(args []string, stdout, stderr io.Writer) int {
	o, fs, err := parseReferee(args)
	if err != nil {
		fmt.Fprintf(stderr, "killallgo referee: %v\nRun 'killallgo referee --help' for the usage.\n", err)
		return exitUsage
	}
	if o.help {
		fmt.Fprint(stdout, refereeUsage+fs.FlagUsagesWrapped(100)+refereeStatus)
		return exitOK
	}
	// The programs' stderr and the log share the referee's. A file is
	// handed to the programs as it is; any other writer gets their output
	// through copying goroutines, which must take turns with each other
	// and with the log.
	// The files are written after the game: one that cannot be is found
	// before the programs start, not after the game is played for nothing.
	for _, f := range []struct{ flag, path string }{{"--sgf", o.record}, {"--transcript", o.transcript}} {
		if f.path == "" || f.path == "-" && f.flag == "--sgf" {
			continue
		}
		if err := writable.Check(f.path); err != nil {
			fmt.Fprintf(stderr, "killallgo referee: %s %s: %v\n", f.flag, f.path, err)
			return exitError
		}
	}
	errOut := stderr
	if _, ok := stderr.(*os.File); !ok {
		errOut = zapcore.Lock(zapcore.AddSync(stderr))
	}
	log := newLogger(o.logLevel, errOut)
	defer func() { _ = log.Sync() }()
	host, err := engineproc.NewHost(o.engineLimits)
	if err != nil {
		fmt.Fprintf(stderr, "killallgo referee: %v\n", err)
		return exitError
	}
	host.Log(log)
	match.WarnOverCores(log, 1, o.engineLimits.CPUs)
	if err := o.timeRule.Check(host); err != nil {
		fmt.Fprintf(stderr, "killallgo referee: %v\n", err)
		return exitError
	}
	// Caught from before the programs start, so that an interrupt never
	// leaves one running.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	black, err := referee.Start(host, "black", o.black, errOut)
	if err != nil {
		fmt.Fprintf(stderr, "killallgo referee: %v\n", err)
		return exitError
	}
	defer stopProgram(black, log)
	white, err := referee.Start(host, "white", o.white, errOut)
	if err != nil {
		fmt.Fprintf(stderr, "killallgo referee: %v\n", err)
		return exitError
	}
	defer stopProgram(white, log)
	black.Name, white.Name = o.black, o.white
	stones, _ := killallgo.Handicap(o.handicap) // checked
	cfg := referee.Config{TimeLimit: o.timeLimit, Handicap: stones, Grace: o.grace, Time: o.timeRule, Date: time.Now().UTC().Format(time.DateOnly)}
	res, sig, err := playUnlessInterrupted(black, white, cfg, log, signals)
	if sig != nil {
		fmt.Fprintf(stderr, "killallgo referee: interrupted (%v): both programs killed, no record written\n", sig)
		return exitError
	}
	if err != nil {
		fmt.Fprintf(stderr, "killallgo referee: %v\n", err)
		return exitError
	}
	if res.Unplayed {
		fmt.Fprintf(stdout, "black %q vs white %q, handicap %d: not played: %s\n", o.black, o.white, o.handicap, res.Reason)
	} else {
		fmt.Fprintf(stdout, "black %q vs white %q, handicap %d: %v wins after %d plies: %s\n",
			o.black, o.white, o.handicap, res.Winner, res.Plies, res.Reason)
	}
	status := exitOK
	if err := writeOutputs(o, res, stdout); err != nil {
		fmt.Fprintf(stderr, "killallgo referee: %v\n", err)
		status = exitError
	}
	if res.Unplayed {
		// As the judge does for an engine that never connected: the
		// result says nothing of the programs' play, and a script must
		// hear of it.
		var absent []string
		for _, f := range res.Faults {
			absent = append(absent, fmt.Sprintf("%v (%s): %s", f.Color, map[goban.Color]string{goban.Black: o.black, goban.White: o.white}[f.Color], f.Reason))
		}
		fmt.Fprintf(stderr, "killallgo referee: never played the game: %s\n", strings.Join(absent, "; "))
		status = exitError
	}
	return status
}

// stopProgram stops a program and logs what it used.
func stopProgram(p *referee.Process, log *zap.Logger) {
	u := p.Stop()
	log.Info("program stopped", zap.String("program", p.Name), zap.String("usage", u.String()))
}

// playUnlessInterrupted plays the game, and if a signal comes first kills
// both programs' process groups, which ends the game at once, and returns
// the signal. It returns after the watcher has finished, so that no kill
// comes after the programs are stopped.
func playUnlessInterrupted(black, white *referee.Process, cfg referee.Config, log *zap.Logger,
	signals <-chan os.Signal) (referee.Result, os.Signal, error) {
	over := make(chan struct{})
	caught := make(chan os.Signal, 1)
	go func() {
		defer close(caught)
		select {
		case s := <-signals:
			black.Kill()
			white.Kill()
			caught <- s
		case <-over:
		}
	}()
	res, err := referee.Play(&black.Endpoint, &white.Endpoint, cfg, log)
	close(over)
	return res, <-caught, err
}

// writeOutputs writes the game's record and, if asked, its transcript.
func writeOutputs(o refereeOptions, res referee.Result, stdout io.Writer) error {
	data, err := sgf.Marshal(res.Record)
	if err != nil {
		return err
	}
	if o.record == "-" {
		if _, err := stdout.Write(data); err != nil {
			return err
		}
	} else if err := atomicfile.Write(o.record, data, 0o644); err != nil {
		return fmt.Errorf("writing the record: %w", err)
	}
	if o.transcript != "" {
		text := strings.Join(res.Transcript, "\n") + "\n"
		if err := os.WriteFile(o.transcript, []byte(text), 0o644); err != nil {
			return fmt.Errorf("writing the transcript: %w", err)
		}
	}
	return nil
}
