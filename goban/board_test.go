package goban

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestNewSizes(t *testing.T) {
	for _, n := range []int{0, -1, 20, 100} {
		if _, err := New(n); !errors.Is(err, ErrSize) {
			t.Errorf("New(%d): %v, want ErrSize", n, err)
		}
	}
	for n := 1; n <= MaxSize; n++ {
		b, err := New(n)
		if err != nil {
			t.Fatalf("New(%d): %v", n, err)
		}
		if b.Size() != n || b.Count(Empty) != n*n || b.Count(Black) != 0 || b.Count(White) != 0 || b.Hash() != 0 {
			t.Errorf("New(%d): size %d, %d empty, %d black, %d white, hash %x", n, b.Size(),
				b.Count(Empty), b.Count(Black), b.Count(White), b.Hash())
		}
		seen := map[Point]bool{}
		for r := range n {
			for c := range n {
				p := at(t, b, r, c)
				if gr, gc := b.RowCol(p); gr != r || gc != c || !b.OnBoard(p) || p == Pass || seen[p] {
					t.Fatalf("n=%d: (%d, %d) -> %d -> (%d, %d), on board %v, seen %v", n, r, c, p, gr, gc, b.OnBoard(p), seen[p])
				}
				seen[p] = true
			}
		}
		for _, rc := range [][2]int{{-1, 0}, {0, -1}, {n, 0}, {0, n}, {n, n}} {
			if _, ok := b.Point(rc[0], rc[1]); ok {
				t.Errorf("n=%d: (%d, %d) reported on the board", n, rc[0], rc[1])
			}
		}
		if b.OnBoard(Pass) || b.OnBoard(-3) || b.OnBoard(Point(maxCells+5)) {
			t.Errorf("n=%d: Pass or an out-of-range index reported on the board", n)
		}
		if got := len(b.LegalMoves(Black, nil)); got != n*n && n > 1 {
			t.Errorf("n=%d: %d legal moves on the empty board, want %d", n, got, n*n)
		}
	}
}

func TestSingleCapture(t *testing.T) {
	b := diagram(t,
		".X.",
		"XO.",
		".X.")
	if got := b.Liberties(at(t, b, 1, 1)); got != 1 {
		t.Fatalf("white stone has %d liberties, want 1", got)
	}
	if n := mustPlay(t, b, 1, 2, Black); n != 1 {
		t.Errorf("captured %d, want 1", n)
	}
	want(t, b,
		".X.",
		"X.X",
		".X.")
	if b.Count(White) != 0 || b.Count(Black) != 4 || b.Count(Empty) != 5 {
		t.Errorf("counts: %d black, %d white, %d empty", b.Count(Black), b.Count(White), b.Count(Empty))
	}
}

func TestMultiStoneCapture(t *testing.T) {
	b := diagram(t,
		".XX.",
		"XOO.",
		".XX.",
		"....")
	if got := b.StringSize(at(t, b, 1, 2)); got != 2 {
		t.Fatalf("white string of %d stones, want 2", got)
	}
	if n := mustPlay(t, b, 1, 3, Black); n != 2 {
		t.Errorf("captured %d, want 2", n)
	}
	want(t, b,
		".XX.",
		"X..X",
		".XX.",
		"....")
	// The black stones around regain the liberties.
	if got := b.Liberties(at(t, b, 0, 1)); got != 4 {
		t.Errorf("black (0,1)-(0,2) has %d liberties, want 4", got)
	}
}

// TestCaptureThreeStrings captures three strings with one stone.
func TestCaptureThreeStrings(t *testing.T) {
	b := diagram(t,
		".OX..",
		"OX.X.",
		"XO.OX",
		".XOX.",
		"..X..")
	for _, rc := range [][2]int{{2, 1}, {2, 3}, {3, 2}} {
		if got := b.Liberties(at(t, b, rc[0], rc[1])); got != 1 {
			t.Fatalf("white (%d,%d): %d liberties, want 1", rc[0], rc[1], got)
		}
	}
	if n := mustPlay(t, b, 2, 2, Black); n != 3 {
		t.Errorf("captured %d, want 3", n)
	}
	want(t, b,
		".OX..",
		"OX.X.",
		"X.X.X",
		".X.X.",
		"..X..")
	if got := b.Liberties(at(t, b, 2, 2)); got != 4 {
		t.Errorf("the capturing stone has %d liberties, want 4", got)
	}
	if b.Count(White) != 2 || b.Count(Black) != 9 {
		t.Errorf("%d black, %d white, want 9, 2", b.Count(Black), b.Count(White))
	}
}

func TestSuicide(t *testing.T) {
	b := diagram(t,
		".X.",
		"X.X",
		".X.")
	for _, rc := range [][2]int{{0, 0}, {1, 1}, {2, 2}, {0, 2}} {
		p := at(t, b, rc[0], rc[1])
		if b.IsLegal(p, White) {
			t.Errorf("white at (%d,%d) is suicide, reported legal", rc[0], rc[1])
		}
		if err := b.Check(p, White); !errors.Is(err, ErrSuicide) {
			t.Errorf("Check white (%d,%d): %v, want ErrSuicide", rc[0], rc[1], err)
		}
		if !b.IsLegal(p, Black) {
			t.Errorf("black at (%d,%d) fills its own eye: legal, reported illegal", rc[0], rc[1])
		}
	}
	before := b.String()
	if _, err := b.Play(at(t, b, 1, 1), White); !errors.Is(err, ErrSuicide) {
		t.Fatalf("Play suicide: %v", err)
	}
	if b.String() != before {
		t.Errorf("a refused move changed the board:\n%s", b)
	}
}

// TestMultiStoneSuicide: a string filling its own last liberty without
// capturing.
func TestMultiStoneSuicide(t *testing.T) {
	b := diagram(t,
		"OO.X",
		"XXXX",
		"....",
		"....")
	if err := b.Check(at(t, b, 0, 2), White); !errors.Is(err, ErrSuicide) {
		t.Errorf("white (0,2) kills its own two stones: %v, want ErrSuicide", err)
	}
	if n := mustPlay(t, b, 0, 2, Black); n != 2 {
		t.Errorf("black (0,2) captured %d, want 2", n)
	}
}

func TestSuicideThatCaptures(t *testing.T) {
	b := diagram(t,
		".XO.",
		"XO..",
		"O...",
		"....")
	// White at (0,0) has no liberty of its own but captures both black
	// stones; black at (0,0) would be suicide of all three.
	if err := b.Check(at(t, b, 0, 0), Black); !errors.Is(err, ErrSuicide) {
		t.Errorf("black (0,0): %v, want ErrSuicide", err)
	}
	if n := mustPlay(t, b, 0, 0, White); n != 2 {
		t.Errorf("captured %d, want 2", n)
	}
	want(t, b,
		"O.O.",
		".O..",
		"O...",
		"....")
	if got := b.Liberties(at(t, b, 0, 0)); got != 2 {
		t.Errorf("the capturing stone has %d liberties, want 2", got)
	}
}

// TestSnapback: white throws in a stone, black takes it, and white takes
// back five stones at once on the point of the throw-in; the ko rule must
// not forbid that.
func TestSnapback(t *testing.T) {
	b := diagram(t,
		"..XO",
		"XXXO",
		"OOOO",
		"....")
	g := NewGame(b)
	if n := mustPlayGame(t, g, 0, 1, White); n != 0 {
		t.Fatalf("the throw-in captured %d", n)
	}
	if n := mustPlayGame(t, g, 0, 0, Black); n != 1 {
		t.Fatalf("black took %d, want the one stone", n)
	}
	if n := mustPlayGame(t, g, 0, 1, White); n != 5 {
		t.Fatalf("snapback took %d, want 5", n)
	}
	want(t, g.Board(),
		".O.O",
		"...O",
		"OOOO",
		"....")
}

// TestKo: the basic ko forbids the immediate recapture; a move elsewhere
// (a ko threat and its answer) lifts it.
func TestKo(t *testing.T) {
	start := diagram(t,
		".XO.",
		"XO.O",
		".XO.",
		"....")
	for _, useGame := range []bool{false, true} {
		var b *Board
		var g *Game
		play := func(row, col int, c Color) (int, error) {
			if useGame {
				return g.Play(at(t, b, row, col), c)
			}
			return b.Play(at(t, b, row, col), c)
		}
		if useGame {
			g = NewGame(start)
			b = g.Board()
		} else {
			b = new(Board)
			b.CopyFrom(start)
		}
		if n, err := play(1, 2, Black); n != 1 || err != nil {
			t.Fatalf("game %v: black takes the ko: %d, %v", useGame, n, err)
		}
		if got := b.Ko(White); got != at(t, b, 1, 1) || b.Ko(Black) != Pass {
			t.Errorf("game %v: ko point for white %d, for black %d", useGame, got, b.Ko(Black))
		}
		if _, err := play(1, 1, White); !errors.Is(err, ErrKo) {
			t.Fatalf("game %v: white retakes at once: %v, want ErrKo", useGame, err)
		}
		if useGame && g.IsLegal(at(t, b, 1, 1), White) {
			t.Errorf("Game.IsLegal allows the ko recapture")
		}
		if _, err := play(3, 3, White); err != nil {
			t.Fatal(err)
		}
		if _, err := play(3, 0, Black); err != nil {
			t.Fatal(err)
		}
		if n, err := play(1, 1, White); n != 1 || err != nil {
			t.Fatalf("game %v: white retakes after a threat: %d, %v", useGame, n, err)
		}
		want(t, b,
			".XO.",
			"XO.O",
			".XO.",
			"X..O")
	}
}

// TestKoAfterPasses: two passes lift the Board's basic ko, but retaking
// would recreate the position before the ko was taken, which the Game's
// positional superko forbids.
func TestKoAfterPasses(t *testing.T) {
	start := diagram(t,
		".XO.",
		"XO.O",
		".XO.",
		"....")
	g := NewGame(start)
	mustPlayGame(t, g, 1, 2, Black)
	for _, c := range []Color{White, Black} {
		if _, err := g.Play(Pass, c); err != nil {
			t.Fatal(err)
		}
	}
	p := at(t, g.Board(), 1, 1)
	if !g.Board().IsLegal(p, White) {
		t.Errorf("the Board forbids the recapture after two passes")
	}
	if err := g.Check(p, White); !errors.Is(err, ErrSuperko) {
		t.Errorf("Game.Check: %v, want ErrSuperko", err)
	}
	if g.IsLegal(p, White) {
		t.Errorf("Game.IsLegal allows a repetition")
	}
	for _, m := range g.LegalMoves(White, nil) {
		if m == p {
			t.Errorf("Game.LegalMoves lists the superko point")
		}
	}
}

// tripleKo is a 9x9 position with three independent kos A (row 1), K (row
// 4) and M (row 7). Black may take A and M, white may take K.
var tripleKo = []string{
	"...XO....",
	"..XO.O...",
	"...XO....",
	"...XO....",
	"..X.XO...",
	"...XO....",
	"...XO....",
	"..XO.O...",
	"...XO....",
}

// TestTripleKo plays the cycle of a triple ko: six captures, none an
// immediate recapture, return to the start position. The sixth is legal
// for the Board's basic ko and forbidden by the Game's superko.
func TestTripleKo(t *testing.T) {
	g := NewGame(diagram(t, tripleKo...))
	steps := []struct {
		row, col int
		c        Color
	}{
		{1, 4, Black}, // takes A
		{4, 3, White}, // takes K
		{7, 4, Black}, // takes M
		{1, 3, White}, // retakes A
		{4, 4, Black}, // retakes K
	}
	for i, s := range steps {
		if n := mustPlayGame(t, g, s.row, s.col, s.c); n != 1 {
			t.Fatalf("step %d: captured %d, want 1\n%s", i+1, n, g.Board())
		}
	}
	p := at(t, g.Board(), 7, 3)
	if !g.Board().IsLegal(p, White) {
		t.Fatalf("the Board forbids white retaking M:\n%s", g.Board())
	}
	if err := g.Check(p, White); !errors.Is(err, ErrSuperko) {
		t.Fatalf("white retakes M: %v, want ErrSuperko", err)
	}
	// Played on a copy of the board, the sixth capture restores the start.
	var b Board
	b.CopyFrom(g.Board())
	if n, err := b.Play(p, White); n != 1 || err != nil {
		t.Fatalf("board: %d, %v", n, err)
	}
	want(t, &b, tripleKo...)
	if b.Hash() != g.hashes[0] {
		t.Errorf("hash %x after the cycle, start %x", b.Hash(), g.hashes[0])
	}
	// Undo black's retake of K: the last move is white's retake of A, so
	// black may not take A back at once, and may retake K again.
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if len(g.Moves()) != 4 {
		t.Fatalf("record of %d moves after undo, want 4", len(g.Moves()))
	}
	if err := g.Check(at(t, g.Board(), 1, 4), Black); !errors.Is(err, ErrKo) {
		t.Errorf("after undo, black retaking A at once: %v, want ErrKo", err)
	}
	if err := g.Check(at(t, g.Board(), 4, 4), Black); err != nil {
		t.Errorf("after undo, black retaking K: %v", err)
	}
}

func TestOneByOne(t *testing.T) {
	b, err := New(1)
	if err != nil {
		t.Fatal(err)
	}
	p := at(t, b, 0, 0)
	for _, c := range []Color{Black, White} {
		if b.IsLegal(p, c) {
			t.Errorf("%v on 1x1: legal", c)
		}
		if err := b.Check(p, c); !errors.Is(err, ErrSuicide) {
			t.Errorf("%v on 1x1: %v, want ErrSuicide", c, err)
		}
		if got := b.LegalMoves(c, nil); len(got) != 0 {
			t.Errorf("%v on 1x1: legal moves %v", c, got)
		}
		if got := b.RandomMove(c, rand.NewPCG(1, 2)); got != Pass {
			t.Errorf("%v on 1x1: random move %d, want Pass", c, got)
		}
		g := NewGame(b)
		if got := g.PlayRandom(c, rand.NewPCG(1, 2)); got != Pass || len(g.Moves()) != 1 {
			t.Errorf("%v on 1x1: game random move %d, record %v", c, got, g.Moves())
		}
	}
}

func TestEdgesAndCorners(t *testing.T) {
	b := diagram(t,
		"O..X.",
		"X...X",
		".....",
		".XX..",
		"XOO..")
	// A corner stone has two liberties, an edge stone three.
	for _, c := range []struct{ row, col, libs int }{{0, 0, 1}, {0, 3, 3}, {1, 4, 3}, {1, 0, 2}, {4, 0, 1}, {4, 1, 1}, {3, 1, 4}} {
		if got := b.Liberties(at(t, b, c.row, c.col)); got != c.libs {
			t.Errorf("(%d,%d): %d liberties, want %d", c.row, c.col, got, c.libs)
		}
	}
	corner := at(t, b, 0, 4)
	if err := b.Check(corner, White); !errors.Is(err, ErrSuicide) {
		t.Errorf("white in the corner between two black stones: %v, want ErrSuicide", err)
	}
	if !b.IsLegal(corner, Black) {
		t.Errorf("black in its own corner: illegal")
	}
	if n := mustPlay(t, b, 0, 1, Black); n != 1 {
		t.Errorf("corner capture took %d, want 1", n)
	}
	if n := mustPlay(t, b, 4, 3, Black); n != 2 {
		t.Errorf("edge capture took %d, want 2", n)
	}
	want(t, b,
		".X.X.",
		"X...X",
		".....",
		".XX..",
		"X..X.")
	for _, c := range []struct{ row, col, libs int }{{0, 1, 3}, {4, 0, 2}, {3, 1, 6}, {4, 3, 3}} {
		if got := b.Liberties(at(t, b, c.row, c.col)); got != c.libs {
			t.Errorf("after: (%d,%d): %d liberties, want %d", c.row, c.col, got, c.libs)
		}
	}
}

// TestNineteen captures a whole edge column of a 19x19 board.
func TestNineteen(t *testing.T) {
	b, err := New(19)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 19 {
		if err := b.Place(at(t, b, r, 0), Black); err != nil {
			t.Fatal(err)
		}
		if r < 18 {
			if err := b.Place(at(t, b, r, 1), White); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := b.Liberties(at(t, b, 0, 0)); got != 1 {
		t.Fatalf("black column: %d liberties, want 1", got)
	}
	if got := b.StringSize(at(t, b, 5, 0)); got != 19 {
		t.Fatalf("black column: %d stones, want 19", got)
	}
	if err := b.Check(at(t, b, 18, 1), Black); err != nil {
		t.Errorf("black extends at (18,1): %v", err)
	}
	if n := mustPlay(t, b, 18, 1, White); n != 19 {
		t.Fatalf("captured %d, want 19", n)
	}
	if b.Count(Black) != 0 || b.Count(White) != 19 || b.Count(Empty) != 361-19 {
		t.Errorf("counts %d black, %d white, %d empty", b.Count(Black), b.Count(White), b.Count(Empty))
	}
	if got := b.Liberties(at(t, b, 18, 1)); got != 38 {
		t.Errorf("white column: %d liberties, want 38", got)
	}
	if got := len(b.LegalMoves(Black, nil)); got != 361-19 {
		t.Errorf("black has %d legal moves, want %d", got, 361-19)
	}
	// The far corner on the big board.
	mustPlay(t, b, 18, 18, Black)
	mustPlay(t, b, 17, 18, White)
	if n := mustPlay(t, b, 18, 17, White); n != 1 {
		t.Errorf("corner capture took %d, want 1", n)
	}
	fresh, _ := New(19)
	for r := range 19 {
		for c := range 19 {
			if k := b.At(at(t, b, r, c)); k != Empty {
				fresh.Place(at(t, fresh, r, c), k)
			}
		}
	}
	if fresh.Hash() != b.Hash() {
		t.Errorf("hash after captures %x, of the same stones placed %x", b.Hash(), fresh.Hash())
	}
}
