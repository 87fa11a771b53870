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
// evaluation, prior setting and minimax weight, the core's other defaults
// (C 0.5).
func benchmarkLeaf(b *testing.B, leaf engine.Leaf, prior int, minimaxWeight float64) {
	cfg := engine.DefaultConfig()
	cfg.Leaf, cfg.PriorVisits, cfg.MinimaxWeight = leaf, prior, minimaxWeight
	benchmarkSearch(b, cfg)
}

// benchmarkSearch measures cfg's UCT iterations per second from the start
// position in an arena of 2^20 nodes, without the solver: 100,000
// iterations an operation.
func benchmarkSearch(b *testing.B, cfg engine.Config) { benchmarkSearchOf(b, cfg, 100_000) }

// benchmarkSearchOf measures cfg's UCT iterations per second from the
// start position, playouts iterations an operation, in an arena that
// holds them, without the solver.
func benchmarkSearchOf(b *testing.B, cfg engine.Config, playouts int64) {
	cfg.ArenaNodes = max(1<<20, int(playouts))
	s := newBenchSearcher(b, cfg)
	b.ReportAllocs()
	var iterations int64
	for b.Loop() {
		r, err := s.Search(context.Background(), othello.Start(), engine.Limits{Playouts: playouts})
		if err != nil {
			b.Fatal(err)
		}
		iterations += r.Stats.Playouts
	}
	b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
}

// newBenchSearcher returns a tree search of cfg with the embedded
// evaluation wired as search wires it, without the solver.
func newBenchSearcher(b *testing.B, cfg engine.Config) *engine.Searcher {
	s, err := engine.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	w, err := eval.Default()
	if err != nil {
		b.Fatal(err)
	}
	s.SetEvaluator(func(p, o uint64) float64 { return float64(w.Value(othello.Position{Player: p, Opponent: o})) })
	return s
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

// BenchmarkSearchDefault is the search as the search program plays it
// (DefaultEngine: evaluation leaves, C 0.3, minimax weight 0.7, one prior
// visit), without the solver, whose leaf proofs (from 14 empty squares)
// the start position does not reach.
func BenchmarkSearchDefault(b *testing.B) { benchmarkSearch(b, DefaultEngine()) }

// BenchmarkSearchDefaultPrior adds one prior visit a new node
// (search --prior-visits 1).
func BenchmarkSearchDefaultPrior(b *testing.B) {
	cfg := DefaultEngine()
	cfg.PriorVisits = 1
	benchmarkSearch(b, cfg)
}

// BenchmarkSearchDefaultLarge is BenchmarkSearchDefault at 2,000,000
// iterations an operation, about what a second's search runs: a tree of
// some 50 MiB, far larger than the caches, where selection waits on
// memory, as at the judge's 9 s.
func BenchmarkSearchDefaultLarge(b *testing.B) { benchmarkSearchOf(b, DefaultEngine(), 2_000_000) }

// BenchmarkReuse measures what keeping the tree costs the next move: a
// search of a million iterations from the start position (untimed; about
// a second's tree), then, timed, a one-iteration search two plies down its
// principal variation, as after the engine's move and the reply it
// expected. Nearly all of the timed search is the reuse of the subtree.
func BenchmarkReuse(b *testing.B) {
	cfg := DefaultEngine()
	cfg.ArenaNodes = 1 << 22
	s := newBenchSearcher(b, cfg)
	ctx := context.Background()
	var kept int64
	for b.Loop() {
		b.StopTimer()
		s.Reset()
		r, err := s.Search(ctx, othello.Start(), engine.Limits{Playouts: 1_000_000})
		if err != nil || len(r.Stats.PV) < 2 {
			b.Fatalf("first search: PV %v, %v", r.Stats.PV, err)
		}
		pos := othello.Start()
		pos = pos.Play(r.Stats.PV[0]).Play(r.Stats.PV[1])
		b.StartTimer()
		next, err := s.Search(ctx, pos, engine.Limits{Playouts: 1})
		if err != nil {
			b.Fatal(err)
		}
		kept += next.Stats.ReusedVisits
	}
	b.ReportMetric(float64(kept)/float64(b.N), "kept-visits/op")
}
