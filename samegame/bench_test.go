package samegame

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/tcgothello/mcts/internal/cpuclock"
)

// standardBoards reads the standard set.
func standardBoards(tb testing.TB) []Board {
	f, err := os.Open("testdata/standard20.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	bs, err := ParseBoards(f, "standard20.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return bs
}

// standardBoard is board n (from 0) of the standard set.
func standardBoard(tb testing.TB, n int) Board { return standardBoards(tb)[n] }

// randomGame plays uniformly random moves to the end and returns the
// score; the benchmark's unit of work.
func randomGame(b Board, r *rand.Rand, buf []Group) int {
	score := 0
	for {
		moves := b.Moves(buf[:0])
		if len(moves) == 0 {
			return score + b.EndAdjustment(false)
		}
		p, _ := b.Play(moves[r.IntN(len(moves))].Cell)
		score += p
	}
}

func TestRandomGameAllocatesNothing(t *testing.T) {
	b := standardBoard(t, 0)
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]Group, 0, MaxMoves)
	if n := testing.AllocsPerRun(20, func() { randomGame(b, r, buf) }); n != 0 {
		t.Fatalf("%v allocations a game", n)
	}
}

// BenchmarkRandomGame: one uniformly random game on standard board 1
// (group finding at every ply, then the move).
func BenchmarkRandomGame(bm *testing.B) {
	b := standardBoard(bm, 0)
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]Group, 0, MaxMoves)
	bm.ReportAllocs()
	clock := cpuclock.Start()
	for bm.Loop() {
		randomGame(b, r, buf)
	}
	clock.Report(bm, "games/s")
}

// BenchmarkMoves: the legal moves of standard board 1.
func BenchmarkMoves(bm *testing.B) {
	b := standardBoard(bm, 0)
	buf := make([]Group, 0, MaxMoves)
	bm.ReportAllocs()
	for bm.Loop() {
		buf = b.Moves(buf[:0])
	}
}

// BenchmarkHash: the Zobrist hash of standard board 1 (225 cells).
func BenchmarkHash(bm *testing.B) {
	b := standardBoard(bm, 0)
	var h uint64
	for bm.Loop() {
		h ^= b.Hash()
	}
	_ = h
}
