// Package thinking is what a front end of the Othello engine (the OTP
// session, the browser page, NBoard) asks of a search and what the search
// answers: the Thinker interface and its Thought. It sits at the engine's
// layer and imports only the rules, so that the engine (package player)
// implements it and the protocols use it without either importing the
// other: imports flow from the protocols to the engine, never back.
package thinking

import (
	"context"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// Thinker chooses a move for the side to move of a game.
//
// The session gives Think a copy of its game, so a Thinker may read or even
// change it freely, and a context whose deadline is the think-time budget:
// Think should return its best move by then. A Thinker is called by one
// goroutine at a time.
type Thinker interface {
	Think(ctx context.Context, g *othello.Game) (Thought, error)
}

// Ponderer is a Thinker that can also think on the opponent's time.
//
// The session calls Ponder, with a copy of its game, after the engine's own
// move has been played in it, when the opponent has a choice to make: the
// Thinker searches that position until ctx is done (the opponent's move
// arrived, the session ended, or the session's cap on pondering passed),
// growing what the next Think, one ply further on, can reuse. It plays
// nothing; the Thought it returns says how much it searched (Playouts,
// Elapsed, Summary), for the log. Ponder and Think are never called at the
// same time: a session stops pondering, and waits for Ponder to return,
// before it asks for a move.
type Ponderer interface {
	Thinker
	Ponder(ctx context.Context, g *othello.Game) (Thought, error)
}

// Thought is a chosen move and what the search found.
type Thought struct {
	Move     othello.Move
	Playouts int64
	WinRate  float64 // expected result for the mover, 0..1
	PV       []othello.Move
	Elapsed  time.Duration
	Summary  string // one line of statistics for the log

	// Proof says what an endgame solver proved about Move: ProofNone (the
	// move is a search's estimate), ProofWLD (Score's sign: Move wins,
	// draws or every move loses) or ProofExact (Score is the exact final
	// disc difference for the mover, empty squares to the winner).
	Proof Proof
	Score int

	// Values are what the search found for each move of the root, for
	// analysis (NBoard's hint, the browser page's values): nil when the
	// Thinker does not report them. After an endgame solver's proof they
	// may hold only the moves it had time to prove.
	Values []MoveValue
}

// MoveValue is a search's value of one move of the root.
type MoveValue struct {
	Move    othello.Move
	Visits  int64   // simulations through the move
	WinRate float64 // expected result for the mover, 0..1, like Thought.WinRate
	// Proven is true when the move's result is proven; Outcome is then +1,
	// 0 or -1: it wins, draws or loses for the mover.
	Proven  bool
	Outcome int
}

// Proof is what a Thought's move is proven to reach.
type Proof uint8

// The kinds of proof.
const (
	ProofNone  Proof = iota // not proven: an estimate
	ProofWLD                // the result (win, draw, loss) is proven
	ProofExact              // the exact final score is proven
)

// String returns "none", "wld" or "exact".
func (p Proof) String() string {
	switch p {
	case ProofWLD:
		return "wld"
	case ProofExact:
		return "exact"
	}
	return "none"
}
