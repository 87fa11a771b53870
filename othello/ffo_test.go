package othello

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// ffoEntry is one line of testdata/ffo40-59.txt (format in docs/data.md):
// a position, its best moves and exact score.
type ffoEntry struct {
	id    int
	pos   Position
	best  []Move
	score int
}

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
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 5 {
			t.Fatalf("ffo: bad line %q", sc.Text())
		}
		id, err := strconv.Atoi(fields[0])
		if err != nil {
			t.Fatalf("ffo: bad id in %q", sc.Text())
		}
		pos, err := ParsePosition(fields[1] + " " + fields[2])
		if err != nil {
			t.Fatalf("ffo #%d: %v", id, err)
		}
		var best []Move
		for _, s := range strings.Split(fields[3], ",") {
			m, err := ParseSquare(s)
			if err != nil {
				t.Fatalf("ffo #%d: %v", id, err)
			}
			best = append(best, m)
		}
		score, err := strconv.Atoi(fields[4])
		if err != nil {
			t.Fatalf("ffo #%d: bad score %q", id, fields[4])
		}
		entries = append(entries, ffoEntry{id, pos, best, score})
	}
	if len(entries) != 20 {
		t.Fatalf("ffo: read %d positions, want 20 (#40..#59)", len(entries))
	}
	return entries
}

// TestFFOPositions checks that every FFO position parses, round-trips through
// the board string, and that every listed best move is legal.
func TestFFOPositions(t *testing.T) {
	for _, e := range readFFO(t) {
		if e.id < 40 || e.id > 59 {
			t.Errorf("ffo id %d outside 40..59", e.id)
		}
		back, err := ParsePosition(e.pos.String())
		if err != nil || back != e.pos {
			t.Errorf("ffo #%d: round trip %s gave %v, %v", e.id, e.pos, back, err)
		}
		if empties := e.pos.Empties(); empties < 20 || empties > 34 {
			t.Errorf("ffo #%d: %d empty squares, want 20..34", e.id, empties)
		}
		for _, m := range e.best {
			if !e.pos.IsLegal(m) || m == Pass {
				t.Errorf("ffo #%d: best move %s is not legal in %s", e.id, m, e.pos)
			}
		}
	}
}
