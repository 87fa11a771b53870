package goban

import (
	"strings"
	"testing"
)

// owners writes a Score's Owner map as diagram rows: 'x' black territory,
// 'o' white territory, '.' no one's (a stone or a neutral point).
func owners(s Score, n int) []string {
	rows := make([]string, n)
	for r := range n {
		var sb strings.Builder
		for c := range n {
			switch s.Owner[r*n+c] {
			case Black:
				sb.WriteByte('x')
			case White:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
		rows[r] = sb.String()
	}
	return rows
}

func checkOwners(t *testing.T, s Score, n int, want ...string) {
	t.Helper()
	if got := owners(s, n); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("territory:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCountWalls: two walls split a 5x5 board; each side's empty points
// are its territory, counted by hand.
func TestCountWalls(t *testing.T) {
	b := diagram(t,
		".X.O.",
		".X.O.",
		"XX.OO",
		"...O.",
		"...O.",
	)
	s := Count(b, nil, 0, 0, 0)
	// Black: the two points left of its wall. The middle column and the
	// bottom-left corner touch both walls: no one's. White: the two
	// points above and the two below its corner stone.
	checkOwners(t, s, 5,
		"x...o",
		"x...o",
		".....",
		"....o",
		"....o",
	)
	if s.Black.Territory != 2 || s.White.Territory != 4 {
		t.Errorf("territory black %d white %d, want 2 and 4", s.Black.Territory, s.White.Territory)
	}
	if w, m := s.Winner(); w != White || m != 2 {
		t.Errorf("winner %v by %v, want white by 2", w, m)
	}
}

// TestCountSeki: the liberties two strings share in a seki touch both
// colours and score nothing, while each side's eye-space does.
func TestCountSeki(t *testing.T) {
	b := diagram(t,
		"X.O..",
		"XXOOO",
		"..XXO",
		"OOXO.",
		"..XO.",
	)
	s := Count(b, nil, 0, 0, 0)
	// (0,1), (2,0)-(2,1) and (4,0)-(4,1) each touch both colours: shared
	// liberties, no one's. White's two corners are white's.
	checkOwners(t, s, 5,
		"...oo",
		".....",
		".....",
		"....o",
		"....o",
	)
	if s.Black.Territory != 0 || s.White.Territory != 4 {
		t.Errorf("territory black %d white %d, want 0 and 4", s.Black.Territory, s.White.Territory)
	}
}

// TestCountDeadAndCaptured: a dead white stone inside black's area is
// removed and its point becomes black's; the dead stone and the stones
// captured in play come off each side's points; komi goes to white.
func TestCountDeadAndCaptured(t *testing.T) {
	b := diagram(t,
		"..XO.",
		".OXO.",
		"..XO.",
		"..XO.",
		"..XO.",
	)
	// White's stone at (1,1) is dead; naming it twice counts it once, and
	// an empty point names nothing.
	dead := []Point{at(t, b, 1, 1), at(t, b, 1, 1), at(t, b, 0, 0)}
	s := Count(b, dead, 2, 1, 6.5)
	checkOwners(t, s, 5,
		"xx..o",
		"xx..o",
		"xx..o",
		"xx..o",
		"xx..o",
	)
	want := Score{
		Black: Tally{Territory: 10, Captured: 2, Dead: 0},
		White: Tally{Territory: 5, Captured: 1, Dead: 1},
		Komi:  6.5,
	}
	if s.Black != want.Black || s.White != want.White {
		t.Fatalf("black %+v white %+v, want %+v and %+v", s.Black, s.White, want.Black, want.White)
	}
	// Black 10-2-0 = 8; white 5-1-1+6.5 = 9.5.
	if s.Total(Black) != 8 || s.Total(White) != 9.5 {
		t.Errorf("totals %v and %v, want 8 and 9.5", s.Total(Black), s.Total(White))
	}
	if w, m := s.Winner(); w != White || m != 1.5 {
		t.Errorf("winner %v by %v, want white by 1.5", w, m)
	}
	// The board itself is not changed.
	if b.At(at(t, b, 1, 1)) != White {
		t.Error("Count removed a dead stone from the board")
	}
}

// TestCountDeadBlackString: a whole string is removed through any of its
// stones, and its region then joins white's.
func TestCountDeadBlackString(t *testing.T) {
	b := diagram(t,
		"OOOOO",
		"O.XXO",
		"O...O",
		"OOOOO",
		".....",
	)
	s := Count(b, []Point{at(t, b, 1, 3)}, 0, 0, 0)
	if s.Black.Dead != 2 || s.White.Dead != 0 {
		t.Fatalf("dead black %d white %d, want 2 and 0", s.Black.Dead, s.White.Dead)
	}
	if s.White.Territory != 6+5 || s.Black.Territory != 0 {
		t.Errorf("territory black %d white %d, want 0 and 11", s.Black.Territory, s.White.Territory)
	}
	if w, m := s.Winner(); w != White || m != 13 {
		t.Errorf("winner %v by %v, want white by 13 (11 + 2 dead)", w, m)
	}
}

// TestCountEmptyAndTie: an empty board is no one's, and equal points are
// a tie.
func TestCountEmptyAndTie(t *testing.T) {
	b := diagram(t, "...", "...", "...")
	s := Count(b, nil, 0, 0, 0)
	if s.Black.Territory != 0 || s.White.Territory != 0 {
		t.Errorf("empty board: territory %d and %d, want none", s.Black.Territory, s.White.Territory)
	}
	if w, m := s.Winner(); w != Empty || m != 0 {
		t.Errorf("empty board: winner %v by %v, want a tie", w, m)
	}
	if w, _ := Count(b, nil, 0, 0, 0.5).Winner(); w != White {
		t.Errorf("empty board with komi 0.5: winner %v, want white", w)
	}
}

// TestSameString: stones connected through their neighbours are one
// string; diagonal ones, other colours and empty points are not.
func TestSameString(t *testing.T) {
	b := diagram(t,
		"XX.",
		".OX",
		"..X",
	)
	cases := []struct {
		r1, c1, r2, c2 int
		want           bool
	}{
		{0, 0, 0, 1, true},
		{1, 2, 2, 2, true},
		{0, 1, 1, 2, false}, // diagonal
		{0, 1, 1, 1, false}, // other colour
		{0, 2, 0, 2, false}, // empty
		{1, 1, 1, 1, true},
	}
	for _, tc := range cases {
		if got := b.SameString(at(t, b, tc.r1, tc.c1), at(t, b, tc.r2, tc.c2)); got != tc.want {
			t.Errorf("SameString((%d,%d), (%d,%d)) = %v, want %v", tc.r1, tc.c1, tc.r2, tc.c2, got, tc.want)
		}
	}
}
