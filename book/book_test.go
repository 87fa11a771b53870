package book

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/othello/othellotest"
)

// after and sq set up positions and moves from their names.
var (
	after = othellotest.After
	sq    = othellotest.Square
)

// handBook is a small book built by hand: the start position, the position
// after f5 (white to move) and after f5d6 (black to move), with values
// chosen so that negamax changes the best move at the start.
func handBook(t *testing.T) *Book {
	t.Helper()
	b := New()
	add := func(moves string, ms ...any) {
		var bm []Move
		for i := 0; i < len(ms); i += 2 {
			bm = append(bm, Move{Move: sq(t, ms[i].(string)), Value: ms[i+1].(float64)})
		}
		if err := b.Add(after(t, moves), bm); err != nil {
			t.Fatalf("add %s: %v", moves, err)
		}
	}
	add("", "f5", 1.0, "d3", 0.5, "c4", 0.25, "e6", 0.0)
	add("f5", "d6", -0.5, "f6", -3.0, "f4", -1.25)
	add("f5d6", "c3", 2.0, "c5", 4.5, "c7", -1.0)
	return b
}

func TestNegamax(t *testing.T) {
	b := handBook(t)
	// After f5d6 the best is c5 (+4.5) for black, so d6 is worth -4.5 for
	// white, and f4 (-1.25, a leaf) is white's best after f5: the
	// position after f5 is worth -1.25 to white, and every first move
	// (the four are one position under symmetry) +1.25 to black.
	cases := []struct {
		moves string
		want  []string // best first, as MOVE:VALUE
		value float64
	}{
		{"f5d6", []string{"c5:4.50", "c3:2.00", "c7:-1.00"}, 4.5},
		{"f5", []string{"f4:-1.25", "f6:-3.00", "d6:-4.50"}, -1.25},
		// d3 c4 f5 e6 all reach the position after f5, whatever their
		// leaf values said; ties go to the canonical frame's lower square.
		{"", nil, 1.25},
	}
	for _, c := range cases {
		p := after(t, c.moves)
		moves, ok := b.Lookup(p)
		if !ok {
			t.Fatalf("%q: not found", c.moves)
		}
		if v, _ := b.Value(p); v != c.value || moves[0].Value != c.value {
			t.Errorf("%q: value %v, best move value %v; want %v", c.moves, v, moves[0].Value, c.value)
		}
		if c.want == nil {
			for _, m := range moves {
				if m.Value != 1.25 {
					t.Errorf("start: %s has %v, want 1.25 (it reaches the position after f5)", m.Move, m.Value)
				}
			}
			continue
		}
		var got []string
		for _, m := range moves {
			got = append(got, FormatLine(othello.Position{}, []Move{m})[65:])
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: moves %v, want %v", c.moves, got, c.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	b := handBook(t)
	var first bytes.Buffer
	if err := b.Write(&first); err != nil {
		t.Fatal(err)
	}
	c, err := Parse(bytes.NewReader(first.Bytes()), "hand")
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 3 {
		t.Fatalf("%d positions, want 3", c.Len())
	}
	var second bytes.Buffer
	if err := c.Write(&second); err != nil {
		t.Fatal(err)
	}
	if first.String() != second.String() {
		t.Errorf("written again:\n%s\nfirst:\n%s", second.String(), first.String())
	}
	for _, moves := range []string{"", "f5", "f5d6", "d3c5", "c4e3f6"} {
		p := after(t, moves)
		want, wok := b.Lookup(p)
		got, gok := c.Lookup(p)
		if wok != gok || len(want) != len(got) {
			t.Fatalf("%q: found %v with %d moves, want %v with %d", moves, gok, len(got), wok, len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%q: move %d is %+v, want %+v", moves, i, got[i], want[i])
			}
		}
	}
	// The file's exact bytes: header, then canonical positions with X to
	// move; two decimals.
	if !strings.HasPrefix(first.String(), Header+"\n") || strings.Count(first.String(), "\n") != 4 {
		t.Errorf("file:\n%s", first.String())
	}
}

// TestSymmetricLookup stores one position and finds it in each of its
// eight images, with the moves mapped into the image: the reference is
// othello's own Transform of the stored moves.
func TestSymmetricLookup(t *testing.T) {
	p := after(t, "f5f6e6f4") // no symmetry of its own
	stored := []Move{{sq(t, "c3"), 1}, {sq(t, "g5"), 0.5}, {sq(t, "e3"), -2}}
	b := New()
	if err := b.Add(p, stored); err != nil {
		t.Fatal(err)
	}
	images := map[othello.Position]bool{}
	for k := range othello.Symmetries {
		q := p.Transform(k)
		images[q] = true
		got, ok := b.Lookup(q)
		if !ok {
			t.Fatalf("image %d not found", k)
		}
		if len(got) != len(stored) {
			t.Fatalf("image %d: %d moves", k, len(got))
		}
		for i, m := range stored { // stored is best first already
			want := Move{Move: m.Move.Transform(k), Value: m.Value}
			if got[i] != want {
				t.Errorf("image %d: move %d is %s %v, want %s %v", k, i, got[i].Move, got[i].Value, want.Move, want.Value)
			}
			if !q.IsLegal(got[i].Move) {
				t.Errorf("image %d: %s is not legal there", k, got[i].Move)
			}
		}
		// The same discs with the other colour to move are the same
		// position for the book.
		if !b.Contains(othello.Position{Player: q.Player, Opponent: q.Opponent, Turn: q.Turn.Other()}) {
			t.Errorf("image %d with the other colour to move: not found", k)
		}
	}
	if len(images) != 8 {
		t.Fatalf("the position has %d images, want 8 (the test needs an asymmetric one)", len(images))
	}
	if b.Contains(after(t, "f5f6e6")) {
		t.Error("a position never added is found")
	}
	if err := b.Add(p.Transform(5), stored[:1]); err == nil {
		t.Error("adding an image of a stored position: no error")
	}
}

func TestChoose(t *testing.T) {
	b := New()
	p := after(t, "f5f6e6f4")
	near := []Move{{sq(t, "c3"), 1}, {sq(t, "g5"), 0.75}, {sq(t, "e3"), 0.5}, {sq(t, "g6"), -5}}
	if err := b.Add(p, near); err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		if m, _ := b.Choose(p, 0, seed); m.Move != sq(t, "c3") {
			t.Fatalf("spread 0, seed %d: %s, want the best, c3", seed, m.Move)
		}
	}
	picked := map[othello.Move]bool{}
	for seed := range uint64(64) {
		m, ok := b.Choose(p, 0.6, seed)
		if !ok || m.Value < 0.4 {
			t.Fatalf("spread 0.6, seed %d: %+v, want a move within 0.6 of the best", seed, m)
		}
		picked[m.Move] = true
		// Every orientation picks the same move.
		for k := range othello.Symmetries {
			if mk, _ := b.Choose(p.Transform(k), 0.6, seed); mk.Move != m.Move.Transform(k) {
				t.Fatalf("seed %d, image %d: %s, want %s", seed, k, mk.Move, m.Move.Transform(k))
			}
		}
	}
	if len(picked) != 3 {
		t.Errorf("64 seeds picked %d different moves, want all 3 near the best", len(picked))
	}
	if _, ok := b.Choose(othello.Start(), 0, 1); ok {
		t.Error("a position not in the book: chosen")
	}
}

func TestBadFiles(t *testing.T) {
	start := othello.Start().Board64()
	cases := []struct {
		name, text, want string
	}{
		{"empty", "", "empty file"},
		{"no header", start + " d3:1\n", "line 1: "},
		{"short board", Header + "\n---X d3:1\n", "line 2: board string has 4 characters"},
		{"no moves", Header + "\n# c\n\n" + start + "\n", "line 4: want a 64-character board and at least one MOVE:VALUE"},
		{"no colon", Header + "\n" + start + " d3\n", `line 2: "d3": want MOVE:VALUE`},
		{"bad square", Header + "\n" + start + " z9:1\n", `line 2: square "z9"`},
		{"bad value", Header + "\n" + start + " d3:abc\n", `line 2: "d3:abc": value "abc" is not a number`},
		{"illegal", Header + "\n" + start + " a1:1\n", "line 2: move a1 is not legal here"},
		{"twice", Header + "\n" + start + " d3:1 d3:2\n", "line 2: move d3 is given twice"},
		{"too large", Header + "\n" + start + " d3:65\n", "line 2: move d3: value 65 is not within ±64"},
		{"NaN", Header + "\n" + start + " d3:NaN\n", "line 2: move d3: value NaN"},
		{"repeated", Header + "\n" + start + " d3:1\n" + othello.Start().Transform(3).Board64() + " c4:1\n", "line 3: position already in the book (line 2)"},
		{"overlap-free", Header + "\n" + strings.Repeat("-", 64) + " d3:1\n", "line 2: the board has no discs"},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(c.text), "f.book")
		if err == nil || !strings.Contains(err.Error(), "f.book") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error naming f.book and %q", c.name, err, c.want)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.book")); err == nil || !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}

func TestDefault(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if !b.Contains(othello.Start()) {
		t.Fatal("the embedded book lacks the start position")
	}
	// Every stored move's value, and the negamax, stay within bounds; the
	// first move of the book is one of the four (equivalent) legal ones.
	m, _ := b.Choose(othello.Start(), 0, 0)
	if !othello.Start().IsLegal(m.Move) || math.Abs(m.Value) > MaxValue {
		t.Errorf("start: %+v", m)
	}
	if o, err := Open(Off); o != nil || err != nil || o.Len() != 0 {
		t.Errorf("Open(off) = %v, %v; want no book", o, err)
	}
	if d, err := Open(""); d != b || err != nil {
		t.Errorf("Open(\"\") = %p, %v; want the embedded book %p", d, err, b)
	}
}
