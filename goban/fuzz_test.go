package goban

import (
	"errors"
	"fmt"
	"testing"
)

// FuzzAgainstReference plays the moves a fuzzer chooses on the fast Game
// and on the reference, colours alternating, and compares them after every
// ply. The first byte chooses the size (1 to 19); each further byte a point
// (row-major) or, for the value n*n, a pass. Illegal moves must be refused
// by the Game with an error and change nothing.
//
//	go test ./goban -run XXX -fuzz FuzzAgainstReference -fuzztime 30s
func FuzzAgainstReference(f *testing.F) {
	f.Add([]byte{6, 0, 1, 7, 8, 14})
	f.Add([]byte{2, 0, 4, 1, 2, 3, 9, 8, 0, 1})
	f.Add([]byte{1, 0, 1, 0})
	f.Add([]byte{18, 0, 19, 1, 20, 40, 21, 60})
	f.Add([]byte{8, 10, 11, 19, 20, 28, 29, 37, 38, 46, 47, 1, 2, 3, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := 1 + int(data[0])%MaxSize
		start, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(start)
		r := newRef(n)
		// maxFuzzPlies keeps one input fast: the reference is slow on
		// purpose.
		const maxFuzzPlies = 120
		moves := data[1:]
		if len(moves) > maxFuzzPlies {
			moves = moves[:maxFuzzPlies]
		}
		c, played := Black, 0
		for ply, m := range moves {
			where := fmt.Sprintf("n=%d ply %d", n, ply)
			legal := compare(t, g, r, where)
			i := int(m) % (n*n + 1)
			if i == n*n {
				if _, err := g.Play(Pass, c); err != nil {
					t.Fatalf("%s: pass: %v", where, err)
				}
				r.pass()
				played++
			} else {
				p, _ := g.Board().Point(i/n, i%n)
				ok := false
				for _, j := range legal[c] {
					ok = ok || j == i
				}
				before := g.Board().String()
				got, err := g.Play(p, c)
				switch {
				case ok && err != nil:
					t.Fatalf("%s: %v at (%d,%d) refused: %v", where, c, i/n, i%n, err)
				case !ok && err == nil:
					t.Fatalf("%s: %v at (%d,%d) illegal, accepted", where, c, i/n, i%n)
				case !ok:
					if !errors.Is(err, ErrOccupied) && !errors.Is(err, ErrSuicide) && !errors.Is(err, ErrKo) && !errors.Is(err, ErrSuperko) {
						t.Fatalf("%s: unexpected error %v", where, err)
					}
					if g.Board().String() != before || len(g.Moves()) != played {
						t.Fatalf("%s: a refused move changed the game", where)
					}
					c = c.Other()
					continue
				default:
					if want := r.play(i, c); got != want {
						t.Fatalf("%s: captured %d, want %d", where, got, want)
					}
					played++
				}
			}
			c = c.Other()
		}
		compare(t, g, r, fmt.Sprintf("n=%d end", n))
	})
}
