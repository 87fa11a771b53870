package othellotest

import (
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// TestAfterAndSquare checks the helpers against the rules: after f5 the
// square f5 is black and it is white's turn, with d6 among white's moves.
func TestAfterAndSquare(t *testing.T) {
	p := After(t, "f5")
	f5, d6 := Square(t, "f5"), Square(t, "d6")
	if f5 == d6 {
		t.Fatalf("f5 and d6 parse to the same move %v", f5)
	}
	if !othello.Start().IsLegal(f5) {
		t.Fatalf("f5 is not legal at the start")
	}
	if !p.IsLegal(d6) {
		t.Errorf("d6 is not legal after f5")
	}
	if p.IsLegal(f5) {
		t.Errorf("f5 is still legal after f5 was played")
	}
}
