package killallgo

import (
	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/mcts"
)

// Rules is Kill-All Go as the shared search sees it: it implements
// mcts.Game[State, Move].
type Rules struct{}

// Searcher is the shared search playing Kill-All Go.
type Searcher = mcts.Searcher[State, Move, Rules]

// NewSearcher returns a Searcher with configuration cfg, its arena
// allocated.
func NewSearcher(cfg mcts.Config) (*Searcher, error) {
	return mcts.New[State, Move](Rules{}, cfg)
}

// Shape returns the game's sizes: a move on every point and a pass, a game
// at most MaxPlies plies long, and results that are wins and losses.
func (Rules) Shape() mcts.Shape {
	return mcts.Shape{MaxMoves: MaxMoves, MaxPlies: MaxPlies, MaxScore: 1}
}

// Moves appends the moves of the side to move (State.Moves).
func (Rules) Moves(s *State, buf []Move) []Move { return s.Moves(buf) }

// Play plays m, one of Moves(s), for the side to move.
func (Rules) Play(s *State, m Move) { s.play(m.Point(), s.toMove) }

// Score returns 1 if the side to move in the finished game s has won, -1
// if it has lost.
func (Rules) Score(s *State) int { return score(s, s.toMove) }

// score returns the result of the finished game s for colour c: white
// wins unless black has.
func score(s *State, c goban.Color) int {
	winner := goban.White
	if s.blackWon {
		winner = goban.Black
	}
	if c == winner {
		return 1
	}
	return -1
}

// Playout plays s to its end by the simulation policy (see playout) and
// returns the result for the side to move in s.
func (Rules) Playout(s State, r *mcts.RNG) int {
	me := s.toMove
	if playout(&s, r) == me {
		return 1
	}
	return -1
}

// Hash folds the position, the side to move and the ply into one word.
func (Rules) Hash(s *State) uint64 {
	return mcts.Mix(s.board.Hash() ^ uint64(s.toMove) ^ uint64(s.plies)<<8)
}
