package agent

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/internal/cpuclock"
	"github.com/tcgothello/mcts/mcts"
)

// startPositions returns the start positions of n layouts drawn from seed.
func startPositions(n int, seed uint64) []einstein.Position {
	src := rand.NewPCG(seed, 0)
	ps := make([]einstein.Position, n)
	for i := range ps {
		ps[i] = einstein.New(einstein.RandomLayout(src))
	}
	return ps
}

func benchmarkPlayout(b *testing.B, policy Policy) {
	starts := startPositions(720, 1)
	g := Game{Policy: policy}
	r := mcts.NewRNG(1)
	wins, i := 0, 0
	b.ReportAllocs()
	clock := cpuclock.Start()
	for b.Loop() {
		wins += g.Playout(starts[i%len(starts)], &r)
		i++
	}
	clock.Report(b, "playouts/s")
	runtime.KeepAlive(wins)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkPlayout measures the core's simulation step, one playout from a
// start position per op, under each policy; playouts/s is the figure
// docs/einstein.md compares.
func BenchmarkPlayout(b *testing.B) {
	for _, p := range []Policy{Uniform, WinFirst} {
		b.Run(p.String(), func(b *testing.B) { benchmarkPlayout(b, p) })
	}
}

// benchSearchBudget is the playout budget of one BenchmarkSearch op: a
// little more than a search at --time 100ms.
const benchSearchBudget = 50_000

// BenchmarkSearch measures UCT iterations per second from the start
// positions with a fixed budget, tree reuse off: compare its playouts/s
// with BenchmarkPlayout's to get the tree's overhead.
func BenchmarkSearch(b *testing.B) {
	for _, p := range []Policy{Uniform, WinFirst} {
		b.Run(p.String(), func(b *testing.B) {
			o := DefaultOptions()
			o.Policy = p
			o.Playouts = benchSearchBudget
			o.Config.Reuse = false
			o.Config.ArenaNodes = 1 << 18
			m, err := NewMCTS(o, nil)
			if err != nil {
				b.Fatal(err)
			}
			starts := startPositions(64, 2)
			var playouts int64
			i := 0
			b.ReportAllocs()
			clock := cpuclock.Start()
			for b.Loop() {
				m.Move(starts[i%len(starts)])
				playouts += m.Stats().Playouts
				i++
			}
			clock.ReportCount(b, float64(playouts)/float64(b.N), "playouts/s")
			b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}
