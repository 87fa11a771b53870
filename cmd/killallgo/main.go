// Command killallgo plays 7x7 Kill-All Go, the course's 2013 homework,
// with the shared Monte-Carlo tree search (UCT or UCB, optional progressive
// pruning): it answers the homework's commands, one a line on stdin, on
// stdout (reset, time, put, display, start game, think, quit), and logs to
// stderr. With --gtp it speaks the Go Text Protocol instead (GoGui, Sabaki);
// "killallgo referee" plays one game between two programs that speak the
// homework's commands and writes it as SGF; with --selfplay it plays games
// between the search and a random player and prints a table of results.
//
//	printf 'put b 2 2\nstart game\nthink w\ndisplay\n' | killallgo --playouts 2000 --seed 1
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/internal/consolelog"
	"github.com/tcgothello/mcts/internal/terminal"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/killallgo/player"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/mcts/mctsflag"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the input or output failed
	exitUsage = 2 // a bad command line
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// options is the parsed command line.
type options struct {
	playouts  int64
	seed      uint64
	cfg       mcts.Config
	logLevel  string
	selfplay  int   // games per handicap; 0: speak the protocol
	handicaps []int // --selfplay: the handicaps played
	black     string
	white     string
	gtp       bool // speak GTP instead of the console protocol
	help      bool
}

// defaultArenaNodes is the search tree's default capacity: 2^22 nodes of
// 24 bytes, 96 MiB (128 MiB with pruning's sums of squares). Searches at the default 10 s limit (9 s of search)
// from the empty board and the next two positions grew 1.4 to 1.8 million
// nodes at 51,000 to 68,000 playouts a second on the shared 2-core
// machine (docs/killallgo.md); a machine twice as fast fits too. A longer
// search that fills it goes on playing out from the leaves it has.
const defaultArenaNodes = 1 << 22

// defaultOptions returns the options before any flag.
func defaultOptions() options {
	cfg := mcts.DefaultConfig()
	cfg.ArenaNodes = defaultArenaNodes
	return options{
		cfg:       cfg,
		logLevel:  "info",
		handicaps: []int{0, 1, 2, 3, 4, 5, 6},
		black:     playerRandom,
		white:     playerMCTS,
	}
}

// newFlagSet declares every flag on o, with o's values as defaults.
func newFlagSet(o *options) *pflag.FlagSet {
	fs := pflag.NewFlagSet("killallgo", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {} // run prints the usage itself, on stdout for --help
	fs.SetOutput(io.Discard)
	fs.Int64Var(&o.playouts, "playouts", o.playouts,
		"playout budget per think; the search stops at the budget or the time limit, whichever comes first "+
			"(default 0: no budget, think until the time limit)")
	fs.Uint64Var(&o.seed, "seed", o.seed,
		"random seed; the same seed and commands with --playouts give the same replies "+
			"(default 0: taken from the clock, and logged)")
	// The core's flags, as every program of the project declares them:
	// uct or ucb (greedy needs an evaluation, which Kill-All Go has not).
	mctsflag.Register(fs, &o.cfg, mctsflag.Spec{
		Flags: []mctsflag.Flag{mctsflag.Algo, mctsflag.Exploration, mctsflag.Pruning, mctsflag.PruneRD,
			mctsflag.PruneMinVisits, mctsflag.Arena, mctsflag.Solver, mctsflag.Reuse},
		MinArena: killallgo.MaxMoves + 1,
	})
	fs.StringVar(&o.logLevel, "log-level", o.logLevel,
		"log level on stderr: debug (a line per command), info (a line per think), warn or error")
	fs.IntVar(&o.selfplay, "selfplay", o.selfplay,
		"play `N` games at each --handicap between --black and --white, print a table of results and exit "+
			"(needs --playouts; default 0: speak the protocol)")
	fs.IntSliceVar(&o.handicaps, "handicap", o.handicaps,
		"--selfplay: the numbers of black handicap stones to play, each 0..6; the stones go to "+
			handicapPoints()+" in that order")
	fs.StringVar(&o.black, "black", o.black, "--selfplay: black's player, mcts or random")
	fs.StringVar(&o.white, "white", o.white, "--selfplay: white's player, mcts or random")
	fs.BoolVar(&o.gtp, "gtp", o.gtp,
		"speak the Go Text Protocol (version 2) on stdin and stdout instead of the homework's commands, "+
			"for GoGui, Sabaki and gogui-twogtp")
	fs.BoolVarP(&o.help, "help", "h", false, "show this help and exit")
	return fs
}

// parseOptions parses the command line.
func parseOptions(args []string) (options, *pflag.FlagSet, error) {
	o := defaultOptions()
	fs := newFlagSet(&o)
	if help, err := parseFlags(fs, args, &o.help); help || err != nil {
		return o, fs, err
	}
	var errs []error
	if fs.NArg() > 0 {
		errs = append(errs, fmt.Errorf("unexpected arguments %q: the commands come on stdin", fs.Args()))
	}
	if o.playouts < 0 {
		errs = append(errs, fmt.Errorf("--playouts %d: want 0 (no budget) or more", o.playouts))
	}
	if _, err := zapcore.ParseLevel(o.logLevel); err != nil {
		errs = append(errs, fmt.Errorf("--log-level %q: want debug, info, warn or error", o.logLevel))
	}
	if o.selfplay < 0 {
		errs = append(errs, fmt.Errorf("--selfplay %d: want a number of games, or 0", o.selfplay))
	}
	if o.selfplay > 0 && o.gtp {
		errs = append(errs, errors.New("--selfplay and --gtp: choose one"))
	}
	if o.selfplay > 0 && o.playouts == 0 {
		errs = append(errs, errors.New("--selfplay needs --playouts: a game between searches of fixed size is reproducible"))
	}
	for _, h := range o.handicaps {
		if h < 0 || h > killallgo.MaxHandicap {
			errs = append(errs, fmt.Errorf("--handicap %d: want 0..%d", h, killallgo.MaxHandicap))
		}
	}
	for _, p := range []struct{ flag, v string }{{"black", o.black}, {"white", o.white}} {
		if p.v != playerMCTS && p.v != playerRandom {
			errs = append(errs, fmt.Errorf("--%s %q: want mcts or random", p.flag, p.v))
		}
	}
	if o.cfg.ArenaNodes < killallgo.MaxMoves+1 || o.cfg.ArenaNodes > mcts.MaxArenaNodes {
		errs = append(errs, fmt.Errorf("--arena %d: want %d..%d", o.cfg.ArenaNodes, killallgo.MaxMoves+1, mcts.MaxArenaNodes))
	} else if err := o.cfg.Validate(); err != nil {
		errs = append(errs, err)
	}
	return o, fs, errors.Join(errs...)
}

// parseFlags parses args with fs and reports whether help was asked for
// (-h, --help: *help is set then), or the parse's error.
func parseFlags(fs *pflag.FlagSet, args []string, help *bool) (bool, error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			*help = true
			return true, nil
		}
		return false, err
	}
	return *help, nil
}

// usage is the text of --help.
func usage(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString(fmt.Sprintf(`killallgo: 7x7 Kill-All Go with Monte-Carlo tree search (UCT or UCB, progressive pruning).

Usage:
  killallgo [flags]                      answer the commands on stdin, one a line, on stdout
  killallgo --gtp [flags]                speak the Go Text Protocol instead (GoGui, Sabaki, gogui-twogtp)
  killallgo referee [flags] "BLACK" "WHITE"  play one game between two programs; see killallgo referee --help
  killallgo --selfplay N --playouts P    play N games a handicap, print a table, exit

Commands (x = column from the left, y = row from the bottom, both 1..7):
  reset            empty the board and forget the game         -> ok
  time I           seconds per think, 1..%d (default %d)      -> ok
  put b|w X Y      place a stone (captures; suicide illegal;    -> ok
                   recorded, and no repeated position, once the game has started)
  display          the time limit and the board, top row first  -> time limit=I, then 7 rows of X O .
  start game       from now on every ply is recorded            -> ok
  think b|w        search a move for that colour and play it    -> X Y (0 0 is a pass)
  quit             end the program (so does the end of the input)
A malformed, unknown or illegal command, or a line over 4096 bytes, gets one line "error: ..."
and changes nothing.
think replies within the time limit, keeping back a tenth of it (at least 250 ms) for a busy machine.
At a terminal it prompts ">" before each command, as the course's template does; never when the
commands come from a pipe or a file.

Rules: black wins when its stone leaves no white stone on the board; white wins when black, to
move, has no legal move, or after %d plies. Captures and suicide as in Go; no position may repeat.

Flags:
`, console.MaxTimeLimit, console.DefaultTimeLimit, killallgo.MaxPlies))
	b.WriteString(fs.FlagUsagesWrapped(100))
	b.WriteString(`
Logs go to stderr, never to stdout. Exit status: 0 after quit or the end of the input, 1 if the
input or output fails, 2 on a bad command line. docs/killallgo.md has the details.
`)
	return b.String()
}

// run is the whole program; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		// A bug must cost a clear line and an exit status, not a stack
		// dump in the referee's terminal.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "killallgo: internal error: %v\n", r)
			code = exitError
		}
	}()
	if len(args) > 0 && args[0] == "referee" {
		return runReferee(args[1:], stdout, stderr)
	}
	o, fs, err := parseOptions(args)
	if err != nil {
		fmt.Fprintf(stderr, "killallgo: %v\nRun 'killallgo --help' for the usage.\n", err)
		return exitUsage
	}
	if o.help {
		fmt.Fprint(stdout, usage(fs))
		return exitOK
	}
	log := newLogger(o.logLevel, stderr)
	defer func() { _ = log.Sync() }()
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
	}
	o.cfg.Seed = o.seed
	log.Info("killallgo starting", zap.Uint64("seed", o.seed), zap.String("algo", o.cfg.Algorithm.String()),
		zap.Bool("pruning", o.cfg.Pruning), zap.Float64("exploration", o.cfg.Exploration),
		zap.Int64("playouts", o.playouts), zap.Bool("solver", o.cfg.Solver), zap.Bool("reuse", o.cfg.Reuse),
		zap.Int("arena", o.cfg.ArenaNodes))
	if o.selfplay > 0 {
		if err := selfplayTable(o, stdout, log); err != nil {
			fmt.Fprintf(stderr, "killallgo: %v\n", err)
			return exitError
		}
		return exitOK
	}
	t, err := player.New(o.cfg, o.playouts, log)
	if err != nil {
		fmt.Fprintf(stderr, "killallgo: %v\n", err)
		return exitUsage
	}
	if o.gtp {
		err = serveGTP(t, stdin, stdout, log)
	} else {
		s := console.NewSession(t, stdout, log)
		if f, ok := stdin.(*os.File); ok && terminal.Is(f) {
			s.SetPrompt(console.Prompt) // a person typing, as the template prompts; never a referee's pipe
		}
		err = s.Serve(stdin)
	}
	if err != nil {
		fmt.Fprintf(stderr, "killallgo: %v\n", err)
		return exitError
	}
	return exitOK
}

// newLogger returns a logger writing human-readable lines at level (valid,
// checked by parseOptions) to w: stderr, never stdout, which is the
// protocol's channel.
func newLogger(level string, w io.Writer) *zap.Logger {
	log, _ := consolelog.New(level, w)
	return log
}
