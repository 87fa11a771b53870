package killallgo

import (
	"context"
	"testing"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/internal/cpuclock"
	"github.com/tcgothello/mcts/mcts"
)

// emptyState is the empty board, white to move: a game without handicap,
// white moving first.
func emptyState(b *testing.B) State {
	board, _ := goban.New(Size)
	s, err := NewState(board, goban.White)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkPlayout measures the search's playouts from the empty 7x7
// board, white to move, one per op, the state copied as the search copies
// it.
func BenchmarkPlayout(b *testing.B) {
	root := emptyState(b)
	r := mcts.NewRNG(1)
	plies, blackWins := 0, 0
	b.ReportAllocs()
	clock := cpuclock.Start()
	for b.Loop() {
		s := root
		if playout(&s, &r) == goban.Black {
			blackWins++
		}
		plies += int(s.plies)
	}
	clock.Report(b, "playouts/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
	b.ReportMetric(float64(blackWins)/float64(b.N), "black-wins/playout")
}

// BenchmarkMoves measures the search's move generation (superko included)
// on the empty board.
func BenchmarkMoves(b *testing.B) {
	root := emptyState(b)
	var buf [MaxMoves]Move
	b.ReportAllocs()
	for b.Loop() {
		root.Moves(buf[:0])
	}
}

// BenchmarkSearch measures whole UCT searches of 20,000 playouts from the
// empty board, white to move: selection, expansion, copies of the state
// and backpropagation on top of the playouts.
func BenchmarkSearch(b *testing.B) {
	const playouts = 20000
	root := emptyState(b)
	cfg := mcts.DefaultConfig()
	cfg.ArenaNodes = 1 << 20
	cfg.Seed = 1
	s, err := NewSearcher(cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	clock := cpuclock.Start()
	var total int64
	for b.Loop() {
		s.Reset()
		res, err := s.Search(context.Background(), root, mcts.Limits{Playouts: playouts})
		if err != nil {
			b.Fatal(err)
		}
		total += res.Stats.Playouts
	}
	clock.Report(b, "searches/s")
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "playouts/s")
}
