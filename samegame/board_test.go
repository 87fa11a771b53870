package samegame

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestFalling: removing a group lets the cells above it fall, in every
// column it touched.
func TestFalling(t *testing.T) {
	b := MustBoard(
		"12.",
		"21.",
		"112",
	)
	// The group of a1: a1, b1, b2 (a2 is a 2).
	p, ok := b.Play(Cell{0, 0})
	if !ok || p != Points(3) {
		t.Fatalf("Play a1 = %d, %v; want %d, true", p, ok, Points(3))
	}
	// Column a: the 2 of a2 falls to a1, the 1 of a3 to a2. Column b: the 2
	// of b3 falls to b1. Column c is untouched.
	exp := "...\n1..\n222\n"
	if got := b.String(); got != exp {
		t.Fatalf("after a1:\n%s want\n%s", got, exp)
	}
	if b.Count(1) != 1 || b.Count(2) != 3 || b.Cells() != 4 {
		t.Fatalf("counts %v, cells %d", b.Counts(), b.Cells())
	}
}

// TestShifting: an emptied column disappears and the columns to its right
// shift left, keeping their heights.
func TestShifting(t *testing.T) {
	b := MustBoard(
		"..3.",
		"1.32",
		"1232",
	)
	p, ok := b.Play(Cell{0, 1}) // the 1s of column a
	if !ok || p != 0 {
		t.Fatalf("Play a2 = %d, %v", p, ok)
	}
	exp := ".3..\n.32.\n232.\n"
	if got := b.String(); got != exp {
		t.Fatalf("after a2:\n%s want\n%s", got, exp)
	}
	if b.Columns() != 3 || b.ColumnHeight(0) != 1 || b.ColumnHeight(1) != 3 || b.ColumnHeight(2) != 2 {
		t.Fatalf("columns %d heights %d %d %d", b.Columns(), b.ColumnHeight(0), b.ColumnHeight(1), b.ColumnHeight(2))
	}
	// The 3s fill column b now: removing them empties it again.
	if p, ok := b.Play(Cell{1, 2}); !ok || p != Points(3) {
		t.Fatalf("Play b3 = %d, %v", p, ok)
	}
	exp = "....\n.2..\n22..\n"
	if got := b.String(); got != exp {
		t.Fatalf("after b3:\n%s want\n%s", got, exp)
	}
	// Two empty columns in the middle at once: remove a group spanning them.
	b = MustBoard(
		"3..4",
		"2114",
	)
	if _, ok := b.Play(Cell{1, 0}); !ok {
		t.Fatal("Play b1 refused")
	}
	if exp := "34..\n24..\n"; b.String() != exp {
		t.Fatalf("after b1:\n%s want\n%s", b.String(), exp)
	}
}

// TestBonusAndPenalty: clearing the board adds ClearBonus; the penalty
// takes (c-2)^2 for each colour with c > 2 cells left, and nothing for
// colours with 1 or 2.
func TestBonusAndPenalty(t *testing.T) {
	b := MustBoard(
		"00",
		"11",
	)
	s, over, err := Replay(b, []Cell{{0, 0}, {0, 0}}, true)
	if err != nil || !over || s != 0+0+ClearBonus {
		t.Fatalf("clear: %d %v %v", s, over, err)
	}
	// Left over: colour 0 x8, colour 1 x2, colour 2 x1, colour 3 x5. Nothing
	// is adjacent to the same colour.
	end := MustBoard(
		"0103",
		"3030",
		"0302",
		"1030",
	)
	if !end.Terminal() {
		t.Fatal("not terminal")
	}
	if got, want := end.Penalty(), (8-2)*(8-2)+(5-2)*(5-2); got != want {
		t.Fatalf("Penalty = %d, want %d (counts %v)", got, want, end.Counts())
	}
	if end.EndAdjustment(true) != -45 || end.EndAdjustment(false) != 0 {
		t.Fatalf("EndAdjustment %d %d", end.EndAdjustment(true), end.EndAdjustment(false))
	}
	var e Board
	if !e.Empty() || e.EndAdjustment(true) != ClearBonus {
		t.Fatal("an empty board is cleared")
	}
}

// TestIllegalMoves: a single cell, an empty cell and a cell off the board
// are refused and leave the board as it was.
func TestIllegalMoves(t *testing.T) {
	b := MustBoard(
		"1.",
		"21",
	)
	before := b
	for _, c := range []Cell{{0, 0}, {1, 1}, {5, 0}, {0, 7}} {
		if _, ok := b.Play(c); ok {
			t.Errorf("Play %s accepted", c)
		}
		if b != before {
			t.Fatalf("Play %s changed the board", c)
		}
	}
	if !b.Terminal() || len(b.Moves(nil)) != 0 {
		t.Fatal("no group of two: terminal")
	}
}

// TestHashTransposition: two orders reaching one position hash the same;
// different positions differ.
func TestHashTransposition(t *testing.T) {
	b := MustBoard(
		"1122",
		"3344",
	)
	x, y := b, b
	x.Play(Cell{0, 1})
	x.Play(Cell{2, 0})
	y.Play(Cell{2, 0})
	y.Play(Cell{0, 1})
	if x != y || x.Hash() != y.Hash() {
		t.Fatalf("orders differ:\n%s\n%s", x.String(), y.String())
	}
	z := b
	z.Play(Cell{0, 0})
	if z.Hash() == x.Hash() {
		t.Fatal("different positions, same hash")
	}
	// The canonical position does not depend on the original width.
	narrow := MustBoard("2", "4")
	wide := MustBoard("2...", "4...")
	if narrow.Hash() != wide.Hash() {
		t.Fatal("hash depends on the empty columns")
	}
}

// gridReference is an independent, plain implementation of the rules on
// a slice of columns (bottom first), for comparison.
type gridReference [][]int

func toGrid(b *Board) gridReference {
	g := make(gridReference, b.Columns())
	for x := range g {
		for y := 0; y < b.ColumnHeight(x); y++ {
			g[x] = append(g[x], b.At(x, y))
		}
	}
	return g
}

func (g gridReference) at(x, y int) int {
	if x < 0 || x >= len(g) || y < 0 || y >= len(g[x]) {
		return -1
	}
	return g[x][y]
}

// group returns the cells of the group at (x, y) by recursion.
func (g gridReference) group(x, y int) map[[2]int]bool {
	cells := map[[2]int]bool{}
	var visit func(x, y int)
	visit = func(x, y int) {
		if cells[[2]int{x, y}] || g.at(x, y) != g.at(0+x, y) {
			return
		}
		cells[[2]int{x, y}] = true
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if g.at(x+d[0], y+d[1]) == g[x][y] {
				visit(x+d[0], y+d[1])
			}
		}
	}
	visit(x, y)
	return cells
}

func (g gridReference) play(x, y int) gridReference {
	gone := g.group(x, y)
	var out gridReference
	for cx, col := range g {
		var nc []int
		for cy, v := range col {
			if !gone[[2]int{cx, cy}] {
				nc = append(nc, v)
			}
		}
		if len(nc) > 0 {
			out = append(out, nc)
		}
	}
	return out
}

// TestAgainstReference plays random games on random boards and compares
// moves, points and positions with the plain implementation.
func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf [MaxMoves]Group
	for game := range 300 {
		w, h := 1+r.IntN(MaxSize), 1+r.IntN(MaxSize)
		b := RandomBoard(r, w, h, 2+r.IntN(5))
		for ply := 0; ply < MaxPlies; ply++ {
			g := toGrid(&b)
			moves := b.Moves(buf[:0])
			// The reference's groups: every cell, its group, size >= 2.
			var ref []Group
			seen := map[[2]int]bool{}
			for x := range g {
				for y := range g[x] {
					if seen[[2]int{x, y}] {
						continue
					}
					cells := g.group(x, y)
					for c := range cells {
						seen[c] = true
					}
					if len(cells) >= 2 {
						ref = append(ref, Group{Cell{uint8(x), uint8(y)}, uint16(len(cells)), uint8(g[x][y])})
					}
				}
			}
			if !slices.Equal(moves, ref) {
				t.Fatalf("game %d ply %d: Moves %v, reference %v\n%s", game, ply, moves, ref, b.String())
			}
			if b.Terminal() != (len(ref) == 0) {
				t.Fatalf("game %d ply %d: Terminal %v with %d groups", game, ply, b.Terminal(), len(ref))
			}
			if len(ref) == 0 {
				break
			}
			m := ref[r.IntN(len(ref))]
			// Play through any cell of the group, not only the representative.
			var cells [][2]int
			for c := range g.group(int(m.Cell.Col), int(m.Cell.Row)) {
				cells = append(cells, c)
			}
			slices.SortFunc(cells, func(a, b [2]int) int { return a[0]*100 + a[1] - b[0]*100 - b[1] })
			any := cells[r.IntN(len(cells))]
			if got, ok := b.GroupAt(Cell{uint8(any[0]), uint8(any[1])}); !ok || got != m {
				t.Fatalf("GroupAt %v = %v, want %v", any, got, m)
			}
			hash := b.Hash()
			p, ok := b.Play(Cell{uint8(any[0]), uint8(any[1])})
			if !ok || p != m.Points() {
				t.Fatalf("Play %v = %d %v, want %d", any, p, ok, m.Points())
			}
			want := g.play(any[0], any[1])
			if got := toGrid(&b); !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("game %d ply %d: after %v\n%v want\n%v", game, ply, any, got, want)
			}
			if b.Hash() == hash {
				t.Fatal("hash unchanged by a move")
			}
			// String round trip.
			back, err := NewBoard(strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"))
			if err != nil || back != b {
				t.Fatalf("round trip: %v\n%s", err, b.String())
			}
		}
	}
}

func TestStandardSet(t *testing.T) {
	boards := standardBoards(t)
	if len(boards) != 20 {
		t.Fatalf("%d boards", len(boards))
	}
	for i, b := range boards {
		if b.Width() != 15 || b.Height() != 15 || b.Cells() != 225 || b.Columns() != 15 {
			t.Fatalf("board %d: %dx%d, %d cells", i+1, b.Width(), b.Height(), b.Cells())
		}
		n := 0
		for c, k := range b.Counts() {
			if k > 0 {
				n++
				if c > 4 {
					t.Fatalf("board %d has colour %d", i+1, c)
				}
			}
		}
		if n != 5 {
			t.Fatalf("board %d: %d colours", i+1, n)
		}
		if i >= 10 && i < 15 {
			for c := range 5 {
				if b.Count(c) != 45 {
					t.Fatalf("board %d colour %d: %d cells, the header says 45", i+1, c, b.Count(c))
				}
			}
		}
	}
	// Board 1's top row is "3 1 1 4 1 ...": a15 is 3, b15 is 1.
	if boards[0].At(0, 14) != 3 || boards[0].At(1, 14) != 1 || boards[0].At(3, 14) != 4 {
		t.Fatal("board 1 top row misread")
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ text, msg string }{
		{"12\n123\n", "f: board 1, line 2: row of 3 cells, the board's first row has 2"},
		{"# c\n12\n\n12\n1x\n", "f: board 2, line 5: character 'x' is neither a colour digit 0-9 nor '.'"},
		{"1.\n.1\n", "f: board 1, line 1: cell a2 floats above the empty cell a1"},
		{"1..\n1.1\n", "f: board 1, line 2: column b is empty but column c to its right has cells"},
		{strings.Repeat("1\n", 21), "f: board 1, line 21: more than 20 rows"},
		{strings.Repeat("1", 21) + "\n", "f: board 1, line 1: 21 columns, more than 20"},
		{"# only a comment\n\n", "f: no board"},
		{"12\n12\n\n# c\n" + strings.Repeat("1", 1<<16) + "\n", "f: board 2, line 5: over 65536 bytes, more than 20 columns"},
		// A byte that is not UTF-8 is shown in hex, not as U+FFFD or as
		// the Latin-1 letter of its value; a character as itself.
		{"12\n1\xff\n", `f: board 1, line 2: character '\xff' is neither a colour digit 0-9 nor '.'`},
		{"1\xe9\n12\n", `f: board 1, line 1: character '\xe9' is neither a colour digit 0-9 nor '.'`},
		{"1é\n12\n", "f: board 1, line 1: character 'é' is neither a colour digit 0-9 nor '.'"},
		// A byte order mark is skipped at the start of the file only.
		{"12\n\ufeff12\n", `f: board 1, line 2: character '\ufeff' is neither a colour digit 0-9 nor '.'`},
	}
	for _, c := range cases {
		_, err := ParseBoards(strings.NewReader(c.text), "f")
		if err == nil || err.Error() != c.msg {
			t.Errorf("%q: error %v, want %q", c.text[:min(len(c.text), 40)], err, c.msg)
		}
	}
	var be *BoardError
	_, err := ParseBoards(strings.NewReader("1 2\n1 2 3\n"), "f")
	if !errors.As(err, &be) || be.Line != 2 {
		t.Fatalf("BoardError %v", err)
	}
	// Spaces between cells, trailing spaces, CRLF and '.' are accepted.
	bs, err := ParseBoards(strings.NewReader("1 . \r\n1 2 \r\n"), "f")
	if err != nil || len(bs) != 1 || bs[0].String() != "1.\n12\n" {
		t.Fatalf("%v %v", err, bs)
	}
	// A UTF-8 byte order mark (Windows editors write one) starts the file.
	bs, err = ParseBoards(strings.NewReader("\ufeff12\r\n21\r\n"), "f")
	if err != nil || len(bs) != 1 || bs[0].String() != "12\n21\n" {
		t.Fatalf("a file with a byte order mark: %v %v", err, bs)
	}
}

func TestNotation(t *testing.T) {
	for _, s := range []string{"a1", "c1", "o15", "t20"} {
		c, err := ParseMove(s)
		if err != nil || c.String() != s {
			t.Errorf("%s: %v %v", s, c, err)
		}
	}
	if c, _ := ParseMove("c1"); c != (Cell{2, 0}) {
		t.Fatalf("c1 = %v", c)
	}
	// The column letter in either case: C1 is c1.
	for _, s := range []string{"A1", "C1", "T20"} {
		c, err := ParseMove(s)
		if err != nil || c.String() != strings.ToLower(s) {
			t.Errorf("%s: %v %v, want %s", s, c, err, strings.ToLower(s))
		}
	}
	for _, s := range []string{"", "a", "1a", "u1", "U1", "@1", "`1", "a0", "a21", "a1x", "a100", "\xc11"} {
		if _, err := ParseMove(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	ms, err := ParseMoves("a1, b2,c3")
	if err != nil || FormatMoves(ms) != "a1,b2,c3" {
		t.Fatalf("%v %v", ms, err)
	}
	if ms, err := ParseMoves("-"); err != nil || len(ms) != 0 || FormatMoves(ms) != "-" {
		t.Fatalf("- : %v %v", ms, err)
	}
	if _, err := ParseMoves("a1,,b2"); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Fatalf("empty move: %v", err)
	}
}

func TestReplayErrors(t *testing.T) {
	b := MustBoard(
		"12",
		"11",
	)
	_, _, err := Replay(b, []Cell{{1, 1}}, false)
	var re *ReplayError
	if !errors.As(err, &re) || re.Index != 1 || err.Error() != "move 1 (b2): a single cell of colour 2, not a group of two or more" {
		t.Fatalf("%v", err)
	}
	_, _, err = Replay(b, []Cell{{0, 0}, {0, 0}}, false)
	if err == nil || err.Error() != "move 2 (a1): the game is already over" {
		t.Fatalf("%v", err)
	}
	_, _, err = Replay(MustBoard("2.", "11"), []Cell{{1, 1}}, false)
	if err == nil || err.Error() != "move 1 (b2): empty cell" {
		t.Fatalf("%v", err)
	}
	_, _, err = Replay(b, []Cell{{4, 0}}, false)
	if err == nil || err.Error() != "move 1 (e1): outside the 2x2 board" {
		t.Fatalf("%v", err)
	}
	s, over, err := Replay(b, nil, true)
	if err != nil || over || s != 0 {
		t.Fatalf("no moves: %d %v %v", s, over, err)
	}
}

func TestRandomBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	b := RandomBoard(r, 7, 5, 3)
	back, err := NewBoard(strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"))
	if err != nil || back != b || b.Cells() != 35 || b.Count(3) != 0 || b.Count(0)+b.Count(1)+b.Count(2) != 35 {
		t.Fatalf("%v\n%s", err, b.String())
	}
}
