package referee

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
)

// TestMoveCap: a game that reaches the move cap is white's, and the
// reason says the cap, not that black had no legal move.
func TestMoveCap(t *testing.T) {
	black, white := cappedGame(t)
	res := playPipes(t, strings.Join(black, ","), strings.Join(white, ","), Config{TimeLimit: 5})
	want := fmt.Sprintf("the game reached the move cap of %d plies", killallgo.MaxPlies)
	if res.Winner != goban.White || res.Forfeit || res.Reason != want || res.Plies != killallgo.MaxPlies {
		t.Errorf("%v wins after %d plies: %q (forfeit %v); want white after %d: %q",
			res.Winner, res.Plies, res.Reason, res.Forfeit, killallgo.MaxPlies, want)
	}
	checkRecord(t, res)
}

// cappedGame returns the think replies of a game without handicap that
// reaches the move cap: random legal moves, white first, in which black
// always has a legal move and never captures the last white stone, and
// white passes only when it has no legal move. It tries seeds until one
// gives such a game (about one in fifteen does).
func cappedGame(t *testing.T) (black, white []string) {
	t.Helper()
	const seeds = 1000
	for seed := uint64(1); seed <= seeds; seed++ {
		if b, w, ok := randomLongGame(seed); ok {
			return b, w
		}
	}
	t.Fatalf("none of %d seeds gave a game of %d plies", seeds, killallgo.MaxPlies)
	return nil, nil
}

// randomLongGame plays cappedGame's game from seed; ok false if it ends
// before the cap.
func randomLongGame(seed uint64) (black, white []string, ok bool) {
	r := rand.New(rand.NewPCG(seed, 0))
	g := killallgo.NewGame()
	_ = g.Start()
	replies := map[goban.Color]*[]string{goban.Black: &black, goban.White: &white}
	for c := goban.White; g.Plies() < killallgo.MaxPlies; c = c.Other() {
		var moves []killallgo.Move
		for x := 1; x <= killallgo.Size; x++ {
			for y := 1; y <= killallgo.Size; y++ {
				m, _ := killallgo.At(x, y)
				if g.Check(m, c) == nil && !(c == goban.Black && capturesAll(g, m)) {
					moves = append(moves, m)
				}
			}
		}
		switch {
		case len(moves) > 0:
			m := moves[r.IntN(len(moves))]
			_ = g.Put(m, c)
			x, y := m.XY()
			*replies[c] = append(*replies[c], fmt.Sprintf("%d %d", x, y))
		case c == goban.White:
			_ = g.Pass(c)
			white = append(white, "0 0")
		default:
			return nil, nil, false
		}
	}
	return black, white, true
}

// capturesAll reports whether black's stone at m would leave no white
// stone: the move that ends the game.
func capturesAll(g *killallgo.Game, m killallgo.Move) bool {
	b := *g.Board()
	_, err := b.Play(m.Point(), goban.Black)
	return err == nil && b.Count(goban.White) == 0
}
