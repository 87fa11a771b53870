package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/samegame"
)

// runCmd runs the program with args and stdin, returning the exit status
// and both outputs.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut strings.Builder
	code := run(context.Background(), env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

const small = "testdata/small.txt"

func loadBoards(t *testing.T, path string) []samegame.Board {
	t.Helper()
	bs, err := readBoards(path)
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

// replayLine replays the sequence of an output line, whose first fields
// are N SCORE MOVES, on board N, and fails the test unless it ends the game
// with SCORE; it returns SCORE.
func replayLine(t *testing.T, line string, nScoreMoves []string, boards []samegame.Board, penalty bool) int {
	t.Helper()
	n, _ := strconv.Atoi(nScoreMoves[0])
	score, _ := strconv.Atoi(nScoreMoves[1])
	moves, err := samegame.ParseMoves(nScoreMoves[2])
	if err != nil {
		t.Fatalf("line %q: %v", line, err)
	}
	got, over, err := samegame.Replay(boards[n-1], moves, penalty)
	if err != nil || !over || got != score {
		t.Fatalf("line %q replays to %d (over %v, %v)", line, got, over, err)
	}
	return score
}

var solveLine = regexp.MustCompile(`^(\d+) (-?\d+) ([a-t0-9,-]+) (\d+) (\d+\.\d{3})( unproven)?$`)

// checkSolveOutput checks the header and the lines of a one-player solve,
// and that every sequence replays to its score.
func checkSolveOutput(t *testing.T, out, header string, boards []samegame.Board, penalty bool, wantProven bool) []int {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if lines[0] != header {
		t.Fatalf("header %q, want %q", lines[0], header)
	}
	var scores []int
	for _, l := range lines[1:] {
		m := solveLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q is not N SCORE MOVES NODES SECONDS", l)
		}
		if (m[6] == "") != wantProven {
			t.Fatalf("line %q: proven %v expected", l, wantProven)
		}
		scores = append(scores, replayLine(t, l, m[1:4], boards, penalty))
	}
	return scores
}

func TestSolve(t *testing.T) {
	boards := loadBoards(t, small)
	code, out, errOut := runCmd(t, "", "solve", small)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	scores := checkSolveOutput(t, out, "# samegame solve testdata/small.txt: objective max, penalty off", boards, false, true)
	// Board 1: two groups of four, then the clear bonus.
	if len(scores) != 3 || scores[0] != 4+4+1000 {
		t.Fatalf("scores %v", scores)
	}
	code, out, _ = runCmd(t, "", "solve", "--objective", "min", "--penalty", "--board", "2,1", small)
	if code != exitOK {
		t.Fatal(code)
	}
	scores = checkSolveOutput(t, out, "# samegame solve testdata/small.txt: objective min, penalty on", boards, true, true)
	if len(scores) != 2 || !strings.HasPrefix(strings.Split(out, "\n")[1], "2 ") {
		t.Fatalf("--board 2,1:\n%s", out)
	}
	// Without table and bound, the same scores.
	_, out2, _ := runCmd(t, "", "solve", "--objective", "min", "--penalty", "--board", "2,1", "--no-table", "--no-bound", small)
	if s2 := checkSolveOutput(t, out2, "# samegame solve testdata/small.txt: objective min, penalty on", boards, true, true); s2[0] != scores[0] || s2[1] != scores[1] {
		t.Fatalf("no table, no bound: %v, %v", s2, scores)
	}
}

// TestSolveUnproven: a standard 15x15 board stopped by --time prints the
// best game found so far, marked unproven, and it replays.
func TestSolveUnproven(t *testing.T) {
	std := filepath.Join("..", "..", "samegame", "testdata", "standard20.txt")
	boards := loadBoards(t, std)
	code, out, errOut := runCmd(t, "", "solve", "--time", "200ms", "--table-mb", "4", "--board", "3", std)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	scores := checkSolveOutput(t, out, "# samegame solve "+std+": objective max, penalty off", boards, false, false)
	if len(scores) != 1 || scores[0] <= 0 {
		t.Fatalf("%v", scores)
	}
	// A node budget stops it the same way, with the same line each time
	// but the seconds.
	var lines [2]string
	for i := range lines {
		_, out, _ := runCmd(t, "", "solve", "--nodes", "20000", "--table-mb", "4", "--board", "3,4", std)
		checkSolveOutput(t, out, "# samegame solve "+std+": objective max, penalty off", boards, false, false)
		lines[i] = regexp.MustCompile(` \d+\.\d{3} `).ReplaceAllString(out, " ")
	}
	if lines[0] != lines[1] || !strings.Contains(lines[0], " 20480 unproven") {
		t.Fatalf("budgeted runs differ or overrun:\n%s\n%s", lines[0], lines[1])
	}
}

// TestSolveInterrupted: Ctrl-C (a cancelled context) stops the board in
// hand, prints its best game so far as unproven, and ends the run.
func TestSolveInterrupted(t *testing.T) {
	std := filepath.Join("..", "..", "samegame", "testdata", "standard20.txt")
	boards := loadBoards(t, std)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut strings.Builder
	code := run(ctx, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, []string{"solve", "--table-mb", "4", "--board", "1,2", std})
	if code != exitError || errOut.String() != "samegame solve: interrupted\n" {
		t.Fatalf("status %d, stderr %q", code, errOut.String())
	}
	if scores := checkSolveOutput(t, out.String(), "# samegame solve "+std+": objective max, penalty off", boards, false, false); len(scores) != 1 {
		t.Fatalf("boards after the interrupt:\n%s", out.String())
	}
}

var variantLine = regexp.MustCompile(`^(\d+) (-?\d+) ([a-t]\d+|-) (\d+) (\d+\.\d{3})$`)

func TestSolveVariants(t *testing.T) {
	want := map[string]string{
		// Board 1: whoever moves first leaves the last group to the other,
		// who takes the +1000.
		"minimax": "1 1008 ",
		"more":    "1 -1000 ",
		"less":    "1 1000 ",
	}
	for v, prefix := range want {
		code, out, errOut := runCmd(t, "", "solve", "--variant", v, small)
		if code != exitOK {
			t.Fatalf("%s: status %d: %s", v, code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if lines[0] != "# samegame solve testdata/small.txt: variant "+v+", penalty off" || len(lines) != 4 {
			t.Fatalf("%s:\n%s", v, out)
		}
		for _, l := range lines[1:] {
			if !variantLine.MatchString(l) {
				t.Fatalf("%s: line %q is not N VALUE MOVE NODES SECONDS", v, l)
			}
		}
		if !strings.HasPrefix(lines[1], prefix) {
			t.Fatalf("%s: %q, want %q...", v, lines[1], prefix)
		}
	}
}

func TestReplay(t *testing.T) {
	code, out, _ := runCmd(t, "", "replay", small, "1", "a1,a1")
	if code != exitOK || out != "1 1008 over\n" {
		t.Fatalf("%d %q", code, out)
	}
	code, out, _ = runCmd(t, "", "replay", "--penalty", small, "3", "-")
	if code != exitOK || out != "3 -12 over\n" {
		t.Fatalf("%d %q", code, out)
	}
	code, out, _ = runCmd(t, "", "replay", small, "2", "-")
	if code != exitOK || out != "2 0 unfinished\n" {
		t.Fatalf("%d %q", code, out)
	}
	code, out, errOut := runCmd(t, "", "replay", small, "1", "a1,d2")
	if code != exitError || out != "" || errOut != "samegame replay: board 1: move 2 (d2): empty cell\n" {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	code, out, _ = runCmd(t, "", "replay", "--show", small, "1", "c1")
	if code != exitOK || out != "board 1:\n1122\n1122\nafter c1 (+4):\n11..\n11..\n1 4 unfinished\n" {
		t.Fatalf("%d %q", code, out)
	}
}

func TestErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("12\n\n1.\n.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"solve", bad}, exitError, bad + ": board 2, line 3: cell a2 floats above the empty cell a1\n"},
		{[]string{"replay", bad, "1", "a1"}, exitError, bad + ": board 2, line 3"},
		{[]string{"solve", "no-such-file"}, exitError, "no-such-file"},
		{[]string{"solve"}, exitUsage, "want one board FILE"},
		{[]string{"solve", "--objective", "best", small}, exitUsage, `--objective "best": want max or min`},
		{[]string{"solve", "--variant", "chess", small}, exitUsage, `variant "chess": want minimax, more or less`},
		{[]string{"solve", "--board", "4", small}, exitUsage, "--board 4: testdata/small.txt has boards 1..3"},
		// A table size that would overflow the byte count (and once hung
		// the size computation) or exhaust memory is refused up front.
		{[]string{"solve", "--table-mb", "17592186044415", small}, exitUsage, "a table of 1 to 65536 MiB"},
		{[]string{"solve", "--table-mb", "0", small}, exitUsage, "a table of 1 to 65536 MiB"},
		{[]string{"replay", small, "0", "a1"}, exitUsage, `board "0": want a number 1..3`},
		{[]string{"replay", small, "1", "a1,,b1"}, exitUsage, "move 2"},
		{[]string{"play", small, "1"}, exitUsage, `--variant: variant "": want minimax, more or less`},
		{[]string{"play", "--variant", "more", "--first", "alice", small, "1"}, exitUsage, `--first "alice": want person or computer`},
		{[]string{"random", "--width", "21"}, exitUsage, "want sizes 1..20"},
		{[]string{"frobnicate"}, exitUsage, `unknown subcommand "frobnicate"`},
		{nil, exitUsage, "a subcommand is needed"},
	}
	for _, c := range cases {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, sub := range []string{"solve", "replay", "play", "random"} {
		code, out, _ := runCmd(t, "", sub, "--help")
		if code != exitOK || !strings.Contains(out, "samegame "+sub) || !strings.Contains(out, "Flags:\n") || !strings.Contains(out, "--help") {
			t.Errorf("%s --help: %d\n%s", sub, code, out)
		}
	}
	code, out, _ := runCmd(t, "", "--help")
	for _, sub := range []string{"solve", "search", "replay", "play", "random"} {
		if code != exitOK || !strings.Contains(out, "samegame "+sub) {
			t.Errorf("--help lacks %s", sub)
		}
	}
}

func TestRandom(t *testing.T) {
	_, a, _ := runCmd(t, "", "random", "--width", "4", "--height", "3", "--count", "2", "--seed", "9")
	_, b, _ := runCmd(t, "", "random", "--width", "4", "--height", "3", "--count", "2", "--seed", "9")
	if a != b {
		t.Fatal("same seed, different boards")
	}
	bs, err := samegame.ParseBoards(strings.NewReader(a), "random")
	if err != nil || len(bs) != 2 || bs[1].Width() != 4 || bs[1].Height() != 3 || bs[1].Cells() != 12 {
		t.Fatalf("%v\n%s", err, a)
	}
}

func TestPlay(t *testing.T) {
	// The computer against itself, on a budget: a whole game to its result.
	code, out, errOut := runCmd(t, "", "play", "--variant", "more", "--first", "computer", "--second", "computer",
		"--time", "0", "--playouts", "300", "--seed", "1", small, "2")
	if code != exitOK || !strings.HasPrefix(out, "# samegame play testdata/small.txt 2: variant more, penalty off\n") ||
		!regexp.MustCompile(`\ngame over after [a-t0-9,]+; end adjustment [-+]\d+ to the last mover\n`).MatchString(out) ||
		!regexp.MustCompile(`\nvalue for first \(computer\): [-+]\d+ \(more\)\n$`).MatchString(out) {
		t.Fatalf("%d %s\n%s", code, errOut, out)
	}
	// A person who plays a legal move, then quits.
	code, out, _ = runCmd(t, "a1\nquit\n", "play", "--variant", "minimax", "--second", "person", "--playouts", "100", "--time", "0", small, "1")
	if code != exitOK || !strings.Contains(out, "first (person) plays a1: 4 cells of colour 1, 4 points") || !strings.HasSuffix(out, "quit\n") {
		t.Fatalf("%d\n%s", code, out)
	}
}
