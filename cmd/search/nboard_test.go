package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// TestNBoardMode runs the real engine in NBoard mode after a few moves set
// with GGF, and checks that go answers a legal move in the NBoard form and
// that hint values every legal move. The playout budget keeps it short.
func TestNBoardMode(t *testing.T) {
	ggf := "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[E6];)"
	r, err := othello.ParseGGF(ggf)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Game()
	if err != nil {
		t.Fatal(err)
	}
	in := "nboard 2\nset depth 1\nset game " + ggf + "\nhint 64\ngo\n"
	var stdout, stderr bytes.Buffer
	code := run([]string{"--nboard", "--playouts", "400", "--seed", "1", "--arena", "65536", "--log-level", "error"},
		strings.NewReader(in), &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	legal := g.Position().Moves()
	var hinted uint64
	var played othello.Move = othello.NoMove
	for _, l := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) > 0 && f[0] == "search":
			m, err := othello.ParseSquare(f[1])
			if err != nil {
				t.Fatalf("hint line %q: %v", l, err)
			}
			hinted |= m.Bit()
		case strings.HasPrefix(l, "=== "):
			gm, err := othello.ParseGGFMove(strings.TrimPrefix(l, "=== "))
			if err != nil || !gm.HasEval || !gm.HasTime {
				t.Fatalf("go reply %q: want === MOVE/eval/time (%v)", l, err)
			}
			played = gm.Move
		}
	}
	if hinted != legal {
		t.Errorf("hint valued the squares %x, want every legal move %x\n%s", hinted, legal, stdout.String())
	}
	if !g.Position().IsLegal(played) {
		t.Errorf("go played %s, not legal in %v\n%s", played, g.Position(), stdout.String())
	}
}
