package einstein

import (
	"fmt"
	"slices"
	"testing"
)

// nthLayout returns permutation k (0 to 719) of 123456 in lexicographic
// order, from its factorial-base digits.
func nthLayout(k int) Layout {
	rest := []uint8{1, 2, 3, 4, 5, 6}
	var l Layout
	f := 120
	for i := range Cubes {
		j := k / f
		k %= f
		l[i] = rest[j]
		rest = slices.Delete(rest, j, j+1)
		if i < Cubes-1 {
			f /= Cubes - 1 - i
		}
	}
	return l
}

func TestNthLayout(t *testing.T) {
	seen := map[Layout]bool{}
	for k := range 720 {
		l := nthLayout(k)
		if !l.valid() || seen[l] {
			t.Fatalf("nthLayout(%d) = %v: invalid or repeated", k, l)
		}
		seen[l] = true
	}
	if l := nthLayout(719); l.String() != "654321" {
		t.Errorf("nthLayout(719) = %v", l)
	}
}

// FuzzAgainstReference plays the game a fuzzer chooses on the Position and
// on the reference and compares them after every ply (compare also tries
// every move code with Check). The first two bytes choose the layout; each
// further byte below 0xc0 chooses one of the legal moves, and any other
// byte is a move code (its low five bits) given to Play, which must refuse
// it exactly when the reference has no such move, and then change nothing.
//
//	go test ./einstein -run XXX -fuzz FuzzAgainstReference -fuzztime 30s
func FuzzAgainstReference(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{2, 207, 0xff, 0xe0, 0xc5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Add([]byte{1, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		l := nthLayout((int(data[0])<<8 | int(data[1])) % 720)
		p, g := New(l), refNew(l)
		for i, b := range data[2:] {
			where := fmt.Sprintf("layout %v byte %d", l, i)
			want := compare(t, &p, g, where)
			if len(want) == 0 {
				return
			}
			if b < 0xc0 {
				s := want[int(b)%len(want)]
				m, _ := ParseMove(s)
				if err := p.Play(m); err != nil {
					t.Fatalf("%s: Play(%s): %v", where, s, err)
				}
				g.play(s)
				continue
			}
			m := Move(b & 0x1f)
			legal := slices.Contains(want, m.String()) && (m == Pass || m.Dir() >= Horizontal)
			before := p
			err := p.Play(m)
			switch {
			case legal && err != nil:
				t.Fatalf("%s: Play(%v) refused: %v", where, m, err)
			case !legal && err == nil:
				t.Fatalf("%s: Play(%d) accepted, the reference has moves %v", where, b&0x1f, want)
			case legal:
				g.play(m.String())
			case p != before:
				t.Fatalf("%s: a refused move changed the position", where)
			}
		}
		compare(t, &p, g, fmt.Sprintf("layout %v end", l))
	})
}
