package endgame

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/internal/faultmeter"
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
// squares, over random game positions, one position per iteration. The
// table is cleared (off the clock) before each pass over the positions:
// from 9 empties a position solved before is answered by its own entry,
// which measured 80 ns at 10 empties instead of the solve.
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
			var nodes uint64
			for b.Loop() {
				if i > 0 && i%len(positions) == 0 {
					b.StopTimer()
					s.Clear()
					b.StartTimer()
				}
				pos := positions[i%len(positions)]
				before := s.nodes
				s.Outcome(pos.Player, pos.Opponent)
				nodes += s.nodes - before
				i++
			}
			// Nodes, unlike time, are the same on every machine and
			// under any load.
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// firstSolvePosition is a position of 18 empty squares from a game of the
// engine against Zebra at 1 s a move (game 2 of the match behind the table
// "Where genmove starts solving" in docs/endgame.md): its exact solve
// visits about 1.1 million nodes, as genmove's first proofs in a game do.
const firstSolvePosition = "---O------OOO---OXXOXO-OOOXOOXOOOOXOOXOXOOOOOOOX--OOXOOX---OXOOO X"

// firstSolveScore is its exact score (search --solve's): checked, so that
// a broken solve is not timed.
const firstSolveScore = -4

// BenchmarkFirstSolve measures what the first solve of a process costs: a
// new Solver, its table allocated, and one exact solve of an 18-empty
// position. Between iterations (outside the timer) the garbage collector
// hands the previous table's memory back to the system, so each table
// starts as a new process's does: its pages are touched for the first time
// by this solve. It reports the minor page faults and the process's CPU
// time (user and system) per solve beside the wall time, which a loaded
// machine stretches. "prefaulted" is the same solve on a table whose slots
// were all written before the timer (Clear), "populated" on a table made
// resident by Populate before the timer, as genmove does in the moves
// before the endgame: both are the solve's own cost.
func BenchmarkFirstSolve(b *testing.B) {
	b.Logf("move generation: %s", othello.CPU())
	pos, err := othello.ParsePosition(firstSolvePosition)
	if err != nil {
		b.Fatal(err)
	}
	w, err := eval.Default()
	if err != nil {
		b.Fatal(err)
	}
	orderEval := func(p, o uint64) int32 { return w.Eval(othello.Position{Player: p, Opponent: o}) }
	for _, c := range []struct {
		name    string
		bytes   int
		prepare func(*Solver) // before the timer; nil: a fresh table, allocated in the timer
	}{
		{"table=16MiB", 16 << 20, nil},
		{"table=256MiB", DefaultTableBytes, nil},
		{"table=256MiB/prefaulted", DefaultTableBytes, (*Solver).Clear},
		{"table=256MiB/populated", DefaultTableBytes, func(s *Solver) { s.Populate(s.TableBytes()) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var m faultmeter.Meter
			for b.Loop() {
				b.StopTimer()
				faultmeter.HandBackMemory()
				var s *Solver
				if c.prepare != nil {
					if s, err = New(c.bytes); err != nil {
						b.Fatal(err)
					}
					c.prepare(s)
				}
				m.Start()
				b.StartTimer()
				if c.prepare == nil {
					if s, err = New(c.bytes); err != nil {
						b.Fatal(err)
					}
				}
				s.SetOrderEval(orderEval)
				r, err := s.Solve(context.Background(), pos, Exact)
				b.StopTimer()
				m.Stop()
				if err != nil || r.Score != firstSolveScore {
					b.Fatalf("%+d, %v; want %+d", r.Score, err, firstSolveScore)
				}
				b.StartTimer()
			}
			m.Report(b)
		})
	}
}

// BenchmarkPopulate measures what making a new default table resident
// costs (Solver.Populate, all of it at once), with the page faults and
// CPU time per table, each table's memory handed back to the system
// between iterations as in BenchmarkFirstSolve.
func BenchmarkPopulate(b *testing.B) {
	var m faultmeter.Meter
	for b.Loop() {
		b.StopTimer()
		faultmeter.HandBackMemory()
		s, err := New(DefaultTableBytes)
		if err != nil {
			b.Fatal(err)
		}
		m.Start()
		b.StartTimer()
		done := s.Populate(s.TableBytes())
		b.StopTimer()
		m.Stop()
		if !done {
			b.Fatal("Populate of the whole table: not done")
		}
		b.StartTimer()
	}
	m.Report(b)
}
