package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/spf13/pflag"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/match"
)

// options is the judge's command line.
type options struct {
	port         int
	rounds       int
	host         string
	engines      []string
	engineArgs   [][]string // each --engine split into a program and its arguments
	engineLogDir string
	record       string
	recordFormat string // --record-format: text or ggf
	jsonFile     string
	openings     string
	logLevel     zapcore.Level
	limits       match.Limits
	engineLimits engineproc.Limits // --engine-memory, --engine-cpus, --engine-disk
}

const usageHead = `judge: hosts an Othello match between two engines over the OTP protocol, as the classic
course judge does (same command line, messages, limits and result lines), and more.

Usage:
  judge [flags] PORT [ROUNDS]
  judge tournament [flags] --engine SPEC --engine SPEC...   (see judge tournament --help)
  judge convert [flags] FILE...   records to GGF, one game a line (see judge convert --help)

It listens on PORT (0: any free port, logged) on all interfaces unless --host says otherwise.
Both players must connect within --connect-time of the start, in total; the first to connect is
player 1 (with --engine, the first --engine is, whenever it connects). Each gets name (1 s), then
every round clear_board (1 s each, black first) and, until two consecutive passes, genmove to the
side to move (10 s; the move is checked on the judge's own board) and play x y to the other (1 s).
Player 1 is black in rounds 1, 3, 5... ROUNDS (1 or more) defaults to 2. After the last round each
player in good standing gets quit (1 s).

A late reply, a closed connection, a wrong or malformed reply, extra data after a reply, an
over-long message, an illegal move or a pass while a move exists disqualifies the player: it
loses this round and every remaining one and is never sent quit (both out: the remaining rounds
are draws). The log says which rule and quotes what was received. Replies may end in white space,
and their first word may be in upper case. A name reply keeps its first token as the name and
ignores the rest, with a warning, as the classic judge does. A third connection is turned away
at once. The port can be reused right after a match.

Output on stdout, player 1 first, then the UTC time of the end:
  NAME:<name> QUIT:<0|1> WIN:<n> LOSE:<n> DRAW:<n>
  NAME:<name> QUIT:<0|1> WIN:<n> LOSE:<n> DRAW:<n>
  time stamp: hh:mm:ss
A progress line per round and the logs go to stderr.

Flags:
`

const usageTail = `
Examples:
  judge 8000                     classic: wait for two engines on port 8000, play 2 rounds
  judge --host 127.0.0.1 8000 4  local only, 4 rounds
  judge --engine "./search --time 1s" --engine "./search --time 2s" --record games.txt 0 2
                                 start both engines on a free port, play, stop them
  judge --openings tournament/openings/default.txt --engine "./search --playouts 5000" \
        --engine "./search --playouts 5000 --algo ucb" 0 8
                                 8 rounds from 4 openings, so that engines at a fixed
                                 budget do not repeat one game

Each engine the judge starts (--engine) runs in a sandbox of its own where the system allows it
(--sandbox auto, the default; root or user namespaces): its own processes, user id, network
and scratch directory, the system's directories and its program's read-only, nothing else of
the machine (docs/security.md). In the classic mode (no --engine) engines connect by
themselves and the judge cannot sandbox them.

The --engine-* limits hold each engine the judge starts, with its children; how this system
enforces each (a cgroup, a resource limit, CPU affinity) or that it cannot is logged at the start.
An engine the kernel kills at --engine-memory is disqualified with the reason "memory limit", one
that fills its sandbox's scratch or passes --engine-disk with "disk limit".
The --json summary and the record give each started engine's CPU time, thinking time, wall time
and peak memory (docs/judge.md, "Limits and accounting").

Interrupted (Ctrl-C, SIGTERM) in a round, the judge keeps the rounds finished: their result lines
(QUIT:0), the record and the summary, and says which round it was interrupted in; the round cut
short counts for nobody.

Exit status: 0 when the match was played (whatever its result), 1 if it could not be (the port
is taken, an engine's program is missing or cannot start, interrupted) or if a player never played
a game (never connected, or failed its name reply: the results are printed all the same; an engine
the judge started that exits first is logged with its exit status and last output), 2 on a bad
command line.
`

// The formats of --record.
const (
	recordText = "text"
	recordGGF  = "ggf"
)

// checkRecordFormat validates --record-format.
func checkRecordFormat(f string) error {
	if f != recordText && f != recordGGF {
		return fmt.Errorf("--record-format %q: want text or ggf", f)
	}
	return nil
}

// errHelp reports that --help was asked for: print the usage, exit 0.
var errHelp = errors.New("help requested")

// parseOptions parses the command line. Usage goes to w on error or --help.
func parseOptions(args []string, w io.Writer) (options, error) {
	o := options{limits: match.DefaultLimits()}
	fs := pflag.NewFlagSet("judge", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.StringVar(&o.host, "host", "", "listen on this address only (default: all interfaces, as the classic judge)")
	fs.StringArrayVar(&o.engines, "engine", nil, "start an engine: a command and its arguments, split as a shell splits them\n(quotes, escapes, $VARIABLES), to which the judge appends IP PORT; give it\ntwice (player 1 first), or not at all")
	fs.StringVar(&o.engineLogDir, "engine-log-dir", "", "directory for engine1.log and engine2.log, each engine's stdout and stderr\n(default: a new temporary directory, logged and kept)")
	fs.StringVar(&o.record, "record", "", "write a record of every round to this file: players, colours, moves\n(f5d6c3..., passes as pa), score, result, forfeit reason")
	fs.StringVar(&o.recordFormat, "record-format", recordText, "format of --record: text (as above) or ggf (GGF, one played game a line,\nfor NBoard and other Othello programs; docs/data.md)")
	fs.StringVar(&o.jsonFile, "json", "", "write a machine-readable summary of the match to this file")
	fs.StringVar(&o.openings, "openings", "", "start the rounds from the openings in this file, one move sequence a line\n(f5d6c3...), as judge tournament reads them: rounds 1 and 2 play the first\nwith the colours swapped, 3 and 4 the second, and so on (default: every round\nfrom the start position, as the classic judge)")
	limitFlags := engineproc.AddFlags(fs)
	level, help, basis := addCommonFlags(fs, &o.limits, "time both players have, in total, to connect")
	usage := func() {
		fmt.Fprint(w, usageHead, fs.FlagUsages(), usageTail)
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if *help {
		usage()
		return o, errHelp
	}
	if err := checkRecordFormat(o.recordFormat); err != nil {
		return o, err
	}
	if err := o.logLevel.Set(*level); err != nil {
		return o, fmt.Errorf("--log-level %q: want debug, info, warn or error", *level)
	}
	var err error
	if o.engineLimits, err = limitFlags.Limits(); err != nil {
		return o, err
	}
	rest := fs.Args()
	if len(rest) < 1 || len(rest) > 2 {
		return o, errors.New("want PORT and optionally ROUNDS (see --help)")
	}
	if o.port, err = strconv.Atoi(rest[0]); err != nil || o.port < 0 || o.port > 65535 {
		return o, fmt.Errorf("port %q: want a number 0..65535", rest[0])
	}
	o.rounds = 2
	if len(rest) == 2 {
		if o.rounds, err = strconv.Atoi(rest[1]); err != nil || o.rounds < 1 {
			return o, fmt.Errorf("rounds %q: want a number 1 or more", rest[1])
		}
	}
	if n := len(o.engines); n != 0 && n != 2 {
		return o, fmt.Errorf("--engine given %s: give it twice (one per player) or not at all", countOf(n, "time"))
	}
	if len(o.engines) == 0 && o.engineLimits.Sandbox.Mode == engineproc.SandboxOn {
		return o, errors.New("--sandbox on: the classic mode, where engines connect by themselves, cannot be sandboxed by the judge: start them with --engine")
	}
	for _, e := range o.engines {
		args, err := engineproc.SplitCommand(e)
		if err != nil {
			return o, fmt.Errorf("--engine: %w", err)
		}
		o.engineArgs = append(o.engineArgs, args)
	}
	if err := checkLimits(o.limits); err != nil {
		return o, err
	}
	if o.limits.Time, err = basis.Rule(o.limits.GenMove); err != nil {
		return o, err
	}
	if o.limits.Time.ByCPU() && len(o.engines) == 0 {
		return o, errors.New("--time-basis cpu: the judge knows the CPU time only of the engines it starts: give --engine twice")
	}
	return o, nil
}

// addCommonFlags declares the flags a match and a tournament share, last in
// their usage: the log level, the three time limits (defaults from lim) and
// --help. connectHelp says who must connect in the connect time.
func addCommonFlags(fs *pflag.FlagSet, lim *match.Limits, connectHelp string) (level *string, help *bool, basis *movetime.Flags) {
	level = fs.String("log-level", "info", "log level: debug (every move), info, warn or error")
	fs.DurationVar(&lim.Connect, "connect-time", lim.Connect, connectHelp)
	fs.DurationVar(&lim.GenMove, "genmove-time", lim.GenMove, "time to answer genmove")
	basis = movetime.AddFlags(fs)
	fs.DurationVar(&lim.Reply, "reply-time", lim.Reply, "time to answer every other command")
	help = fs.BoolP("help", "h", false, "show this help and exit")
	return level, help, basis
}

// checkLimits rejects a time limit that is not positive; a match and a
// tournament take the same three.
func checkLimits(lim match.Limits) error {
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"--connect-time", lim.Connect}, {"--genmove-time", lim.GenMove}, {"--reply-time", lim.Reply}} {
		if d.v <= 0 {
			return fmt.Errorf("%s %v: want a positive duration", d.name, d.v)
		}
	}
	return nil
}

// countOf says n of a noun in English: "1 time", "3 times".
func countOf(n int, noun string) string { return plural.Of(n, noun) }
