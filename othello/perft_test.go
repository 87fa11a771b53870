package othello

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readPerftTable reads testdata/perft.txt, the standard table (docs/data.md).
func readPerftTable(t testing.TB) map[int]uint64 {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	table := map[int]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var depth int
		var leaves uint64
		fields := strings.Fields(line)
		if len(fields) != 2 {
			t.Fatalf("perft.txt: bad line %q", line)
		}
		depth, err1 := strconv.Atoi(fields[0])
		leaves, err2 := strconv.ParseUint(fields[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("perft.txt: bad line %q", line)
		}
		table[depth] = leaves
	}
	if len(table) < 11 {
		t.Fatalf("perft.txt: only %d depths", len(table))
	}
	return table
}

// TestPerftStart checks perft from the start position against the reference
// table, depths 1..10 (depth 10 is 24.5 million leaves, about a tenth of a
// second; -short stops at 9).
func TestPerftStart(t *testing.T) {
	table := readPerftTable(t)
	maxDepth := 10
	if testing.Short() {
		maxDepth = 9
	}
	for d := 1; d <= maxDepth; d++ {
		if got := Perft(Start(), d); got != table[d] {
			t.Errorf("perft(start, %d) = %d, want %d", d, got, table[d])
		}
	}
}

// TestPerftAfterFirstMoves checks that the four first moves, which are
// symmetric images of each other, each hold a quarter of the tree.
func TestPerftAfterFirstMoves(t *testing.T) {
	table := readPerftTable(t)
	first := []string{"d3", "c4", "f5", "e6"}
	for d := 1; d <= 8; d++ {
		var sum uint64
		var counts []uint64
		for _, s := range first {
			m, err := ParseSquare(s)
			if err != nil {
				t.Fatal(err)
			}
			n := Perft(Start().Play(m), d)
			counts = append(counts, n)
			sum += n
		}
		for i, n := range counts {
			if n != counts[0] {
				t.Errorf("depth %d: perft after %s = %d, after %s = %d; want equal by symmetry", d, first[i], n, first[0], counts[0])
			}
		}
		if sum != table[d+1] {
			t.Errorf("depth %d: sum over first moves = %d, want perft(start, %d) = %d", d, sum, d+1, table[d+1])
		}
	}
}

// slowPerft walks the tree with the public API only (Game.Play with its
// legality checks), as an independent check of the fast counting path on
// positions where passes and game ends occur.
func slowPerft(g *Game, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	pos := g.Position()
	if pos.GameOver() {
		return 1
	}
	moves := pos.Moves()
	if moves == 0 {
		if err := g.Play(Pass); err != nil {
			panic(err)
		}
		n := slowPerft(g, depth-1)
		g.Undo()
		return n
	}
	var n uint64
	for sq := Move(0); sq < Pass; sq++ {
		if moves&(1<<sq) == 0 {
			continue
		}
		if err := g.Play(sq); err != nil {
			panic(err)
		}
		n += slowPerft(g, depth-1)
		g.Undo()
	}
	return n
}

// TestPerftEndgames compares the fast perft with the slow one from FFO
// positions, whose trees contain passes and finished games.
func TestPerftEndgames(t *testing.T) {
	for _, e := range readFFO(t)[:6] {
		g := NewGame()
		if err := g.SetPosition(e.pos, 0); err != nil {
			t.Fatal(err)
		}
		for d := 1; d <= 5; d++ {
			if got, want := Perft(e.pos, d), slowPerft(g, d); got != want {
				t.Errorf("FFO #%d depth %d: perft %d, slow perft %d", e.id, d, got, want)
			}
		}
	}
}

// TestPerftFinishedGame checks the convention for a finished game: one pass,
// then a leaf at every depth.
func TestPerftFinishedGame(t *testing.T) {
	full, err := ParseBoard64(strings.Repeat("X", 40)+strings.Repeat("O", 24), White)
	if err != nil {
		t.Fatal(err)
	}
	for d := 0; d <= 4; d++ {
		if got := Perft(full, d); got != 1 {
			t.Errorf("perft(full board, %d) = %d, want 1", d, got)
		}
	}
	// One side can move only after the other passes.
	pos, err := ParsePosition("XXXXXXXXXXXXXXX-XXXXXXXXXXXXXXXOXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X")
	if err != nil {
		t.Fatal(err)
	}
	if pos.Moves() != 0 || pos.Pass().Moves() == 0 {
		t.Fatalf("test position: want black to pass and white to move")
	}
	// Depth 1: the pass. Depth 2: pass, then white's single move. Depth 3:
	// the game is then over, so one more pass and a leaf.
	for d, want := range []uint64{1, 1, 1, 1} {
		if got := Perft(pos, d); got != want {
			t.Errorf("perft(pass position, %d) = %d, want %d", d, got, want)
		}
	}
}
