package mcts

import (
	"context"
	"math"
	"testing"
)

// noisyEval is an evaluator for the synthetic game that knows little: a
// value of -6..+6 drawn from the position's hash, the exact score once the
// game is over (as Othello's evaluation is).
func noisyEval(g treeGame) func(s *treeState) float64 {
	return func(s *treeState) float64 {
		if len(g.Moves(s, nil)) == 0 {
			return float64(g.Score(s))
		}
		return float64(int(s.h>>40%13) - 6)
	}
}

// wantReward maps an evaluation d for the side to move to that side's
// reward as the configuration says, written out here again: the logistic
// under WinLoss, the clipped linear map under DiscDiff.
func wantReward(cfg Config, maxScore int, d float64) float64 {
	if cfg.Reward == DiscDiff {
		m := float64(maxScore)
		return math.Min(1, math.Max(0, (d+m)/(2*m)))
	}
	return 1 / (1 + math.Exp(-d/cfg.EvalScale))
}

// checkMinimax walks the tree below node n, whose position is st, and
// compares every node's kept minimax value with the one the definition
// gives, recomputed from the tree's shape, visits and proofs alone: a
// proven node's result under WinLoss; an unvisited leaf none; a visited
// leaf its own evaluation for the side that moved into it; an expanded
// node 1 minus the best of its children's once all have one, else its own
// evaluation (none for a root expanded before it was ever evaluated). It
// returns the value it expects of n.
func checkMinimax(t *testing.T, s *Searcher[treeState, uint8Move, treeGame], n uint32, st treeState, root bool) float32 {
	t.Helper()
	nd := &s.nodes[n]
	own := float32(1 - wantReward(s.cfg, s.maxScore, s.evaluate(&st)))
	want := own
	allValued := true
	best := float32(0)
	for i := range uint32(nd.nchild) {
		c := nd.first + i
		cs := st
		s.game.Play(&cs, s.nodes[c].move)
		cv := checkMinimax(t, s, c, cs, false)
		if cv == unvalued {
			allValued = false
		}
		best = max(best, cv)
	}
	switch {
	case nd.flags&flagProven != 0 && s.cfg.Reward == WinLoss:
		want = float32(map[int]float64{1: 1, 0: 0.5, -1: 0}[provenOutcome(nd.flags)])
	case nd.nchild == 0 && nd.visits == 0:
		want = unvalued
	case nd.nchild > 0 && allValued:
		want = 1 - best
	case nd.nchild > 0 && root:
		want = s.nodes[n].minimax // expanded at once: own evaluation or none
		if want != unvalued && math.Abs(float64(want-own)) > 1e-6 {
			t.Errorf("root: minimax %v, want none or its own evaluation %v", want, own)
		}
	}
	if got := s.nodes[n].minimax; math.Abs(float64(got-want)) > 1e-6 {
		t.Errorf("node %d (visits %d, children %d, flags %b): minimax %v, want %v", n, nd.visits, nd.nchild, nd.flags, got, want)
	}
	return want
}

// TestMinimaxBackups checks every kept minimax value against its
// definition after searches of synthetic trees, under both rewards, with
// and without prior visits and the solver, and after the tree is kept for
// the next move (reuse moves the values with their nodes).
func TestMinimaxBackups(t *testing.T) {
	g := treeGame{branching: 4, depth: 12}
	for seed := range uint64(6) {
		for _, reward := range []Reward{WinLoss, DiscDiff} {
			for _, prior := range []int{0, 3} {
				cfg := DefaultConfig()
				cfg.Reward, cfg.Leaf, cfg.MinimaxWeight, cfg.PriorVisits = reward, LeafEval, 0.4, prior
				cfg.ExpandVisits, cfg.Seed, cfg.Solver = 1+int(seed%3), seed, seed%2 == 0
				s := newTreeSearcher(t, g, cfg)
				s.SetEvaluator(noisyEval(g))
				st := rootWithMoves(g, seed*77)
				for move := 0; move < 3; move++ {
					res, err := s.Search(context.Background(), st, Limits{Playouts: 3000})
					if err != nil {
						t.Fatal(err)
					}
					checkMinimax(t, s, 0, st, true)
					if t.Failed() {
						t.Fatalf("seed %d %v prior %d move %d", seed, reward, prior, move)
					}
					// The engine's move and the first reply: a grandchild
					// the next search keeps.
					g.Play(&st, res.Move)
					if m := g.Moves(&st, nil); len(m) > 0 {
						g.Play(&st, m[0])
					}
					if len(g.Moves(&st, nil)) < 2 {
						break
					}
				}
			}
		}
	}
}

// TestMinimaxExactOnWholeTree searches small trees until the whole tree is
// grown (weight 1 alone would starve a move whose first evaluations look
// bad, so exploration is high), with an evaluator that is noise until the
// game ends:
// every root move's minimax value must then be its exact minimax score
// (g.minimax), however wrong the evaluations inside the tree, and the move
// chosen must be a minimax-best one.
func TestMinimaxExactOnWholeTree(t *testing.T) {
	g := treeGame{branching: 3, depth: 6}
	for seed := range uint64(10) {
		cfg := DefaultConfig()
		cfg.Reward, cfg.Leaf, cfg.MinimaxWeight, cfg.ExpandVisits, cfg.Solver = DiscDiff, LeafEval, 1, 1, false
		cfg.Exploration = 3
		s := newTreeSearcher(t, g, cfg)
		s.SetEvaluator(noisyEval(g))
		root := rootWithMoves(g, seed*1000+5)
		res, err := s.Search(context.Background(), root, Limits{Playouts: 100_000})
		if err != nil {
			t.Fatal(err)
		}
		moves := g.Moves(&root, nil)
		rootNode := &s.nodes[0]
		bestScore := g.minimax(root)
		for i, m := range moves {
			c := root
			g.Play(&c, m)
			v := -g.minimax(c)
			want := float32(wantReward(cfg, s.maxScore, float64(v)))
			if got := s.nodes[rootNode.first+uint32(i)].minimax; math.Abs(float64(got-want)) > 1e-6 {
				t.Errorf("seed %d: move %v minimax %v, want %v (score %+d)", seed, m, got, want, v)
			}
		}
		c := root
		g.Play(&c, res.Move)
		if v := -g.minimax(c); v != bestScore {
			t.Errorf("seed %d: chose %v worth %+d, best %+d", seed, res.Move, v, bestScore)
		}
	}
}

// TestMinimaxOff checks that a search without the weight keeps no values
// (every node stays unvalued, so nothing was evaluated for them), and that
// the weight needs an evaluator.
func TestMinimaxOff(t *testing.T) {
	g := treeGame{branching: 4, depth: 10}
	off := newTreeSearcher(t, g, DefaultConfig())
	if _, err := off.Search(context.Background(), rootWithMoves(g, 1), Limits{Playouts: 500}); err != nil {
		t.Fatal(err)
	}
	if off.used < 100 {
		t.Fatalf("the search grew %d nodes, want at least 100", off.used)
	}
	for n := range off.used {
		if v := off.nodes[n].minimax; v != unvalued {
			t.Fatalf("weight 0: node %d has minimax value %v", n, v)
		}
	}
	cfg := DefaultConfig()
	cfg.MinimaxWeight = 0.3
	s := newTreeSearcher(t, g, cfg)
	if _, err := s.Search(context.Background(), rootWithMoves(g, 1), Limits{Playouts: 10}); err != ErrNoEvaluator {
		t.Errorf("weight without an evaluator: %v, want ErrNoEvaluator", err)
	}
	for _, w := range []float64{-0.1, 1.5, math.NaN()} {
		cfg.MinimaxWeight = w
		if cfg.Validate() == nil {
			t.Errorf("minimax weight %v accepted", w)
		}
	}
}

// TestLeafEvaluatedOnce checks that with the backups a node is evaluated
// at most once however often it is visited as a leaf (ExpandVisits) or
// valued by prior visits, and that a leaf's repeated visits still add its
// own evaluation: each unexpanded, unproven leaf's mean is its evaluation.
func TestLeafEvaluatedOnce(t *testing.T) {
	g := treeGame{branching: 4, depth: 12}
	for _, prior := range []int{0, 1} {
		cfg := DefaultConfig()
		cfg.Leaf, cfg.MinimaxWeight, cfg.PriorVisits, cfg.ExpandVisits, cfg.Solver = LeafEval, 0.4, prior, 4, false
		s := newTreeSearcher(t, g, cfg)
		eval := noisyEval(g)
		calls := 0
		s.SetEvaluator(func(st *treeState) float64 { calls++; return eval(st) })
		root := rootWithMoves(g, 11)
		res, err := s.Search(context.Background(), root, Limits{Playouts: 5000})
		if err != nil {
			t.Fatal(err)
		}
		// A node counts once it has been evaluated: visited, or valued by
		// its parent's expansion.
		evaluated := 0
		for _, nd := range s.nodes[:s.used] {
			if nd.visits > 0 {
				evaluated++
			}
		}
		if calls > evaluated || calls < evaluated/2 {
			t.Errorf("prior %d: %d evaluations for %d nodes evaluated in %d iterations, want one each",
				prior, calls, evaluated, res.Stats.Playouts)
		}
		var walk func(n uint32, st treeState)
		walk = func(n uint32, st treeState) {
			nd := &s.nodes[n]
			if nd.nchild == 0 {
				if nd.visits > 0 && nd.flags&flagProven == 0 {
					want := 1 - wantReward(cfg, s.maxScore, eval(&st))
					if mean := nd.sum / float64(nd.visits); math.Abs(mean-want) > 1e-6 {
						t.Errorf("prior %d: leaf %d (visits %d): mean %v, want its evaluation %v", prior, n, nd.visits, mean, want)
					}
				}
				return
			}
			for i := range uint32(nd.nchild) {
				cs := st
				g.Play(&cs, s.nodes[nd.first+i].move)
				walk(nd.first+i, cs)
			}
		}
		walk(0, root)
	}
}

// TestOneExpansionAnIteration checks that an iteration expands at most one
// node, also when prior visits give a new child ExpandVisits visits at
// once (prior 1 or 3 against ExpandVisits 1 to 3): expanding it in turn
// would run every iteration to the end of the game, as it once did. Each
// expansion creates the children of one node, so after n iterations at
// most n+1 nodes (the root's own expansion counted) have children.
func TestOneExpansionAnIteration(t *testing.T) {
	g := treeGame{branching: 3, depth: 14}
	for _, prior := range []int{1, 3} {
		for expand := 1; expand <= 3; expand++ {
			cfg := DefaultConfig()
			cfg.Leaf, cfg.MinimaxWeight, cfg.PriorVisits, cfg.ExpandVisits, cfg.Solver = LeafEval, 0.5, prior, expand, false
			s := newTreeSearcher(t, g, cfg)
			s.SetEvaluator(noisyEval(g))
			const iterations = 200
			res, err := s.Search(context.Background(), rootWithMoves(g, 0), Limits{Playouts: iterations})
			if err != nil {
				t.Fatal(err)
			}
			expanded := 0
			for _, nd := range s.nodes[:s.used] {
				if nd.nchild > 0 {
					expanded++
				}
			}
			if expanded > int(res.Stats.Playouts)+1 {
				t.Errorf("prior %d, expand visits %d: %d nodes expanded in %d iterations, want at most one an iteration",
					prior, expand, expanded, res.Stats.Playouts)
			}
			if expand <= prior && expanded < int(res.Stats.Playouts)/2 {
				t.Errorf("prior %d, expand visits %d: only %d nodes expanded in %d iterations, want about one an iteration",
					prior, expand, expanded, res.Stats.Playouts)
			}
		}
	}
}
