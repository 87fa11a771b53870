package goban

import (
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/internal/cpuclock"
)

// benchPlayout measures random playouts (no own eyes filled, the basic ko
// rule, capped at playoutPlies) from the empty n x n board, one per op.
func benchPlayout(b *testing.B, n int) {
	start, _ := New(n)
	var board Board
	src := rand.NewPCG(1, 2)
	plies := 0
	b.ReportAllocs()
	clock := cpuclock.Start()
	for b.Loop() {
		board.CopyFrom(start)
		plies += playout(&board, src, playoutPlies(n))
	}
	clock.Report(b, "playouts/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

// BenchmarkPlayout7 is the figure that matters for 7x7 KillAllGo.
func BenchmarkPlayout7(b *testing.B)  { benchPlayout(b, 7) }
func BenchmarkPlayout9(b *testing.B)  { benchPlayout(b, 9) }
func BenchmarkPlayout19(b *testing.B) { benchPlayout(b, 19) }

// BenchmarkGamePlayout7 measures playouts under positional superko: a
// Game copied from the empty 7x7 board's, its record growing with the
// playout.
func BenchmarkGamePlayout7(b *testing.B) {
	start, _ := New(7)
	root := NewGame(start)
	g := NewGame(start)
	src := rand.NewPCG(1, 2)
	plies := 0
	b.ReportAllocs()
	clock := cpuclock.Start()
	for b.Loop() {
		g.CopyFrom(root)
		plies += gamePlayout(g, src, playoutPlies(7))
	}
	clock.Report(b, "playouts/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
}

// benchPositions returns 7x7 positions from seeded random playouts, with
// the colour to move, a mix of openings, middle games and ends.
func benchPositions() ([]Board, []Color) {
	start, _ := New(7)
	src := rand.NewPCG(3, 4)
	var bs []Board
	var cs []Color
	for len(bs) < 256 {
		var b Board
		b.CopyFrom(start)
		c := Black
		for ply := 0; ply < playoutPlies(7) && len(bs) < 256; ply++ {
			if ply%8 == 0 {
				bs = append(bs, b)
				cs = append(cs, c)
			}
			if b.PlayRandom(c, src) == Pass {
				break
			}
			c = c.Other()
		}
	}
	return bs, cs
}

// BenchmarkIsLegal measures IsLegal, one empty point of a 7x7 position per
// op.
func BenchmarkIsLegal(b *testing.B) {
	bs, cs := benchPositions()
	type q struct {
		b *Board
		p Point
		c Color
	}
	var qs []q
	for i := range bs {
		for j := 0; j < bs[i].numEmpty; j++ {
			qs = append(qs, q{&bs[i], bs[i].empty[j], cs[i]})
		}
	}
	n, legal := len(qs), 0
	b.ReportAllocs()
	clock := cpuclock.Start()
	i := 0
	for b.Loop() {
		x := &qs[i%n]
		if x.b.IsLegal(x.p, x.c) {
			legal++
		}
		i++
	}
	clock.Report(b, "")
	_ = legal
}

// BenchmarkRandomMove measures the choice of a random move (without
// playing it) in 7x7 positions, one per op.
func BenchmarkRandomMove(b *testing.B) {
	bs, cs := benchPositions()
	src := rand.NewPCG(5, 6)
	var sink Point
	b.ReportAllocs()
	clock := cpuclock.Start()
	i := 0
	for b.Loop() {
		k := i % len(bs)
		sink ^= bs[k].RandomMove(cs[k], src)
		i++
	}
	clock.Report(b, "")
	_ = sink
}
