package eval

import (
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

// Scale is the fixed-point unit of Weights: a weight or an evaluation of n
// is n/Scale discs. 256 keeps rounding far below a disc (the 47 weights of
// an evaluation, each rounded by half a unit at most, err by 0.09 disc at
// the very worst) while an int16 weight still spans ±128 discs, twice the
// largest possible disc difference.
const Scale = 256

// Weights is an evaluation in fixed point, ready for a search. It is
// read-only once built, so one Weights may serve many goroutines.
type Weights struct {
	phases int
	// phaseOf maps a disc count to the offset of its phase's raw table.
	phaseOf [65]uint32
	// w holds phases raw tables of rawStride weights each: every
	// configuration of every class has its own entry (symmetric ones hold
	// equal values), so an evaluation needs no mapping to canonical weights.
	w    []int16
	meta string
}

// newWeights expands canonical fixed-point weights (phases *
// CanonicalWeights values in file order) into a Weights.
func newWeights(phases int, canonical []int16, meta string) *Weights {
	l := theLayout()
	w := &Weights{phases: phases, phaseOf: phaseOffsets(phases), w: make([]int16, phases*rawStride), meta: meta}
	for ph := 0; ph < phases; ph++ {
		raw := w.w[ph*rawStride : (ph+1)*rawStride]
		can := canonical[ph*CanonicalWeights : (ph+1)*CanonicalWeights]
		for i, c := range l.expand {
			raw[i] = can[c]
		}
	}
	return w
}

// canonicalValues returns the canonical weights in file order.
func (w *Weights) canonicalValues() []int16 {
	l := theLayout()
	out := make([]int16, 0, w.phases*CanonicalWeights)
	for ph := 0; ph < w.phases; ph++ {
		raw := w.w[ph*rawStride : (ph+1)*rawStride]
		for _, off := range l.canonical {
			out = append(out, raw[off])
		}
	}
	return out
}

// Phases returns the number of game phases, each with its own weights.
func (w *Weights) Phases() int { return w.phases }

// Metadata returns the text stored with the weights: the trainer records
// how they were made (command, games, parameters).
func (w *Weights) Metadata() string { return w.meta }

// Eval returns the static evaluation of p for the side to move, in 1/Scale
// discs: the expected final disc difference (own minus opponent's, empty
// squares not counted). It reads the discs only; it does not look for
// passes or the end of the game (see Value). The weights were trained on
// positions where the side to move has a legal move.
func (w *Weights) Eval(p othello.Position) int32 {
	var f [NumInstances]uint32
	features(p.Player, p.Opponent, &f)
	t := w.w[w.phaseOf[bits.OnesCount64(p.Player|p.Opponent)]:][:rawStride]
	s := int32(t[offBias])
	for _, o := range f {
		s += int32(t[o])
	}
	return s
}

// Score returns Eval in discs.
func (w *Weights) Score(p othello.Position) float32 {
	return float32(w.Eval(p)) * (1.0 / Scale)
}

// Value returns the value of p for the side to move, in discs: the exact
// final disc difference when the game is over, minus the opponent's Score
// when the side to move must pass, and Score otherwise. It is what a
// search should use at a leaf.
func (w *Weights) Value(p othello.Position) float32 { return value(w, p) }

// BestMove returns the 1-ply greedy move for the side to move, the move
// whose resulting position has the highest Value for it, with that value in
// discs; ties go to the lowest square. It returns othello.Pass, with the
// value after the pass, when the side to move has no legal move.
func (w *Weights) BestMove(p othello.Position) (othello.Move, float32) { return bestMove(w, p) }
