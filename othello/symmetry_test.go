package othello

import (
	"math/rand/v2"
	"testing"
)

// refTransform applies symmetry k square by square, as a slow reference.
func refTransform(b uint64, k int) uint64 {
	var out uint64
	for i := 0; i < 64; i++ {
		if b>>i&1 == 0 {
			continue
		}
		x, y := i/8, i%8
		if k&1 != 0 {
			y = 7 - y
		}
		if k&2 != 0 {
			x = 7 - x
		}
		if k&4 != 0 {
			x, y = y, x
		}
		out |= 1 << (x*8 + y)
	}
	return out
}

func TestTransformMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 2000; i++ {
		b := rng.Uint64()
		for k := 0; k < Symmetries; k++ {
			if got, want := TransformBits(b, k), refTransform(b, k); got != want {
				t.Fatalf("TransformBits(%#x, %d) = %#x, want %#x", b, k, got, want)
			}
		}
	}
}

// TestSymmetryPreservesRules checks that a symmetry maps legal moves to
// legal moves and flips to flips, and that the four first moves share one
// canonical form.
func TestSymmetryPreservesRules(t *testing.T) {
	for _, e := range readFFO(t) {
		for k := 0; k < Symmetries; k++ {
			q := e.pos.Transform(k)
			if got, want := q.Moves(), TransformBits(e.pos.Moves(), k); got != want {
				t.Fatalf("FFO #%d symmetry %d: moves %#x, want %#x", e.id, k, got, want)
			}
			for _, m := range e.best {
				if got, want := q.Play(m.Transform(k)), e.pos.Play(m).Transform(k); got != want {
					t.Fatalf("FFO #%d symmetry %d move %s: %s, want %s", e.id, k, m, got, want)
				}
			}
			if q.Canonical() != e.pos.Canonical() {
				t.Fatalf("FFO #%d symmetry %d: canonical forms differ", e.id, k)
			}
		}
	}
	var canon []Position
	for _, s := range []string{"d3", "c4", "f5", "e6"} {
		m, _ := ParseSquare(s)
		canon = append(canon, Start().Play(m).Canonical())
	}
	for i, c := range canon {
		if c != canon[0] {
			t.Errorf("first move %d has canonical form %s, want %s", i, c, canon[0])
		}
	}
	// White's three replies to d3 (diagonal, perpendicular, parallel) are
	// three different openings.
	seen := map[Position]string{}
	for _, rec := range []string{"d3c3", "d3e3", "d3c5"} {
		moves, _ := ParseMoves(rec)
		g := NewGame()
		if err := g.PlayAll(moves); err != nil {
			t.Fatal(err)
		}
		c := g.Position().Canonical()
		if other, dup := seen[c]; dup {
			t.Errorf("openings %s and %s share a canonical form", rec, other)
		}
		seen[c] = rec
	}
}
