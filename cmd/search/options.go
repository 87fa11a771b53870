package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/mcts/mctsflag"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/player"
	"github.com/tcgothello/mcts/web"
)

// maxPonder is the longest the engine ponders after a move (--ponder),
// whatever its think time (otp.PonderTime allows two think times):
// a judged opponent answers within 10 s, and a 2^25-node arena is full after
// about half a minute of search at full speed, so a person who leaves the
// board for longer does not keep a core busy for nothing.
const maxPonder = time.Minute

// defaultThinkTime is the default budget of one genmove. The judge allows
// 10 s from sending genmove to receiving the reply; the second kept back
// covers what the search's own clock does not see: the network, a garbage
// collection, the judge and the engine waiting for a CPU on a loaded
// machine (the course runs both engines and the judge on one host), and the
// search's stop latency. Measured stops are within a millisecond of the
// deadline, so the margin is for the machine, not for the engine.
const defaultThinkTime = 9 * time.Second

// judgeLimit is the classic judge's time limit for genmove.
const judgeLimit = 10 * time.Second

// defaultConnectTimeout is how long the engine retries connecting: the
// classic judge waits 10 s for both players from its own start.
const defaultConnectTimeout = 10 * time.Second

// maxPerftDepth bounds --perft: depth 20 already takes days.
const maxPerftDepth = 20

// Bounds of the solver's flags.
const (
	// defaultSolveEmpties is 0: genmove chooses where to start solving
	// from the think time (autoSolveEmpties).
	defaultSolveEmpties = 0
	// minSolveEmpties and maxSolveEmpties bound --solve-empties: 0 is
	// automatic; beyond 30 a proof takes minutes.
	minSolveEmpties = 0
	maxSolveEmpties = 30
	// minSelectiveEmpties and maxSelectiveEmpties bound
	// --selective-empties: -1 is off, 0 automatic; at 30 the selective
	// search takes seconds (docs/endgame.md).
	minSelectiveEmpties = -1
	maxSelectiveEmpties = 30
	// defaultSelectiveEmpties is -1, off: against the build without it
	// the selective search scored 45.3% in 32 games at 1 s a move
	// (docs/strength.md, 2026-12-04), nothing to ship it on.
	defaultSelectiveEmpties = -1
	// maxTableMB keeps the table, with the largest tree arena (at most
	// 2 GiB, engine.MaxArenaNodes), under the course's 4 GiB.
	maxTableMB = 1024
)

// options is the parsed command line.
type options struct {
	name           string
	thinkTime      time.Duration
	playouts       int64
	seed           uint64
	connectTimeout time.Duration
	logLevel       string
	logFile        string
	perft          int
	perftGiven     bool   // --perft was on the command line, even as 0
	perftOnly      bool   // --perft-only: depth D alone, not 1..D
	cpu            string // --cpu: the move-generation path (othello.SetCPU)
	engine         engine.Config

	evalFile         string        // --eval-file: weights instead of the embedded set
	plain            bool          // --plain: the course's plain MCTS
	solveFile        string        // --solve: solve the positions of this file and exit
	solveLimit       time.Duration // --solve with --time: each position's limit; 0 for none
	solveMode        endgame.Mode  // --solve-mode
	solver           bool          // --solver: the endgame solver in genmove
	solveEmpties     int           // --solve-empties: genmove solves from this many empty squares
	selectiveEmpties int           // --selective-empties: genmove tries the selective search from this many
	tableMB          int           // --table-mb: the solver's transposition table
	book             string        // --book: a book file, embedded, or off
	bookSpread       float64       // --book-spread: discs below the best a book move may be
	leafDepth        int           // --leaf-depth: plies of search behind each evaluation of the tree
	ponder           bool          // --ponder: think on the opponent's time
	timeBank         bool          // --time-bank: spread the game's think time over its moves

	addr     string // judge address host:port; empty for stdin mode
	httpAddr string // --http: serve the browser UI on this address
	nboard   bool   // --nboard: speak the NBoard protocol on stdin/stdout
	help     bool   // --help was asked: print usage and exit 0
}

// usageError is a mistake in the command line: exit status 2 and a
// pointer to --help.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// leafFollower is a flag whose default follows --leaf: evaluation leaves
// take the value measured with them (player.DefaultEngine), playout and
// mixed leaves (and --plain) the core's (engine.DefaultConfig).
type leafFollower struct {
	flag    string
	core    string // the core's default, as the flag's help shows it
	useCore func() // sets the flag's field to the core's default
}

// leafFollowers lists the flags whose default follows the leaf, their
// useCore acting on cfg. newFlagSet notes each core default in its flag's
// help; parseOptions applies them to a search without evaluation leaves
// where the flag was not given.
func leafFollowers(cfg *engine.Config) []leafFollower {
	core := engine.DefaultConfig()
	return []leafFollower{
		// player.EvalLeafExploration says why.
		{"exploration", fmt.Sprint(core.Exploration), func() { cfg.Exploration = core.Exploration }},
		// Playout leaves run fewer iterations, which the core's arena holds
		// (player.EvalLeafArenaNodes).
		{"arena", fmt.Sprint(core.ArenaNodes), func() { cfg.ArenaNodes = core.ArenaNodes }},
		// The next three were measured with evaluation leaves only
		// (player.EvalLeafPriorVisits, EvalLeafMinimaxWeight,
		// EvalLeafSolveEmpties).
		{"prior-visits", fmt.Sprint(core.PriorVisits), func() { cfg.PriorVisits = core.PriorVisits }},
		{"minimax-weight", fmt.Sprint(core.MinimaxWeight), func() { cfg.MinimaxWeight = core.MinimaxWeight }},
		{"leaf-solve-empties", fmt.Sprint(core.SolveEmpties), func() { cfg.SolveEmpties = core.SolveEmpties }},
	}
}

// newFlagSet declares every flag on o, with o's current values as defaults.
func newFlagSet(o *options) *pflag.FlagSet {
	fs := pflag.NewFlagSet("search", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {} // run prints the usage itself, on stdout for --help
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.name, "name", o.name,
		"the name reported to the judge: one word of printable ASCII, at most 514 bytes")
	fs.DurationVar(&o.thinkTime, "time", o.thinkTime,
		"think time per genmove; the judge allows 10s, and the margin covers the network, "+
			"garbage collection and a busy machine. With --solve, and only when given: the time each position "+
			"may take, after which its line gives the bounds proven so far and says unproven")
	fs.Int64Var(&o.playouts, "playouts", o.playouts,
		"playout budget per genmove; the search stops at the budget or --time, whichever "+
			"comes first. With a budget the endgame solver's proofs are budgeted in nodes, not time "+
			"(at most 2^24 nodes each, about 0.5-2 s), so give --time room for them "+
			"(default 0: no budget, think for the full --time)")
	fs.Uint64Var(&o.seed, "seed", o.seed,
		"random seed; the same seed and sequence of positions with --playouts give the same moves "+
			"(default 0: taken from the clock, and logged so that a game can be replayed)")
	// The core's flags, as every program of the project declares them;
	// greedy is Othello's alone, as only Othello has an evaluation.
	mctsflag.Register(fs, &o.engine.Config, mctsflag.Spec{
		Flags: []mctsflag.Flag{mctsflag.Algo, mctsflag.Exploration, mctsflag.Reward, mctsflag.Pruning,
			mctsflag.PruneRD, mctsflag.PruneSigmaE, mctsflag.PruneMinVisits, mctsflag.PruneNodeVisits,
			mctsflag.ExpandVisits, mctsflag.Arena, mctsflag.Reuse},
		Algorithms: []engine.Algorithm{engine.UCT, engine.UCB, engine.Greedy},
		MinArena:   engine.MinArenaNodes,
	})
	fs.BoolVar(&o.plain, "plain", false,
		"the course's plain Monte-Carlo search: random playouts, no evaluation, no endgame solver, "+
			"no tree reuse, no book (leaf playout, solver off, reuse off, book off); the algorithm and pruning flags still "+
			"choose UCT, UCB or pruning (default: off, the full engine)")
	fs.Var(mctsflag.Enum(&o.engine.Leaf, "playout|eval|mix", engine.ParseLeaf), "leaf",
		"how the search values a leaf: playout (one uniformly random game, the course's MCTS), "+
			"eval (the trained pattern evaluation) or mix (--eval-weight of the evaluation, the rest playout)")
	fs.Float64Var(&o.engine.EvalWeight, "eval-weight", o.engine.EvalWeight,
		"--leaf mix: the evaluation's share of a leaf's value, 0..1")
	fs.Float64Var(&o.engine.EvalScale, "eval-scale", o.engine.EvalScale,
		"discs of evaluation per logistic unit when it becomes a win probability: 1/(1+exp(-d/scale))")
	fs.IntVar(&o.leafDepth, "leaf-depth", o.leafDepth,
		fmt.Sprintf("how many plies deep the tree search looks when it evaluates a position (a new node, a leaf): "+
			"the best of the evaluations that many moves ahead by alpha-beta (0..%d; default 0: the evaluation alone)", player.MaxLeafDepth))
	fs.IntVar(&o.engine.PriorVisits, "prior-visits", o.engine.PriorVisits,
		"virtual visits at the evaluation's value that every new tree node starts with (0..1000)")
	fs.Float64Var(&o.engine.MinimaxWeight, "minimax-weight", o.engine.MinimaxWeight,
		"implicit minimax backups (Lanctot et al. 2014): every tree node also keeps the minimax value of the "+
			"evaluation over its subtree, and selection ranks a move by (1-w)*mean + w*minimax, w in 0..1 "+
			"(docs/engine.md), 0 for off")
	fs.StringVar(&o.evalFile, "eval-file", o.evalFile,
		"load the evaluation's weights from `FILE` (written by train) instead of the embedded set (default: embedded)")
	fs.Var(mctsflag.OnOff(&o.solver), "solver",
		"endgame solver in genmove: from --solve-empties empty squares the engine proves the result "+
			"(win/loss/draw, then the exact score) and plays a proven move, falling back to the tree "+
			"search when the proof does not finish in time: on or off (off: the tree search alone)")
	fs.IntVar(&o.solveEmpties, "solve-empties", o.solveEmpties,
		fmt.Sprintf("genmove runs the endgame solver at this many empty squares or fewer (%d..%d; "+
			"default 0: chosen from the think time, 21 at 1s, 23 at 9s, docs/endgame.md; 21 with --playouts)", minSolveEmpties, maxSolveEmpties))
	fs.IntVar(&o.selectiveEmpties, "selective-empties", o.selectiveEmpties,
		fmt.Sprintf("above --solve-empties and up to this many empty squares, genmove plays the move of the solver's selective "+
			"search (ProbCut: likely, not proven) when it settles within 60%% of the think time, else the tree search's "+
			"(%d..%d; 0: chosen from the think time, 25 at 1s, 27 at 9s; not with --playouts; -1 off)", minSelectiveEmpties, maxSelectiveEmpties))
	fs.IntVar(&o.engine.SolveEmpties, "leaf-solve-empties", o.engine.SolveEmpties,
		"with --solver on, the tree search proves its leaves of at most this many empty squares "+
			fmt.Sprintf("with the solver instead of growing them, and propagates proven results (MCTS-Solver); 0: none (0..%d)", engine.MaxSolveEmpties))
	fs.IntVar(&o.tableMB, "table-mb", o.tableMB,
		"endgame solver: transposition table size in MiB, allocated at start")
	fs.StringVar(&o.book, "book", o.book,
		"opening book: a book `FILE` (written by the book program, docs/book.md), embedded (the book built into "+
			"the binary), or off; in a book position genmove plays the book's best move by negamax value without searching")
	fs.Float64Var(&o.bookSpread, "book-spread", o.bookSpread,
		"play any book move within this many discs of the best, picked by --seed and the position, for varied "+
			"games (default 0: the best)")
	fs.Var(mctsflag.OnOff(&o.ponder), "ponder",
		"think on the opponent's time (pondering): after each move the engine goes on searching the position, "+
			"the opponent to move, for up to twice the think time (at most "+maxPonder.String()+") or until the opponent's "+
			"move arrives, and the next "+
			"search keeps that tree (needs --reuse on, and no --playouts budget); judge, stdin and --nboard modes: on or off. It takes a second core "+
			"while the opponent thinks, so a judge running such engines needs half the games at once")
	fs.Var(mctsflag.OnOff(&o.timeBank), "time-bank",
		"spread the game's think time over its moves (judge and stdin modes): a search stops once no other move "+
			"can catch up with the most visited one before its time, and the time it leaves goes to the moves after it "+
			"(a move takes --time plus a third of what is saved, at most 3 times --time and never over "+otp.BankMostMove.String()+"); "+
			"a game takes no more think time than --time a searched move: on or off")
	fs.StringVar(&o.solveFile, "solve", o.solveFile,
		"solve the positions of `FILE` (- for stdin), one a line: ID BOARD64 SIDE [anything], "+
			"and print ID SCORE MOVE NODES SECONDS NODES/S for each and a total line, then exit (default: play)")
	fs.Var(mctsflag.Enum(&o.solveMode, "exact|wld", endgame.ParseMode), "solve-mode",
		"--solve: exact (the final disc difference, empty squares to the winner) or wld (its sign only: +1, 0, -1)")
	fs.DurationVar(&o.connectTimeout, "connect-timeout", o.connectTimeout,
		"judge mode: keep retrying to connect for this long, then fail")
	fs.StringVar(&o.logLevel, "log-level", o.logLevel,
		"log level: debug (a line per command), info (a line per genmove), warn or error")
	fs.StringVar(&o.logFile, "log-file", o.logFile,
		"append the logs to this file instead of stderr (default: stderr)")
	fs.StringVar(&o.httpAddr, "http", o.httpAddr,
		"serve the games in a browser at `ADDR` (host:port), e.g. "+web.DefaultAddr+
			" (loopback; 7122 is the classic port): / lists them, /othello plays this engine, /go is Go for two people, "+
			"/killallgo and /einstein play those programs' engines; --time then defaults to "+web.DefaultThinkTime.String()+
			" a move, and each page can change it (default: no page)")
	fs.BoolVar(&o.nboard, "nboard", o.nboard,
		"speak the NBoard GUI's protocol (version 2) on stdin and stdout instead of OTP: the command "+
			"line to give NBoard as an engine; its depth sets the think time (docs/nboard.md) (default: OTP)")
	fs.IntVar(&o.perft, "perft", o.perft,
		"count the leaves of the game tree from the start position at depths 1..`D` and print "+
			"depth, leaves, seconds and leaves per second, then exit; D is 1..20 (default: no perft, play)")
	fs.BoolVar(&o.perftOnly, "perft-only", o.perftOnly,
		"with --perft D: count depth D alone, not the depths 1..D-1 before it, so that the run does the "+
			"work of one perft D, to compare with another program's (default: depths 1..D)")
	fs.StringVar(&o.cpu, "cpu", o.cpu,
		"move generation: auto (the fastest assembly the CPU has, unless the environment variable "+othello.CPUEnv+
			"=portable), avx512 (AVX2, and AVX-512 in perft, the random playouts and the solver's last squares), avx2, or portable (the portable Go code, for comparison)")
	fs.BoolVarP(&o.help, "help", "h", false, "show this help and exit")
	for _, f := range leafFollowers(&o.engine) {
		fs.Lookup(f.flag).Usage += "; " + f.core + " instead with --leaf playout or mix, or --plain"
	}
	return fs
}

// defaultOptions returns the options before any flag is parsed.
func defaultOptions() options {
	return options{
		name:             "gomcts",
		thinkTime:        defaultThinkTime,
		connectTimeout:   defaultConnectTimeout,
		logLevel:         "info",
		engine:           player.DefaultEngine(),
		solver:           true,
		solveEmpties:     defaultSolveEmpties,
		selectiveEmpties: defaultSelectiveEmpties,
		tableMB:          endgame.DefaultTableBytes >> 20,
		cpu:              othello.CPUAuto,
		// No book by default: the first book, 2,300 positions of
		// 100,000-playout searches, measured no gain (docs/strength.md,
		// 2026-11-25), so it is there to try (--book embedded), not imposed.
		book: book.Off,
	}
}

// parseOptions parses the command line. Its errors are usageErrors.
func parseOptions(args []string) (options, *pflag.FlagSet, error) {
	o := defaultOptions()
	fs := newFlagSet(&o)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			o.help = true
			return o, fs, nil
		}
		return o, fs, usageError{err}
	}
	if o.help {
		return o, fs, nil
	}
	o.perftGiven = fs.Changed("perft")
	if o.plain {
		for _, name := range []string{"leaf", "solver", "reuse", "prior-visits", "minimax-weight", "book"} {
			if fs.Changed(name) {
				return o, fs, usageError{fmt.Errorf("--plain sets --%s itself: give one or the other", name)}
			}
		}
		// The book needs no switching off: it is off by default, and --plain
		// refuses --book above.
		o.engine.Leaf, o.engine.Reuse, o.engine.PriorVisits, o.solver = engine.LeafPlayout, false, 0, false
	}
	if o.engine.Leaf != engine.LeafEval {
		for _, f := range leafFollowers(&o.engine) {
			if !fs.Changed(f.flag) {
				f.useCore()
			}
		}
	}
	addr, err := judgeAddr(fs.Args())
	if err != nil {
		return o, fs, usageError{err}
	}
	o.addr = addr
	if err := o.oneMode(fs); err != nil {
		return o, fs, usageError{err}
	}
	if o.httpAddr != "" && !fs.Changed("time") {
		o.thinkTime = web.DefaultThinkTime
	}
	if o.solveFile != "" && fs.Changed("time") {
		o.solveLimit = o.thinkTime
	}
	if err := o.check(); err != nil {
		return o, fs, usageError{err}
	}
	return o, fs, nil
}

// oneMode refuses a command line that asks for two modes at once (each
// would silently win over the other), or a flag that only another mode
// reads.
func (o *options) oneMode(fs *pflag.FlagSet) error {
	var modes []string
	for _, m := range []struct {
		name  string
		given bool
	}{
		{"--perft", o.perftGiven},
		{"--solve", fs.Changed("solve")},
		{"--nboard", o.nboard},
		{"--http", o.httpAddr != ""},
		{"a judge's address", o.addr != ""},
	} {
		if m.given {
			modes = append(modes, m.name)
		}
	}
	if len(modes) > 1 {
		return fmt.Errorf("%s: give one mode, not %d: %s", strings.Join(modes, " and "), len(modes), modeHelp)
	}
	switch {
	case fs.Changed("http") && o.httpAddr == "":
		// An empty ADDR would otherwise fall through to the terminal mode.
		return errors.New(`--http "": want an ADDR (host:port), like ` + web.DefaultAddr)
	case fs.Changed("solve") && o.solveFile == "":
		return errors.New("--solve: want a FILE, or - for stdin")
	case o.perftOnly && !o.perftGiven:
		return errors.New("--perft-only is read by --perft alone")
	case fs.Changed("solve-mode") && !fs.Changed("solve"):
		return errors.New("--solve-mode is read by --solve alone")
	case o.perftGiven && fs.Changed("time"):
		return errors.New("--perft counts every position to its depth; it takes no --time")
	case o.ponder && (o.perftGiven || fs.Changed("solve") || o.httpAddr != ""):
		// The page serves many players at once: one core each between
		// their moves is not a server's to take.
		return errors.New("--ponder: the judge, stdin and --nboard modes ponder; --perft, --solve and --http do not")
	case o.timeBank && (o.perftGiven || fs.Changed("solve") || o.httpAddr != "" || o.nboard):
		// NBoard's GUI and the page set a think time a move themselves.
		return errors.New("--time-bank: the judge and stdin modes bank their time; --perft, --solve, --http and --nboard do not")
	}
	return nil
}

// modeHelp says what each mode is, for the message refusing two.
const modeHelp = "--perft measures and exits, --solve solves a file and exits, --nboard serves a GUI on stdin, " +
	"--http serves a browser, PORT or IP PORT plays a judge"

// judgeAddr turns the arguments into the judge's address: none for stdin
// mode, PORT for 127.0.0.1, or IP PORT.
func judgeAddr(args []string) (string, error) {
	host := "127.0.0.1"
	switch len(args) {
	case 0:
		return "", nil
	case 1:
	case 2:
		host = args[0]
		if host == "" {
			return "", errors.New("empty judge address")
		}
		args = args[1:]
	default:
		return "", fmt.Errorf("too many arguments %q: want none, PORT, or IP PORT", args)
	}
	port, err := strconv.Atoi(args[0])
	if err != nil || port < 1 || port > 65535 {
		return "", fmt.Errorf("port %q: want a number 1..65535", args[0])
	}
	return net.JoinHostPort(host, strconv.Itoa(port)), nil
}

// check validates the options that the flag types do not.
func (o *options) check() error {
	var errs []error
	if err := otp.CheckEngineName(o.name); err != nil {
		errs = append(errs, fmt.Errorf("--name: %w", err))
	}
	if o.thinkTime <= 0 {
		errs = append(errs, fmt.Errorf("--time %v: want a positive duration", o.thinkTime))
	}
	if o.httpAddr != "" && (o.thinkTime < web.MinThinkMillis*time.Millisecond || o.thinkTime > web.MaxThinkMillis*time.Millisecond) {
		errs = append(errs, fmt.Errorf("--time %v: the browser page allows %dms..%ds", o.thinkTime, web.MinThinkMillis, web.MaxThinkMillis/1000))
	}
	if o.ponder && o.playouts > 0 {
		// A budget makes moves reproducible; pondering adds search it
		// does not count, as much as the opponent's time allows.
		errs = append(errs, errors.New("--ponder with --playouts: pondering adds search the budget does not count, so the moves would depend on the opponent's time; give one or the other"))
	}
	if o.ponder && !o.engine.Reuse {
		errs = append(errs, errors.New("--ponder needs --reuse on (not --plain): the next search keeps the pondered tree"))
	}
	if o.bookSpread < 0 || o.bookSpread != o.bookSpread {
		errs = append(errs, fmt.Errorf("--book-spread %v: want 0 or more discs", o.bookSpread))
	}
	if o.playouts < 0 {
		errs = append(errs, fmt.Errorf("--playouts %d: want 0 (no budget) or more", o.playouts))
	}
	if o.connectTimeout <= 0 {
		errs = append(errs, fmt.Errorf("--connect-timeout %v: want a positive duration", o.connectTimeout))
	}
	if _, err := zapcore.ParseLevel(o.logLevel); err != nil {
		errs = append(errs, fmt.Errorf("--log-level %q: want debug, info, warn or error", o.logLevel))
	}
	if o.selectiveEmpties < minSelectiveEmpties || o.selectiveEmpties > maxSelectiveEmpties {
		errs = append(errs, fmt.Errorf("--selective-empties %d: want %d..%d", o.selectiveEmpties, minSelectiveEmpties, maxSelectiveEmpties))
	}
	if o.solveEmpties < minSolveEmpties || o.solveEmpties > maxSolveEmpties {
		errs = append(errs, fmt.Errorf("--solve-empties %d: want %d..%d", o.solveEmpties, minSolveEmpties, maxSolveEmpties))
	}
	if o.leafDepth < 0 || o.leafDepth > player.MaxLeafDepth {
		errs = append(errs, fmt.Errorf("--leaf-depth %d: want 0..%d", o.leafDepth, player.MaxLeafDepth))
	}
	if o.tableMB < 1 || o.tableMB > maxTableMB {
		errs = append(errs, fmt.Errorf("--table-mb %d: want 1..%d", o.tableMB, maxTableMB))
	}
	if err := othello.CheckCPU(o.cpu); err != nil {
		errs = append(errs, fmt.Errorf("--%v", err))
	}
	if o.perftGiven && (o.perft < 1 || o.perft > maxPerftDepth) {
		errs = append(errs, fmt.Errorf("--perft %d: want 1..%d", o.perft, maxPerftDepth))
	}
	if !o.perftGiven {
		errs = append(errs, o.checkEngine()...)
	}
	return errors.Join(errs...)
}

// checkEngine validates the engine's configuration. The two fields whose
// flags are named unlike the core's messages are checked here under their
// flags' names ("solve empties" would name --solve-empties, another
// flag) with their one true range, and left out of the core's check so
// that no second message, with another range, follows.
func (o *options) checkEngine() []error {
	var errs []error
	cfg := o.engine
	def := engine.DefaultConfig()
	if n := cfg.ArenaNodes; n < engine.MinArenaNodes || n > engine.MaxArenaNodes {
		errs = append(errs, fmt.Errorf("--arena %d: want %d..%d nodes", n, engine.MinArenaNodes, engine.MaxArenaNodes))
		cfg.ArenaNodes = def.ArenaNodes
	}
	if n := cfg.SolveEmpties; n < 0 || n > engine.MaxSolveEmpties {
		errs = append(errs, fmt.Errorf("--leaf-solve-empties %d: want 0..%d", n, engine.MaxSolveEmpties))
		cfg.SolveEmpties = def.SolveEmpties
	}
	if err := cfg.Validate(); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// ponderLimit is how long the sessions may ponder after a move: 0 without
// --ponder.
func (o *options) ponderLimit() time.Duration {
	if !o.ponder {
		return 0
	}
	return maxPonder
}

// perftFrom is the first depth --perft counts: D with --perft-only, else 1.
func (o *options) perftFrom() int {
	if o.perftOnly {
		return o.perft
	}
	return 1
}

// usage is the text of --help.
func usage(fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString(`search: an Othello engine (Monte-Carlo tree search) speaking the classic OTP protocol.

Usage:
  search [flags]            play at the terminal: one command a line on stdin (type help for the
                            list), each reply on its own line on stdout; boards and logs on stderr.
                            The end of the input ends the program.
  search [flags] PORT       play a judge listening on 127.0.0.1:PORT
  search [flags] IP PORT    play a judge listening on IP:PORT
  search --http ADDR        serve every game in a browser at http://ADDR/ (Othello against this engine)
  search --nboard           be an engine of the NBoard GUI: its protocol on stdin and stdout
  search --perft D          measure move generation: perft from the start position, then exit
  search --solve FILE       solve endgame positions exactly, one a line, then exit; with --time,
                            a position not proven in that time gets the bounds proven so far
                            and the word unproven

The modes exclude one another: give one of PORT, --http, --nboard, --perft and --solve.
Against a judge the engine is a TCP client. It retries connecting for --connect-timeout, answers
each message with one bare reply (no newline), and exits with status 0 after quit, or 1 if the
judge closes the connection first. Logs never go to the protocol channel. From --solve-empties
empty squares genmove proves the game's result with the endgame solver and plays a proven move.

Flags:
`)
	b.WriteString(fs.FlagUsagesWrapped(100))
	b.WriteString(`
Exit status: 0 after quit or the end of the input, 1 on a lost or failed connection, 2 on a bad
command line.
`)
	return b.String()
}
