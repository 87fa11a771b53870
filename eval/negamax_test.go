package eval

import (
	"math/bits"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// plainMinimax is the reference of Negamax: every move searched to the
// full depth, no cut-off.
func plainMinimax(w *Weights, p othello.Position, depth int) float32 {
	if depth == 0 || p.GameOver() {
		return w.Value(p)
	}
	moves := p.Moves()
	if moves == 0 {
		return -plainMinimax(w, p.Pass(), depth)
	}
	best := float32(-1e9)
	for ; moves != 0; moves &= moves - 1 {
		best = max(best, -plainMinimax(w, p.Play(othello.Move(bits.TrailingZeros64(moves))), depth-1))
	}
	return best
}

// TestNegamax checks Negamax against the plain minimax at depths 0 to 3 on
// positions of random games (passes and finished games among them): the
// cut-offs must not change the value.
func TestNegamax(t *testing.T) {
	w, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	positions := randomGamePositions(300, 11)
	if testing.Short() {
		positions = positions[:60]
	}
	// The last positions of random games, one move from the end and at it.
	for seed := range uint64(20) {
		game := randomGamePositions(61, seed)
		last := game[len(game)-1]
		for !last.GameOver() && last.Moves() != 0 {
			positions = append(positions, last)
			last = last.Play(othello.Move(bits.TrailingZeros64(last.Moves())))
		}
		positions = append(positions, last)
	}
	over, passes := 0, 0
	for _, p := range positions {
		if p.GameOver() {
			over++
		} else if p.MustPass() {
			passes++
		}
		for depth := range 4 {
			if got, want := w.Negamax(p, depth), plainMinimax(w, p, depth); got != want {
				t.Fatalf("%v depth %d: Negamax %v, plain minimax %v", p, depth, got, want)
			}
		}
	}
	if over == 0 || passes == 0 {
		t.Errorf("%d positions, %d over, %d with a pass: the end and the pass go untested", len(positions), over, passes)
	}
}

// BenchmarkNegamax measures a depth-1 search, the cost of a tree search's
// leaf with --leaf-depth 1, from midgame positions.
func BenchmarkNegamax(b *testing.B) {
	w, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	positions := randomGamePositions(256, 3)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		w.Negamax(positions[i%len(positions)], 1)
		i++
	}
}
