package engine

import (
	"context"
	"errors"
	"math/bits"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// exactEval is an evaluator that knows the answer: the exact final disc
// difference by the tests' negamax (so only for small endgames).
func exactEval(p, o uint64) float64 { return float64(solve(p, o)) }

// bestValue returns the best exact value of pos's moves.
func bestValue(pos othello.Position) int {
	best := -65
	for _, mv := range solveMoves(pos) {
		best = max(best, mv.value)
	}
	return best
}

func valueOf(pos othello.Position, m othello.Move) int {
	for _, mv := range solveMoves(pos) {
		if mv.move == m {
			return mv.value
		}
	}
	return -100
}

// TestEvalLeaves checks that the evaluator's value reaches the tree from
// the right side: with a perfect evaluator at the leaves (LeafEval), or as
// prior visits over random playouts, or mixed, a short search plays a move
// of the best value; a sign error would play the worst.
func TestEvalLeaves(t *testing.T) {
	positions := findPositions(t, 41, []int{7, 8}, 25, func(pos othello.Position) bool {
		return popcount(pos.Moves()) >= 3
	})
	cases := []struct {
		name   string
		set    func(*Config)
		budget int64
	}{
		{"eval", func(c *Config) { c.Leaf = LeafEval }, 300},
		{"prior", func(c *Config) { c.PriorVisits = 1000 }, 50},
		{"mix", func(c *Config) { c.Leaf, c.EvalWeight = LeafMix, 0.9 }, 2000},
		{"eval discdiff", func(c *Config) { c.Leaf, c.Reward = LeafEval, DiscDiff }, 300},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := testConfig()
			cfg.Solver = false // the evaluator alone must find the moves
			c.set(&cfg)
			s := newSearcher(t, cfg)
			s.SetEvaluator(exactEval)
			wrong := 0
			for _, pos := range positions {
				r, err := s.Search(context.Background(), pos, Limits{Playouts: c.budget})
				if err != nil {
					t.Fatal(err)
				}
				if v, best := valueOf(pos, r.Move), bestValue(pos); v != best {
					wrong++
					t.Logf("%v: %v scores %+d, best %+d", pos, r.Move, v, best)
				}
			}
			// Win/loss rewards squash large margins together, so a
			// move a disc or two short of the best can look as good.
			if wrong > len(positions)/5 {
				t.Errorf("%d of %d moves below the best value", wrong, len(positions))
			}
		})
	}
}

// TestGreedy checks the greedy algorithm against a direct computation:
// with the disc difference as evaluator, it must play the move that flips
// the most discs (the lowest square among equals).
func TestGreedy(t *testing.T) {
	cfg := testConfig()
	cfg.Algorithm = Greedy
	s := newSearcher(t, cfg)
	s.SetEvaluator(func(p, o uint64) float64 { return float64(popcount(p) - popcount(o)) })
	positions := findPositions(t, 42, []int{20, 30, 40, 50}, 200, func(pos othello.Position) bool {
		return popcount(pos.Moves()) >= 2
	})
	for _, pos := range positions {
		want, most := othello.NoMove, -1
		for moves := pos.Moves(); moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			if n := popcount(othello.Flips(pos.Player, pos.Opponent, sq)); n > most {
				want, most = othello.Move(sq), n
			}
		}
		r, err := s.Search(context.Background(), pos, Limits{Playouts: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Move != want || r.Stats.Stopped != StopGreedy || r.Stats.Playouts != 0 {
			t.Fatalf("%v: greedy played %v (stopped %q), want %v (%d flips)", pos, r.Move, r.Stats.Stopped, want, most)
		}
	}
}

// TestNeedsEvaluator checks that a configuration that needs an evaluator
// is refused without one, instead of crashing.
func TestNeedsEvaluator(t *testing.T) {
	for _, set := range []func(*Config){
		func(c *Config) { c.Leaf = LeafEval },
		func(c *Config) { c.Leaf = LeafMix },
		func(c *Config) { c.PriorVisits = 5 },
		func(c *Config) { c.Algorithm = Greedy },
	} {
		cfg := testConfig()
		set(&cfg)
		s := newSearcher(t, cfg)
		if _, err := s.Search(context.Background(), othello.Start(), Limits{Playouts: 10}); !errors.Is(err, ErrNoEvaluator) {
			t.Errorf("config %+v without an evaluator: %v, want ErrNoEvaluator", cfg, err)
		}
	}
}
