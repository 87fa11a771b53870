// Package othellotest holds helpers for tests that set up Othello
// positions from move lists, so that each package's tests need not carry
// their own copy.
package othellotest

import (
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// After returns the position after moves ("f5d6c3", from the start
// position), failing the test on an illegal or malformed move.
func After(t testing.TB, moves string) othello.Position {
	t.Helper()
	g, err := othello.GameAfter(moves)
	if err != nil {
		t.Fatal(err)
	}
	return g.Position()
}

// Square returns the move named s ("c4"), failing the test on a bad name.
func Square(t testing.TB, s string) othello.Move {
	t.Helper()
	m, err := othello.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
