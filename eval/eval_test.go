package eval

import (
	"math"
	"math/bits"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// refCanonicalNumbers numbers the canonical weights of a phase the way the
// file format defines them (class by class, the smaller raw index of each
// symmetric pair, in increasing order, the bias last), computing partners
// by reading the squares in permuted order rather than through
// class.partner.
func refCanonicalNumbers() map[[2]uint32]int {
	num := map[[2]uint32]int{} // (class, raw index) -> canonical number
	n := 0
	for ci := range classes {
		c := &classes[ci]
		for idx := uint32(0); idx < c.size(); idx++ {
			p := refPartner(c, idx)
			if idx <= p {
				num[[2]uint32{uint32(ci), idx}] = n
				n++
			}
		}
	}
	return num
}

// refPartner returns the index of the configuration that the class's
// symmetry makes of idx: the square at digit i takes the content of the
// square at digit symmetry[i].
func refPartner(c *class, idx uint32) uint32 {
	if c.symmetry == nil {
		return idx
	}
	digit := func(i int) uint32 {
		for ; i > 0; i-- {
			idx /= 3
		}
		return idx % 3
	}
	out, pow := uint32(0), uint32(1)
	for i := range c.squares {
		saved := idx
		out += digit(c.symmetry[i]) * pow
		idx = saved
		pow *= 3
	}
	return out
}

// refEval evaluates p square by square with canonical weights can.
func refEval(p othello.Position, phases int, can []int16, num map[[2]uint32]int) int32 {
	ph := PhaseOf(bits.OnesCount64(p.Player|p.Opponent), phases)
	w := can[ph*CanonicalWeights : (ph+1)*CanonicalWeights]
	s := int32(w[CanonicalWeights-1]) // the bias
	for ci := range classes {
		c := &classes[ci]
		for j := range c.images {
			idx := refIndex(p, instanceSquares(c, j))
			idx = min(idx, refPartner(c, idx))
			s += int32(w[num[[2]uint32{uint32(ci), idx}]])
		}
	}
	return s
}

func TestEvalMatchesReference(t *testing.T) {
	const phases = 15
	can := randomCanonical(phases, 2000, 1)
	w := newWeights(phases, can, "")
	num := refCanonicalNumbers()
	if len(num)+1 != CanonicalWeights {
		t.Fatalf("reference counts %d canonical weights, want %d", len(num)+1, CanonicalWeights)
	}
	for n, p := range testPositions() {
		if got, want := w.Eval(p), refEval(p, phases, can, num); got != want {
			t.Fatalf("position %d (%v): Eval %d, want %d", n, p, got, want)
		}
		if got, want := w.Score(p), float32(w.Eval(p))/Scale; got != want {
			t.Fatalf("position %d: Score %v, want %v", n, got, want)
		}
	}
}

func TestEvalSymmetric(t *testing.T) {
	for _, phases := range []int{1, 15, 60} {
		w := newWeights(phases, randomCanonical(phases, 30000, uint64(phases)), "")
		for n, p := range testPositions() {
			e := w.Eval(p)
			for k := 1; k < othello.Symmetries; k++ {
				if got := w.Eval(p.Transform(k)); got != e {
					t.Fatalf("%d phases, position %d (%v): image %d evaluates %d, the position %d", phases, n, p, k, got, e)
				}
			}
		}
	}
}

// TestEvalHandMade checks a hand-made case: with the weight of "the
// first square is own, the others empty" set to one disc in every class
// (and every other weight zero), a lone disc on a1 scores the number of
// instances that read a1 first, or last where the class's symmetry makes
// the two equal. Those are corner3x3 at a1, corner2x5 along row 1 and
// along column a, edge2X on row 1 and on column a, and the a1-h8 diagonal.
func TestEvalHandMade(t *testing.T) {
	num := refCanonicalNumbers()
	can := make([]float32, CanonicalWeights)
	for ci := range classes {
		can[num[[2]uint32{uint32(ci), 1}]] = 1
	}
	m := newModelCanonical(1, can, "")
	p := othello.Position{Player: 1} // a1
	if got := m.Score(p); got != 6 {
		t.Errorf("a disc on a1 scores %v, want 6", got)
	}
	if got := m.Score(p.Pass()); got != 0 {
		t.Errorf("an opponent disc on a1 scores %v, want 0", got)
	}
}

func TestModelMatchesWeights(t *testing.T) {
	const phases = 15
	can := randomCanonical(phases, 8000, 5)
	floats := make([]float32, len(can))
	for i, v := range can {
		floats[i] = float32(v)/Scale + 0.001 // off the fixed-point grid
	}
	m := newModelCanonical(phases, floats, "x")
	w, err := m.Weights()
	if err != nil {
		t.Fatal(err)
	}
	for n, p := range testPositions() {
		// Rounding moves each of the 47 weights by at most half a unit.
		if got, want := float64(w.Score(p)), float64(m.Score(p)); math.Abs(got-want) > 47*0.5/Scale+1e-3 {
			t.Fatalf("position %d: fixed point %v, float %v", n, got, want)
		}
	}
	m.w[3] = 200 // beyond ±128 discs
	if _, err := m.Weights(); err == nil {
		t.Error("a weight of 200 discs quantised without error")
	}
}

func TestModelUpdate(t *testing.T) {
	m, _ := NewModel(15)
	l := theLayout()
	for n, p := range testPositions()[:2000] {
		var f Features
		m.Features(p, &f)
		// Each activated entry gains step once per occurrence among the
		// instances (and once more per occurrence of its partner); the
		// value grows by step times the sum of these counts.
		count := map[uint32]int{offBias: 1}
		for _, o := range f.raw {
			count[o]++
			if p := l.partner[o]; p != o {
				count[p]++
			}
		}
		want := 1 // the bias
		for _, o := range f.raw {
			want += count[o]
		}
		const step = 0.125 // a power of two: sums stay exact
		before := m.ValueOf(&f)
		m.Update(&f, step)
		if got := m.ValueOf(&f) - before; got != step*float32(want) {
			t.Fatalf("position %d: value rose by %v, want %v", n, got, step*float32(want))
		}
	}
	// Symmetric configurations stayed equal.
	for ph := 0; ph < m.phases; ph++ {
		raw := m.w[ph*rawStride : (ph+1)*rawStride]
		for x, p := range l.partner {
			if raw[x] != raw[p] {
				t.Fatalf("phase %d: raw %d = %v, its partner %d = %v", ph, x, raw[x], p, raw[p])
			}
		}
	}
}

func TestAllocations(t *testing.T) {
	w := newWeights(15, randomCanonical(15, 1000, 2), "")
	m, _ := NewModel(15)
	p := othello.Start().Play(othello.MoveAt(2, 3))
	var f Features
	for name, fn := range map[string]func(){
		"Eval":           func() { w.Eval(p) },
		"Value":          func() { w.Value(p) },
		"BestMove":       func() { w.BestMove(p) },
		"Model.BestMove": func() { m.BestMove(p) },
		"Model.Update":   func() { m.Features(p, &f); m.Update(&f, 0.5) },
	} {
		if a := testing.AllocsPerRun(100, fn); a != 0 {
			t.Errorf("%s allocates %v times per call", name, a)
		}
	}
}
