package einstein

import (
	"math/rand/v2"
	"testing"
	"time"
)

// cpuClock reports a benchmark's CPU time per op as "cpu-ns/op" beside the
// wall-clock figures: on the shared development machine a benchmark waits
// for a core much of the time, which wall time counts and CPU time does
// not. The hot path allocates nothing, so the process's CPU time is the
// benchmark's.
type cpuClock struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuClock {
	t, ok := cpuTime()
	return cpuClock{t, ok}
}

// report adds cpu-ns/op and, if unit is not empty, unit per CPU second.
func (c cpuClock) report(b *testing.B, unit string) {
	end, ok := cpuTime()
	if !ok || !c.ok {
		return
	}
	perOp := float64(end-c.start) / float64(b.N)
	b.ReportMetric(perOp, "cpu-ns/op")
	if unit != "" {
		b.ReportMetric(1e9/perOp, "cpu-"+unit+"/s")
	}
}

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
	clock := startCPU()
	i := 0
	for b.Loop() {
		p = starts[i%len(starts)]
		i++
		if p.Playout(src) == Red {
			red++
		}
		plies += p.Ply()
	}
	clock.report(b, "playouts")
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
	clock := startCPU()
	i := 0
	for b.Loop() {
		n += len(ps[i&4095].Moves(buf[:0]))
		i++
	}
	clock.report(b, "")
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}
