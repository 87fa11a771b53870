package engine

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"reflect"
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

// TestMeanStdErr compares the running-sum statistics with a direct two-pass
// computation on rewards that include draws and disc-difference fractions.
func TestMeanStdErr(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, n := range []int{2, 3, 10, 1000, 100_000} {
		xs := make([]float64, n)
		var sum, sumSq float64
		for i := range xs {
			switch r.IntN(3) {
			case 0:
				xs[i] = float64(r.IntN(3)) / 2 // 0, 0.5, 1
			default:
				xs[i] = float64(r.IntN(129)) / 128
			}
			sum += xs[i]
			sumSq += xs[i] * xs[i]
		}
		var mean float64
		for _, x := range xs {
			mean += x
		}
		mean /= float64(n)
		var ss float64
		for _, x := range xs {
			ss += (x - mean) * (x - mean)
		}
		wantSE := math.Sqrt(ss / float64(n-1) / float64(n))
		gotMean, gotSE := meanStdErr(sum, sumSq, uint32(n))
		if math.Abs(gotMean-mean) > 1e-12 || math.Abs(gotSE-wantSE) > 1e-9*max(1, wantSE) {
			t.Errorf("n=%d: got mean %v σ %v, want %v %v", n, gotMean, gotSE, mean, wantSE)
		}
	}
	// Three results 0, 0.5, 1: mean 0.5, sample variance 0.25, σ = sqrt(0.25/3).
	if m, se := meanStdErr(1.5, 1.25, 3); m != 0.5 || math.Abs(se-math.Sqrt(0.25/3)) > 1e-15 {
		t.Errorf("0, 0.5, 1: got mean %v σ %v, want 0.5 %v", m, se, math.Sqrt(0.25/3))
	}
	if _, se := meanStdErr(1, 1, 1); !math.IsInf(se, 1) {
		t.Errorf("one result: got σ %v, want +Inf", se)
	}
	if m, se := meanStdErr(0, 0, 0); m != 0 || !math.IsInf(se, 1) {
		t.Errorf("no result: got mean %v σ %v, want 0 +Inf", m, se)
	}
}

// child is a root child for the prune unit tests: n results with the given
// mean and standard deviation of the mean.
type child struct {
	mean, se float64
	n        uint32
}

// pruneRoot runs one pruning pass over a root whose children have the given
// statistics, and reports which were pruned.
func pruneRoot(t *testing.T, children []child) ([]bool, pruneResult) {
	t.Helper()
	cfg := pruningConfig()
	cfg.PruneMinVisits = 2
	s := newSearcher(t, cfg)
	s.nodes[0] = node{first: 1, nchild: uint8(len(children))}
	for i, c := range children {
		v := float64(c.n)
		variance := c.se * c.se * v
		s.nodes[1+i] = node{visits: c.n, sum: c.mean * v, sumSq: (v-1)*variance + v*c.mean*c.mean, move: othello.Move(i)}
		if m, se := meanStdErr(s.nodes[1+i].sum, s.nodes[1+i].sumSq, c.n); math.Abs(m-c.mean) > 1e-12 || math.Abs(se-c.se) > 1e-6 {
			t.Fatalf("child %d: built mean %v σ %v, want %v %v", i, m, se, c.mean, c.se)
		}
	}
	res := s.prune(0)
	pruned := make([]bool, len(children))
	for i := range children {
		pruned[i] = s.nodes[1+i].flags&flagPruned != 0
	}
	return pruned, res
}

// TestPruneReference checks the rule of issue 3 with r_d = 2: a move is
// pruned when its upper bound is below the lower bound of the move best by
// mean, not below the highest lower bound of any move. Move 0 is best by
// mean with a wide interval (lower bound 0.52); move 1 has the highest lower
// bound (0.558); move 2 (upper bound 0.534) is below move 1's lower bound but
// not below move 0's, so it stays; move 3 (upper bound 0.44) goes.
func TestPruneReference(t *testing.T) {
	pruned, res := pruneRoot(t, []child{
		{mean: 0.6, se: 0.04, n: 100},
		{mean: 0.56, se: 0.001, n: 100},
		{mean: 0.53, se: 0.002, n: 100},
		{mean: 0.4, se: 0.02, n: 100},
	})
	want := []bool{false, false, false, true}
	if !reflect.DeepEqual(pruned, want) || res.remaining != 3 || res.allEqual {
		t.Errorf("got pruned %v, %d remaining, all equal %v; want %v, 3, false", pruned, res.remaining, res.allEqual, want)
	}
}

// TestPruneAllEqual checks the σ_e rule: moves whose σ are below σ_e count
// as equal only when no two of them are separable, even when none can be
// pruned against the best move.
func TestPruneAllEqual(t *testing.T) {
	for _, tc := range []struct {
		name     string
		children []child
		want     bool
	}{
		{"same mean, no spread", []child{{0.6, 0, 100}, {0.6, 0, 100}, {0.6, 0, 100}}, true},
		// Best 0.6 ± 2·0.0009 (lower 0.5982); 0.599 and 0.5985 both reach it,
		// but 0.599 - 0 > 0.5985 + 0: those two are separable.
		{"two separable", []child{{0.6, 0.0009, 10000}, {0.599, 0, 100}, {0.5985, 0, 100}}, false},
		{"spread above σ_e", []child{{0.6, 0.002, 10000}, {0.6, 0, 100}}, false},
	} {
		pruned, res := pruneRoot(t, tc.children)
		if res.allEqual != tc.want || res.remaining != len(tc.children) {
			t.Errorf("%s: got all equal %v, %d remaining (pruned %v); want %v, %d", tc.name, res.allEqual, res.remaining, pruned, tc.want, len(tc.children))
		}
	}
}
