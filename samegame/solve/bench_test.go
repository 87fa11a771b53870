package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/internal/cpuclock"
	"github.com/tcgothello/mcts/samegame"
)

// BenchmarkSolve7x7: proving a random 7x7 board of 5 colours (the third
// of 'samegame random --width 7 --height 7 --colours 5 --count 3 --seed
// 7'), with the default table.
func BenchmarkSolve7x7(bm *testing.B) {
	r := rand.New(rand.NewPCG(7, 0))
	var b samegame.Board
	for range 3 {
		b = samegame.RandomBoard(r, 7, 7, 5)
	}
	s := NewSolver(Options{TableMB: DefaultTableMB})
	bm.ReportAllocs()
	var nodes int64
	clock := cpuclock.Start()
	for bm.Loop() {
		nodes = s.Solve(context.Background(), b).Nodes
	}
	clock.ReportCount(bm, float64(nodes), "nodes/s")
	bm.ReportMetric(float64(nodes), "nodes")
}
