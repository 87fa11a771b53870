package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/tournament"
)

var searchLine = regexp.MustCompile(`^(\d+) (-?\d+) ([a-t0-9,-]+) (\d+) (\d+\.\d{3})$`)

// checkSearchOutput checks a search's output: the header, one line a
// board whose sequence replays to its score and ends the game, and the
// total; it returns the lines without their SECONDS.
func checkSearchOutput(t *testing.T, out string, boards []samegame.Board, penalty bool) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "# samegame search ") || !strings.Contains(lines[0], penaltyName(penalty)) {
		t.Fatalf("header %q", lines[0])
	}
	total := 0
	var kept []string
	for _, l := range lines[1 : len(lines)-1] {
		m := searchLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q is not N SCORE MOVES NODES SECONDS", l)
		}
		total += replayLine(t, l, m[1:4], boards, penalty)
		kept = append(kept, strings.Join(m[1:5], " "))
	}
	if want := "# total " + strconv.Itoa(total) + " over " + strconv.Itoa(len(kept)) + " boards, "; !strings.HasPrefix(lines[len(lines)-1], want) {
		t.Fatalf("last line %q, want it to start %q", lines[len(lines)-1], want)
	}
	return kept
}

// TestSearchOutput runs every algorithm (and NRPA with its options) on
// the small boards with a playout budget, with and without the penalty: every line replays to its
// score, and the same seed gives the same lines.
func TestSearchOutput(t *testing.T) {
	boards := loadBoards(t, small)
	nrpaOptions := []string{"nrpa", "--stabilize", "2", "--cell-code", "--size-bias", "-0.1"}
	for _, algo := range [][]string{{"nmcs"}, {"nrpa"}, nrpaOptions, {"sp-mcts"}, {"beam"}, {"depth"}} {
		for _, penalty := range []bool{false, true} {
			args := append([]string{"search", "--algo"}, algo...)
			args = append(args, "--time", "0", "--playouts", "200", "--seed", "3", "--penalty="+strconv.FormatBool(penalty), small)
			code, out, errOut := runCmd(t, "", args...)
			if code != exitOK {
				t.Fatalf("%v: status %d: %s", args, code, errOut)
			}
			a := checkSearchOutput(t, out, boards, penalty)
			if len(a) != len(boards) {
				t.Fatalf("%v: %d lines for %d boards", args, len(a), len(boards))
			}
			_, out2, _ := runCmd(t, "", args...)
			if b := checkSearchOutput(t, out2, boards, penalty); strings.Join(a, "\n") != strings.Join(b, "\n") {
				t.Errorf("%v: two runs differ:\n%v\n%v", args, a, b)
			}
		}
	}
}

// TestSearchResume: a results file's boards are not searched again (their
// lines come back as written), and new lines are appended to it; a run of
// other settings is refused, naming both, and so is a second run while
// another holds the file's lock; the file is left as it was.
func TestSearchResume(t *testing.T) {
	file := filepath.Join(t.TempDir(), "results.txt")
	args := []string{"search", "--time", "0", "--playouts", "100", "--resume", file, small}
	// The first run, of board 1, writes the settings line and its line.
	if code, _, errOut := runCmd(t, "", append([]string{"search", "--board", "1"}, args[1:]...)...); code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	first, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	settings, _, _ := strings.Cut(string(first), "\n")
	if !strings.HasPrefix(settings, "# settings: boards ") || !strings.Contains(settings, "playouts 100 a board; seed 0") {
		t.Fatalf("results file %q: want a settings line first", first)
	}
	// Board 2's line is made up: no search would print it.
	fake := "2 0 - 7 1.000\n"
	if err := os.WriteFile(file, append(first, fake...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", args...)
	if code != exitOK {
		t.Fatalf("status %d: %s", code, errOut)
	}
	if !strings.Contains(out, "\n"+fake) {
		t.Errorf("board 2 was searched again:\n%s", out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 4 || lines[0] != settings || !strings.HasPrefix(lines[1], "1 ") || !strings.HasPrefix(lines[3], "3 ") {
		t.Errorf("results file:\n%s", data)
	}
	// Another seed: refused, both settings named, nothing written.
	code, _, errOut = runCmd(t, "", "search", "--seed", "1", "--time", "0", "--playouts", "100", "--resume", file, small)
	if code != exitError || !strings.Contains(errOut, "other settings") || !strings.Contains(errOut, "the file: "+strings.TrimPrefix(settings, "# settings: ")) ||
		!strings.Contains(errOut, "seed 1;") {
		t.Errorf("another seed: status %d: %s", code, errOut)
	}
	// A second run while one holds the lock.
	unlock, err := tournament.LockResults(file)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCmd(t, "", args...)
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	if code != exitError || !strings.Contains(errOut, "another run is writing it") {
		t.Errorf("while locked: status %d: %s", code, errOut)
	}
	if again, _ := os.ReadFile(file); string(again) != string(data) {
		t.Errorf("refused runs changed the file:\n%s\nwant\n%s", again, data)
	}
	if err := os.WriteFile(file, []byte("2 x - 7 1.000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCmd(t, "", "search", "--playouts", "100", "--resume", file, small); code != exitError || !strings.Contains(errOut, "line 1") {
		t.Errorf("bad results file: status %d: %s", code, errOut)
	}
}

// TestSearchUsage: bad command lines are refused with status 2 and a
// message naming the problem; --help describes the output.
func TestSearchUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--algo", "mcts", small}, "unknown algorithm"},
		{[]string{"search", "--time", "0", small}, "want a time or a budget"},
		{[]string{"search", "--level", "-1", small}, "level -1"},
		{[]string{"search", "--width", "0", "--algo", "beam", small}, "width 0"},
		{[]string{"search", "--board", "9", small}, "--board 9"},
		{[]string{"search"}, "want one board FILE"},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	code, out, _ := runCmd(t, "", "search", "--help")
	if code != exitOK || !strings.Contains(out, "N SCORE MOVES NODES SECONDS") || !strings.Contains(out, "--algo") {
		t.Errorf("search --help: %d\n%s", code, out)
	}
}
