package othello

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestWritePerftTable: the path in use, a header and a row a depth, the leaves those of
// the published start-position perft (4, 12, 56, 244), in fixed columns.
func TestWritePerftTable(t *testing.T) {
	var sb strings.Builder
	if err := WritePerftTable(&sb, 1, 4); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != 6 || lines[0] != "move generation: "+CPU() {
		t.Fatalf("got\n%s", sb.String())
	}
	lines = lines[1:]
	if lines[0] != "depth           leaves    seconds       leaves/s" {
		t.Fatalf("got\n%s", sb.String())
	}
	for d, want := range []uint64{4, 12, 56, 244} {
		var depth int
		var leaves uint64
		var secs, rate float64
		if _, err := fmt.Sscan(lines[d+1], &depth, &leaves, &secs, &rate); err != nil || depth != d+1 || leaves != want ||
			secs < 0 || rate < 0 || len(lines[d+1]) != len(lines[0]) {
			t.Errorf("row %q (%v): want depth %d, %d leaves, aligned under the header", lines[d+1], err, d+1, want)
		}
	}
	if err := WritePerftTable(failing{}, 1, 1); err == nil {
		t.Error("a write error was lost")
	}
}

// TestWritePerftTableFrom: a table from a depth above 1 has the rows from
// that depth on, and nothing of the depths before it.
func TestWritePerftTableFrom(t *testing.T) {
	var sb strings.Builder
	if err := WritePerftTable(&sb, 5, 5); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("got\n%s\nwant the path, the header and one row", sb.String())
	}
	if f := strings.Fields(lines[2]); len(f) != 4 || f[0] != "5" || f[1] != "1396" {
		t.Errorf("row %q: want depth 5 with 1396 leaves", lines[2])
	}
}

// failing is a writer that fails.
type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("closed") }
