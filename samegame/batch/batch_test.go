package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/search"
	"github.com/tcgothello/mcts/samegame/solve"
)

// boards are hand-made: the first is cleared by two groups of four; the
// second has three colours and single cells; the third is over before any
// move.
var boards = []samegame.Board{
	samegame.MustBoard("1122", "1122"),
	samegame.MustBoard("123", "312", "121", "221"),
	samegame.MustBoard("0120", "1201", "2012"),
}

// bestScore is a plain reference for the one-player optimum: every group
// of every position, tried in turn, without a table or a bound.
func bestScore(b samegame.Board) int {
	if b.Terminal() {
		return b.EndAdjustment(false)
	}
	best := -1 << 30
	for _, g := range b.Moves(nil) {
		c := b
		p, ok := c.Play(g.Cell)
		if !ok {
			panic("a listed group is not a move")
		}
		best = max(best, p+bestScore(c))
	}
	return best
}

func TestSelectBoards(t *testing.T) {
	got, err := SelectBoards(nil, 3, "f")
	if err != nil || len(got) != 3 || got[0] != 1 || got[2] != 3 {
		t.Errorf("no boards asked: %v, %v; want 1 2 3", got, err)
	}
	if got, err := SelectBoards([]int{3, 1}, 3, "f"); err != nil || len(got) != 2 || got[0] != 3 {
		t.Errorf("3,1: %v, %v", got, err)
	}
	// A board asked twice is worked on once, where first asked.
	if got, err := SelectBoards([]int{2, 1, 2, 1}, 3, "f"); err != nil || fmt.Sprint(got) != "[2 1]" {
		t.Errorf("2,1,2,1: %v, %v; want [2 1]", got, err)
	}
	if _, err := SelectBoards([]int{4}, 3, "f"); err == nil || err.Error() != "--board 4: f has boards 1..3" {
		t.Errorf("board 4 of 3: %v", err)
	}
	for _, s := range []string{"0", "4", "x", ""} {
		if _, err := BoardNumber(s, 3, "f"); err == nil || !strings.Contains(err.Error(), "want a number 1..3 (f has 3 boards)") {
			t.Errorf("BoardNumber(%q): %v", s, err)
		}
	}
	if n, err := BoardNumber("2", 3, "f"); n != 2 || err != nil {
		t.Errorf("BoardNumber(2) = %d, %v", n, err)
	}
}

func TestReadBoards(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.txt")
	if err := os.WriteFile(path, []byte("# two\n12\n12\n\n11\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bs, err := ReadBoards(path)
	if err != nil || len(bs) != 2 || bs[0].String() != "12\n12\n" {
		t.Fatalf("ReadBoards: %d boards, %v", len(bs), err)
	}
	if _, err := ReadBoards(filepath.Join(t.TempDir(), "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestSolveRun: every line is the reference optimum and its sequence
// replays to it; a cancelled run ends after the board in progress.
func TestSolveRun(t *testing.T) {
	var out strings.Builder
	s := Solve{Boards: boards, Numbers: []int{1, 2, 3}, Solver: solve.NewSolver(solve.Options{TableMB: 1}), Log: zap.NewNop()}
	if err := s.Run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) != 5 || f[0] != strconv.Itoa(i+1) {
			t.Fatalf("line %q: want N SCORE MOVES NODES SECONDS", line)
		}
		want := bestScore(boards[i])
		moves, err := samegame.ParseMoves(f[2])
		if err != nil {
			t.Fatal(err)
		}
		score, over, err := samegame.Replay(boards[i], moves, false)
		if f[1] != strconv.Itoa(want) || score != want || !over || err != nil {
			t.Errorf("line %q: the optimum is %d; its moves replay to %d (over %v, %v)", line, want, score, over, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out.Reset()
	s.Numbers = []int{2, 1}
	if err := s.Run(ctx, &out); !errors.Is(err, ErrInterrupted) {
		t.Errorf("a cancelled run: %v, want ErrInterrupted", err)
	}
	// The solver looks at the context every few thousand nodes, so a board
	// this small may still be proven; the boards after it are not begun.
	if got := out.String(); strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "2 ") {
		t.Errorf("a cancelled run wrote %q, want board 2's line alone", got)
	}
}

// TestSolveRunVariant: the minimax value of a board that one move clears
// is the move's points and the bonus, and the move is that one.
func TestSolveRunVariant(t *testing.T) {
	var out strings.Builder
	b := samegame.MustBoard("11", "11")
	s := Solve{Boards: []samegame.Board{b}, Numbers: []int{1}, Solver: solve.NewSolver(solve.Options{TableMB: 1}),
		Variant: solve.Minimax, Limit: time.Minute, Log: zap.NewNop()}
	if err := s.Run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	want := "1 " + strconv.Itoa(samegame.Points(4)+samegame.ClearBonus) + " a1 "
	if !strings.HasPrefix(out.String(), want) || strings.Contains(out.String(), "unproven") {
		t.Errorf("got %q, want %q...", out.String(), want)
	}
}

// TestSearchRun: each line's sequence replays to its score and ends the
// game, the total adds up, and a results file makes the second run print
// the first run's lines without searching.
func TestSearchRun(t *testing.T) {
	cfg := search.DefaultConfig()
	cfg.Algorithm, cfg.Level, cfg.Seed = search.NMCS, 1, 5
	path := filepath.Join(t.TempDir(), "results.txt")
	s := Search{Boards: boards, Numbers: []int{1, 2}, Config: cfg, Playouts: 50, Log: zap.NewNop()}
	settings := s.Settings("boards.txt")
	res, err := OpenResults(path, settings)
	if err != nil {
		t.Fatal(err)
	}
	s.Results = res
	var out strings.Builder
	total, count, err := s.Run(context.Background(), &out)
	if err != nil || count != 2 {
		t.Fatalf("run: %d boards, %v", count, err)
	}
	res.Close()
	sum := 0
	for i, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		f := strings.Fields(line)
		moves, err := samegame.ParseMoves(f[2])
		if err != nil {
			t.Fatal(err)
		}
		score, over, err := samegame.Replay(boards[i], moves, false)
		if len(f) != 5 || f[1] != strconv.Itoa(score) || !over || err != nil || score > bestScore(boards[i]) {
			t.Fatalf("line %q replays to %d (over %v, %v)", line, score, over, err)
		}
		sum += score
	}
	if total != sum {
		t.Errorf("total %d, the lines add up to %d", total, sum)
	}
	file, err := os.ReadFile(path)
	if want := settingsPrefix + settings + "\n" + out.String(); err != nil || string(file) != want {
		t.Fatalf("results file %q (%v), want %q", file, err, want)
	}
	// The second run finds both boards done: the same lines, the same
	// total, nothing appended.
	res, err = OpenResults(path, settings)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	s.Results, s.Playouts = res, 1<<40 // a search would not end
	var again strings.Builder
	total2, count2, err := s.Run(context.Background(), &again)
	if err != nil || total2 != total || count2 != 2 || again.String() != out.String() {
		t.Errorf("resumed: %d over %d (%v), output %q; want %d over 2, %q", total2, count2, err, again.String(), total, out.String())
	}
}

// A last line without its newline was cut short by a killed run: it is
// cut off and its board not taken as done, and the next line starts a
// line of its own.
func TestOpenResultsCutLastLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.txt")
	if err := os.WriteFile(path, []byte("# settings: S\n1 5 a1 3 0.1\n2 7 b"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenResults(path, "S")
	if err != nil {
		t.Fatal(err)
	}
	if _, score, ok := r.Done(1); !ok || score != 5 {
		t.Errorf("board 1: %d, %v; want 5, done", score, ok)
	}
	if _, _, ok := r.Done(2); ok {
		t.Error("board 2, cut short, taken as done")
	}
	if err := r.Add("2 9 c1 4 0.2"); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if got, _ := os.ReadFile(path); string(got) != "# settings: S\n1 5 a1 3 0.1\n2 9 c1 4 0.2\n" {
		t.Errorf("file %q, want the cut line replaced by the new one", got)
	}
}

func TestOpenResultsRefusesBadLines(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ text, want string }{
		{"# settings: S\n1 2 a1\n", "line 2: want N SCORE MOVES NODES SECONDS"},
		{"# settings: S\n# c\n\nx 2 a1 3 0.1\n", "line 4: want N SCORE"},
		{"# settings: S\n1 y a1 3 0.1\n", `line 2: score "y" is not a number`},
		// A last line without a newline that cannot be a result's start
		// is another file, refused whole, not a line cut short.
		{"# settings: S\n1 5 a1 3 0.1\nhello", `line 3: want N SCORE MOVES NODES SECONDS, got "hello"`},
		{"notes", `line 1: want N SCORE MOVES NODES SECONDS, got "notes"`},
		// A line over the bound is named, not taken for the end of the
		// file with the boards after it forgotten.
		{"# settings: S\n1 5 a1 3 0.1\n2 " + strings.Repeat("9", maxResultLine) + " a1 3 0.1\n3 5 a1 3 0.1\n", "r.txt: line 3: over 1048576 bytes"},
		// Results of other settings, or of none recorded, are not mixed
		// in: the file's settings and this run's are both named.
		{"# settings: T\n1 5 a1 3 0.1\n", "line 1: its results were searched with other settings, which a resumed run would mix in:\n  the file: T\n  this run: S\n"},
		{"# settings: S\n1 5 a1 3 0.1\n# settings: T\n", "line 3: its results were searched with other settings"},
		{"# an old run\n1 5 a1 3 0.1\n", "line 2: a result with no settings line above it (the file was written before runs recorded their settings); if its results were searched with this run's settings, add this line at its top:\n# settings: S"},
	} {
		path := filepath.Join(dir, "r.txt")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		name := tc.text[:min(len(tc.text), 40)] // the long line's start
		if r, err := OpenResults(path, "S"); err == nil || !strings.Contains(err.Error(), tc.want) {
			r.Close()
			t.Errorf("%q: %v, want %q", name, err, tc.want)
		}
		if got, _ := os.ReadFile(path); string(got) != tc.text {
			t.Errorf("%q: the file changed (%d bytes, want %d)", name, len(got), len(tc.text))
		}
	}
	var none *Results
	if _, _, ok := none.Done(1); ok || none.Add("1 2 a1 3 0.1") != nil || none.Close() != nil {
		t.Error("no results file: want nothing done and nothing kept")
	}
}

func TestDescribe(t *testing.T) {
	c := search.DefaultConfig()
	c.Algorithm, c.Level, c.Iterations, c.Alpha, c.Tabu, c.TabuBias = search.NRPA, 3, 100, 1, true, 0.5
	if got, want := Describe(c), "nrpa level 3, 100 iterations, alpha 1, stabilize 1, tabu colour weighted 0.5"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	c.Stabilize, c.CellCode, c.SizeBias, c.TabuBias = 4, true, -0.1, 0
	if got, want := Describe(c), "nrpa level 3, 100 iterations, alpha 1, stabilize 4, cell code, size bias -0.1, tabu colour"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	c.Algorithm, c.Tabu = search.NMCS, false
	if got, want := Describe(c), "nmcs level 3, uniform playouts"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	c.Algorithm, c.BeamPlayouts, c.Width = search.Beam, false, 8
	if got, want := Describe(c), "beam width 8 (doubled each pass), valued by evaluation"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestOpenResultsWritesSettings: a new file, or one of comments alone, gets
// the run's settings line before its results; a file with that line takes
// the run's results after its own.
func TestOpenResultsWritesSettings(t *testing.T) {
	dir := t.TempDir()
	for _, before := range []string{"", "# notes\n"} {
		path := filepath.Join(dir, "r.txt")
		os.Remove(path)
		if before != "" {
			if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		r, err := OpenResults(path, "S")
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Add("1 5 a1 3 0.1"); err != nil {
			t.Fatal(err)
		}
		r.Close()
		want := before + "# settings: S\n1 5 a1 3 0.1\n"
		if got, _ := os.ReadFile(path); string(got) != want {
			t.Errorf("from %q: file %q, want %q", before, got, want)
		}
		r, err = OpenResults(path, "S")
		if err != nil {
			t.Fatalf("resumed with the same settings: %v", err)
		}
		if _, score, ok := r.Done(1); !ok || score != 5 {
			t.Errorf("resumed: board 1 %d, %v; want 5, done", score, ok)
		}
		r.Close()
		if got, _ := os.ReadFile(path); string(got) != want {
			t.Errorf("resumed: file %q, want it unchanged, %q", got, want)
		}
	}
}

// TestSettingsNameWhatResultsDependOn: every setting that changes a
// board's result changes the settings line; the boards searched do not.
func TestSettingsNameWhatResultsDependOn(t *testing.T) {
	base := Search{Boards: boards, Numbers: []int{1, 2}, Config: search.DefaultConfig(), Limit: time.Second, Log: zap.NewNop()}
	line := base.Settings("dir/boards.txt")
	some := base
	some.Numbers = []int{2}
	if got := some.Settings("elsewhere/boards.txt"); got != line {
		t.Errorf("other boards of the file, from another directory: %q, want %q", got, line)
	}
	for name, change := range map[string]func(*Search){
		"seed":       func(s *Search) { s.Config.Seed++ },
		"penalty":    func(s *Search) { s.Config.Penalty = true },
		"probes":     func(s *Search) { s.Config.Probes++ },
		"level":      func(s *Search) { s.Config.Level++ },
		"algorithm":  func(s *Search) { s.Config.Algorithm = search.NMCS },
		"tabu":       func(s *Search) { s.Config.Tabu = !s.Config.Tabu },
		"time":       func(s *Search) { s.Limit *= 2 },
		"cpu":        func(s *Search) { s.CPU = true },
		"playouts":   func(s *Search) { s.Playouts = 100 },
		"one board":  func(s *Search) { s.Boards = append([]samegame.Board{boards[1]}, boards[1:]...) },
		"more board": func(s *Search) { s.Boards = append(boards[:len(boards):len(boards)], boards[0]) },
	} {
		other := base
		change(&other)
		if got := other.Settings("dir/boards.txt"); got == line {
			t.Errorf("%s changed: the settings line stayed %q", name, got)
		}
	}
}
