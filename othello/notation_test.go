package othello

import (
	"errors"
	"strings"
	"testing"
)

func TestSquareNotations(t *testing.T) {
	cases := []struct {
		otp, alg string
		index    int
	}{
		{"0 0", "a1", 0},
		{"0 7", "h1", 7},
		{"2 3", "d3", 19},
		{"3 2", "c4", 26},
		{"4 5", "f5", 37},
		{"5 4", "e6", 44},
		{"7 7", "h8", 63},
		{"8 0", "pass", 64},
	}
	for _, c := range cases {
		m, err := ParseOTP(c.otp)
		if err != nil || int(m) != c.index {
			t.Errorf("ParseOTP(%q) = %d, %v; want %d", c.otp, m, err, c.index)
		}
		a, err := ParseSquare(c.alg)
		if err != nil || a != m {
			t.Errorf("ParseSquare(%q) = %d, %v; want %d", c.alg, a, err, m)
		}
		if up, err := ParseSquare(strings.ToUpper(c.alg)); err != nil || up != m {
			t.Errorf("ParseSquare(%q) = %d, %v; want %d", strings.ToUpper(c.alg), up, err, m)
		}
		if m.OTP() != c.otp || m.String() != c.alg {
			t.Errorf("move %d prints as %q / %q, want %q / %q", m, m.OTP(), m.String(), c.otp, c.alg)
		}
	}
	// Black's legal first moves, from docs/protocol.md.
	var want uint64
	for _, s := range []string{"2 3", "3 2", "4 5", "5 4"} {
		m, _ := ParseOTP(s)
		want |= m.Bit()
	}
	if got := Start().Moves(); got != want {
		t.Errorf("start moves %#x, want %#x", got, want)
	}
}

func TestParseBadInput(t *testing.T) {
	for _, s := range []string{"", "1", "1 2 3", "a b", "8 1", "-1 0", "0 8", "9 0", "2 x", "99999999999999999999 0", "+2 3", "02 3", "2 03", "08 0", "2 3.0"} {
		if m, err := ParseOTP(s); err == nil {
			t.Errorf("ParseOTP(%q) = %v, want an error", s, m)
		}
	}
	for _, s := range []string{"", "d", "d33", "i1", "a0", "a9", "33", "\xff\xfe", "pas"} {
		if m, err := ParseSquare(s); err == nil {
			t.Errorf("ParseSquare(%q) = %v, want an error", s, m)
		}
	}
	for _, s := range []string{"", "-1", "65", "x", "1.5"} {
		if m, err := ParseIndex(s); err == nil {
			t.Errorf("ParseIndex(%q) = %v, want an error", s, m)
		}
	}
	for _, s := range []string{"f5d", "f5z9", "f5d6c"} {
		if m, err := ParseMoves(s); err == nil {
			t.Errorf("ParseMoves(%q) = %v, want an error", s, m)
		}
	}
	start := Start().Board64()
	for _, s := range []string{"", start[:63], start + "-", strings.Replace(start, "O", "Q", 1), "\x00" + start[1:]} {
		if p, err := ParseBoard64(s, Black); err == nil {
			t.Errorf("ParseBoard64(%q) = %v, want an error", s, p)
		}
	}
	// The character refused is shown as itself, or in hex when it is a
	// byte that is not UTF-8 (it was shown as 'ÿ').
	for s, want := range map[string]string{
		"\xff" + start[1:]:   `character 1 (a1) is '\xff', want X, O or -`,
		"é" + start[2:]:      `character 1 (a1) is 'é', want X, O or -`,
		start[:63] + "Z":     `character 64 (h8) is 'Z', want X, O or -`,
		start[:62] + "\x80Z": `character 63 (g8) is '\x80', want X, O or -`,
	} {
		if _, err := ParseBoard64(s, Black); err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("ParseBoard64(%q): %v, want %q", s, err, want)
		}
	}
	for _, s := range []string{start, start + " Z", start + " XO", start[:60] + " X"} {
		if p, err := ParsePosition(s); err == nil {
			t.Errorf("ParsePosition(%q) = %v, want an error", s, p)
		}
	}
	code := Start().Code(0)
	for _, s := range []string{"", code[:65], code + "0", strings.Replace(code, "0", "3", 1), strings.Replace(code, "0", "a", 1), code[:65] + "3", code[:65] + "x"} {
		if p, n, err := ParseCode(s); err == nil {
			t.Errorf("ParseCode(%q) = %v, %d, want an error", s, p, n)
		}
	}
	if _, err := NewPosition(1, 1, Black); !errors.Is(err, ErrOverlap) {
		t.Errorf("NewPosition with overlapping discs: err %v, want ErrOverlap", err)
	}
	var g Game
	if err := g.SetPosition(Position{Player: 3, Opponent: 2}, 0); !errors.Is(err, ErrOverlap) {
		t.Errorf("SetPosition with overlapping discs: err %v, want ErrOverlap", err)
	}
	if err := g.SetPosition(Position{Turn: White}, 0); !errors.Is(err, ErrNoDiscs) {
		t.Errorf("SetPosition with no disc: err %v, want ErrNoDiscs", err)
	}
	if g.Position() != (Position{}) {
		t.Errorf("a refused position changed the game: %v", g.Position())
	}
	if err := g.SetPosition(Start(), 3); !errors.Is(err, ErrPassesTooBig) {
		t.Errorf("SetPosition with 3 passes: err %v, want ErrPassesTooBig", err)
	}
}

func TestBoardFormatsRoundTrip(t *testing.T) {
	start := "---------------------------OX------XO---------------------------"
	if got := Start().Board64(); got != start {
		t.Fatalf("start board %q, want %q (from docs/data.md)", got, start)
	}
	for _, e := range readFFO(t) {
		for passes := 0; passes <= 2; passes++ {
			code := e.pos.Code(passes)
			pos, n, err := ParseCode(code)
			if err != nil || pos != e.pos || n != passes {
				t.Errorf("ParseCode(%q) = %v, %d, %v; want %v, %d", code, pos, n, err, e.pos, passes)
			}
		}
	}
	// The classic code: '1' black, '2' white, then side (odd black) and passes.
	code := strings.Repeat("0", 27) + "21" + strings.Repeat("0", 6) + "12" + strings.Repeat("0", 27) + "10"
	if got := Start().Code(0); got != code {
		t.Errorf("start code %q, want %q", got, code)
	}
	evenSide := code[:64] + "40"
	if pos, _, err := ParseCode(evenSide); err != nil || pos.Turn != White {
		t.Errorf("ParseCode with side digit 4: %v, %v; want white to move", pos, err)
	}
}

func TestClassicBoard(t *testing.T) {
	want := "X's turn\n" +
		".|0|1|2|3|4|5|6|7|\n" +
		"------------------\n" +
		"0|.|.|.|.|.|.|.|.|\n" +
		"------------------\n" +
		"1|.|.|.|.|.|.|.|.|\n" +
		"------------------\n" +
		"2|.|.|.|.|.|.|.|.|\n" +
		"------------------\n" +
		"3|.|.|.|O|X|.|.|.|\n" +
		"------------------\n" +
		"4|.|.|.|X|O|.|.|.|\n" +
		"------------------\n" +
		"5|.|.|.|.|.|.|.|.|\n" +
		"------------------\n" +
		"6|.|.|.|.|.|.|.|.|\n" +
		"------------------\n" +
		"7|.|.|.|.|.|.|.|.|\n" +
		"------------------\n"
	if got := Start().ClassicBoard(); got != want {
		t.Errorf("classic board:\n%s\nwant:\n%s", got, want)
	}
	if got := Start().Pass().ClassicBoard(); !strings.HasPrefix(got, "O's turn\n") {
		t.Errorf("classic board with white to move starts %q", got[:10])
	}
}

func TestPrettyBoard(t *testing.T) {
	got := Start().Pretty()
	for _, want := range []string{
		"  a b c d e f g h\n",
		"3 . . . * . . . . 3\n",
		"4 . . * O X . . . 4\n",
		"5 . . . X O * . . 5\n",
		"X (black) 2, O (white) 2: X (black) to move\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("pretty board lacks %q:\n%s", want, got)
		}
	}
}

func TestMoveLists(t *testing.T) {
	moves, err := ParseMoves("f5 D6c3PAps--")
	if err != nil {
		t.Fatal(err)
	}
	want := []Move{MoveAt(4, 5), MoveAt(5, 3), MoveAt(2, 2), Pass, Pass, Pass}
	if len(moves) != len(want) {
		t.Fatalf("ParseMoves: %v, want %v", moves, want)
	}
	for i := range want {
		if moves[i] != want[i] {
			t.Fatalf("ParseMoves: %v, want %v", moves, want)
		}
	}
	if got := FormatMoves(want); got != "f5d6c3papapa" {
		t.Errorf("FormatMoves = %q, want f5d6c3papapa", got)
	}
}
