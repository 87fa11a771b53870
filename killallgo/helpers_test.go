package killallgo

import (
	"testing"

	"github.com/tcgothello/mcts/goban"
)

// diagram sets up a 7x7 board from seven rows of 'X' (black), 'O' (white)
// and '.' (empty), the top row (y = 7) first, with Place.
func diagram(t testing.TB, rows ...string) *goban.Board {
	t.Helper()
	if len(rows) != Size {
		t.Fatalf("diagram: %d rows, want %d", len(rows), Size)
	}
	b, err := goban.New(Size)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range rows {
		if len(line) != Size {
			t.Fatalf("diagram row %d %q: want %d points", i, line, Size)
		}
		for j := range line {
			m := xy(t, j+1, Size-i)
			switch line[j] {
			case 'X':
				err = b.Place(m.Point(), goban.Black)
			case 'O':
				err = b.Place(m.Point(), goban.White)
			case '.':
			default:
				t.Fatalf("diagram row %d: bad letter %q", i, line[j])
			}
			if err != nil {
				t.Fatalf("diagram row %d col %d: %v", i, j, err)
			}
		}
	}
	return b
}

// xy returns the move at (x, y), failing the test if it is off the board.
func xy(t testing.TB, x, y int) Move {
	t.Helper()
	m, ok := At(x, y)
	if !ok {
		t.Fatalf("(%d, %d) is off the board", x, y)
	}
	return m
}

// newState returns the start of a game from a diagram.
func newState(t testing.TB, toMove goban.Color, rows ...string) State {
	t.Helper()
	s, err := NewState(diagram(t, rows...), toMove)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// mustPlay plays the move at (x, y), which must be legal, in s.
func mustPlay(t testing.TB, s *State, x, y int) {
	t.Helper()
	m := Pass
	if x != 0 || y != 0 {
		m = xy(t, x, y)
	}
	if err := s.Play(m); err != nil {
		t.Fatalf("%v plays %v: %v\n%s", s.ToMove(), m, err, s.Board())
	}
}

// moveSet returns the moves of s as a set.
func moveSet(s *State) map[Move]bool {
	set := map[Move]bool{}
	for _, m := range s.Moves(nil) {
		set[m] = true
	}
	return set
}

// gameFrom returns a Game, not started, whose set-up stones are those of a
// diagram, put row by row from the top left.
func gameFrom(t testing.TB, rows ...string) *Game {
	t.Helper()
	b := diagram(t, rows...)
	g := NewGame()
	for i := range Size * Size {
		p, _ := b.Point(i/Size, i%Size)
		if c := b.At(p); c != goban.Empty {
			if err := g.Put(pointMove(p), c); err != nil {
				t.Fatalf("set-up %v at %v: %v", c, pointMove(p), err)
			}
		}
	}
	return g
}
