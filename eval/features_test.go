package eval

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// The reference reads squares one by one through plain coordinate
// arithmetic, independent of the bit tricks of features.go.

// square parses an algebraic square name ("c3") into row and column.
func square(name string) (row, col int) { return int(name[1] - '1'), int(name[0] - 'a') }

// forward returns where symmetry k (othello.TransformBits numbering) sends
// the square at row r, column c.
func forward(r, c, k int) (int, int) {
	if k&1 != 0 {
		c = 7 - c
	}
	if k&2 != 0 {
		r = 7 - r
	}
	if k&4 != 0 {
		r, c = c, r
	}
	return r, c
}

// inverse returns the square that symmetry k sends to row r, column c.
func inverse(r, c, k int) (int, int) {
	if k&4 != 0 {
		r, c = c, r
	}
	if k&2 != 0 {
		r = 7 - r
	}
	if k&1 != 0 {
		c = 7 - c
	}
	return r, c
}

// instanceSquares returns the squares (as bit indices) that instance j of
// class c reads, in digit order: the base squares as they appear on image
// k of the board, that is the squares the symmetry sends onto them.
func instanceSquares(c *class, j int) []int {
	k := c.images[j]
	out := make([]int, len(c.squares))
	for i, name := range c.squares {
		r, col := square(name)
		r, col = inverse(r, col, k)
		out[i] = r*8 + col
	}
	return out
}

// refIndex reads the squares one by one: digit i is 0 if squares[i] is
// empty, 1 if it holds a disc of the side to move, 2 for the opponent.
func refIndex(p othello.Position, squares []int) uint32 {
	idx, pow := uint32(0), uint32(1)
	for _, sq := range squares {
		switch {
		case p.Player>>sq&1 != 0:
			idx += pow
		case p.Opponent>>sq&1 != 0:
			idx += 2 * pow
		}
		pow *= 3
	}
	return idx
}

func TestTransformsMatchOthello(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1000; i++ {
		b := rng.Uint64()
		var im images
		im.transform(b)
		for k := 0; k < othello.Symmetries; k++ {
			if got, want := im[k], othello.TransformBits(b, k); got != want {
				t.Fatalf("image %d of %#x = %#x, want %#x", k, b, got, want)
			}
		}
	}
}

func TestFeaturesMatchReference(t *testing.T) {
	for n, p := range testPositions() {
		var f [NumInstances]uint32
		features(p.Player, p.Opponent, &f)
		for ci := range classes {
			c := &classes[ci]
			for j := range c.images {
				want := c.offset + refIndex(p, instanceSquares(c, j))
				if got := f[c.firstInst+j]; got != want {
					t.Fatalf("position %d (%s to move, %v): %s instance %d: index %d, want %d",
						n, p.Turn, p, c.name, j, got-c.offset, want-c.offset)
				}
			}
		}
	}
}

func TestClassTable(t *testing.T) {
	inst, off := 0, uint32(0)
	for ci := range classes {
		c := &classes[ci]
		if c.firstInst != inst || c.offset != off {
			t.Errorf("%s: first instance %d, offset %d; want %d, %d", c.name, c.firstInst, c.offset, inst, off)
		}
		if len(c.squares) > maxSquares {
			t.Errorf("%s: %d squares, more than %d", c.name, len(c.squares), maxSquares)
		}
		inst += len(c.images)
		off += c.size()
	}
	if inst != NumInstances || off != offBias {
		t.Errorf("%d instances and %d raw weights, want %d and %d", inst, off, NumInstances, offBias)
	}
}

// setKey names a set of squares independently of order.
func setKey(squares []int) string {
	s := slices.Clone(squares)
	slices.Sort(s)
	return fmt.Sprint(s)
}

// TestInstancesCoverOrbits checks that each class reads every distinct
// image of its square set under the eight symmetries exactly once: none is
// missed (the evaluation would not be symmetric) and none counted twice.
func TestInstancesCoverOrbits(t *testing.T) {
	for ci := range classes {
		c := &classes[ci]
		orbit := map[string]bool{}
		for k := 0; k < othello.Symmetries; k++ {
			var sqs []int
			for _, name := range c.squares {
				r, col := square(name)
				r, col = forward(r, col, k)
				sqs = append(sqs, r*8+col)
			}
			orbit[setKey(sqs)] = true
		}
		got := map[string]bool{}
		for j := range c.images {
			key := setKey(instanceSquares(c, j))
			if got[key] {
				t.Errorf("%s: instance %d repeats the squares %s", c.name, j, key)
			}
			got[key] = true
			if !orbit[key] {
				t.Errorf("%s: instance %d reads %s, not an image of the pattern", c.name, j, key)
			}
		}
		if len(got) != len(orbit) {
			t.Errorf("%s: %d instances, the pattern has %d distinct images", c.name, len(got), len(orbit))
		}
	}
}

// TestClassSymmetry checks each class's digit permutation against the
// board symmetries that map its square set onto itself.
func TestClassSymmetry(t *testing.T) {
	for ci := range classes {
		c := &classes[ci]
		pos := map[int]int{} // square -> digit position
		for i, name := range c.squares {
			r, col := square(name)
			pos[r*8+col] = i
		}
		var perms [][]int
		for k := 1; k < othello.Symmetries; k++ {
			perm := make([]int, len(c.squares))
			ok, identity := true, true
			for i, name := range c.squares {
				r, col := square(name)
				r, col = forward(r, col, k)
				j, in := pos[r*8+col]
				if !in {
					ok = false
					break
				}
				perm[i] = j
				identity = identity && i == j
			}
			if ok && !identity && !slices.ContainsFunc(perms, func(p []int) bool { return slices.Equal(p, perm) }) {
				perms = append(perms, perm)
			}
		}
		switch {
		case len(perms) > 1:
			t.Errorf("%s: %d distinct self-symmetries; the layout supports one", c.name, len(perms))
		case len(perms) == 0 && c.symmetry != nil:
			t.Errorf("%s: symmetry %v, but no board symmetry maps it onto itself", c.name, c.symmetry)
		case len(perms) == 1 && !slices.Equal(perms[0], c.symmetry):
			t.Errorf("%s: symmetry %v, want %v", c.name, c.symmetry, perms[0])
		}
	}
}

func TestLayoutSizes(t *testing.T) {
	l := theLayout()
	if len(l.canonical) != CanonicalWeights {
		t.Fatalf("%d canonical weights, want %d", len(l.canonical), CanonicalWeights)
	}
	for x := range uint32(rawStride) {
		p := l.partner[x]
		if l.partner[p] != x {
			t.Fatalf("partner of partner of %d is %d", x, l.partner[p])
		}
		if l.expand[p] != l.expand[x] {
			t.Fatalf("raw %d and its partner %d read canonical %d and %d", x, p, l.expand[x], l.expand[p])
		}
		if c := l.canonical[l.expand[x]]; c != x && c != p {
			t.Fatalf("raw %d reads canonical %d (raw %d)", x, l.expand[x], c)
		}
	}
}

func TestPhaseOf(t *testing.T) {
	for _, tc := range []struct{ discs, phases, want int }{
		{4, 15, 0}, {7, 15, 0}, {8, 15, 1}, {63, 15, 14}, {64, 15, 14}, {0, 15, 0},
		{4, 60, 0}, {63, 60, 59}, {64, 60, 59}, {34, 1, 0}, {33, 2, 0}, {34, 2, 1},
	} {
		if got := PhaseOf(tc.discs, tc.phases); got != tc.want {
			t.Errorf("PhaseOf(%d, %d) = %d, want %d", tc.discs, tc.phases, got, tc.want)
		}
	}
	// Every phase gets plies (equal runs up to one ply).
	for phases := 1; phases <= MaxPhases; phases++ {
		count := make([]int, phases)
		for discs := 4; discs < 64; discs++ {
			count[PhaseOf(discs, phases)]++
		}
		if lo, hi := slices.Min(count), slices.Max(count); lo == 0 || hi-lo > 1 {
			t.Errorf("%d phases: plies per phase %v", phases, count)
		}
	}
}
