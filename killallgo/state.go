package killallgo

import (
	"errors"
	"fmt"

	"github.com/tcgothello/mcts/goban"
)

// MaxPlies is the move cap: a game, counted from its start (the front
// end's "start game"), that reaches this many plies (passes included) is
// over and white has won, black having failed to kill in time. It bounds
// the depth of the search's tree, the length of a playout and the record
// a State keeps. Playouts from the empty board end by themselves in 65
// plies on average and 127 at most in 20,000 (TestPlayoutLengths); games
// of the search against itself at 1,000 playouts a move took 121 plies at
// most, and the longest game measured, 223 plies, was a 30-playout white
// against a random black (docs/killallgo.md). The cap is well above all
// of them, so that it decides next to nothing, and keeps a State's record
// at 3.2 KB.
const MaxPlies = 400

// filterWords is the size in 64-bit words of a State's filter of the
// hashes in its record: 4096 bits, so that a record of a few hundred
// positions leaves most bits clear (90% at 400) and most superko
// questions are answered without a look at the record.
const filterWords = 64

// filterShift maps a hash to a bit of the filter: its top 12 bits.
const filterShift = 64 - 12

// State is a position of Kill-All Go as the search sees it: the board, the
// side to move, and the hashes of every position of the game since its
// start, for positional superko. It is a plain value (no pointers, no
// slices), so that the search can copy it and compare it with ==: two
// States are equal when they hold the same position reached by the same
// game, up to the order of internal lists, which is the same whenever the
// same moves were played from the same start. About 13 KB, mostly the
// board's arrays, which goban sizes for 19x19.
//
// Superko is checked by hash alone (goban's 64-bit Zobrist hashes): a
// move whose resulting hash is in the record counts as a repetition. Two
// different positions with one hash would forbid a legal move, never
// allow an illegal one; with at most 50*(MaxPlies+1) hashes compared in
// a position, that happens with a probability of about 2^-50. The front
// end checks the move the search returns against its exact record (Game)
// all the same.
type State struct {
	board  goban.Board
	toMove goban.Color
	// blackWon: the last move placed a black stone and left no white one.
	blackWon bool
	plies    uint16 // plies since the start of the game, passes included
	nhist    uint16 // hashes in hist
	seen     [filterWords]uint64
	// hist holds the hash of the start position and of the position
	// after every stone placed since (a pass repeats the position before
	// it, already recorded).
	hist [MaxPlies + 1]uint64
}

// Errors returned by NewState and State.Play.
var (
	ErrBoardSize = fmt.Errorf("the board must be %dx%d", Size, Size)
	ErrColor     = errors.New("the colour must be black or white")
	ErrGameOver  = errors.New("the game is over")
	ErrIllegal   = errors.New("not a legal move of the side to move")
)

// NewState returns the start of a game from position b with toMove to
// move: its record holds b alone, and a basic ko pending on b is forgotten
// (the start has no history). b must be 7x7.
func NewState(b *goban.Board, toMove goban.Color) (State, error) {
	if b.Size() != Size {
		return State{}, ErrBoardSize
	}
	if toMove != goban.Black && toMove != goban.White {
		return State{}, ErrColor
	}
	// A full copy, not CopyFrom: the whole value is then the same as b's,
	// which == relies on.
	s := State{board: *b, toMove: toMove}
	s.board.Play(goban.Pass, goban.Black) // a pass lifts the ko
	s.record(s.board.Hash())
	return s, nil
}

// Board returns the position. The caller must not change it.
func (s *State) Board() *goban.Board { return &s.board }

// ToMove returns the side to move.
func (s *State) ToMove() goban.Color { return s.toMove }

// Plies returns the number of plies played since the start of the game.
func (s *State) Plies() int { return int(s.plies) }

// record adds the hash of a position to the record.
func (s *State) record(h uint64) {
	s.hist[s.nhist] = h
	s.nhist++
	s.seen[h>>filterShift/64] |= 1 << (h >> filterShift % 64)
}

// repeats reports whether a position of hash h is in the record.
func (s *State) repeats(h uint64) bool {
	if s.seen[h>>filterShift/64]&(1<<(h>>filterShift%64)) == 0 {
		return false
	}
	for _, x := range s.hist[:s.nhist] {
		if x == h {
			return true
		}
	}
	return false
}

// legal reports whether colour c may place a stone at the empty or
// occupied point p: Go's rules, and no repetition.
func (s *State) legal(p goban.Point, c goban.Color) bool {
	return s.board.IsLegal(p, c) && !s.repeats(s.board.HashAfter(p, c))
}

// play plays a move of colour c at p (goban.Pass to pass), legal under
// Go's rules and superko, without looking at whose turn it is or whether
// the game is over, records it, and gives the turn to the other colour.
func (s *State) play(p goban.Point, c goban.Color) {
	s.board.Play(p, c) // a pass lifts the basic ko, as in goban
	s.blackWon = false
	if p != goban.Pass {
		s.record(s.board.Hash())
		s.blackWon = c == goban.Black && s.board.Count(goban.White) == 0
	}
	s.plies++
	s.toMove = c.Other()
}

// ended reports whether the game is over whatever the moves: black has
// just won, or the move cap is reached.
func (s *State) ended() bool { return s.blackWon || int(s.plies) >= MaxPlies }

// Moves appends the moves of the side to move to buf and returns the
// extended slice: the points where it may place a stone, row by row from
// the top left (y = 7 first), then for white a pass. It appends nothing
// when the game is over, black having no legal move included.
func (s *State) Moves(buf []Move) []Move {
	if s.ended() {
		return buf
	}
	c := s.toMove
	for row := 1; row <= Size; row++ {
		for p := goban.Point(row*stride + 1); p <= goban.Point(row*stride+Size); p++ {
			if s.legal(p, c) {
				buf = append(buf, pointMove(p))
			}
		}
	}
	if c == goban.White {
		buf = append(buf, Pass)
	}
	return buf
}

// Legal reports whether m is one of Moves.
func (s *State) Legal(m Move) bool {
	switch {
	case s.ended():
		return false
	case m == Pass:
		return s.toMove == goban.White
	}
	return m.valid() && s.legal(m.Point(), s.toMove)
}

// hasMove reports whether the side to move has a move. White always has
// one, a pass; black has one when some point is legal for it.
func (s *State) hasMove() bool {
	if s.toMove == goban.White {
		return true
	}
	for row := 1; row <= Size; row++ {
		for p := goban.Point(row*stride + 1); p <= goban.Point(row*stride+Size); p++ {
			if s.legal(p, goban.Black) {
				return true
			}
		}
	}
	return false
}

// Play plays m, one of Moves, for the side to move; otherwise it returns
// ErrGameOver or ErrIllegal and changes nothing.
func (s *State) Play(m Move) error {
	if s.Over() {
		return ErrGameOver
	}
	if !s.Legal(m) {
		return ErrIllegal
	}
	s.play(m.Point(), s.toMove)
	return nil
}

// Over reports whether the game is over: black has won, or black is to
// move and has no legal move, or the move cap is reached.
func (s *State) Over() bool { return s.ended() || !s.hasMove() }

// Winner returns the winner of a finished game, goban.Empty while it goes
// on.
func (s *State) Winner() goban.Color {
	switch {
	case !s.Over():
		return goban.Empty
	case s.blackWon:
		return goban.Black
	}
	return goban.White
}
