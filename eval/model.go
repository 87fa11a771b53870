package eval

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

// Model is an evaluation in float32, the form a trainer learns: the same
// patterns and phases as Weights, with weights that small updates can move.
// A Model is not safe for concurrent use while it is being updated;
// concurrent reads (Score, Value, BestMove, ValueOf) are fine.
type Model struct {
	phases  int
	phaseOf [65]uint32
	// w holds phases raw tables of rawStride weights, like Weights.w;
	// Update keeps the entries of symmetric configurations equal.
	w       []float32
	partner []uint32
	// Meta is the text saved with the model (see Weights.Metadata).
	Meta string
}

// NewModel returns a model of phases phases (1..MaxPhases) with every
// weight zero.
func NewModel(phases int) (*Model, error) {
	if phases < 1 || phases > MaxPhases {
		return nil, fmt.Errorf("phases %d: want 1..%d", phases, MaxPhases)
	}
	return &Model{phases: phases, phaseOf: phaseOffsets(phases), w: make([]float32, phases*rawStride), partner: theLayout().partner}, nil
}

// newModelCanonical builds a model from canonical weights in file order.
func newModelCanonical(phases int, canonical []float32, meta string) *Model {
	m, _ := NewModel(phases) // phases was checked by the caller
	l := theLayout()
	for ph := 0; ph < phases; ph++ {
		raw := m.w[ph*rawStride : (ph+1)*rawStride]
		can := canonical[ph*CanonicalWeights : (ph+1)*CanonicalWeights]
		for i, c := range l.expand {
			raw[i] = can[c]
		}
	}
	m.Meta = meta
	return m
}

// canonicalValues returns the canonical weights in file order.
func (m *Model) canonicalValues() []float32 {
	l := theLayout()
	out := make([]float32, 0, m.phases*CanonicalWeights)
	for ph := 0; ph < m.phases; ph++ {
		raw := m.w[ph*rawStride : (ph+1)*rawStride]
		for _, off := range l.canonical {
			out = append(out, raw[off])
		}
	}
	return out
}

// Phases returns the number of game phases.
func (m *Model) Phases() int { return m.phases }

// Clone returns an independent copy of the model.
func (m *Model) Clone() *Model {
	c := *m
	c.w = append([]float32(nil), m.w...)
	return &c
}

// Equal reports whether two models have the same phases and exactly the
// same weights (metadata aside).
func (m *Model) Equal(o *Model) bool {
	if m.phases != o.phases || len(m.w) != len(o.w) {
		return false
	}
	for i, v := range m.w {
		if math.Float32bits(v) != math.Float32bits(o.w[i]) {
			return false
		}
	}
	return true
}

// Features are the weights that one position activates in a model: the
// offset of its phase's table and one raw offset per pattern instance.
// Recording them lets a trainer revisit a position's weights without
// recomputing its patterns.
type Features struct {
	base uint32
	raw  [NumInstances]uint32
}

// Features computes the features of p.
func (m *Model) Features(p othello.Position, f *Features) {
	f.base = m.phaseOf[bits.OnesCount64(p.Player|p.Opponent)]
	features(p.Player, p.Opponent, &f.raw)
}

// ValueOf returns the static evaluation, in discs, of the position whose
// features are f.
func (m *Model) ValueOf(f *Features) float32 {
	t := m.w[f.base:][:rawStride]
	s := t[offBias]
	for _, o := range f.raw {
		s += t[o]
	}
	return s
}

// Update adds step to every weight the position with features f activates:
// a gradient step on the squared error of ValueOf, since each weight enters
// the sum with coefficient 1 per occurrence. The weight of the symmetric
// configuration gets the same step, so that the two stay equal and the
// evaluation symmetric.
func (m *Model) Update(f *Features, step float32) {
	t := m.w[f.base:][:rawStride]
	t[offBias] += step
	for _, o := range f.raw {
		t[o] += step
		if p := m.partner[o]; p != o {
			t[p] += step
		}
	}
}

// Score returns the static evaluation of p for the side to move, in discs
// (see Weights.Eval).
func (m *Model) Score(p othello.Position) float32 {
	var f Features
	m.Features(p, &f)
	return m.ValueOf(&f)
}

// Value is Weights.Value for the model.
func (m *Model) Value(p othello.Position) float32 { return value(m, p) }

// BestMove is Weights.BestMove for the model.
func (m *Model) BestMove(p othello.Position) (othello.Move, float32) { return bestMove(m, p) }

// ErrWeightRange reports a float weight that int16 fixed point at Scale
// cannot hold (or one that is not a number).
var ErrWeightRange = errors.New("weight outside the fixed-point range")

// Weights returns the model in fixed point: every weight rounded to the
// nearest 1/Scale disc. It fails if a weight is not finite or beyond
// ±32767/Scale discs.
func (m *Model) Weights() (*Weights, error) {
	can, err := quantize(m.canonicalValues())
	if err != nil {
		return nil, err
	}
	return newWeights(m.phases, can, m.Meta), nil
}

// quantize rounds canonical float weights to fixed point.
func quantize(vals []float32) ([]int16, error) {
	out := make([]int16, len(vals))
	for i, v := range vals {
		x := math.Round(float64(v) * Scale)
		if math.IsNaN(x) || x < math.MinInt16+1 || x > math.MaxInt16 {
			return nil, fmt.Errorf("%w: weight %d (phase %d) is %g discs", ErrWeightRange, i%CanonicalWeights, i/CanonicalWeights, v)
		}
		out[i] = int16(x)
	}
	return out, nil
}
