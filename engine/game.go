package engine

// This file is Othello as the shared MCTS core sees it: a state of two
// bitboards and the moves, play, score and playout of the rules.

import (
	"math/bits"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/othello"
)

// maxMoves bounds the moves of a position for the core's arena check: one
// per square, which no position reaches (the most known is 33).
const maxMoves = 64

// maxPlies bounds a root-to-leaf path: every ply places a disc (at most 60)
// or passes, and no two passes follow each other without the game ending,
// so a path has at most 2*60+2 plies below the root.
const maxPlies = 2*60 + 2

// state is an Othello position for the core: the discs of the side to move
// and of its opponent.
type state struct{ p, o uint64 }

// game implements mcts.Game for Othello.
type game struct{}

// Shape returns Othello's sizes; scores are disc differences, at most 64.
func (game) Shape() mcts.Shape {
	return mcts.Shape{MaxMoves: maxMoves, MaxPlies: maxPlies, MaxScore: 64}
}

// Moves appends the legal moves in square order, or a pass when the side to
// move has none but its opponent has; nothing when the game is over.
func (game) Moves(s *state, buf []othello.Move) []othello.Move {
	moves := othello.Moves(s.p, s.o)
	if moves == 0 {
		if othello.Moves(s.o, s.p) == 0 {
			return buf
		}
		return append(buf, othello.Pass)
	}
	for ; moves != 0; moves &= moves - 1 {
		buf = append(buf, othello.Move(bits.TrailingZeros64(moves)))
	}
	return buf
}

// Play plays m, a legal move or a pass.
func (game) Play(s *state, m othello.Move) {
	if m == othello.Pass {
		s.p, s.o = s.o, s.p
		return
	}
	f := othello.Flips(s.p, s.o, int(m))
	s.p, s.o = s.o^f, s.p^f|1<<m
}

// Score returns the final disc difference for the side to move (empty
// squares not counted, as in the protocol's final_score).
func (game) Score(s *state) int { return bits.OnesCount64(s.p) - bits.OnesCount64(s.o) }

// Playout plays uniformly random moves to the end: see playout.
func (game) Playout(s state, r *mcts.RNG) int { return playout(s.p, s.o, r) }

// Hash folds both bitboards into one word.
func (game) Hash(s *state) uint64 { return mcts.Mix(s.p ^ mcts.Mix(s.o)) }
