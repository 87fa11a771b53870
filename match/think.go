package match

import (
	"strings"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// ThinkTime returns the time colour c's player spent answering genmove in
// the game: the sum of its plies' reply times (plies alternate from
// black's, passes included, so c's are every other one), and the genmove
// that c forfeited, if it did: a move that timed out, was illegal, or that
// the engine died during (killed at its memory limit, say) was thought
// about all the same, and leaving it out would show the engine's CPU time
// as more than its thinking time, a multicore engine it is not.
func (g *GameResult) ThinkTime(c othello.Color) time.Duration {
	var d time.Duration
	first := 0
	if c == othello.White {
		first = 1
	}
	for i := first; i < len(g.Times); i += 2 {
		d += g.Times[i]
	}
	if f := g.Forfeit; f != nil && g.ForfeitBy == c && strings.HasPrefix(f.Command, "genmove") {
		d += f.Elapsed
	}
	return d
}

// ThinkTime returns the time player i (0 or 1) spent answering genmove
// over the match's games.
func (r *Result) ThinkTime(i int) time.Duration {
	var d time.Duration
	for k := range r.Games {
		g := &r.Games[k]
		c := othello.Black
		if g.BlackPlayer != i+1 {
			c = othello.White
		}
		d += g.ThinkTime(c)
	}
	return d
}
