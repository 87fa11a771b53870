package mctsflag

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/mcts"
)

// allFlags are every flag of the package, in the order of its constants.
var allFlags = []Flag{Algo, Exploration, Reward, Pruning, PruneRD, PruneSigmaE, PruneMinVisits,
	PruneNodeVisits, ExpandVisits, Arena, Solver, Reuse}

// everyAlgorithm is the Spec.Algorithms of a program with an evaluator.
var everyAlgorithm = []mcts.Algorithm{mcts.UCT, mcts.UCB, mcts.Greedy}

// newSet returns a flag set with s's flags bound to c.
func newSet(c *mcts.Config, s Spec) *pflag.FlagSet {
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(&strings.Builder{})
	Register(fs, c, s)
	return fs
}

// TestEachFlagSetsItsField parses each flag alone and checks that it
// changed its own field of the config to the value given, and no other.
func TestEachFlagSetsItsField(t *testing.T) {
	cases := []struct {
		args []string
		set  func(*mcts.Config)
	}{
		{[]string{"--algo", "ucb"}, func(c *mcts.Config) { c.Algorithm = mcts.UCB }},
		{[]string{"--algo=GREEDY"}, func(c *mcts.Config) { c.Algorithm = mcts.Greedy }},
		{[]string{"--exploration", "0.7"}, func(c *mcts.Config) { c.Exploration = 0.7 }},
		{[]string{"--reward", "discdiff"}, func(c *mcts.Config) { c.Reward = mcts.DiscDiff }},
		{[]string{"--pruning", "on"}, func(c *mcts.Config) { c.Pruning = true }},
		{[]string{"--prune-rd", "3.5"}, func(c *mcts.Config) { c.PruneRD = 3.5 }},
		{[]string{"--prune-sigma-e", "0.02"}, func(c *mcts.Config) { c.PruneSigmaE = 0.02 }},
		{[]string{"--prune-min-visits", "200"}, func(c *mcts.Config) { c.PruneMinVisits = 200 }},
		{[]string{"--prune-node-visits", "77"}, func(c *mcts.Config) { c.PruneNodeVisits = 77 }},
		{[]string{"--expand-visits", "2"}, func(c *mcts.Config) { c.ExpandVisits = 2 }},
		{[]string{"--arena", "4096"}, func(c *mcts.Config) { c.ArenaNodes = 4096 }},
		{[]string{"--solver", "off"}, func(c *mcts.Config) { c.Solver = false }},
		{[]string{"--reuse=no"}, func(c *mcts.Config) { c.Reuse = false }},
	}
	for _, tc := range cases {
		got := mcts.DefaultConfig()
		fs := newSet(&got, Spec{Flags: allFlags, Algorithms: everyAlgorithm})
		if err := fs.Parse(tc.args); err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		want := mcts.DefaultConfig()
		tc.set(&want)
		if got != want {
			t.Errorf("%q: config\n%+v\nwant\n%+v", tc.args, got, want)
		}
	}
}

// TestSwitches checks every spelling a switch accepts, both ways, and
// that its value is always the next word: never an optional value that
// leaves the next word to be read as an argument.
func TestSwitches(t *testing.T) {
	for _, on := range []string{"on", "ON", "true", "yes", "1"} {
		for _, off := range []string{"off", "Off", "false", "no", "0"} {
			c := mcts.DefaultConfig()
			fs := newSet(&c, Spec{Flags: allFlags})
			if err := fs.Parse([]string{"--pruning", on, "--reuse", off, "--solver=" + off}); err != nil {
				t.Fatalf("--pruning %s --reuse %s --solver=%s: %v", on, off, off, err)
			}
			if !c.Pruning || c.Reuse || c.Solver {
				t.Errorf("--pruning %s --reuse %s --solver=%s: pruning %v, reuse %v, solver %v; want on, off, off",
					on, off, off, c.Pruning, c.Reuse, c.Solver)
			}
		}
	}
	c := mcts.DefaultConfig()
	fs := newSet(&c, Spec{Flags: allFlags})
	if err := fs.Parse([]string{"--pruning", "on", "8000"}); err != nil || !c.Pruning ||
		len(fs.Args()) != 1 || fs.Arg(0) != "8000" {
		t.Errorf("--pruning on 8000: pruning %v, arguments %q, %v; want on and the argument 8000", c.Pruning, fs.Args(), err)
	}
}

// TestBadValues checks that a bad value is refused with a message naming
// the flag, the value and what is wanted, and that the config keeps its
// values.
func TestBadValues(t *testing.T) {
	cases := []struct {
		args  []string
		want  []string // in the message
		keeps bool     // the package's own value: the config keeps its value
	}{
		{[]string{"--algo", "minimax"}, []string{`"minimax"`, "--algo", "want uct, ucb or greedy"}, true},
		{[]string{"--reward", "points"}, []string{`"points"`, "--reward", "want winloss or discdiff"}, true},
		{[]string{"--pruning", "maybe"}, []string{`"maybe"`, "--pruning", "want on or off"}, true},
		{[]string{"--solver="}, []string{`""`, "--solver", "want on or off"}, true},
		{[]string{"--reuse", "2"}, []string{`"2"`, "--reuse", "want on or off"}, true},
		// A switch takes the next word: a flag there is a bad value, not
		// a switch turned on.
		{[]string{"--pruning", "--prune-rd", "3"}, []string{`"--prune-rd"`, "want on or off"}, true},
		{[]string{"--pruning"}, []string{"needs an argument", "--pruning"}, true},
		{[]string{"--exploration", "wide"}, []string{`"wide"`, "--exploration"}, false},
		{[]string{"--prune-rd", "x"}, []string{`"x"`, "--prune-rd"}, false},
		{[]string{"--prune-sigma-e", "x"}, []string{`"x"`, "--prune-sigma-e"}, false},
		{[]string{"--prune-min-visits", "1.5"}, []string{`"1.5"`, "--prune-min-visits"}, false},
		{[]string{"--prune-node-visits", "many"}, []string{`"many"`, "--prune-node-visits"}, false},
		{[]string{"--expand-visits", "two"}, []string{`"two"`, "--expand-visits"}, false},
		{[]string{"--arena", "1e6"}, []string{`"1e6"`, "--arena"}, false},
	}
	for _, tc := range cases {
		c := mcts.DefaultConfig()
		fs := newSet(&c, Spec{Flags: allFlags, Algorithms: everyAlgorithm})
		err := fs.Parse(tc.args)
		if err == nil {
			t.Errorf("%q: accepted", tc.args)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: error %q does not say %s", tc.args, err, w)
			}
		}
		// The package's own values keep the config as it was. (pflag's
		// numbers set their field to 0 on a bad value; every program
		// exits on a bad command line, so no search sees it.)
		if tc.keeps && c != mcts.DefaultConfig() {
			t.Errorf("%q: config changed to %+v", tc.args, c)
		}
	}
}

// TestRestrictedAlgorithms checks that --algo accepts exactly the
// algorithms a program offers, and says which in its help and errors.
func TestRestrictedAlgorithms(t *testing.T) {
	cases := []struct {
		algos   []mcts.Algorithm
		typ     string // the value's name in the help
		refused string // an algorithm the core knows but the program does not offer
		want    string
	}{
		{nil, "uct|ucb", "greedy", "want uct or ucb"},
		{[]mcts.Algorithm{mcts.UCB, mcts.UCT}, "ucb|uct", "Greedy", "want ucb or uct"},
		{[]mcts.Algorithm{mcts.UCT}, "uct", "ucb", "want uct"},
	}
	for _, tc := range cases {
		c := mcts.DefaultConfig()
		if len(tc.algos) > 0 {
			c.Algorithm = tc.algos[0] // a program starts from one it offers
		}
		before := c
		fs := newSet(&c, Spec{Flags: []Flag{Algo}, Algorithms: tc.algos})
		if got := fs.Lookup("algo").Value.Type(); got != tc.typ {
			t.Errorf("%v: value type %q, want %q", tc.algos, got, tc.typ)
		}
		err := fs.Parse([]string{"--algo", tc.refused})
		if err == nil || !strings.Contains(err.Error(), "not offered") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: --algo %s: %v; want it refused, %s", tc.algos, tc.refused, err, tc.want)
		}
		if c != before {
			t.Errorf("%v: --algo %s changed the config to %+v", tc.algos, tc.refused, c)
		}
		if usage := fs.FlagUsages(); strings.Contains(usage, "greedy") {
			t.Errorf("%v: the help offers greedy:\n%s", tc.algos, usage)
		}
	}
	c := mcts.DefaultConfig()
	fs := newSet(&c, Spec{Flags: []Flag{Algo}, Algorithms: everyAlgorithm})
	if err := fs.Parse([]string{"--algo", "greedy"}); err != nil || c.Algorithm != mcts.Greedy {
		t.Errorf("greedy offered: --algo greedy: %v, %v", c.Algorithm, err)
	}
	if usage := fs.FlagUsages(); !strings.Contains(usage, "--algo uct|ucb|greedy") || !strings.Contains(usage, "greedy (1-ply") {
		t.Errorf("greedy offered: the help does not show it:\n%s", usage)
	}
}

// TestHelpShowsTheConfigsDefaults checks that each flag's help gives as
// its default the value of the config it is bound to: the core's
// defaults, and a program's own (written here by hand) when it has set
// them before registering.
func TestHelpShowsTheConfigsDefaults(t *testing.T) {
	own := mcts.DefaultConfig()
	own.Algorithm, own.Exploration, own.Reward, own.Pruning = mcts.UCB, 0.25, mcts.DiscDiff, true
	own.PruneRD, own.PruneSigmaE, own.PruneMinVisits, own.PruneNodeVisits = 3, 0.01, 200, 500
	own.ExpandVisits, own.ArenaNodes, own.Solver, own.Reuse = 2, 1<<22, false, false
	cases := []struct {
		name string
		c    mcts.Config
		want map[Flag]string
	}{
		{"the core's", mcts.DefaultConfig(), map[Flag]string{
			Algo: "uct", Exploration: "0.5", Reward: "winloss", Pruning: "off", PruneRD: "2",
			PruneSigmaE: "0.001", PruneMinVisits: "1000", PruneNodeVisits: "10000", ExpandVisits: "4", Arena: "8388608",
			Solver: "on", Reuse: "on"}},
		{"a program's own", own, map[Flag]string{
			Algo: "ucb", Exploration: "0.25", Reward: "discdiff", Pruning: "on", PruneRD: "3",
			PruneSigmaE: "0.01", PruneMinVisits: "200", PruneNodeVisits: "500", ExpandVisits: "2", Arena: "4194304",
			Solver: "off", Reuse: "off"}},
	}
	for _, tc := range cases {
		c := tc.c
		fs := newSet(&c, Spec{Flags: allFlags, MinArena: 51})
		// FlagUsages writes a line a flag: "  --name type   help (default X)".
		lines := strings.Split(strings.TrimRight(fs.FlagUsages(), "\n"), "\n")
		if len(lines) != len(allFlags) {
			t.Fatalf("%s: %d lines of help, want %d:\n%s", tc.name, len(lines), len(allFlags), fs.FlagUsages())
		}
		for i, f := range allFlags {
			line := lines[i]
			if !strings.HasPrefix(strings.TrimSpace(line), "--"+string(f)+" ") {
				t.Errorf("%s: help line %d is %q, want --%s", tc.name, i, line, f)
			}
			if want := "(default " + tc.want[f] + ")"; !strings.HasSuffix(line, want) {
				t.Errorf("%s: --%s: help %q does not end %q", tc.name, f, line, want)
			}
		}
		if !strings.Contains(fs.FlagUsages(), "(51..67108864)") {
			t.Errorf("%s: the help of --arena does not give the program's range 51..67108864:\n%s", tc.name, fs.FlagUsages())
		}
	}
}

// TestOnlyTheFlagsAsked checks that a program gets the flags it lists, in
// its order, and none other.
func TestOnlyTheFlagsAsked(t *testing.T) {
	c := mcts.DefaultConfig()
	fs := newSet(&c, Spec{Flags: []Flag{Reuse, Algo, PruneMinVisits}})
	var got []string
	fs.VisitAll(func(f *pflag.Flag) { got = append(got, f.Name) })
	if strings.Join(got, " ") != "reuse algo prune-min-visits" {
		t.Errorf("flags %q, want reuse, algo, prune-min-visits", got)
	}
	if err := fs.Parse([]string{"--pruning", "on"}); err == nil || !strings.Contains(err.Error(), "unknown flag: --pruning") {
		t.Errorf("--pruning, not asked for: %v, want unknown flag", err)
	}
}

// TestUnknownFlagPanics: a program that asks for a flag the package does
// not have is told at its first run, as pflag tells one that declares a
// flag twice.
func TestUnknownFlagPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `"leaf"`) {
			t.Errorf("recovered %v, want a panic naming \"leaf\"", r)
		}
	}()
	c := mcts.DefaultConfig()
	newSet(&c, Spec{Flags: []Flag{"leaf"}})
}
