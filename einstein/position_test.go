package einstein

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// board builds a position from a diagram: rows separated by "/", squares
// by spaces, then the turn line (see Parse).
func board(t *testing.T, rows string, turn string) Position {
	t.Helper()
	p, err := Parse(strings.ReplaceAll(rows, "/", "\n") + "\n" + turn + "\n")
	if err != nil {
		t.Fatalf("Parse(%q, %q): %v", rows, turn, err)
	}
	return p
}

// moves returns the legal moves of p as protocol strings.
func moves(p *Position) []string {
	var buf [MaxMoves]Move
	var out []string
	for _, m := range p.Moves(buf[:0]) {
		out = append(out, m.String())
	}
	return out
}

// mustPlay plays the moves, written as in the protocol, failing the test
// if one is refused.
func mustPlay(t *testing.T, p *Position, ms ...string) {
	t.Helper()
	for _, s := range ms {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Play(m); err != nil {
			t.Fatalf("Play(%s) in\n%v: %v", s, p, err)
		}
	}
}

func TestNewLayout(t *testing.T) {
	l, err := ParseLayout("361425")
	if err != nil {
		t.Fatal(err)
	}
	p := New(l)
	// The seed: R2[1] numbers (1,1) and (5,5), R2[2] (1,2) and (5,4), R2[3]
	// (1,3) and (5,3), R2[4] (2,1) and (4,5), R2[5] (2,2) and (4,4), R2[6]
	// (3,1) and (3,5).
	want := "" +
		"R3 R6 R1 .  .\n" +
		"R4 R2 .  .  .\n" +
		"R5 .  .  .  B5\n" +
		".  .  .  B2 B4\n" +
		".  .  B1 B6 B3\n" +
		"turn 1 red\n"
	if got := p.String(); got != want {
		t.Errorf("New(361425):\n%s\nwant\n%s", got, want)
	}
	if p.ToMove() != Red || p.Turn() != 1 || p.Ply() != 0 || p.Over() || p.Left(Red) != 6 || p.Left(Blue) != 6 {
		t.Errorf("start: to move %v, turn %d, ply %d, over %v, left %d/%d", p.ToMove(), p.Turn(), p.Ply(), p.Over(), p.Left(Red), p.Left(Blue))
	}
	if s, ok := p.Where(Blue, 6); !ok || s != Sq(5, 4) {
		t.Errorf("blue 6 on %v (%v), want (5,4)", s, ok)
	}
	if c, n := p.At(Sq(4, 5)); c != Blue || n != 4 {
		t.Errorf("(4,5) holds %v %d, want blue 4", c, n)
	}
	if got := l.String(); got != "361425" {
		t.Errorf("Layout.String() = %q", got)
	}
	q, err := Parse(want)
	if err != nil || q != p {
		t.Errorf("Parse(String()) = %v, %v; want the start position", q, err)
	}
}

func TestParseLayoutErrors(t *testing.T) {
	for _, s := range []string{"", "12345", "1234567", "123455", "023456", "12345a", "789123", " 12345"} {
		if _, err := ParseLayout(s); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseLayout(%q): %v, want a syntax error", s, err)
		}
	}
}

func TestRandomLayout(t *testing.T) {
	src := rand.NewPCG(1, 2)
	seen := map[Layout]int{}
	// 720 layouts; 72,000 draws give each about 100, and a fair shuffle
	// keeps every count well within 50 to 150.
	const draws = 72000
	for range draws {
		l := RandomLayout(src)
		if !l.valid() {
			t.Fatalf("RandomLayout = %v, not a permutation", l)
		}
		seen[l]++
	}
	if len(seen) != 720 {
		t.Fatalf("%d distinct layouts in %d draws, want all 720", len(seen), draws)
	}
	for l, n := range seen {
		if n < 50 || n > 150 {
			t.Errorf("layout %v drawn %d times, want about 100", l, n)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	n := 0
	for s := range 100 {
		text := string([]byte{'0' + byte(s/10), '0' + byte(s%10)})
		m, err := ParseMove(text)
		ok := text == "00" || (s/10 >= 1 && s/10 <= 6 && s%10 >= 1 && s%10 <= 3)
		if ok != (err == nil) {
			t.Errorf("ParseMove(%q): %v", text, err)
			continue
		}
		if ok {
			n++
			if m.String() != text {
				t.Errorf("ParseMove(%q).String() = %q", text, m.String())
			}
			if text != "00" && (m.Cube() != s/10 || int(m.Dir()) != s%10) {
				t.Errorf("ParseMove(%q): cube %d, direction %d", text, m.Cube(), m.Dir())
			}
		}
	}
	if n != 19 {
		t.Errorf("%d valid move texts, want 19 (pass and 6 cubes x 3 directions)", n)
	}
	for _, s := range []string{"", "1", "111", "0", "01", "10", "a1"} {
		if _, err := ParseMove(s); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseMove(%q): %v, want a syntax error", s, err)
		}
	}
}

// TestTurnParity follows the first plies of a game from layout 123456: in
// turn 1 both sides may move only cubes 1, 3, 5; in turn 2 only 2, 4, 6;
// in turn 3 again 1, 3, 5.
func TestTurnParity(t *testing.T) {
	l, _ := ParseLayout("123456")
	p := New(l)
	// Red 1 on (1,1) is boxed in by red 2, 4 and 5.
	if got, want := moves(&p), []string{"31", "32", "33", "51", "52", "53"}; !slices.Equal(got, want) {
		t.Errorf("turn 1 red: moves %v, want %v", got, want)
	}
	for _, s := range []string{"21", "22", "43", "61"} {
		m, _ := ParseMove(s)
		if err := p.Check(m); !errors.Is(err, ErrWrongCube) {
			t.Errorf("turn 1 red: Check(%s) = %v, want ErrWrongCube", s, err)
		}
	}
	mustPlay(t, &p, "53") // red 5 (2,2) -> (3,3)
	if p.ToMove() != Blue || p.Turn() != 1 {
		t.Fatalf("after red's move: %v to move in turn %d, want blue in turn 1", p.ToMove(), p.Turn())
	}
	// Blue 1 on (5,5) is boxed in by blue 2, 4 and 5; blue 5 on (4,4)
	// may capture red 5 on (3,3).
	if got, want := moves(&p), []string{"31", "32", "33", "51", "52", "53"}; !slices.Equal(got, want) {
		t.Errorf("turn 1 blue: moves %v, want %v", got, want)
	}
	mustPlay(t, &p, "32") // blue 3 (5,3) -> (4,3)
	if p.ToMove() != Red || p.Turn() != 2 || p.FirstCube() != 2 {
		t.Fatalf("after blue's move: %v to move in turn %d (first cube %d), want red in turn 2 (2)", p.ToMove(), p.Turn(), p.FirstCube())
	}
	// Red 2 (1,2): east is red 3, south (2,2) is free now. Red 4 (2,1):
	// south is red 6. Red 6 (3,1): all free.
	if got, want := moves(&p), []string{"22", "23", "41", "43", "61", "62", "63"}; !slices.Equal(got, want) {
		t.Errorf("turn 2 red: moves %v, want %v", got, want)
	}
	m, _ := ParseMove("31")
	if err := p.Play(m); !errors.Is(err, ErrWrongCube) {
		t.Errorf("turn 2 red: Play(31) = %v, want ErrWrongCube", err)
	}
	mustPlay(t, &p, "61")
	// Blue 2 (5,4): west is free now, north blue 5, north-west blue 3.
	// Blue 4 (4,5): west blue 5, north blue 6. Blue 6 (3,5): all free.
	if got, want := moves(&p), []string{"21", "43", "61", "62", "63"}; !slices.Equal(got, want) {
		t.Errorf("turn 2 blue: moves %v, want %v", got, want)
	}
	mustPlay(t, &p, "21")
	if p.Turn() != 3 || p.FirstCube() != 1 || p.ToMove() != Red {
		t.Errorf("turn %d, first cube %d, %v to move; want turn 3, 1, red", p.Turn(), p.FirstCube(), p.ToMove())
	}
}

// TestDirections moves a lone cube of each side from the centre in each
// direction, and checks the edges that stop it.
func TestDirections(t *testing.T) {
	cases := []struct {
		rows, turn string
		move       string
		from, to   Square
	}{
		{". . . . ./. . . . ./. . R1 . ./. . . . ./. . . . B2", "turn 1 red", "11", Sq(3, 3), Sq(3, 4)},
		{". . . . ./. . . . ./. . R1 . ./. . . . ./. . . . B2", "turn 1 red", "12", Sq(3, 3), Sq(4, 3)},
		{". . . . ./. . . . ./. . R1 . ./. . . . ./. . . . B2", "turn 1 red", "13", Sq(3, 3), Sq(4, 4)},
		{"R2 . . . ./. . . . ./. . B1 . ./. . . . ./. . . . .", "turn 1 blue", "11", Sq(3, 3), Sq(3, 2)},
		{"R2 . . . ./. . . . ./. . B1 . ./. . . . ./. . . . .", "turn 1 blue", "12", Sq(3, 3), Sq(2, 3)},
		{"R2 . . . ./. . . . ./. . B1 . ./. . . . ./. . . . .", "turn 1 blue", "13", Sq(3, 3), Sq(2, 2)},
		{". . . . ./. . . . ./. . . . ./. R4 . . ./. . . . B1", "turn 2 red", "43", Sq(4, 2), Sq(5, 3)},
		{"R1 . . . ./. . . B6 ./. . . . ./. . . . ./. . . . .", "turn 4 blue", "63", Sq(2, 4), Sq(1, 3)},
	}
	for _, c := range cases {
		p := board(t, c.rows, c.turn)
		m, _ := ParseMove(c.move)
		from, to, ok := p.Path(m)
		if !ok || from != c.from || to != c.to {
			t.Errorf("%s, %s: Path(%s) = %v %v %v, want %v %v", c.rows, c.turn, c.move, from, to, ok, c.from, c.to)
		}
		side := p.ToMove()
		mustPlay(t, &p, c.move)
		if col, n := p.At(c.to); col != side || n != m.Cube() {
			t.Errorf("%s, %s: after %s, %v holds %v %d", c.rows, c.turn, c.move, c.to, col, n)
		}
		if col, _ := p.At(c.from); col != None {
			t.Errorf("%s, %s: after %s, %v still holds a cube", c.rows, c.turn, c.move, c.from)
		}
	}

	// Edges: red on the east edge cannot go east or south-east, on the
	// south edge not south or south-east; blue likewise on the west and
	// north edges.
	edges := []struct {
		rows, turn string
		want       []string
		off        []string
	}{
		{". . . . R1/. . . . ./. . . . ./. . . . ./. . . . B2", "turn 1 red", []string{"12"}, []string{"11", "13"}},
		{". B2 . . ./. . . . ./. . . . ./. . . . ./R1 . . . .", "turn 1 red", []string{"11"}, []string{"12", "13"}},
		{"R2 . . . ./. . . . ./. . . . ./. . . . ./. . . . B1", "turn 1 blue", []string{"11", "12", "13"}, nil},
		{"R2 . . . ./. . . . ./B3 . . . ./. . . . ./. . . . .", "turn 1 blue", []string{"32"}, []string{"31", "33"}},
		{". . . B5 ./. . . . ./. . . . ./. . . . ./R2 . . . .", "turn 1 blue", []string{"51"}, []string{"52", "53"}},
	}
	for _, e := range edges {
		p := board(t, e.rows, e.turn)
		if got := moves(&p); !slices.Equal(got, e.want) {
			t.Errorf("%s, %s: moves %v, want %v", e.rows, e.turn, got, e.want)
		}
		for _, s := range e.off {
			m, _ := ParseMove(s)
			if err := p.Check(m); !errors.Is(err, ErrOffBoard) {
				t.Errorf("%s, %s: Check(%s) = %v, want ErrOffBoard", e.rows, e.turn, s, err)
			}
		}
	}
}

// TestCaptures: a cube captures the opponent's cube it lands on and never
// its own.
func TestCaptures(t *testing.T) {
	p := board(t, ". . . . ./. R1 B2 . ./. R3 B4 . ./. . . . ./. . . . B6", "turn 1 red")
	// Red 1 (2,2): east captures blue 2, south is red 3 (own), south-east
	// captures blue 4. Red 3 (3,2): east captures blue 4.
	if got, want := moves(&p), []string{"11", "13", "31", "32", "33"}; !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v", got, want)
	}
	m, _ := ParseMove("12")
	if err := p.Play(m); !errors.Is(err, ErrOwnCube) {
		t.Errorf("Play(12) onto red 3: %v, want ErrOwnCube", err)
	}
	mustPlay(t, &p, "13")
	if _, ok := p.Where(Blue, 4); ok || p.Left(Blue) != 2 || p.Left(Red) != 2 {
		t.Errorf("after red 1 took blue 4: blue 4 on board %v, left red %d blue %d", ok, p.Left(Red), p.Left(Blue))
	}
	if c, n := p.At(Sq(3, 3)); c != Red || n != 1 {
		t.Errorf("(3,3) holds %v %d, want red 1", c, n)
	}
	if p.Over() {
		t.Fatalf("over after a capture that leaves blue two cubes")
	}
	// Blue has no odd cube and red no even one: two passes. Then blue 2
	// (2,3) and blue 6 (5,5) are free in every direction.
	mustPlay(t, &p, "00", "00")
	if got, want := moves(&p), []string{"21", "22", "23", "61", "62", "63"}; !slices.Equal(got, want) {
		t.Fatalf("blue turn 2 moves %v, want %v", got, want)
	}
	// Blue captures red the same way, and never its own cube. Blue 6
	// (3,4): west takes red 1, north, north-west. Blue 4 (3,5): west is
	// blue 6. Blue 2 (5,5): all free.
	q := board(t, ". . . . R3/. . . . ./. . R1 B6 B4/. . . . ./. . . . B2", "turn 2 blue")
	if got, want := moves(&q), []string{"21", "22", "23", "42", "43", "61", "62", "63"}; !slices.Equal(got, want) {
		t.Fatalf("blue: moves %v, want %v", got, want)
	}
	m, _ = ParseMove("41")
	if err := q.Play(m); !errors.Is(err, ErrOwnCube) {
		t.Errorf("Play(41) onto blue 6: %v, want ErrOwnCube", err)
	}
	mustPlay(t, &q, "61")
	if _, ok := q.Where(Red, 1); ok || q.Left(Red) != 1 || q.Over() {
		t.Errorf("after blue 6 took red 1: red 1 on board %v, red left %d, over %v", ok, q.Left(Red), q.Over())
	}
	if c, n := q.At(Sq(3, 3)); c != Blue || n != 6 {
		t.Errorf("(3,3) holds %v %d, want blue 6", c, n)
	}
}

// TestPass: a side passes when no cube of the turn can move (all captured
// or all blocked by its own cubes) and may not pass otherwise.
func TestPass(t *testing.T) {
	// Red 1 is boxed in by red 2, 4 and 6; red 3 and 5 are captured.
	p := board(t, "R1 R2 . . ./R4 R6 . . ./. . . . ./. . . . ./. . . . B1", "turn 1 red")
	if got := moves(&p); !slices.Equal(got, []string{"00"}) {
		t.Fatalf("boxed in: moves %v, want [00]", got)
	}
	before := p
	mustPlay(t, &p, "00")
	if p.ToMove() != Blue || p.Turn() != 1 || p.board != before.board {
		t.Errorf("after the pass: %v to move in turn %d, board changed %v", p.ToMove(), p.Turn(), p.board != before.board)
	}
	// Blue 1 may move: no pass.
	if err := p.Check(Pass); !errors.Is(err, ErrPass) {
		t.Errorf("blue passes with a movable cube: %v, want ErrPass", err)
	}
	mustPlay(t, &p, "13")
	// Turn 2: red 2, 4, 6 can move, each but onto red 6.
	if got := moves(&p); !slices.Equal(got, []string{"21", "23", "42", "43", "61", "62", "63"}) {
		t.Errorf("turn 2 red: moves %v", got)
	}
	// No red cube of the turn left at all.
	q := board(t, ". . . . ./. R2 . . ./. . . . ./. . . . ./. . . . B1", "turn 3 red")
	if got := moves(&q); !slices.Equal(got, []string{"00"}) {
		t.Errorf("no odd red cube: moves %v, want [00]", got)
	}
}

// TestWinning covers the four ways a game ends, and that nothing can be
// played after it.
func TestWinning(t *testing.T) {
	cases := []struct {
		name, rows, turn, move string
		winner                 Color
	}{
		{"red reaches (5,5)", ". . . . ./. . . . ./. . . . ./. . . . R1/B2 B3 . . .", "turn 1 red", "12", Red},
		{"red reaches (5,5) by capture", ". . . . ./. . . . ./. . . . ./. . . R2 ./B4 . . . B1", "turn 2 red", "23", Red},
		{"blue reaches (1,1)", ". B1 . . ./. . . . ./. . . . ./. . . . ./. . R2 R4 .", "turn 1 blue", "11", Blue},
		{"red takes the last blue cube", ". . . . ./. . . . ./. R5 B3 . ./. . . . ./. . . . .", "turn 3 red", "51", Red},
		{"blue takes the last red cube", ". . . . ./. . R6 . ./. . . B4 ./. . . . ./. . . . .", "turn 2 blue", "43", Blue},
	}
	for _, c := range cases {
		p := board(t, c.rows, c.turn)
		if p.Over() {
			t.Fatalf("%s: over before the move", c.name)
		}
		mustPlay(t, &p, c.move)
		if p.Winner() != c.winner || !p.Over() {
			t.Errorf("%s: winner %v, want %v", c.name, p.Winner(), c.winner)
		}
		if got := moves(&p); len(got) != 0 {
			t.Errorf("%s: moves after the end %v", c.name, got)
		}
		for _, m := range []Move{Pass, MakeMove(1, Horizontal), MakeMove(2, Vertical)} {
			if err := p.Check(m); !errors.Is(err, ErrGameOver) {
				t.Errorf("%s: Check(%v) after the end = %v", c.name, m, err)
			}
		}
		// Parse finds the same winner on the final board.
		q, err := Parse(p.String())
		if err != nil || q.Winner() != c.winner {
			t.Errorf("%s: Parse(String()) winner %v, %v", c.name, q.Winner(), err)
		}
	}
}

func TestCheckErrors(t *testing.T) {
	p := board(t, ". . . . ./. . . . ./. . R1 . ./. . . . ./. . . . B2", "turn 1 red")
	cases := []struct {
		m    Move
		want error
	}{
		{MakeMove(3, Horizontal), ErrCaptured},
		{MakeMove(2, Horizontal), ErrWrongCube},
		{MakeMove(7, Horizontal), ErrNoMove},
		{MakeMove(1, 0), ErrNoMove},
		{Pass, ErrPass},
	}
	for _, c := range cases {
		if err := p.Check(c.m); !errors.Is(err, c.want) {
			t.Errorf("Check(%d) = %v, want %v", uint8(c.m), err, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	row := ". . . . .\n"
	cases := []struct{ name, text, want string }{
		{"empty", "", "want 5 rows of 5 squares and a turn line, got 0 rows"},
		{"short row", ". . . .\n", "line 1: 4 squares in row 1, want 5"},
		{"one square", "R1\n", "line 1: 1 square in row 1, want 5"},
		{"one row", row, "want 5 rows of 5 squares and a turn line, got 1 row"},
		{"bad square", "R1 . . . X\n", `line 1: square "X": want ., R1 to R6 or B1 to B6`},
		{"cube 7", "R7 . . . .\n", `line 1: square "R7": want ., R1 to R6 or B1 to B6`},
		{"twice", "R1 . . . .\n. R1 . . .\n", "line 2: R1 again (it is on (1,1))"},
		{"no turn", strings.Repeat(row, 5), "want 5 rows of 5 squares and a turn line, got 5 rows"},
		{"bad turn", strings.Repeat(row, 5) + "turn 0 red\n", `line 6: turn "0": want a number from 1 to 1000`},
		{"bad side", strings.Repeat(row, 5) + "turn 1 green\n", `line 6: side "green": want red or blue`},
		{"turn word", strings.Repeat(row, 5) + "move 1 red\n", `line 6: want "turn T red" or "turn T blue" after the board`},
		{"after turn", strings.Repeat(row, 5) + "turn 1 red\nmore\n", "line 7: text after the turn line"},
		{"two winners", "B1 . . . .\n" + strings.Repeat(row, 3) + ". . . . R1\nturn 1 red\n", "both sides have won on this board"},
		{"no cubes", strings.Repeat(row, 5) + "turn 1 red\n", "both sides have won on this board"},
	}
	for _, c := range cases {
		if _, err := Parse(c.text); err == nil || err.Error() != c.want {
			t.Errorf("%s: Parse error %v, want %q", c.name, err, c.want)
		}
	}
}
