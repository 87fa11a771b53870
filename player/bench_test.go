package player

import (
	"context"
	"testing"

	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// benchmarkLeaf measures UCT iterations per second from the start position
// with the embedded evaluation wired as search wires it, for one leaf
// evaluation, prior setting and minimax weight: 100,000 iterations an
// operation.
func benchmarkLeaf(b *testing.B, leaf engine.Leaf, prior int, minimaxWeight float64) {
	cfg := engine.DefaultConfig()
	cfg.ArenaNodes, cfg.Leaf, cfg.PriorVisits, cfg.MinimaxWeight = 1<<20, leaf, prior, minimaxWeight
	s, err := engine.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	w, err := eval.Default()
	if err != nil {
		b.Fatal(err)
	}
	s.SetEvaluator(func(p, o uint64) float64 { return float64(w.Value(othello.Position{Player: p, Opponent: o})) })
	b.ReportAllocs()
	var iterations int64
	for b.Loop() {
		r, err := s.Search(context.Background(), othello.Start(), engine.Limits{Playouts: 100_000})
		if err != nil {
			b.Fatal(err)
		}
		iterations += r.Stats.Playouts
	}
	b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
}

// BenchmarkSearchPlayoutLeaves is the course's UCT: a random playout a leaf.
func BenchmarkSearchPlayoutLeaves(b *testing.B) { benchmarkLeaf(b, engine.LeafPlayout, 0, 0) }

// BenchmarkSearchEvalLeaves values leaves by the evaluation.
func BenchmarkSearchEvalLeaves(b *testing.B) { benchmarkLeaf(b, engine.LeafEval, 0, 0) }

// BenchmarkSearchEvalPriors adds prior visits from the evaluation.
func BenchmarkSearchEvalPriors(b *testing.B) { benchmarkLeaf(b, engine.LeafEval, 10, 0) }

// BenchmarkSearchEvalMinimax adds implicit minimax backups (weight 0.3) to
// evaluation leaves.
func BenchmarkSearchEvalMinimax(b *testing.B) { benchmarkLeaf(b, engine.LeafEval, 0, 0.3) }
