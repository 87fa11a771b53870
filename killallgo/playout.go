package killallgo

// This file is the hot path of the search: the playout, one simulated game
// from a position to its end. Nothing here may allocate
// (TestPlayoutAllocations) and every change is measured with
// BenchmarkPlayout before and after (docs/killallgo.md).

import (
	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/mcts"
)

// source lets goban draw its random numbers from the search's generator:
// a pointer to it is a math/rand/v2 Source, held in an interface without
// an allocation.
type source mcts.RNG

// Uint64 returns 64 random bits.
func (s *source) Uint64() uint64 { return (*mcts.RNG)(s).Next() }

// playout plays s to its end by the simulation policy and returns the
// winner. Each side plays a uniformly random legal move (Go's rules and
// superko) that does not fill one of its own eyes; white passes when it
// has none, and black having none ends the game with white's win, as do
// the move cap and black's having no legal move at all. Black wins when
// its stone leaves no white stone on the board.
func playout(s *State, r *mcts.RNG) goban.Color {
	for {
		switch {
		case s.blackWon:
			return goban.Black
		case int(s.plies) >= MaxPlies:
			return goban.White
		}
		p := step(s, r)
		if p == goban.Pass && s.toMove == goban.Black {
			return goban.White
		}
		s.play(p, s.toMove)
	}
}

// step returns the playout's move for the side to move in s, a game not
// yet over: a uniformly random legal point that is not one of the side's
// own eyes, or goban.Pass if there is none.
func step(s *State, r *mcts.RNG) goban.Point {
	c := s.toMove
	p := s.board.RandomMove(c, (*source)(r))
	if p != goban.Pass && s.repeats(s.board.HashAfter(p, c)) {
		// Rare: goban's choice repeats a position. Drawing again, uniformly
		// among the candidates that do not, keeps the choice uniform over
		// them: each had probability 1/n at the first draw, and the
		// repetitions' share is shared out evenly.
		p = freshMove(s, c, r)
	}
	return p
}

// freshMove returns a uniformly random legal point of colour c in s that is
// not one of c's own eyes and repeats no position, or goban.Pass if there
// is none.
func freshMove(s *State, c goban.Color, r *mcts.RNG) goban.Point {
	var cand [Size * Size]goban.Point
	n := 0
	for row := 1; row <= Size; row++ {
		for p := goban.Point(row*stride + 1); p <= goban.Point(row*stride+Size); p++ {
			if s.legal(p, c) && !s.board.IsEye(p, c) {
				cand[n] = p
				n++
			}
		}
	}
	if n == 0 {
		return goban.Pass
	}
	return cand[r.Bounded(uint64(n))]
}
