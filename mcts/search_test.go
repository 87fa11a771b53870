package mcts

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// newTreeSearcher returns a searcher of g with cfg and a small arena.
func newTreeSearcher(t testing.TB, g treeGame, cfg Config) *Searcher[treeState, uint8Move, treeGame] {
	t.Helper()
	if cfg.ArenaNodes == DefaultConfig().ArenaNodes {
		cfg.ArenaNodes = 1 << 18
	}
	s, err := New[treeState, uint8Move](g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rootWithMoves returns a root state of g with at least two moves.
func rootWithMoves(g treeGame, seed uint64) treeState {
	for h := seed; ; h++ {
		s := treeState{h: Mix(h)}
		if len(g.Moves(&s, nil)) >= 2 {
			return s
		}
	}
}

// TestSolverMatchesMinimax searches small synthetic trees to the end with
// MCTS-Solver: every proof must agree with minimax, the move chosen must
// have the best minimax result, and under WinLoss the root must be proven.
// (Under DiscDiff a proven node's mean stays the average of its playouts,
// so UCT may keep visiting a proven draw and leave a sibling unproven.)
func TestSolverMatchesMinimax(t *testing.T) {
	g := treeGame{branching: 3, depth: 7}
	for seed := uint64(0); seed < 20; seed++ {
		root := rootWithMoves(g, seed*1000)
		for _, reward := range []Reward{WinLoss, DiscDiff} {
			cfg := DefaultConfig()
			cfg.Reward, cfg.ExpandVisits, cfg.Seed = reward, 1, seed
			s := newTreeSearcher(t, g, cfg)
			res, err := s.Search(context.Background(), root, Limits{Playouts: 200_000})
			if err != nil {
				t.Fatal(err)
			}
			best := g.minimax(root)
			if reward == WinLoss && res.Stats.Stopped != StopProven || res.Stats.Proven && res.Stats.Outcome != cmp.Compare(best, 0) {
				t.Fatalf("seed %d %v: proven %v outcome %d stopped %q; want proven %d (minimax %+d)", seed, reward,
					res.Stats.Proven, res.Stats.Outcome, res.Stats.Stopped, cmp.Compare(best, 0), best)
			}
			moves := g.Moves(&root, nil)
			for i, ms := range res.Stats.RootMoves {
				c := root
				g.Play(&c, moves[i])
				v := -g.minimax(c)
				// A root move may stay unproven when a sibling's win
				// decided the root first.
				if ms.Proven && ms.Outcome != cmp.Compare(v, 0) {
					t.Errorf("seed %d %v: move %v proven %d, minimax %+d", seed, reward, ms.Move, ms.Outcome, v)
				}
			}
			c := root
			g.Play(&c, res.Move)
			if v := -g.minimax(c); cmp.Compare(v, 0) != cmp.Compare(best, 0) {
				t.Errorf("seed %d %v: chose %v worth %+d, best %+d", seed, reward, res.Move, v, best)
			}
		}
	}
}

// TestSearchDeterministicAndLegal checks every algorithm, with and without
// pruning: the move is one of the root's, and the same seed and budget give
// the same result.
func TestSearchDeterministicAndLegal(t *testing.T) {
	g := treeGame{branching: 5, depth: 30}
	for _, alg := range []Algorithm{UCT, UCB} {
		for _, pruning := range []bool{false, true} {
			cfg := DefaultConfig()
			cfg.Algorithm, cfg.Pruning, cfg.PruneMinVisits, cfg.Reuse = alg, pruning, 50, false
			for seed := uint64(0); seed < 10; seed++ {
				root := rootWithMoves(g, seed)
				run := func() string {
					res, err := newTreeSearcher(t, g, cfg).Search(context.Background(), root, Limits{Playouts: 3000})
					if err != nil {
						t.Fatal(err)
					}
					if int(res.Move) >= len(g.Moves(&root, nil)) {
						t.Fatalf("%v pruning %v: move %v is not a move of the root", alg, pruning, res.Move)
					}
					res.Stats.Elapsed, res.Stats.PlayoutsPerSecond = 0, 0
					return fmt.Sprintf("%v %+v", res.Move, res.Stats)
				}
				if a, b := run(), run(); a != b {
					t.Fatalf("%v pruning %v seed %d: two runs differ:\n%s\n%s", alg, pruning, seed, a, b)
				}
			}
		}
	}
}

// TestSearchBadInput checks the errors: no limit, a negative budget, a
// finished game, an evaluator missing, a bad shape, an arena too small for
// the root.
func TestSearchBadInput(t *testing.T) {
	g := treeGame{branching: 4, depth: 10}
	s := newTreeSearcher(t, g, DefaultConfig())
	root := rootWithMoves(g, 1)
	ctx := context.Background()
	if _, err := s.Search(ctx, root, Limits{}); !errors.Is(err, ErrNoLimit) {
		t.Errorf("no limit: %v", err)
	}
	if _, err := s.Search(ctx, root, Limits{Playouts: -1}); err == nil {
		t.Errorf("negative budget: no error")
	}
	over := treeState{depth: 10}
	if _, err := s.Search(ctx, over, Limits{Playouts: 10}); !errors.Is(err, ErrGameOver) {
		t.Errorf("game over: %v", err)
	}
	cfg := DefaultConfig()
	cfg.Leaf = LeafEval
	if _, err := newTreeSearcher(t, g, cfg).Search(ctx, root, Limits{Playouts: 10}); !errors.Is(err, ErrNoEvaluator) {
		t.Errorf("eval leaves without an evaluator: %v", err)
	}
	if _, err := New[treeState, uint8Move](treeGame{branching: 0, depth: 3}, DefaultConfig()); !errors.Is(err, ErrBadShape) {
		t.Errorf("no moves in the shape: %v", err)
	}
	cfg = DefaultConfig()
	cfg.ArenaNodes = 4
	if _, err := New[treeState, uint8Move](g, cfg); err == nil || !strings.Contains(err.Error(), "arena") {
		t.Errorf("arena of 4 nodes for 4 moves: %v", err)
	}
	var nilSearcher *Searcher[treeState, uint8Move, treeGame]
	if _, err := nilSearcher.Search(ctx, root, Limits{Playouts: 1}); !errors.Is(err, ErrNotReady) {
		t.Errorf("nil searcher: %v", err)
	}
}

// TestSearchStopsAtDeadline checks that a search with only a deadline ends
// near it and that a cancelled context stops it.
func TestSearchStopsAtDeadline(t *testing.T) {
	g := treeGame{branching: 6, depth: 60}
	s := newTreeSearcher(t, g, DefaultConfig())
	root := rootWithMoves(g, 2)
	start := time.Now()
	res, err := s.Search(context.Background(), root, Limits{Deadline: start.Add(30 * time.Millisecond)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Stopped != StopDeadline || time.Since(start) > 2*time.Second {
		t.Errorf("stopped %q after %v; want the deadline, soon", res.Stats.Stopped, time.Since(start))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = s.Search(ctx, root, Limits{Playouts: 1 << 40})
	if err != nil || res.Stats.Stopped != StopCancelled {
		t.Errorf("cancelled: %v, stopped %q", err, res.Stats.Stopped)
	}
}

// TestRewardTable checks both reward schemes against their definitions,
// and the symmetry backpropagation relies on.
func TestRewardTable(t *testing.T) {
	s := newTreeSearcher(t, treeGame{branching: 2, depth: 3, maxScore: 64}, DefaultConfig())
	for _, tc := range []struct {
		reward Reward
		d      int
		want   float64
	}{
		{WinLoss, 1, 1}, {WinLoss, 64, 1}, {WinLoss, 0, 0.5}, {WinLoss, -1, 0}, {WinLoss, -64, 0},
		{DiscDiff, 64, 1}, {DiscDiff, 0, 0.5}, {DiscDiff, -64, 0}, {DiscDiff, 10, 74.0 / 128}, {DiscDiff, -10, 54.0 / 128},
	} {
		s.cfg.Reward = tc.reward
		if got := s.reward(tc.d); got != tc.want {
			t.Errorf("%v: reward(%+d) = %v, want %v", tc.reward, tc.d, got, tc.want)
		}
	}
	for d := -64; d <= 64; d++ {
		for _, reward := range []Reward{WinLoss, DiscDiff} {
			s.cfg.Reward = reward
			if a, b := s.reward(d), s.reward(-d); a+b != 1 || a < 0 || a > 1 {
				t.Errorf("%v: reward(%d) = %v, reward(%d) = %v: want both in 0..1 summing to 1", reward, d, a, -d, b)
			}
		}
	}
}

// TestNodeSize guards the arena's memory arithmetic and the small node the
// layout was chosen for, for both move sizes.
func TestNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(node[uint8Move]{}); got != NodeBytes {
		t.Errorf("node with 8-bit moves is %d bytes, want %d", got, NodeBytes)
	}
	if got := unsafe.Sizeof(node[wideMove]{}); got != NodeBytes {
		t.Errorf("node with 16-bit moves is %d bytes, want %d", got, NodeBytes)
	}
}

// TestRootStdErr checks the root moves' σ: with pruning, which keeps the
// sums of squares, it is the spread of each move's rewards (recomputed
// here from the mean and the sum of squares the searcher kept); without,
// the search keeps no spread and reports 0, never a made-up value.
func TestRootStdErr(t *testing.T) {
	g := treeGame{branching: 4, depth: 12, noEarlyEnd: true}
	for _, pruning := range []bool{false, true} {
		cfg := DefaultConfig()
		cfg.Pruning, cfg.PruneMinVisits = pruning, 1<<20 // kept, but never applied
		s := newTreeSearcher(t, g, cfg)
		res, err := s.Search(context.Background(), rootWithMoves(g, 3), Limits{Playouts: 4000})
		if err != nil {
			t.Fatal(err)
		}
		root := &s.nodes[0]
		for i, m := range res.Stats.RootMoves {
			if m.Visits < 2 {
				continue
			}
			if !pruning {
				if m.StdErr != 0 {
					t.Errorf("no pruning: move %v σ %v, want 0 (no spread kept)", m.Move, m.StdErr)
				}
				continue
			}
			idx := root.first + uint32(i)
			n := float64(m.Visits)
			variance := (s.sumSq[idx] - n*m.Mean*m.Mean) / (n - 1)
			if want := math.Sqrt(max(variance, 0) / n); m.StdErr <= 0 || math.Abs(m.StdErr-want) > 1e-9 {
				t.Errorf("pruning: move %v σ %v, want %v > 0", m.Move, m.StdErr, want)
			}
		}
	}
}

// wideMove is a 16-bit move, as SameGame's cells need.
type wideMove uint16

func (m wideMove) String() string { return fmt.Sprint(uint16(m)) }

// dumpTree writes the subtree below node n, depth first, with every
// node's statistics and flags but not its arena index: two trees with the
// same dump hold the same search.
func dumpTree(s *Searcher[treeState, uint8Move, treeGame], n uint32, b *strings.Builder) {
	nd := &s.nodes[n]
	sumSq := 0.0
	if s.sumSq != nil {
		sumSq = s.sumSq[n]
	}
	fmt.Fprintf(b, "(%d %d %g %g %d", nd.move, nd.visits, nd.sum, sumSq, nd.flags&^flagPruned)
	for i := uint32(0); i < uint32(nd.nchild); i++ {
		dumpTree(s, nd.first+i, b)
	}
	b.WriteString(")")
}

// countNodes returns the number of nodes in the subtree below n.
func countNodes(s *Searcher[treeState, uint8Move, treeGame], n uint32) uint32 {
	nd := &s.nodes[n]
	count := uint32(1)
	for i := uint32(0); i < uint32(nd.nchild); i++ {
		count += countNodes(s, nd.first+i)
	}
	return count
}

// TestReuseKeepsSubtree plays seeded games in which every move is
// searched, one side's moves being the search's and the other's random:
// each time the new position follows from the last search, the subtree
// kept must be the old one exactly, with the sums of squares when pruning
// keeps them: either left in place (the slots in use unchanged) or, once
// compactWhen says so, packed at the front of the arena. Both must happen.
func TestReuseKeepsSubtree(t *testing.T) {
	for _, pruning := range []bool{false, true} {
		t.Run(fmt.Sprintf("pruning %v", pruning), func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.ArenaNodes, cfg.Pruning = 1<<18, pruning
			testReuseKeepsSubtree(t, cfg)
		})
	}
}

func testReuseKeepsSubtree(t *testing.T, cfg Config) {
	r := rand.New(rand.NewPCG(51, 52))
	g := treeGame{branching: 5, depth: 40, noEarlyEnd: true}
	s := newTreeSearcher(t, g, cfg)
	kept, inPlace := 0, 0
	for game := 0; game < 6; game++ {
		st := rootWithMoves(g, uint64(game)*7919)
		s.Reset()
		for ply := 0; ; ply++ {
			moves := g.Moves(&st, nil)
			if len(moves) == 0 {
				break
			}
			if len(moves) < 2 {
				// Search answers these without a tree, as here.
				g.Play(&st, moves[0])
				continue
			}
			var want strings.Builder
			var wantNodes uint32
			if c, ok := s.descendant(st); ok && s.treeValid && s.nodes[c].nchild > 0 {
				dumpTree(s, c, &want)
				wantNodes = countNodes(s, c)
			}
			usedBefore, compactionsBefore := s.used, s.compactions
			s.begin(st) // what Search does first: keep the subtree if it can
			reused := s.reused
			if want.Len() > 0 {
				var got strings.Builder
				dumpTree(s, 0, &got)
				// The roots differ only in their move field.
				if reused == 0 || got.String()[strings.IndexByte(got.String(), ' '):] != want.String()[strings.IndexByte(want.String(), ' '):] {
					t.Fatalf("game %d ply %d: the kept subtree differs from the old one", game, ply)
				}
				switch {
				case s.compactions == compactionsBefore:
					if s.used != usedBefore {
						t.Fatalf("game %d ply %d: kept in place, but the slots in use went from %d to %d", game, ply, usedBefore, s.used)
					}
					inPlace++
				case s.used != wantNodes:
					t.Fatalf("game %d ply %d: %d arena nodes in use after compacting, want the subtree's %d", game, ply, s.used, wantNodes)
				}
				kept++
			} else if reused != 0 {
				t.Fatalf("game %d ply %d: reused %d visits from no subtree", game, ply, reused)
			}
			// Grow the kept tree as Search would, so that the next move
			// keeps a tree that was itself kept and then grown.
			for range 3000 {
				if s.nodes[0].flags&flagProven != 0 {
					break
				}
				s.iterate()
			}
			c, ok := s.bestChild(0)
			if !ok {
				t.Fatalf("no child at the root: nchild %d flags %b reused %d", s.nodes[0].nchild, s.nodes[0].flags, reused)
			}
			m := s.nodes[c].move
			if ply%2 == 1 { // the other side plays at random
				m = moves[r.IntN(len(moves))]
			}
			g.Play(&st, m)
		}
	}
	if kept < 50 {
		t.Errorf("kept a subtree %d times in 6 games; want most moves", kept)
	}
	if inPlace == 0 || s.compactions == 0 {
		t.Errorf("of %d subtrees kept, %d in place and %d compacted: want both", kept, inPlace, s.compactions)
	}
}

// TestHooks checks the evaluator and the leaf solver on the synthetic game
// with minimax as the oracle: greedy with an exact evaluator and eval
// leaves with an exact evaluator both choose a minimax-best move; a leaf
// solver that proves every leaf below the root proves the root at once.
func TestHooks(t *testing.T) {
	g := treeGame{branching: 4, depth: 8}
	memo := map[treeState]int{} // minimax of every leaf would dominate the test's time
	exact := func(s *treeState) float64 {
		v, ok := memo[*s]
		if !ok {
			v = g.minimax(*s)
			memo[*s] = v
		}
		return float64(v)
	}
	for seed := uint64(0); seed < 10; seed++ {
		root := rootWithMoves(g, seed*31)
		best := g.minimax(root)
		worth := func(m uint8Move) int {
			c := root
			g.Play(&c, m)
			return -g.minimax(c)
		}
		for _, alg := range []Algorithm{Greedy, UCT} {
			cfg := DefaultConfig()
			cfg.Algorithm, cfg.Leaf, cfg.Reward = alg, LeafEval, DiscDiff
			s := newTreeSearcher(t, g, cfg)
			s.SetEvaluator(exact)
			res, err := s.Search(context.Background(), root, Limits{Playouts: 2000})
			if err != nil {
				t.Fatal(err)
			}
			if v := worth(res.Move); v != best {
				t.Errorf("seed %d %v with an exact evaluator: chose %v worth %+d, best %+d", seed, alg, res.Move, v, best)
			}
		}
		s := newTreeSearcher(t, g, DefaultConfig())
		solved := 0
		s.SetLeafSolver(func(st *treeState) (int, bool) {
			solved++
			return cmp.Compare(int(exact(st)), 0), true
		})
		res, err := s.Search(context.Background(), root, Limits{Playouts: 100_000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.Stopped != StopProven || res.Stats.Outcome != cmp.Compare(best, 0) || cmp.Compare(worth(res.Move), 0) != cmp.Compare(best, 0) || res.Stats.SolvedLeaves != int64(solved) {
			t.Errorf("seed %d leaf solver: stopped %q outcome %d move worth %+d, best %+d, solved leaves %d (solver called %d times)",
				seed, res.Stats.Stopped, res.Stats.Outcome, worth(res.Move), best, res.Stats.SolvedLeaves, solved)
		}
		if res.Stats.Playouts > 1000 {
			t.Errorf("seed %d leaf solver: %d playouts to prove a root whose children the solver proves", seed, res.Stats.Playouts)
		}
	}
}

// TestAddedNodes checks Stats.Added: a search that starts afresh added
// every node in use; one that keeps the last tree only those it grew, so
// a one-iteration search below a large kept tree adds at most one
// expansion's children while the slots in use hold the whole kept tree.
func TestAddedNodes(t *testing.T) {
	g := treeGame{branching: 5, depth: 30, noEarlyEnd: true}
	s := newTreeSearcher(t, g, DefaultConfig())
	root := rootWithMoves(g, 11)
	first, err := s.Search(context.Background(), root, Limits{Playouts: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if first.Stats.Added != first.Stats.Nodes || first.Stats.Nodes < 1000 {
		t.Fatalf("fresh search: added %d of %d nodes, want all, at least 1000", first.Stats.Added, first.Stats.Nodes)
	}
	next := root
	g.Play(&next, first.Stats.PV[0])
	g.Play(&next, first.Stats.PV[1])
	second, err := s.Search(context.Background(), next, Limits{Playouts: 1})
	if err != nil {
		t.Fatal(err)
	}
	if second.Stats.ReusedVisits == 0 || second.Stats.Added > g.branching || second.Stats.Nodes < first.Stats.Nodes/10 {
		t.Fatalf("one iteration below the kept tree: reused %d visits, added %d nodes, %d in use; want some reused, at most %d added",
			second.Stats.ReusedVisits, second.Stats.Added, second.Stats.Nodes, g.branching)
	}
}
