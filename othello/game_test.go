package othello

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestGamePlayUndo(t *testing.T) {
	g := NewGame()
	moves, err := ParseMoves("f5d6c3d3c4")
	if err != nil {
		t.Fatal(err)
	}
	var seen []Position
	for _, m := range moves {
		seen = append(seen, g.Position())
		if err := g.Play(m); err != nil {
			t.Fatalf("play %s: %v", m, err)
		}
	}
	if got := g.Record(); got != "f5d6c3d3c4" {
		t.Errorf("record %q, want f5d6c3d3c4", got)
	}
	if g.LastMove() != MoveAt(3, 2) || g.Len() != 5 {
		t.Errorf("last move %s, len %d; want c4, 5", g.LastMove(), g.Len())
	}
	for i := len(seen) - 1; i >= 0; i-- {
		if !g.Undo() {
			t.Fatalf("undo %d failed", i)
		}
		if g.Position() != seen[i] {
			t.Fatalf("after undo: %s, want %s", g.Position(), seen[i])
		}
	}
	if g.Undo() {
		t.Error("undo at the start reported true")
	}
	if g.Position() != Start() {
		t.Error("undo at the start changed the position")
	}
}

func TestGameRejectsIllegal(t *testing.T) {
	g := NewGame()
	before := g.Position()
	cases := []struct {
		m    Move
		want error
	}{
		{MoveAt(0, 0), ErrIllegalMove},
		{MoveAt(3, 3), ErrIllegalMove}, // occupied
		{Pass, ErrIllegalPass},
		{Move(65), ErrInvalidMove},
		{NoMove, ErrInvalidMove},
	}
	for _, c := range cases {
		if err := g.Play(c.m); !errors.Is(err, c.want) {
			t.Errorf("Play(%d): err %v, want %v", c.m, err, c.want)
		}
		if g.Position() != before || g.Len() != 0 || g.Passes() != 0 {
			t.Fatalf("illegal Play(%d) changed the game", c.m)
		}
	}
	if err := g.PlayAll([]Move{MoveAt(4, 5), MoveAt(0, 0)}); err == nil {
		t.Error("PlayAll with an illegal second move succeeded")
	}
	if g.Position() != before || g.Len() != 0 {
		t.Error("failed PlayAll left moves played")
	}
}

// TestGamePassesAndEnd plays random games to the end through Game and checks
// the pass rules: a pass only when forced, a move only when one exists, and
// the end after exactly two consecutive passes.
func TestGamePassesAndEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sawPass := false
	for game := 0; game < 300; game++ {
		g := NewGame()
		for ply := 0; !g.Over(); ply++ {
			if ply > 200 {
				t.Fatal("game did not end in 200 plies")
			}
			pos := g.Position()
			moves := pos.Moves()
			if moves == 0 {
				if empty := pos.Empty(); empty != 0 {
					sq := Move(bits.TrailingZeros64(empty))
					if err := g.Play(sq); !errors.Is(err, ErrMustPass) {
						t.Fatalf("move %s while forced to pass: err %v, want ErrMustPass", sq, err)
					}
				}
				if err := g.Play(Pass); err != nil {
					t.Fatalf("forced pass refused: %v", err)
				}
				if g.Passes() == 1 && !g.Position().GameOver() {
					sawPass = true
				}
				continue
			}
			n := rng.IntN(bits.OnesCount64(moves))
			for ; n > 0; n-- {
				moves &= moves - 1
			}
			m := Move(bits.TrailingZeros64(moves))
			if err := g.Play(m); err != nil {
				t.Fatalf("legal move %s refused: %v", m, err)
			}
			if g.Passes() != 0 {
				t.Fatal("a move did not reset the pass counter")
			}
		}
		if !g.Position().GameOver() {
			t.Fatal("game over by passes while a side can move")
		}
		if err := g.Play(Pass); !errors.Is(err, ErrGameOver) {
			t.Fatalf("play after the end: err %v, want ErrGameOver", err)
		}
		// Undo the two final passes: the game goes on being over by the
		// position, but not by the pass rule.
		g.Undo()
		if g.Over() || g.Passes() != 1 {
			t.Fatalf("after undoing the last pass: over %v, passes %d", g.Over(), g.Passes())
		}
	}
	if !sawPass {
		t.Error("300 random games had no mid-game pass; the test lost its power")
	}
}

func TestGameSetPositionAndClone(t *testing.T) {
	g := NewGame()
	_ = g.Play(MoveAt(4, 5))
	c := g.Clone()
	_ = g.Play(MoveAt(5, 3))
	if c.Len() != 1 || c.Position() == g.Position() {
		t.Error("clone shares state with the original")
	}
	pos, _ := ParsePosition(readFFO(t)[0].pos.String())
	if err := g.SetPosition(pos, 1); err != nil {
		t.Fatal(err)
	}
	if g.Len() != 0 || g.Passes() != 1 || g.Position() != pos || g.Start() != pos {
		t.Error("SetPosition did not start afresh from the position")
	}
}

// TestScore checks the protocol's final_score (black minus white, whoever
// is to move) and the mover's disc difference on hand-counted boards.
func TestScore(t *testing.T) {
	cases := []struct {
		board      string
		turn       Color
		score, own int
	}{
		{Start().Board64(), Black, 0, 0},
		{Start().Board64(), White, 0, 0},
		// d3 played: black d3 d4 d5 e4, white e5.
		{"-------------------X-------XX------XO---------------------------", White, 3, -3},
		// 40 black, 24 white on a full board.
		{strings.Repeat("X", 40) + strings.Repeat("O", 24), Black, 16, 16},
		{strings.Repeat("X", 40) + strings.Repeat("O", 24), White, 16, -16},
		// 5 white discs alone; empty squares do not count.
		{"OOOOO" + strings.Repeat("-", 59), Black, -5, -5},
	}
	for _, c := range cases {
		pos, err := ParseBoard64(c.board, c.turn)
		if err != nil {
			t.Fatal(err)
		}
		if got := pos.Score(); got != c.score {
			t.Errorf("Score(%s) = %d, want %d", pos, got, c.score)
		}
		if got := pos.DiscDiff(); got != c.own {
			t.Errorf("DiscDiff(%s) = %d, want %d", pos, got, c.own)
		}
		if got := bits.OnesCount64(pos.Black()) - bits.OnesCount64(pos.White()); got != c.score {
			t.Errorf("Black/White of %s give %d, want %d", pos, got, c.score)
		}
	}
}

// TestHotPathAllocations asserts that move generation, flips, playing a
// move and perft allocate nothing: the search calls them millions of times.
func TestHotPathAllocations(t *testing.T) {
	pos := Start()
	var sink uint64
	allocs := testing.AllocsPerRun(100, func() {
		moves := pos.Moves()
		sq := bits.TrailingZeros64(moves)
		f := Flips(pos.Player, pos.Opponent, sq)
		next := pos.PlayFlips(Move(sq), f).Play(MoveAt(2, 2)).Pass()
		sink ^= next.Player ^ Perft(pos, 3)
	})
	if allocs != 0 {
		t.Errorf("hot path allocates %.1f times per run, want 0", allocs)
	}
	_ = sink
}

func TestGameAfter(t *testing.T) {
	g, err := GameAfter("f5d6")
	if err != nil {
		t.Fatal(err)
	}
	want := Start().Play(MoveAt(4, 5)).Play(MoveAt(5, 3))
	if g.Position() != want || g.Len() != 2 {
		t.Errorf("f5d6: %v after %d plies, want %v after 2", g.Position(), g.Len(), want)
	}
	if g, err := GameAfter(""); err != nil || g.Position() != Start() {
		t.Errorf("no moves: %v, %v; want the start position", g, err)
	}
	for _, bad := range []string{"f5z9", "a1"} {
		if _, err := GameAfter(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
