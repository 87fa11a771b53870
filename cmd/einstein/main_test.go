package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/mcts"
)

// binary is the einstein program built for the tests that run it, and
// binaryDir its directory; TestMain builds it when a test asks (binaryOf).
var (
	binary    string
	binaryErr error
	binaryDir string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binaryDir != "" {
		os.RemoveAll(binaryDir)
	}
	os.Exit(code)
}

// binaryOf builds the program once per test run and returns its path.
func binaryOf(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the program")
	}
	if binary == "" && binaryErr == nil {
		goBin, err := exec.LookPath("go")
		if err != nil {
			t.Skip("the go command is not on PATH")
		}
		binaryDir, binaryErr = os.MkdirTemp("", "einstein-test")
		if binaryErr == nil {
			// Open to the sandbox's user, who runs the agents.
			binaryErr = os.Chmod(binaryDir, 0o755)
		}
		if binaryErr == nil {
			path := filepath.Join(binaryDir, "einstein")
			out, err := exec.Command(goBin, "build", "-o", path, ".").CombinedOutput()
			if err != nil {
				binaryErr = err
				t.Fatalf("go build: %v\n%s", err, out)
			}
			binary = path
		}
	}
	if binaryErr != nil {
		t.Fatalf("building the program: %v", binaryErr)
	}
	return binary
}

// runIn runs the program in-process with args and input; self is the path
// the built-in agents are started from.
func runIn(t *testing.T, self string, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	code = run(ctx, env{self: self, stdin: strings.NewReader(input), stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

func TestHelp(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--help"}, usage()},
		{[]string{"-h"}, usage()},
		{[]string{"game", "--help"}, gameUsage},
		{[]string{"random", "-h"}, agentUsage["random"]},
		{[]string{"greedy", "--help"}, agentUsage["greedy"]},
		{[]string{"mcts", "--help"}, usage()},
		{[]string{"--time", "1s", "-h"}, usage()},
	}
	for _, c := range cases {
		code, out, errOut := runIn(t, "", "", c.args...)
		if code != exitOK || out != c.want || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout\n%s", c.args, code, errOut, out)
		}
	}
}

// TestMCTSFlags checks that the agent's flags set its options: the
// core's through package mctsflag, with their on|off switches, and the
// agent's own.
func TestMCTSFlags(t *testing.T) {
	o, err := parseMCTS([]string{"--time", "2s", "--playouts", "300", "--algo", "ucb", "--exploration", "1",
		"--pruning", "on", "--prune-min-visits", "100", "--playout", "uniform", "--seed", "5", "--log-level", "debug"})
	if err != nil {
		t.Fatal(err)
	}
	want := agent.DefaultOptions()
	want.Think, want.Playouts, want.Policy = 2*time.Second, 300, agent.Uniform
	want.Config.Algorithm, want.Config.Exploration, want.Config.Pruning = mcts.UCB, 1, true
	want.Config.PruneMinVisits, want.Config.Seed = 100, 5
	if o.agent != want || o.level != "debug" {
		t.Errorf("options %+v, level %q\nwant %+v, level debug", o.agent, o.level, want)
	}
	// The defaults: Einstein's own warm-up before pruning, not the core's.
	o, err = parseMCTS([]string{"--seed", "1"})
	if err != nil || o.agent.Config.PruneMinVisits != 200 || o.agent.Think != 9*time.Second || o.agent.Config.Pruning {
		t.Errorf("no flags: %+v, %v; want 200 playouts before pruning, 9s, pruning off", o.agent, err)
	}
}

// TestMCTSAgent runs the Monte-Carlo agent in-process on transcripts: it
// answers with a legal move, the same for the same seed and budget, and
// bad input ends it with a message and exit status 1. (Its games are
// TestMCTSGame's; its choices are the agent package's tests.)
func TestMCTSAgent(t *testing.T) {
	// The agent mode, however it is asked for. With no flags it thinks
	// 9 s a move: as blue, lost before its first move, it has nothing to
	// think about.
	code, out, errOut := runIn(t, "", "s123456"+"ll"+"e")
	if code != exitOK || out != "" || errOut != "" {
		t.Errorf("no arguments: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, args := range [][]string{{"mcts", "--playouts", "100"}, {"--playouts", "500", "--seed", "3"}, {"mcts", "--time", "50ms"}} {
		code, out, errOut := runIn(t, "", "f123456"+"ll"+"e", args...)
		m, err := einstein.ParseMove(out)
		p := einstein.New(einstein.Layout{1, 2, 3, 4, 5, 6})
		if code != exitOK || errOut != "" || err != nil || p.Check(m) != nil {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	// The same seed and budget, the same moves; as blue, after red's 53.
	args := []string{"--playouts", "2000", "--seed", "11"}
	_, a, _ := runIn(t, "", "s361425"+"53"+"ll"+"e", args...)
	_, b, _ := runIn(t, "", "s361425"+"53"+"ll"+"e", args...)
	if len(a) != 2 || a != b {
		t.Errorf("%v twice: %q, then %q", args, a, b)
	}
	code, out, errOut = runIn(t, "", "f12345", "--playouts", "100")
	if code != exitError || out != "" || errOut != "einstein: round 1: the input ended in R2 after 5 of 6 bytes\n" {
		t.Errorf("truncated: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runIn(t, "", "f123456"+"x1", "--playouts", "100")
	if code != exitError || len(out) != 2 || !strings.HasPrefix(errOut, "einstein: round 1, turn 1: R3: syntax error: move \"x1\"") {
		t.Errorf("garbage: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"play"}, "einstein: unknown command \"play\"\n"},
		{[]string{"game", "-n", "3"}, "einstein game: -n 3: want 0, 1 or 2 people\n"},
		{[]string{"game", "-n", "0", "random"}, "einstein game: 1 agent with -n 0: want 2\n"},
		{[]string{"game", "random"}, "einstein game: 1 agent with -n 2: want 0\n"},
		{[]string{"game", "-n", "1", "greedy", "-r", "3"}, "einstein game: -r is for games between agents only (-n 0); with people the games go on until the input ends\n"},
		{[]string{"game", "-n", "0", "random", "greedy", "-r", "0"}, "einstein game: -r 0: want at least one round\n"},
		{[]string{"game", "-n", "0", "random", "greedy", "--limit", "0s"}, "einstein game: --limit 0s: want a positive duration\n"},
		{[]string{"game", "-g"}, "einstein game: unknown shorthand flag: 'g' in -g\n"},
		{[]string{"game", "--log-level", "loud"}, "einstein game: unrecognized level: \"loud\"\n"},
		{[]string{"random", "--seed", "x"}, "einstein random: invalid argument \"x\" for \"--seed\" flag: strconv.ParseUint: parsing \"x\": invalid syntax\n"},
		{[]string{"greedy", "--seed", "1"}, "einstein greedy: unknown flag: --seed\n"},
		{[]string{"greedy", "extra"}, "einstein greedy: unexpected argument \"extra\"\n"},
		{[]string{"--algo", "greedy"}, "einstein: invalid argument \"greedy\" for \"--algo\" flag: algorithm \"greedy\" is not offered by this program: want uct or ucb\n"},
		{[]string{"--playout", "smart"}, "einstein: invalid argument \"smart\" for \"--playout\" flag: unknown playout policy \"smart\": want uniform or win-first\n"},
		{[]string{"--time", "11s"}, "einstein: --time 11s: want at most the course's limit, 10s\n"},
		{[]string{"--time", "0s"}, "einstein: mcts player: no limit: want a think time, a playout budget or both\n"},
		{[]string{"--playouts", "-5"}, "einstein: mcts player: think time 9s, playouts -5: want neither negative\n"},
		{[]string{"--exploration", "-1"}, "einstein: mcts player: exploration -1: want a finite number >= 0\n"},
		{[]string{"--pruning"}, "einstein: flag needs an argument: --pruning\n"},
		{[]string{"--pruning", "yes", "please"}, "einstein: unexpected argument \"please\"\n"},
		{[]string{"mcts", "extra"}, "einstein: unexpected argument \"extra\"\n"},
		{[]string{"--log-level", "loud"}, "einstein: unrecognized level: \"loud\"\n"},
	}
	for _, c := range cases {
		code, out, errOut := runIn(t, "", "", c.args...)
		first, _, _ := strings.Cut(errOut, "\n")
		if code != exitUsage || out != "" || first+"\n" != c.want || !strings.Contains(errOut, "--help' for the usage.") {
			t.Errorf("%v: exit %d, stdout %q, stderr\n%s\nwant first line %q", c.args, code, out, errOut, c.want)
		}
	}
	// An agent that cannot be started is found before the first round.
	code, out, errOut := runIn(t, "", "", "game", "-n", "0", "greedy", "./no-such-agent --fast")
	if code != exitUsage || out != "" || !strings.HasPrefix(errOut, `einstein game: agent "./no-such-agent --fast": cannot be started: `) {
		t.Errorf("a missing agent: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runIn(t, "", "", "game", "-n", "0", "greedy", `"unclosed`)
	if code != exitUsage || !strings.HasPrefix(errOut, `einstein game: agent "\"unclosed": `) {
		t.Errorf("a bad command line: exit %d, stderr %q", code, errOut)
	}
}

// TestAgentsInProcess runs the reference agents on a transcript: greedy's
// moves are known (see the agent package's tests); bad input ends them
// with a message and exit status 1.
func TestAgentsInProcess(t *testing.T) {
	// Layout 123456, greedy red: 53 (red 5 to (3,3), Chebyshev 2). Blue
	// answers 52 (blue 5 to (3,4)); greedy, turn 2: red 2 (1,2)
	// south-east to (2,3), red 4 (2,1) south-east to (3,2), red 6 (3,1)
	// south-east to (4,2): Chebyshev 3, 3, 3; Manhattan 5, 5, 4: 63.
	code, out, errOut := runIn(t, "", "f123456"+"52"+"ll"+"e", "greedy")
	if code != exitOK || out != "53"+"63" || errOut != "" {
		t.Errorf("greedy: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runIn(t, "", "f12345", "greedy")
	if code != exitError || out != "" || errOut != "einstein greedy: round 1: the input ended in R2 after 5 of 6 bytes\n" {
		t.Errorf("greedy, truncated: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runIn(t, "", "s123456", "random", "--seed", "7")
	if code != exitError || out != "" || errOut != "einstein random: round 1, turn 1: the input ended in R3 after 0 of 2 bytes\n" {
		t.Errorf("random, truncated: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runIn(t, "", "", "random")
	if code != exitError || errOut != "einstein random: the input ended without 'e' (end of all games)\n" {
		t.Errorf("random, no input: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// The same seed, the same moves.
	_, a, _ := runIn(t, "", "f654321ll"+"f654321ll"+"e", "random", "--seed", "7")
	_, b, _ := runIn(t, "", "f654321ll"+"e", "random", "--seed", "7")
	if len(a) != 4 || a[:2] != b {
		t.Errorf("random --seed 7 played %q, then %q", a, b)
	}
}
