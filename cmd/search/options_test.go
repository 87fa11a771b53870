package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/player"
)

func TestJudgeAddr(t *testing.T) {
	cases := []struct {
		args []string
		want string
		ok   bool
	}{
		{nil, "", true},
		{[]string{"7777"}, "127.0.0.1:7777", true},
		{[]string{"10.0.0.2", "7777"}, "10.0.0.2:7777", true},
		{[]string{"::1", "7777"}, "[::1]:7777", true},
		{[]string{"0"}, "", false},
		{[]string{"65536"}, "", false},
		{[]string{"port"}, "", false},
		{[]string{"", "7777"}, "", false},
		{[]string{"a", "b", "c"}, "", false},
	}
	for _, c := range cases {
		got, err := judgeAddr(c.args)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("judgeAddr(%q) = %q, %v; want %q, ok %v", c.args, got, err, c.want, c.ok)
		}
	}
}

func TestDefaults(t *testing.T) {
	o, _, err := parseOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := engine.DefaultConfig()
	want.Leaf = engine.LeafEval // measured: docs/strength.md
	want.Exploration = 0.3      // measured with evaluation leaves: docs/strength.md
	want.MinimaxWeight = 0.7    // measured with evaluation leaves: docs/strength.md
	want.ArenaNodes = 1 << 25   // a 9 s search of evaluation leaves: player.EvalLeafArenaNodes
	want.PriorVisits = 1        // measured with evaluation leaves at 1 s: docs/strength.md
	want.SolveEmpties = 14      // measured with evaluation leaves at 1 s: docs/strength.md
	if o.engine != want {
		t.Errorf("engine config %+v, want the engine's defaults with evaluation leaves, their C, minimax weight, prior visits, leaf proofs and arena %+v", o.engine, want)
	}
	if o.thinkTime <= 0 || o.thinkTime >= judgeLimit {
		t.Errorf("default think time %v, want within (0, %v)", o.thinkTime, judgeLimit)
	}
	if o.addr != "" || o.name != "gomcts" || o.perft != 0 {
		t.Errorf("addr %q, name %q, perft %d; want stdin mode, gomcts, no perft", o.addr, o.name, o.perft)
	}
}

func TestEveryFlagIsApplied(t *testing.T) {
	args := []string{
		"--name", "bot7", "--time", "1.5s", "--playouts", "500", "--seed", "99",
		"--algo", "UCB", "--exploration", "0.7", "--reward", "discdiff", "--pruning", "on",
		"--prune-rd", "3", "--prune-sigma-e", "0.01", "--prune-min-visits", "50",
		"--prune-node-visits", "2000", "--arena", "4096", "--connect-timeout", "2s",
		"--log-level", "debug", "--log-file", "x.log", "--solver", "off", "--solve-empties", "14",
		"--table-mb", "32", "--leaf-solve-empties", "9", "--leaf", "mix", "--eval-weight", "0.3",
		"--eval-scale", "12", "--prior-visits", "7", "--minimax-weight", "0.25", "--reuse", "off", "--eval-file", "w.weights",
		"--book", "my.book", "--book-spread", "1.5", "--time-bank", "on", "--leaf-depth", "1", "--selective-empties", "26", "10.1.2.3", "9000",
	}
	o, _, err := parseOptions(args)
	if err != nil {
		t.Fatal(err)
	}
	want := defaultOptions()
	want.name, want.thinkTime, want.playouts, want.seed = "bot7", 1500*time.Millisecond, 500, 99
	want.connectTimeout, want.logLevel, want.logFile, want.addr = 2*time.Second, "debug", "x.log", "10.1.2.3:9000"
	want.engine.Algorithm, want.engine.Exploration, want.engine.Reward = engine.UCB, 0.7, engine.DiscDiff
	want.engine.Pruning, want.engine.PruneRD, want.engine.PruneSigmaE = true, 3, 0.01
	want.engine.PruneMinVisits, want.engine.PruneNodeVisits, want.engine.ArenaNodes = 50, 2000, 4096
	want.solver, want.solveEmpties, want.tableMB = false, 14, 32
	want.engine.SolveEmpties = 9
	want.engine.Leaf, want.engine.EvalWeight, want.engine.EvalScale, want.engine.PriorVisits = engine.LeafMix, 0.3, 12, 7
	want.engine.MinimaxWeight = 0.25
	want.evalFile = "w.weights"
	want.book, want.bookSpread = "my.book", 1.5
	want.engine.Reuse = false
	want.timeBank = true
	want.leafDepth = 1
	want.selectiveEmpties = 26
	if o != want {
		t.Errorf("options\n%+v\nwant\n%+v", o, want)
	}
	// The flags of --solve, which takes no judge's address.
	o, _, err = parseOptions([]string{"--solve", "-", "--solve-mode", "wld", "--time", "2s"})
	if err != nil || o.solveFile != "-" || o.solveMode != endgame.WLD || o.solveLimit != 2*time.Second {
		t.Errorf("--solve - --solve-mode wld --time 2s: file %q, mode %v, limit %v, %v", o.solveFile, o.solveMode, o.solveLimit, err)
	}
	if o, _, err = parseOptions([]string{"--solve", "-"}); err != nil || o.solveLimit != 0 {
		t.Errorf("--solve without --time: limit %v, %v; want none", o.solveLimit, err)
	}
	for _, v := range []string{"off", "OFF", "false", "0", "no"} {
		o, _, err := parseOptions([]string{"--pruning", "on", "--pruning=" + v})
		if err != nil || o.engine.Pruning {
			t.Errorf("--pruning=%s: pruning %v, %v; want off", v, o.engine.Pruning, err)
		}
	}
}

// TestPonderFlag checks that --ponder gives the sessions the cap on
// pondering, and that without it they never ponder.
func TestPonderFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want time.Duration
	}{
		{nil, 0},
		{[]string{"7000"}, 0},
		{[]string{"--ponder", "on", "7000"}, maxPonder},
		{[]string{"--ponder", "on", "--nboard"}, maxPonder},
		{[]string{"--ponder", "on"}, maxPonder},
		{[]string{"--ponder", "on", "--ponder", "off"}, 0},
	} {
		o, _, err := parseOptions(c.args)
		if err != nil || o.ponderLimit() != c.want {
			t.Errorf("search %q: pondering limit %v, %v; want %v", c.args, o.ponderLimit(), err, c.want)
		}
	}
}

// TestPruningTakesItsValue checks that the word after --pruning is its
// value, not the judge's address: "--pruning on 8000" once dialled host
// "on".
func TestPruningTakesItsValue(t *testing.T) {
	cases := []struct {
		args    []string
		pruning bool
		addr    string
	}{
		{[]string{"--pruning", "on", "8000"}, true, "127.0.0.1:8000"},
		{[]string{"--pruning", "off", "10.0.0.1", "8000"}, false, "10.0.0.1:8000"},
		{[]string{"--pruning=on", "8000"}, true, "127.0.0.1:8000"},
		{[]string{"8000", "--pruning", "on"}, true, "127.0.0.1:8000"},
	}
	for _, c := range cases {
		o, _, err := parseOptions(c.args)
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if o.engine.Pruning != c.pruning || o.addr != c.addr {
			t.Errorf("%q: pruning %v, addr %q; want %v, %q", c.args, o.engine.Pruning, o.addr, c.pruning, c.addr)
		}
	}
}

// TestPlain checks that --plain is the course's plain MCTS in one flag,
// and that it refuses the flags it sets.
func TestPlain(t *testing.T) {
	o, _, err := parseOptions([]string{"--plain", "--algo", "ucb", "--pruning", "on"})
	if err != nil {
		t.Fatal(err)
	}
	if o.engine.Leaf != engine.LeafPlayout || o.solver || o.engine.Reuse || o.engine.PriorVisits != 0 || o.engine.MinimaxWeight != 0 ||
		o.engine.Algorithm != engine.UCB || !o.engine.Pruning {
		t.Errorf("--plain --algo ucb --pruning on: %+v, solver %v; want playouts, no solver, no reuse, ucb with pruning", o.engine, o.solver)
	}
	if o.book != "off" {
		t.Errorf("--plain: book %q, want off", o.book)
	}
	for _, extra := range [][]string{{"--leaf", "eval"}, {"--solver", "on"}, {"--reuse", "on"}, {"--book", "my.book"}, {"--minimax-weight", "0.5"}} {
		if _, _, err := parseOptions(append([]string{"--plain"}, extra...)); err == nil || !strings.Contains(err.Error(), extra[0]) {
			t.Errorf("--plain %s: %v, want an error naming %s", extra, err, extra[0])
		}
	}
}

// leafDefault is one case of a default that follows --leaf: the command
// line and the value it must give.
type leafDefault struct {
	args []string
	want float64
}

// checkFollowsLeaf parses command lines and compares the field that get
// reads with what each should give: evalDefault with no flag and with
// --leaf eval, coreDefault with --leaf playout, --leaf mix and --plain,
// then each of the flag's own cases. evalDefault and coreDefault must
// differ, or the cases could not tell them apart.
func checkFollowsLeaf(t *testing.T, name string, get func(options) float64, evalDefault, coreDefault float64, flagCases []leafDefault) {
	t.Helper()
	cases := append([]leafDefault{
		{nil, evalDefault},
		{[]string{"--leaf", "eval"}, evalDefault},
		{[]string{"--leaf", "playout"}, coreDefault},
		{[]string{"--leaf", "mix"}, coreDefault},
		{[]string{"--plain"}, coreDefault},
	}, flagCases...)
	for _, c := range cases {
		o, _, err := parseOptions(c.args)
		if err != nil {
			t.Fatal(err)
		}
		if got := get(o); got != c.want {
			t.Errorf("%q: %s %v, want %v", c.args, name, got, c.want)
		}
	}
	if evalDefault == coreDefault {
		t.Errorf("%s: the two defaults are equal (%v): the test would prove nothing", name, coreDefault)
	}
}

// TestExplorationFollowsLeaf checks the default C: evaluation leaves take
// player.EvalLeafExploration, playout and mixed leaves (and --plain) the core's
// playout-measured default, and --exploration wins over both.
func TestExplorationFollowsLeaf(t *testing.T) {
	playoutC := engine.DefaultConfig().Exploration
	checkFollowsLeaf(t, "exploration", func(o options) float64 { return o.engine.Exploration },
		player.EvalLeafExploration, playoutC, []leafDefault{
			{[]string{"--plain", "--exploration", "0.9"}, 0.9},
			{[]string{"--exploration", "0.7"}, 0.7},
			{[]string{"--leaf", "playout", "--exploration", "0.3"}, 0.3},
		})
}

// TestMinimaxWeightFollowsLeaf checks the default weight of implicit
// minimax backups: evaluation leaves take player.EvalLeafMinimaxWeight,
// playout and mixed leaves (and --plain) the core's 0, and --minimax-weight
// wins over both; a weight outside 0..1 is refused.
func TestMinimaxWeightFollowsLeaf(t *testing.T) {
	core := engine.DefaultConfig().MinimaxWeight
	checkFollowsLeaf(t, "minimax weight", func(o options) float64 { return o.engine.MinimaxWeight },
		player.EvalLeafMinimaxWeight, core, []leafDefault{
			{[]string{"--minimax-weight", "0.1"}, 0.1},
			{[]string{"--minimax-weight", "0"}, 0},
			{[]string{"--leaf", "mix", "--minimax-weight", "0.3"}, 0.3},
		})
	if _, _, err := parseOptions([]string{"--minimax-weight", "1.5"}); err == nil || !strings.Contains(err.Error(), "minimax weight") {
		t.Errorf("--minimax-weight 1.5: %v, want an error naming the minimax weight", err)
	}
}

// TestArenaFollowsLeaf checks the default arena: evaluation leaves take
// player.EvalLeafArenaNodes, playout and mixed leaves (and --plain) the
// core's, and --arena wins over both.
func TestArenaFollowsLeaf(t *testing.T) {
	core := float64(engine.DefaultConfig().ArenaNodes)
	evalArena := float64(player.EvalLeafArenaNodes)
	checkFollowsLeaf(t, "arena", func(o options) float64 { return float64(o.engine.ArenaNodes) },
		evalArena, core, []leafDefault{
			{[]string{"--arena", "1000"}, 1000},
			{[]string{"--plain", "--arena", "1000000"}, 1000000},
		})
}

// TestPriorVisitsFollowLeaf checks the default prior visits: evaluation
// leaves take player.EvalLeafPriorVisits, playout and mixed leaves (and
// --plain) the core's 0, and --prior-visits wins over both.
func TestPriorVisitsFollowLeaf(t *testing.T) {
	core := float64(engine.DefaultConfig().PriorVisits)
	checkFollowsLeaf(t, "prior visits", func(o options) float64 { return float64(o.engine.PriorVisits) },
		player.EvalLeafPriorVisits, core, []leafDefault{
			{[]string{"--prior-visits", "0"}, 0},
			{[]string{"--prior-visits", "3"}, 3},
			{[]string{"--leaf", "mix", "--prior-visits", "2"}, 2},
		})
}

// TestLeafSolveEmptiesFollowLeaf checks the default size of the tree's
// leaf proofs: evaluation leaves take player.EvalLeafSolveEmpties, playout
// and mixed leaves (and --plain) the core's 10, and --leaf-solve-empties
// wins over both.
func TestLeafSolveEmptiesFollowLeaf(t *testing.T) {
	core := float64(engine.DefaultConfig().SolveEmpties)
	checkFollowsLeaf(t, "leaf solve empties", func(o options) float64 { return float64(o.engine.SolveEmpties) },
		player.EvalLeafSolveEmpties, core, []leafDefault{
			{[]string{"--leaf-solve-empties", "8"}, 8},
			{[]string{"--leaf", "playout", "--leaf-solve-empties", "14"}, 14},
		})
}

func TestBadCommandLines(t *testing.T) {
	cases := []struct {
		args []string
		want string // in the message
	}{
		{[]string{"--name", "go mcts"}, "--name"},
		{[]string{"--name", ""}, "--name"},
		{[]string{"--algo", "minimax"}, "--algo"},
		{[]string{"--reward", "points"}, "--reward"},
		{[]string{"--pruning=maybe"}, "--pruning"},
		{[]string{"--time", "0s"}, "--time"},
		{[]string{"--time", "ten"}, "--time"},
		{[]string{"--playouts", "-1"}, "--playouts"},
		{[]string{"--book-spread", "-0.5"}, "--book-spread -0.5: want 0 or more discs"},
		{[]string{"--connect-timeout", "0s"}, "--connect-timeout"},
		{[]string{"--log-level", "chatty"}, "--log-level"},
		{[]string{"--perft", "-2"}, "--perft"},
		{[]string{"--cpu", "sse9"}, `--cpu "sse9": want "auto", "avx512", "avx2" or "portable"`},
		// Depth 0 is no measurement; it must not start the terminal mode.
		{[]string{"--perft", "0"}, "--perft 0: want 1..20"},
		{[]string{"--perft=0"}, "--perft 0: want 1..20"},
		{[]string{"--perft", "21"}, "--perft 21: want 1..20"},
		{[]string{"--arena", "3"}, "arena"},
		{[]string{"--solver", "maybe"}, "--solver"},
		{[]string{"--solve-empties", "-1"}, "--solve-empties"},
		{[]string{"--solve-empties", "31"}, "--solve-empties"},
		{[]string{"--selective-empties", "-2"}, "--selective-empties -2: want -1..30"},
		{[]string{"--selective-empties", "31"}, "--selective-empties 31: want -1..30"},
		{[]string{"--table-mb", "0"}, "--table-mb"},
		{[]string{"--leaf-depth", "-1"}, "--leaf-depth -1: want 0..2"},
		{[]string{"--leaf-depth", "3"}, "--leaf-depth 3: want 0..2"},
		{[]string{"--solve-mode", "fast"}, "--solve-mode"},
		{[]string{"--leaf", "oracle"}, "--leaf"},
		{[]string{"--eval-weight", "1.5"}, "eval weight"},
		{[]string{"--eval-scale", "0"}, "eval scale"},
		{[]string{"--prior-visits", "-1"}, "prior visits"},
		{[]string{"--exploration", "-1"}, "exploration"},
		{[]string{"--pruning", "on", "--prune-rd", "0"}, "r_d"},
		// --pruning takes a value: it never swallows a flag nor defaults.
		{[]string{"--pruning", "--prune-rd", "3"}, "--pruning"},
		{[]string{"--pruning"}, "--pruning"},
		{[]string{"--http"}, "http"}, // ADDR is required: docs/web.md
		// An empty ADDR used to start the terminal mode without a word.
		{[]string{"--http", ""}, `--http "": want an ADDR`},
		{[]string{"--http="}, `--http "": want an ADDR`},
		{[]string{"--no-such-flag"}, "no-such-flag"},
		{[]string{"1", "2", "3"}, "too many arguments"},
		{[]string{"http"}, "port"},
		{[]string{"--nboard", "7000"}, "--nboard"},
		{[]string{"--nboard", "--http", "127.0.0.1:0"}, "--nboard"},
		// One mode at a time: each used to win silently over the other.
		{[]string{"--solve", "-", "--nboard"}, "--solve and --nboard: give one mode"},
		{[]string{"--perft", "3", "--nboard"}, "--perft and --nboard: give one mode"},
		{[]string{"--perft", "3", "--solve", "-"}, "--perft and --solve: give one mode"},
		{[]string{"--solve", "-", "--http", "127.0.0.1:0"}, "--solve and --http"},
		{[]string{"--solve", "-", "7000"}, "--solve and a judge's address"},
		{[]string{"--perft", "3", "127.0.0.1", "7000"}, "--perft and a judge's address"},
		{[]string{"--http", "127.0.0.1:0", "7000"}, "--http and a judge's address"},
		{[]string{"--solve", ""}, "--solve: want a FILE"},
		{[]string{"--solve-mode", "wld"}, "--solve-mode is read by --solve alone"},
		{[]string{"--perft-only"}, "--perft-only is read by --perft alone"},
		{[]string{"--solve-mode", "wld", "7000"}, "--solve-mode is read by --solve alone"},
		{[]string{"--perft", "3", "--time", "1s"}, "takes no --time"},
		{[]string{"--solve", "-", "--time", "0s"}, "--time"},
		// Pondering is for the modes that play one game: not a server's,
		// and its tree must be kept.
		{[]string{"--ponder", "on", "--http", "127.0.0.1:0"}, "--ponder: the judge, stdin and --nboard modes ponder"},
		{[]string{"--ponder", "on", "--solve", "-"}, "--ponder: the judge"},
		{[]string{"--ponder", "on", "--perft", "3"}, "--ponder: the judge"},
		{[]string{"--ponder", "on", "--plain"}, "--ponder needs --reuse on"},
		{[]string{"--ponder", "on", "--reuse", "off"}, "--ponder needs --reuse on"},
		{[]string{"--ponder", "sometimes"}, "--ponder"},
		{[]string{"--ponder", "on", "--playouts", "1000"}, "--ponder with --playouts"},
		{[]string{"--time-bank", "on", "--nboard"}, "--time-bank: the judge and stdin modes"},
		{[]string{"--time-bank", "on", "--http", "127.0.0.1:0"}, "--time-bank: the judge and stdin modes"},
		{[]string{"--time-bank", "on", "--solve", "-"}, "--time-bank: the judge and stdin modes"},
		{[]string{"--time-bank", "maybe"}, "--time-bank"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := run(c.args, strings.NewReader(""), &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), c.want) || stdout.Len() != 0 {
			t.Errorf("search %q: exit %d, stderr %q, stdout %q; want exit %d and a message about %s",
				c.args, code, stderr.String(), stdout.String(), exitUsage, c.want)
		}
	}
}

// TestEngineFlagMessages: an --arena or --leaf-solve-empties out of range
// is refused in one message, under the flag's own name, with the one
// range the flag takes: the core's messages named "solve empties" (which
// reads as --solve-empties, another flag) and gave --arena two ranges.
func TestEngineFlagMessages(t *testing.T) {
	arena := fmt.Sprintf("want %d..%d nodes", engine.MinArenaNodes, engine.MaxArenaNodes)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--arena", "0"}, "--arena 0: " + arena},
		{[]string{"--arena", "1"}, "--arena 1: " + arena},
		{[]string{"--arena", "64"}, "--arena 64: " + arena},
		{[]string{"--arena", fmt.Sprint(engine.MaxArenaNodes + 1)}, fmt.Sprintf("--arena %d: %s", engine.MaxArenaNodes+1, arena)},
		{[]string{"--leaf", "playout", "--arena", "0"}, "--arena 0: " + arena},
		{[]string{"--leaf-solve-empties", "15"}, fmt.Sprintf("--leaf-solve-empties 15: want 0..%d", engine.MaxSolveEmpties)},
		{[]string{"--leaf-solve-empties", "-1"}, fmt.Sprintf("--leaf-solve-empties -1: want 0..%d", engine.MaxSolveEmpties)},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, strings.NewReader(""), &stdout, &stderr)
		msg := stderr.String()
		if code != exitUsage || !strings.Contains(msg, c.want) || strings.Count(msg, "want") != 1 {
			t.Errorf("search %q: exit %d, stderr %q; want exit %d and the one message %q", c.args, code, msg, exitUsage, c.want)
		}
	}
}

func TestHelpExplainsEveryFlag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--help"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("--help: exit %d, want %d", code, exitOK)
	}
	help := stdout.String()
	for _, mode := range []string{"search [flags] ", "search [flags] PORT", "search [flags] IP PORT", "--perft D"} {
		if !strings.Contains(help, mode) {
			t.Errorf("help does not show the mode %q", mode)
		}
	}
	flags := help[strings.Index(help, "Flags:"):]
	o := defaultOptions()
	newFlagSet(&o).VisitAll(func(f *pflag.Flag) {
		if f.Name == "help" {
			return
		}
		i := strings.Index(flags, "--"+f.Name+" ")
		if i < 0 {
			t.Errorf("help does not explain --%s", f.Name)
			return
		}
		// The flag's paragraph runs to the next flag; it must state the default.
		para := flags[i:]
		if j := strings.Index(para[2:], "\n      --"); j >= 0 {
			para = para[:j+2]
		}
		if !strings.Contains(para, "default") {
			t.Errorf("help for --%s does not give its default:\n%s", f.Name, para)
		}
		// pflag adds "(default X)" itself; the text must not say it again.
		if n := strings.Count(para, "(default"); n > 1 {
			t.Errorf("help for --%s states its default %d times:\n%s", f.Name, n, para)
		}
	})
}

func TestPerftFlag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--perft", "5"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("--perft 5: exit %d, stderr %q", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 7 || lines[0] != "move generation: "+othello.CPU() {
		t.Fatalf("--perft 5 printed %d lines, want the path (%s), a header and 5 rows:\n%s", len(lines), othello.CPU(), stdout.String())
	}
	for d := 1; d <= 5; d++ {
		var depth int
		var leaves uint64
		var secs, rate float64
		if _, err := fmt.Sscan(lines[d+1], &depth, &leaves, &secs, &rate); err != nil {
			t.Fatalf("row %q: %v", lines[d+1], err)
		}
		if want := othello.Perft(othello.Start(), d); depth != d || leaves != want || secs < 0 || rate < 0 {
			t.Errorf("row %q: want depth %d, %d leaves, non-negative times", lines[d+1], d, want)
		}
	}
}
