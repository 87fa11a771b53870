package endgame

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// BenchmarkSolveFFO40to44 solves FFO #40 to #44 exactly, one solve per
// position per iteration, with the table cleared before each, and reports
// nodes per second and nodes per solve beside the time. The move ordering
// uses the embedded evaluation, as search does; ENDGAME_NO_EVAL=1 measures
// the solver without it.
func BenchmarkSolveFFO40to44(b *testing.B) {
	b.Logf("move generation: %s (%s=portable forces the portable path)", othello.CPU(), othello.CPUEnv)
	entries := readFFO(b)[:5]
	s, err := New(DefaultTableBytes)
	if err != nil {
		b.Fatal(err)
	}
	if os.Getenv("ENDGAME_NO_EVAL") == "" {
		setOrderEval(b, s)
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

// BenchmarkOutcome measures the leaf solver's cost at 8, 10 and 12 empty
// squares, over random game positions, one position per iteration.
func BenchmarkOutcome(b *testing.B) {
	for _, empties := range []int{8, 10, 12} {
		b.Run(strconv.Itoa(empties), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, uint64(empties)))
			positions := make([]othello.Position, 256)
			for i := range positions {
				positions[i] = randomPosition(r, empties)
			}
			s := newTestSolver(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				pos := positions[i%len(positions)]
				s.Outcome(pos.Player, pos.Opponent)
				i++
			}
		})
	}
}
