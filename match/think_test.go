package match

import (
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// Thinking time goes to the colour of each ply, passes counted, and to
// the player who had that colour in each round.
func TestThinkTime(t *testing.T) {
	ms := time.Millisecond
	g1 := GameResult{BlackPlayer: 1, Times: []time.Duration{0, 0, 10 * ms, 20 * ms, 30 * ms}}
	g2 := GameResult{BlackPlayer: 2, Times: []time.Duration{1 * ms, 2 * ms, 4 * ms}}
	if b, w := g1.ThinkTime(othello.Black), g1.ThinkTime(othello.White); b != 40*ms || w != 20*ms {
		t.Errorf("black %v, white %v; want 40ms and 20ms", b, w)
	}
	r := Result{Games: []GameResult{g1, g2}}
	if p1, p2 := r.ThinkTime(0), r.ThinkTime(1); p1 != 42*ms || p2 != 25*ms {
		t.Errorf("player 1 %v, player 2 %v; want 42ms and 25ms", p1, p2)
	}
}

// A genmove forfeited (the engine timed out, replied an illegal move, or
// died thinking) is thinking time of the side that forfeited it, and of
// no other; a forfeit on another command adds nothing.
func TestThinkTimeCountsTheForfeitedMove(t *testing.T) {
	ms := time.Millisecond
	killed := &otp.Forfeit{Reason: otp.ForfeitDisconnected, Command: "genmove", Elapsed: 700 * ms}
	g := GameResult{BlackPlayer: 1, Times: []time.Duration{10 * ms, 20 * ms, 30 * ms}, Forfeit: killed, ForfeitBy: othello.White}
	if b, w := g.ThinkTime(othello.Black), g.ThinkTime(othello.White); b != 40*ms || w != 720*ms {
		t.Errorf("white killed during genmove after 700ms: black %v, white %v; want 40ms and 720ms", b, w)
	}
	g.Forfeit = &otp.Forfeit{Reason: otp.ForfeitTimeout, Command: "play 3 4", Elapsed: 900 * ms}
	if w := g.ThinkTime(othello.White); w != 20*ms {
		t.Errorf("white forfeited a play: white %v; want 20ms, the play is no thinking", w)
	}
}
