package engine

import (
	"cmp"
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/othello"
)

// referencePlayout is playout written plainly on othello.Game, which checks
// every move's legality: it lists the legal moves in square order and draws
// the index from the same generator, so that it must play the same game.
func referencePlayout(t *testing.T, pos othello.Position, r *mcts.RNG) int {
	t.Helper()
	g := othello.NewGame()
	if err := g.SetPosition(pos, 0); err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		var legal []othello.Move
		for m := g.Position().Moves(); m != 0; m &= m - 1 {
			legal = append(legal, othello.Move(bits.TrailingZeros64(m)))
		}
		m := othello.Pass
		if len(legal) > 0 {
			m = legal[r.Bounded(uint64(len(legal)))]
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("reference playout from %v: %v", pos, err)
		}
	}
	end := g.Position()
	if !end.GameOver() {
		t.Fatalf("reference playout from %v ended on %v, which is not over", pos, end)
	}
	d := end.Score()
	if pos.Turn == othello.White {
		d = -d
	}
	return d
}

// TestPlayoutMatchesReference checks that the fast playout plays legal
// moves chosen uniformly (the same draws as the reference) to the real end
// of the game and scores it for the right side.
func TestPlayoutMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for i := 0; i < 400; i++ {
		pos, _ := randomPosition(r, r.IntN(61))
		seed := r.Uint64()
		fast, ref := mcts.NewRNG(seed), mcts.NewRNG(seed)
		got := playout(pos.Player, pos.Opponent, &fast)
		want := referencePlayout(t, pos, &ref)
		if got != want || fast != ref {
			t.Fatalf("playout from %v seed %d: got %d (generator %v), want %d (generator %v)", pos, seed, got, fast, want, ref)
		}
	}
}

func TestPlayoutAllocs(t *testing.T) {
	start := othello.Start()
	r := mcts.NewRNG(3)
	sum := 0
	if n := testing.AllocsPerRun(100, func() { sum += playout(start.Player, start.Opponent, &r) }); n != 0 {
		t.Errorf("playout allocates %v times, want 0", n)
	}
	if sum < -64*101 || sum > 64*101 {
		t.Errorf("101 playouts summed to %d, beyond ±64 each", sum)
	}
}

// TestSearchAllocsFlat checks that a search's allocations (its result) do
// not grow with the number of iterations: the loop itself allocates nothing.
func TestSearchAllocsFlat(t *testing.T) {
	cfg := testConfig()
	cfg.Pruning = true
	cfg.PruneMinVisits, cfg.PruneNodeVisits = 20, 200
	s := newSearcher(t, cfg)
	allocs := func(budget int64) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := s.Search(context.Background(), othello.Start(), Limits{Playouts: budget}); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(100), allocs(20_000)
	if large > small {
		t.Errorf("search allocates %v times for 100 playouts and %v for 20000: the loop allocates", small, large)
	}
}

// TestRewards checks both reward schemes on positions where every move's
// outcome is fixed whatever is played after it: each root move's mean must
// be exactly that outcome's reward, from the side to move's point of view.
func TestRewards(t *testing.T) {
	positions := findPositions(t, 61, []int{2, 3}, 10, func(pos othello.Position) bool {
		if popcount(pos.Moves()) < 2 {
			return false
		}
		for m := pos.Moves(); m != 0; m &= m - 1 {
			if lo, hi := moveRange(pos, othello.Move(bits.TrailingZeros64(m))); lo != hi {
				return false
			}
		}
		return true
	})
	for _, reward := range []Reward{WinLoss, DiscDiff} {
		cfg := testConfig()
		cfg.Reward = reward
		s := newSearcher(t, cfg)
		for _, pos := range positions {
			res, err := s.Search(context.Background(), pos, Limits{Playouts: 500})
			if err != nil {
				t.Fatal(err)
			}
			bestD := -65
			for _, m := range res.Stats.RootMoves {
				d, _ := moveRange(pos, m.Move)
				bestD = max(bestD, d)
				want := float64(d+64) / 128
				if reward == WinLoss {
					want = float64(cmp.Compare(d, 0)+1) / 2
				}
				if m.Mean != want || m.StdErr != 0 {
					t.Errorf("%v %v: move %v always ends %+d: got mean %v σ %v, want %v 0", reward, pos, m.Move, d, m.Mean, m.StdErr, want)
				}
			}
			if d, _ := moveRange(pos, res.Move); reward == DiscDiff && d != bestD {
				t.Errorf("%v %v: chose %v ending %+d, want a move ending %+d", reward, pos, res.Move, d, bestD)
			}
		}
	}
}
