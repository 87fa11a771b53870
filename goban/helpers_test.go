package goban

import (
	"strings"
	"testing"
)

// diagram sets up a board from rows of 'X' (black), 'O' (white) and '.'
// (empty), top row first, with Place.
func diagram(t testing.TB, rows ...string) *Board {
	t.Helper()
	b, err := New(len(rows))
	if err != nil {
		t.Fatal(err)
	}
	for r, line := range rows {
		if len(line) != len(rows) {
			t.Fatalf("diagram row %d %q: want %d points", r, line, len(rows))
		}
		for c := range len(line) {
			p := at(t, b, r, c)
			switch line[c] {
			case 'X':
				err = b.Place(p, Black)
			case 'O':
				err = b.Place(p, White)
			case '.':
			default:
				t.Fatalf("diagram row %d: bad letter %q", r, line[c])
			}
			if err != nil {
				t.Fatalf("diagram row %d col %d: %v", r, c, err)
			}
		}
	}
	return b
}

// at returns the point at row and column, failing the test if it is off
// the board.
func at(t testing.TB, b *Board, row, col int) Point {
	t.Helper()
	p, ok := b.Point(row, col)
	if !ok {
		t.Fatalf("(%d, %d) is off the %dx%d board", row, col, b.Size(), b.Size())
	}
	return p
}

// want checks that the board shows the diagram rows.
func want(t testing.TB, b *Board, rows ...string) {
	t.Helper()
	if got, w := b.String(), strings.Join(rows, "\n")+"\n"; got != w {
		t.Fatalf("board:\n%swant:\n%s", got, w)
	}
}

// mustPlay plays a move that must be legal and returns its captures.
func mustPlay(t testing.TB, b *Board, row, col int, c Color) int {
	t.Helper()
	n, err := b.Play(at(t, b, row, col), c)
	if err != nil {
		t.Fatalf("%v at (%d, %d): %v\n%s", c, row, col, err, b)
	}
	return n
}

// mustPlayGame plays a move that must be legal in the game.
func mustPlayGame(t testing.TB, g *Game, row, col int, c Color) int {
	t.Helper()
	n, err := g.Play(at(t, g.Board(), row, col), c)
	if err != nil {
		t.Fatalf("%v at (%d, %d): %v\n%s", c, row, col, err, g.Board())
	}
	return n
}
