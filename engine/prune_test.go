package engine

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// outcomeRange returns the lowest and the highest final disc difference, for
// the side owning p, over every way the game can go on: if even the highest
// is a loss, every playout loses.
func outcomeRange(p, o uint64) (lo, hi int) {
	moves := othello.Moves(p, o)
	if moves == 0 {
		if othello.Moves(o, p) == 0 {
			d := bits.OnesCount64(p) - bits.OnesCount64(o)
			return d, d
		}
		l, h := outcomeRange(o, p)
		return -h, -l
	}
	lo, hi = 65, -65
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(p, o, sq)
		l, h := outcomeRange(o^f, p^f|1<<uint(sq))
		lo, hi = min(lo, -h), max(hi, -l)
	}
	return lo, hi
}

// moveRange is outcomeRange after the side to move plays m, from its side.
func moveRange(pos othello.Position, m othello.Move) (lo, hi int) {
	next := pos.Play(m)
	l, h := outcomeRange(next.Player, next.Opponent)
	return -h, -l
}

// pruningConfig is the default configuration with pruning on.
func pruningConfig() Config {
	cfg := testConfig()
	// Pruning on its own, as the course describes it: MCTS-Solver would
	// settle these endgames before pruning does.
	cfg.Solver = false
	cfg.Pruning = true
	return cfg
}

// findPositions returns up to want random endgame positions with the given
// number of empty squares that satisfy keep, from a fixed seed.
func findPositions(t *testing.T, seed uint64, empties []int, want int, keep func(othello.Position) bool) []othello.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed))
	var out []othello.Position
	for i := 0; i < 200_000 && len(out) < want; i++ {
		pos, ok := randomPosition(r, empties[i%len(empties)])
		if ok && keep(pos) {
			out = append(out, pos)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no position found")
	}
	return out
}

// TestPruningPrunesLosingMove checks that a move which loses in every line
// (every playout through it loses, so its mean and σ are 0), next to a move
// that wins with correct play, is pruned.
func TestPruningPrunesLosingMove(t *testing.T) {
	positions := findPositions(t, 21, []int{4, 5, 6, 7}, 20, func(pos othello.Position) bool {
		if popcount(pos.Moves()) < 3 || solve(pos.Player, pos.Opponent) <= 0 {
			return false
		}
		for m := pos.Moves(); m != 0; m &= m - 1 {
			if _, hi := moveRange(pos, othello.Move(bits.TrailingZeros64(m))); hi < 0 {
				return true
			}
		}
		return false
	})
	for _, alg := range []Algorithm{UCT, UCB} {
		cfg := pruningConfig()
		cfg.Algorithm = alg
		s := newSearcher(t, cfg)
		for _, pos := range positions {
			res, err := s.Search(context.Background(), pos, Limits{Playouts: 20_000})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range res.Stats.RootMoves {
				_, hi := moveRange(pos, m.Move)
				if hi < 0 && !m.Pruned {
					t.Errorf("%v %v: move %v loses in every line (%d visits, mean %.3f) and was not pruned; root %+v",
						alg, pos, m.Move, m.Visits, m.Mean, res.Stats.RootMoves)
				}
				if hi < 0 && m.Visits > int64(cfg.PruneMinVisits+cfg.PruneEvery) {
					t.Errorf("%v %v: losing move %v got %d visits, want at most %d (min visits + one pruning interval)",
						alg, pos, m.Move, m.Visits, cfg.PruneMinVisits+cfg.PruneEvery)
				}
			}
			if res.Stats.Pruned == 0 {
				t.Errorf("%v %v: Stats.Pruned = 0, want at least 1", alg, pos)
			}
		}
	}
}

// TestPruningKeepsUniqueBest searches many endgame positions where the exact
// solver finds a unique best move (by result: win, draw or loss) and checks
// that UCT with progressive pruning never prunes it, while it does prune
// other moves. Flat UCB is not held to this: it estimates a move by random
// play after it, which is not the minimax value (docs/engine.md).
func TestPruningKeepsUniqueBest(t *testing.T) {
	positions := findPositions(t, 31, []int{4, 5, 6, 7, 8}, 150, func(pos othello.Position) bool {
		if popcount(pos.Moves()) < 2 {
			return false
		}
		_, unique := uniqueBest(solveMoves(pos), sign)
		return unique
	})
	s := newSearcher(t, pruningConfig())
	pruned := 0
	for _, pos := range positions {
		mv := solveMoves(pos)
		best, _ := uniqueBest(mv, sign)
		res, err := s.Search(context.Background(), pos, Limits{Playouts: 20_000})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range res.Stats.RootMoves {
			if m.Move == best && m.Pruned {
				t.Errorf("%v: pruned %v, the only best move (exact values %v); root %+v", pos, best, mv, res.Stats.RootMoves)
			}
		}
		pruned += res.Stats.Pruned
	}
	if pruned == 0 {
		t.Errorf("over %d positions nothing was pruned: the test proves nothing", len(positions))
	}
	t.Logf("%d positions, %d moves pruned", len(positions), pruned)
}

// TestPrunedToOne checks that the search stops early, with the winning move,
// when every other move loses in every line and the winner wins in every
// line: pruning leaves one move.
func TestPrunedToOne(t *testing.T) {
	positions := findPositions(t, 41, []int{3, 4, 5, 6}, 10, func(pos othello.Position) bool {
		if popcount(pos.Moves()) < 2 {
			return false
		}
		winners := 0
		for m := pos.Moves(); m != 0; m &= m - 1 {
			lo, hi := moveRange(pos, othello.Move(bits.TrailingZeros64(m)))
			switch {
			case lo > 0:
				winners++
			case hi >= 0:
				return false
			}
		}
		return winners == 1
	})
	const budget = 1_000_000
	for _, alg := range []Algorithm{UCT, UCB} {
		cfg := pruningConfig()
		cfg.Algorithm = alg
		s := newSearcher(t, cfg)
		for _, pos := range positions {
			res, err := s.Search(context.Background(), pos, Limits{Playouts: budget})
			if err != nil {
				t.Fatal(err)
			}
			lo, _ := moveRange(pos, res.Move)
			if lo <= 0 || res.Stats.Stopped != StopPrunedToOne || res.Stats.Playouts >= budget {
				t.Errorf("%v %v: got %v (worst outcome %d) after %d playouts, stopped %q; want the sure win, early, %q",
					alg, pos, res.Move, lo, res.Stats.Playouts, res.Stats.Stopped, StopPrunedToOne)
			}
		}
	}
}

// TestAllEqual checks that the search stops when every root move wins in
// every line: all have σ = 0 < σ_e and none is separable from another.
func TestAllEqual(t *testing.T) {
	positions := findPositions(t, 51, []int{2, 3, 4}, 5, func(pos othello.Position) bool {
		if popcount(pos.Moves()) < 2 {
			return false
		}
		lo, _ := outcomeRange(pos.Player, pos.Opponent)
		return lo > 0
	})
	s := newSearcher(t, pruningConfig())
	for _, pos := range positions {
		res, err := s.Search(context.Background(), pos, Limits{Playouts: 1_000_000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.Stopped != StopAllEqual || res.Stats.Pruned != 0 || res.Stats.WinRate != 1 {
			t.Errorf("%v: stopped %q after %d playouts, %d pruned, win rate %v; want %q, none pruned, 1",
				pos, res.Stats.Stopped, res.Stats.Playouts, res.Stats.Pruned, res.Stats.WinRate, StopAllEqual)
		}
	}
}
