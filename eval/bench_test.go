package eval

import (
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// benchSet is 4096 positions from random games; the benchmarks cycle
// through them so that the weight lookups see realistic, varied phases.
func benchSet() []othello.Position { return randomGamePositions(4096, 99) }

// benchWeights is a 15-phase set of random weights (the speed does not
// depend on the values).
func benchWeights() *Weights { return newWeights(15, randomCanonical(15, 2000, 98), "") }

// BenchmarkFeatures measures the pattern indices of one position per op.
func BenchmarkFeatures(b *testing.B) {
	ps := benchSet()
	var f [NumInstances]uint32
	var sink uint32
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &ps[i&4095]
		features(p.Player, p.Opponent, &f)
		sink += f[0]
	}
	_ = sink
}

// BenchmarkEval measures one fixed-point evaluation per op: evaluations
// per second = 1e9 / ns/op.
func BenchmarkEval(b *testing.B) {
	ps, w := benchSet(), benchWeights()
	var sink int32
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink += w.Eval(ps[i&4095])
	}
	_ = sink
}

// BenchmarkValue measures Value (Eval plus the pass and end-of-game
// checks) per op.
func BenchmarkValue(b *testing.B) {
	ps, w := benchSet(), benchWeights()
	var sink float32
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink += w.Value(ps[i&4095])
	}
	_ = sink
}

// BenchmarkBestMove measures one 1-ply greedy move choice per op (about
// eight evaluations).
func BenchmarkBestMove(b *testing.B) {
	ps, w := benchSet(), benchWeights()
	var sink othello.Move
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m, _ := w.BestMove(ps[i&4095])
		sink ^= m
	}
	_ = sink
}

// BenchmarkModelScore measures one float32 evaluation of a Model per op,
// the trainer's inner loop.
func BenchmarkModelScore(b *testing.B) {
	ps := benchSet()
	m := newModelCanonical(15, randomFloats(15, 97), "")
	var sink float32
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink += m.Score(ps[i&4095])
	}
	_ = sink
}

// BenchmarkModelUpdate measures one TD update of a position's weights per
// op, with its features recorded beforehand.
func BenchmarkModelUpdate(b *testing.B) {
	ps := benchSet()
	m, _ := NewModel(15)
	fs := make([]Features, len(ps))
	for i, p := range ps {
		m.Features(p, &fs[i])
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		f := &fs[i&4095]
		m.Update(f, 0.001*(1-m.ValueOf(f)))
	}
}
