package mcts

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
)

// sumState is a position of the synthetic one-player game: a hash of the
// moves played, the plies played and the points scored so far.
type sumState struct {
	h     uint64
	depth uint8
	score int32
}

// sumGame is a one-player puzzle on a random tree: each position has 1 to
// branching moves, each move scores 0..9 points drawn from the position's
// hash, one line in nine ends early, and the score is the sum of the points.
// Its best line is found by plain recursion (best), independently of the
// search.
type sumGame struct{ branching, depth int }

func (g sumGame) Shape() Shape {
	// MaxScore is the normalising scale of a single-player search.
	return Shape{MaxMoves: g.branching, MaxPlies: g.depth, MaxScore: 9 * g.depth}
}

func (g sumGame) Moves(s *sumState, buf []uint8Move) []uint8Move {
	if int(s.depth) == g.depth || s.depth >= 2 && s.h%9 == 0 {
		return buf
	}
	for i := range 1 + int(s.h>>32%uint64(g.branching)) {
		buf = append(buf, uint8Move(i))
	}
	return buf
}

func (sumGame) Play(s *sumState, m uint8Move) {
	s.score += int32(Mix(s.h+uint64(m)) % 10)
	s.h = Mix(s.h ^ (uint64(m)+1)*0x9e3779b97f4a7c15)
	s.depth++
}

func (sumGame) Score(s *sumState) int { return int(s.score) }

func (g sumGame) Playout(s sumState, r *RNG) int {
	score, _ := g.RecordPlayout(s, r, nil)
	return score
}

func (g sumGame) RecordPlayout(s sumState, r *RNG, moves []uint8Move) (int, []uint8Move) {
	var buf [64]uint8Move
	for {
		ms := g.Moves(&s, buf[:0])
		if len(ms) == 0 {
			return g.Score(&s), moves
		}
		m := ms[r.Bounded(uint64(len(ms)))]
		moves = append(moves, m)
		g.Play(&s, m)
	}
}

func (sumGame) Hash(s *sumState) uint64 { return s.h }

// best returns the highest final score reachable from s.
func (g sumGame) best(s sumState) int {
	moves := g.Moves(&s, nil)
	if len(moves) == 0 {
		return g.Score(&s)
	}
	b := 0
	for _, m := range moves {
		c := s
		g.Play(&c, m)
		b = max(b, g.best(c))
	}
	return b
}

// singleConfig is a one-player configuration with SP-MCTS's variance term.
func singleConfig(seed uint64) Config {
	cfg := DefaultConfig()
	cfg.SinglePlayer, cfg.Solver, cfg.Reuse, cfg.VarianceD, cfg.Seed = true, false, false, 0.01, seed
	cfg.ArenaNodes, cfg.ExpandVisits = 1<<18, 1
	return cfg
}

// TestSinglePlayerBestSequence checks a one-player search on small random
// trees: the best sequence it reports replays from the root to its score,
// that score is the exact best once the search has had enough playouts to
// see the whole tree, and a fixed seed and budget give the same result.
func TestSinglePlayerBestSequence(t *testing.T) {
	g := sumGame{branching: 3, depth: 6}
	for seed := uint64(0); seed < 20; seed++ {
		root := sumState{h: Mix(seed)}
		if len(g.Moves(&root, nil)) < 2 {
			continue
		}
		run := func() Result[uint8Move] {
			s, err := New[sumState, uint8Move](g, singleConfig(seed))
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Search(context.Background(), root, Limits{Playouts: 20_000})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		res := run()
		replay := root
		for i, m := range res.Stats.BestSequence {
			moves := g.Moves(&replay, nil)
			if int(m) >= len(moves) {
				t.Fatalf("seed %d: move %d (%v) of the best sequence is illegal", seed, i, m)
			}
			g.Play(&replay, m)
		}
		if len(g.Moves(&replay, nil)) != 0 || g.Score(&replay) != res.Stats.BestScore {
			t.Fatalf("seed %d: best sequence %v replays to %d (game over %v), reported %d", seed,
				res.Stats.BestSequence, g.Score(&replay), len(g.Moves(&replay, nil)) == 0, res.Stats.BestScore)
		}
		if want := g.best(root); res.Stats.BestScore != want {
			t.Errorf("seed %d: best score %d, exact best %d", seed, res.Stats.BestScore, want)
		}
		again := run()
		res.Stats.Elapsed, res.Stats.PlayoutsPerSecond = 0, 0
		again.Stats.Elapsed, again.Stats.PlayoutsPerSecond = 0, 0
		if a, b := fmt.Sprintf("%+v", res), fmt.Sprintf("%+v", again); a != b {
			t.Fatalf("seed %d: two runs differ:\n%s\n%s", seed, a, b)
		}
	}
}

// TestSinglePlayerRewardsNotFlipped checks that one player's rewards are
// backed up unchanged: with a flat search each root move's mean is the
// average of its playouts' scores over MaxScore, a number a two-player
// backup (1 - r) would turn into something else.
func TestSinglePlayerRewardsNotFlipped(t *testing.T) {
	g := sumGame{branching: 3, depth: 1}
	root := sumState{h: Mix(7)}
	for len(g.Moves(&root, nil)) < 2 {
		root.h = Mix(root.h)
	}
	cfg := singleConfig(1)
	cfg.Algorithm = UCB
	s, err := New[sumState, uint8Move](g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Search(context.Background(), root, Limits{Playouts: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, ms := range res.Stats.RootMoves {
		c := root
		g.Play(&c, ms.Move)
		// Depth 1: each move ends the game, so every playout of it scores the same.
		if want := float64(g.Score(&c)) / float64(g.Shape().MaxScore); ms.Visits == 0 || math.Abs(ms.Mean-want) > 1e-9 {
			t.Errorf("move %v: mean %v over %d visits, want %v", ms.Move, ms.Mean, ms.Visits, want)
		}
	}
}

// TestSinglePlayerConfig checks that a one-player search refuses what it
// cannot mean: the solver, pruning, evaluation leaves, a negative D.
func TestSinglePlayerConfig(t *testing.T) {
	for name, change := range map[string]func(*Config){
		"solver":   func(c *Config) { c.Solver = true },
		"pruning":  func(c *Config) { c.Pruning = true },
		"leaf":     func(c *Config) { c.Leaf = LeafEval },
		"greedy":   func(c *Config) { c.Algorithm = Greedy },
		"negative": func(c *Config) { c.VarianceD = -1 },
	} {
		cfg := singleConfig(0)
		change(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "single player") && !strings.Contains(err.Error(), "variance") {
			t.Errorf("%s: Validate gave %v, want an error", name, err)
		}
	}
	if err := singleConfig(0).Validate(); err != nil {
		t.Errorf("valid single-player config: %v", err)
	}
}
