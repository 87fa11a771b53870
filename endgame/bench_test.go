package endgame

import (
	"context"
	"testing"
)

// BenchmarkSolveFFO40to44 solves FFO #40 to #44 exactly, one solve per
// position per iteration, with the table cleared before each, and reports
// nodes per second and nodes per solve beside the time.
func BenchmarkSolveFFO40to44(b *testing.B) {
	entries := readFFO(b)[:5]
	s, err := New(DefaultTableBytes)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		for _, e := range entries {
			s.Clear()
			r, err := s.Solve(context.Background(), e.pos, Exact)
			if err != nil || r.Score != e.score {
				b.Fatalf("#%d: %+d, %v; want %+d", e.id, r.Score, err, e.score)
			}
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
