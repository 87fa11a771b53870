// Package versus plays the two-player variants of SameGame (minimax, more,
// less; package solve defines them) with the shared Monte-Carlo tree
// search (package mcts): the variant as an mcts.Game, and a game at the
// terminal between people and the search.
package versus

import (
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/solve"
)

// Move is a move as the search stores it in its nodes: the index
// Col*samegame.MaxSize+Row of a cell of the group (the representative
// cell, for the moves the game lists).
type Move uint16

// MoveOf returns the Move of cell c.
func MoveOf(c samegame.Cell) Move { return Move(int(c.Col)*samegame.MaxSize + int(c.Row)) }

// Cell returns the cell the move names.
func (m Move) Cell() samegame.Cell {
	return samegame.Cell{Col: uint8(int(m) / samegame.MaxSize), Row: uint8(int(m) % samegame.MaxSize)}
}

// String writes the move in the game's notation, e.g. "c1".
func (m Move) String() string { return m.Cell().String() }

// State is a position of a two-player game: the board, whose turn it is,
// and the score so far seen by the side to move, in the variant's
// negamax terms (solve.Variant.Reward): the shared score signed for the
// mover (minimax), the mover's points minus the opponent's (more), or the
// opponent's minus the mover's (less). It is a plain value; == compares
// positions.
type State struct {
	Board samegame.Board
	// Margin is the score so far for the side to move, as above.
	Margin int32
	// First says the first player is to move.
	First bool
	// Played says a move has been made (the end adjustment goes to the
	// player who made the last one).
	Played bool
}

// NewState is the start of a game on b, the first player to move.
func NewState(b samegame.Board) State { return State{Board: b, First: true} }

// Game is a variant as the MCTS core sees it. Its fields are constant
// during a search.
type Game struct {
	Variant solve.Variant
	Penalty bool
	// MaxScore bounds the magnitude of any final value; MaxScoreOf gives
	// it for a board.
	MaxScore int
}

var _ mcts.Game[State, Move] = Game{}

// NewGame is the variant's game on board b.
func NewGame(v solve.Variant, penalty bool, b samegame.Board) Game {
	return Game{Variant: v, Penalty: penalty, MaxScore: MaxScoreOf(b)}
}

// MaxScoreOf bounds the magnitude of the final value of any variant
// played from b: the points and bonus still to win are at most
// solve.Bound(b), the penalty at most b's own.
func MaxScoreOf(b samegame.Board) int {
	return max(1, solve.Bound(&b)+b.Penalty())
}

// Shape gives the core the sizes: every move removes at least two cells.
func (g Game) Shape() mcts.Shape {
	return mcts.Shape{MaxMoves: samegame.MaxMoves, MaxPlies: samegame.MaxPlies, MaxScore: g.MaxScore}
}

// Moves appends the moves of s, one per group (its representative cell).
func (Game) Moves(s *State, buf []Move) []Move {
	var groups [samegame.MaxMoves]samegame.Group
	for _, gr := range s.Board.Moves(groups[:0]) {
		buf = append(buf, MoveOf(gr.Cell))
	}
	return buf
}

// Play plays m, one of Moves(s).
func (g Game) Play(s *State, m Move) {
	p, _ := s.Board.Play(m.Cell())
	s.Margin = -(s.Margin + int32(g.Variant.Reward(p, s.First)))
	s.First = !s.First
	s.Played = true
}

// Score is the final value of the finished game s for its side to move.
func (g Game) Score(s *State) int {
	return int(s.Margin) + g.Variant.EndValue(s.Board.EndAdjustment(g.Penalty), s.First, s.Played)
}

// Playout plays uniformly random moves to the end and returns Score for
// the side to move at s.
func (g Game) Playout(s State, r *mcts.RNG) int {
	var groups [samegame.MaxMoves]samegame.Group
	me := s.First
	for {
		moves := s.Board.Moves(groups[:0])
		if len(moves) == 0 {
			break
		}
		g.Play(&s, MoveOf(moves[r.Bounded(uint64(len(moves)))].Cell))
	}
	if s.First == me {
		return g.Score(&s)
	}
	return -g.Score(&s)
}

// Hash mixes the board's hash with the side to move.
func (Game) Hash(s *State) uint64 {
	h := s.Board.Hash()
	if s.First {
		h = mcts.Mix(h)
	}
	return h
}

// Value is the game's value so far for the first player: the shared
// score (minimax) or the first player's margin (more, less), including
// the end adjustment when the game is over.
func (g Game) Value(s *State) int {
	v := int(s.Margin)
	if s.Board.Terminal() {
		v = g.Score(s)
	}
	if !s.First {
		v = -v
	}
	return v
}
