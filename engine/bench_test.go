package engine

import (
	"context"
	"runtime"
	"testing"

	"github.com/tcgothello/mcts/internal/faultmeter"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/othello"
)

// BenchmarkPlayout measures one uniformly random playout from the start
// position per operation; the playouts/s metric is the one docs compare.
func BenchmarkPlayout(b *testing.B) {
	b.Logf("move generation: %s (%s=portable forces the portable path)", othello.CPU(), othello.CPUEnv)
	start := othello.Start()
	r := mcts.NewRNG(1)
	b.ReportAllocs()
	sum := 0
	for b.Loop() {
		sum += playout(start.Player, start.Opponent, &r)
	}
	runtime.KeepAlive(sum)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// benchSearchBudget is the playout budget of one BenchmarkSearch operation:
// enough for the tree to reach a realistic depth, short enough for -benchtime.
const benchSearchBudget = 100_000

func benchmarkSearch(b *testing.B, cfg Config) {
	if cfg.ArenaNodes == DefaultConfig().ArenaNodes {
		// 1<<20 nodes (32 MiB) hold a 100,000-playout tree; the default's
		// 256 MiB would only take memory from the shared machine.
		cfg.ArenaNodes = 1 << 20
	}
	s, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	lim := Limits{Playouts: benchSearchBudget}
	b.ReportAllocs()
	var playouts int64
	for b.Loop() {
		res, err := s.Search(ctx, othello.Start(), lim)
		if err != nil {
			b.Fatal(err)
		}
		playouts += res.Stats.Playouts
	}
	b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkSearch measures UCT iterations per second from the start position
// with a fixed budget; compare its playouts/s with BenchmarkPlayout's to get
// the tree's overhead.
func BenchmarkSearch(b *testing.B) { benchmarkSearch(b, DefaultConfig()) }

// BenchmarkSearchPruning is BenchmarkSearch with progressive pruning on.
func BenchmarkSearchPruning(b *testing.B) {
	cfg := DefaultConfig()
	cfg.Pruning = true
	benchmarkSearch(b, cfg)
}

// BenchmarkSearchUCB measures flat UCB1, whose only overhead over raw
// playouts is the selection at the root.
func BenchmarkSearchUCB(b *testing.B) {
	cfg := DefaultConfig()
	cfg.Algorithm = UCB
	benchmarkSearch(b, cfg)
}

// BenchmarkSearchArenaFull is BenchmarkSearch with an arena of 4,096 nodes,
// full after a few thousand playouts: it measures the search going on from
// the leaves it has, which should cost no more than a search with room.
func BenchmarkSearchArenaFull(b *testing.B) {
	cfg := DefaultConfig()
	cfg.ArenaNodes = 1 << 12
	benchmarkSearch(b, cfg)
}

// firstSearchBudget is the playout budget of BenchmarkFirstSearch: about
// what a 1 s search runs from the start position with the default playout
// leaves on the loaded 2-core machine; its tree has about 150,000 nodes
// (4.6 MiB of the arena).
const firstSearchBudget = 200_000

// BenchmarkFirstSearch measures what the first search of a process costs
// in the default configuration (a 256 MiB arena): a new Searcher and one
// search of firstSearchBudget playouts from the start position. Between
// iterations (outside the timer) the garbage collector hands the previous
// arena's memory back to the system, so each arena starts as a new
// process's does: the tree's growth touches its pages for the first time.
// It reports the minor page faults and the CPU time (user and system) per
// search beside the wall time, and the nodes of the tree. "touched" is the
// same search by a Searcher whose arena an identical search, before the
// timer, has touched already: the search's own cost.
func BenchmarkFirstSearch(b *testing.B) {
	cfg := DefaultConfig()
	for _, c := range []struct {
		name    string
		prepare func(*Searcher) // before the timer; nil: a new Searcher, made in the timer
	}{
		{"arena=256MiB/new", nil},
		{"arena=256MiB/touched", func(s *Searcher) {
			if _, err := s.Search(context.Background(), othello.Start(), Limits{Playouts: firstSearchBudget}); err != nil {
				b.Fatal(err)
			}
			s.Reset()
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var m faultmeter.Meter
			var nodes int
			for b.Loop() {
				b.StopTimer()
				faultmeter.HandBackMemory()
				var s *Searcher
				var err error
				if c.prepare != nil {
					if s, err = New(cfg); err != nil {
						b.Fatal(err)
					}
					c.prepare(s)
				}
				m.Start()
				b.StartTimer()
				if c.prepare == nil {
					if s, err = New(cfg); err != nil {
						b.Fatal(err)
					}
				}
				res, err := s.Search(context.Background(), othello.Start(), Limits{Playouts: firstSearchBudget})
				b.StopTimer()
				m.Stop()
				if err != nil || res.Stats.Playouts != firstSearchBudget {
					b.Fatalf("%d playouts, %v; want %d", res.Stats.Playouts, err, firstSearchBudget)
				}
				nodes += res.Stats.Nodes
				b.StartTimer()
			}
			m.Report(b)
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
