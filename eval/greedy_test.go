package eval

import (
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// refValue is Value computed from the reference evaluation, with the end
// of the game and passes found through othello.Game's own checks.
func refValue(p othello.Position, phases int, can []int16, num map[[2]uint32]int) float32 {
	g := othello.NewGame()
	if err := g.SetPosition(p, 0); err != nil {
		panic(err)
	}
	if g.Check(othello.Pass) == nil { // the side to move has no move
		if g.Play(othello.Pass) != nil || g.Check(othello.Pass) == nil {
			return float32(p.DiscDiff()) // neither side can move
		}
		return -float32(refEval(p.Pass(), phases, can, num)) / Scale
	}
	return float32(refEval(p, phases, can, num)) / Scale
}

func TestBestMoveMatchesReference(t *testing.T) {
	const phases = 15
	can := randomCanonical(phases, 3000, 7)
	w := newWeights(phases, can, "")
	num := refCanonicalNumbers()
	positions := append(randomGamePositions(1500, 21), randomBoards(500, 22)...)
	for n, p := range positions {
		g := othello.NewGame()
		if err := g.SetPosition(p, 0); err != nil {
			t.Fatal(err)
		}
		wantMove, wantValue := othello.Pass, float32(0)
		if g.Check(othello.Pass) == nil {
			wantValue = -refValue(p.Pass(), phases, can, num)
		} else {
			wantMove = othello.NoMove
			for m := othello.Move(0); m < othello.Pass; m++ {
				if g.Check(m) != nil {
					continue
				}
				if v := -refValue(p.Play(m), phases, can, num); wantMove == othello.NoMove || v > wantValue {
					wantMove, wantValue = m, v
				}
			}
		}
		if got, v := w.BestMove(p); got != wantMove || v != wantValue {
			t.Fatalf("position %d (%v): BestMove %v (%v), want %v (%v)", n, p, got, v, wantMove, wantValue)
		}
	}
}

func TestBestMoveHandMade(t *testing.T) {
	// Weights that favour every position for its side to move by 10 discs:
	// a move that lets the opponent play looks 10 discs bad, so only an
	// exact result can beat it.
	m, _ := NewModel(15)
	for ph := 0; ph < 15; ph++ {
		m.w[ph*rawStride+offBias] = 10
	}
	for _, tc := range []struct {
		name      string
		own, opp  string
		want      othello.Move
		wantValue float32
	}{
		// The lone white disc b2 can be taken along the a1-c3 diagonal
		// (c3) or the a3-c1 one (c1): both end the game 4-0; the lower
		// square wins the tie.
		{"wipe-out tie", "a1 a3", "b2", othello.MoveAt(0, 2), 4},
		// The only move, c1, ends the game 4-0: valued exactly, not by
		// the weights (which would say -10).
		{"exact end", "a1 c5", "b1", othello.MoveAt(0, 2), 4},
		// c1 and f8 each leave the opponent without a move while we keep
		// one: the value is that of our own next turn, +10.
		{"opponent passes", "a1 h8", "b1 g8", othello.MoveAt(0, 2), 10},
		// No own move (b1 cannot take the corner a1), but the opponent
		// has c1: pass, worth minus the opponent's +10.
		{"pass", "b1", "a1", othello.Pass, -10},
	} {
		p := othello.Position{Player: squares(tc.own), Opponent: squares(tc.opp)}
		if got, v := m.BestMove(p); got != tc.want || v != tc.wantValue {
			t.Errorf("%s: BestMove %v (%v), want %v (%v)", tc.name, got, v, tc.want, tc.wantValue)
		}
	}
}

// squares parses space-separated algebraic squares into a bitboard.
func squares(s string) uint64 {
	var b uint64
	for i := 0; i+1 < len(s); i += 3 {
		r, c := square(s[i : i+2])
		b |= 1 << (r*8 + c)
	}
	return b
}
