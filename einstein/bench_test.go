package einstein

import (
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/internal/cpuclock"
)

// benchStarts returns the 720 start positions, one per layout.
func benchStarts() []Position {
	var ps []Position
	for k := range 720 {
		ps = append(ps, New(nthLayout(k)))
	}
	return ps
}

// BenchmarkPlayout measures uniformly random playouts from the start
// positions, one playout per op: the figure that bounds an MCTS agent's
// iterations per second.
func BenchmarkPlayout(b *testing.B) {
	starts := benchStarts()
	src := rand.NewPCG(1, 2)
	var p Position
	plies, red := 0, 0
	b.ReportAllocs()
	clock := cpuclock.Start()
	i := 0
	for b.Loop() {
		p = starts[i%len(starts)]
		i++
		if p.Playout(src) == Red {
			red++
		}
		plies += p.Ply()
	}
	clock.Report(b, "playouts/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
	b.ReportMetric(float64(red)/float64(b.N), "red-wins")
}

// BenchmarkMoves measures move generation on positions of random games,
// one position per op.
func BenchmarkMoves(b *testing.B) {
	var ps []Position
	src := rand.NewPCG(3, 4)
	for len(ps) < 4096 {
		p := New(RandomLayout(src))
		for !p.Over() {
			ps = append(ps, p)
			p.PlayLegal(p.RandomMove(src))
		}
	}
	var buf [MaxMoves]Move
	n := 0
	b.ReportAllocs()
	clock := cpuclock.Start()
	i := 0
	for b.Loop() {
		n += len(ps[i&4095].Moves(buf[:0]))
		i++
	}
	clock.Report(b, "")
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}
