package endgame

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// ffoEntry is one line of testdata/ffo40-59.txt: a position, every move
// that reaches its best score, and that score.
type ffoEntry struct {
	id    int
	pos   othello.Position
	best  []othello.Move
	score int
}

// readFFO reads the FFO endgame suite, #40 to #59.
func readFFO(t testing.TB) []ffoEntry {
	t.Helper()
	f, err := os.Open("testdata/ffo40-59.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var entries []ffoEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 5 {
			t.Fatalf("ffo: bad line %q", sc.Text())
		}
		id, err := strconv.Atoi(fields[0])
		if err != nil {
			t.Fatal(err)
		}
		pos, err := othello.ParsePosition(fields[1] + " " + fields[2])
		if err != nil {
			t.Fatal(err)
		}
		var best []othello.Move
		for _, sq := range strings.Split(fields[3], ",") {
			m, err := othello.ParseSquare(sq)
			if err != nil {
				t.Fatal(err)
			}
			best = append(best, m)
		}
		score, err := strconv.Atoi(fields[4])
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, ffoEntry{id, pos, best, score})
	}
	if len(entries) != 20 {
		t.Fatalf("ffo: %d positions, want 20", len(entries))
	}
	return entries
}

// setOrderEval gives s the embedded evaluation for its move ordering, as
// search does.
func setOrderEval(t testing.TB, s *Solver) {
	t.Helper()
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	s.SetOrderEval(func(p, o uint64) int32 { return w.Eval(othello.Position{Player: p, Opponent: o}) })
}

// newTestSolver returns a solver with a small table, enough for tests.
func newTestSolver(t testing.TB) *Solver {
	t.Helper()
	s, err := New(16 << 20)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func contains(moves []othello.Move, m othello.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

func mustSolve(t testing.TB, s *Solver, pos othello.Position, mode Mode) Result {
	t.Helper()
	r, err := s.Solve(context.Background(), pos, mode)
	if err != nil {
		t.Fatalf("solve %v: %v", pos, err)
	}
	return r
}
