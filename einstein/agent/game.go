package agent

// This file is Einstein Würfelt Nicht (Kari) as the shared MCTS core sees
// it: the rules package's Position as the state, its moves, and the
// playout, the innermost loop of the search. The playout must not allocate
// (TestPlayoutAllocs) and every change to it is measured with
// BenchmarkPlayout before and after (docs/einstein.md).

import (
	"fmt"
	"strings"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/mcts"
)

// maxMovesPerSide bounds the moves one side makes in a game: every move
// takes a cube at least one step nearer its goal corner (in row + column),
// so from its start squares a side can make 7+6+5+6+5+5 moves without
// winning (each cube stopping next to the corner), and then the winning
// one.
const maxMovesPerSide = 35

// maxCapturesSuffered bounds the cubes a side loses without the game
// ending: the sixth capture ends it.
const maxCapturesSuffered = einstein.Cubes - 1

// maxPlies bounds the plies from any position to the end of a game, the
// depth of the search tree. A side's most advanced cube can always move,
// so the side passes only in turns of the other parity, and passes in two
// turns running only after losing a cube in between: its runs of passes,
// at most one more than its moves, are one pass long but for one extra
// pass per cube lost. So a side plays at most 35 moves and 35+1+5 passes,
// and a game at most twice that.
const maxPlies = 2 * (maxMovesPerSide + maxMovesPerSide + 1 + maxCapturesSuffered)

// Policy is the move choice of a playout.
type Policy uint8

// The playout policies.
const (
	// Uniform plays every legal move with the same probability: the
	// course's plain Monte-Carlo playout.
	Uniform Policy = iota
	// WinFirst plays a move that wins at once whenever the side to move
	// has one (a cube reaching its goal corner, or the capture of the
	// opponent's last cube), and otherwise a uniformly random legal move.
	// A random player walks past a win in one, so uniform playouts count
	// many games as lost that no opponent would lose; WinFirst's games
	// look more like real ones for the price of a test per move.
	WinFirst
)

// String returns the policy's name as ParsePolicy accepts it.
func (p Policy) String() string {
	switch p {
	case Uniform:
		return "uniform"
	case WinFirst:
		return "win-first"
	}
	return fmt.Sprintf("policy(%d)", uint8(p))
}

// ParsePolicy parses "uniform" or "win-first" (case-insensitive).
func ParsePolicy(s string) (Policy, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "uniform":
		return Uniform, nil
	case "win-first":
		return WinFirst, nil
	}
	return Uniform, fmt.Errorf("unknown playout policy %q: want uniform or win-first", s)
}

// Game implements mcts.Game for Einstein Würfelt Nicht (Kari): the state
// is an einstein.Position (a plain value that holds the side to move and
// the turn, and compares equal exactly for the same position), the move
// an einstein.Move. Its Policy chooses the playout's moves.
type Game struct {
	Policy Policy
}

var _ mcts.Game[einstein.Position, einstein.Move] = Game{}

// Shape returns the game's sizes: at most nine moves (three cubes, three
// directions each), maxPlies plies, and a result that is only a win or a
// loss.
func (Game) Shape() mcts.Shape {
	return mcts.Shape{MaxMoves: einstein.MaxMoves, MaxPlies: maxPlies, MaxScore: 1}
}

// Moves appends the legal moves of the side to move, as the rules list
// them: a forced pass as the single move einstein.Pass, nothing when the
// game is over.
func (Game) Moves(s *einstein.Position, buf []einstein.Move) []einstein.Move {
	return s.Moves(buf)
}

// Play plays m, one of Moves(s).
func (Game) Play(s *einstein.Position, m einstein.Move) { s.PlayLegal(m) }

// Score returns the result of the finished game s for its side to move: 1
// if it has won, -1 if it has lost. (The game ends on the winner's move,
// so in practice the side to move has lost.)
func (Game) Score(s *einstein.Position) int { return score(s, s.ToMove()) }

// score returns 1 if c has won the finished game s, else -1.
func score(s *einstein.Position, c einstein.Color) int {
	if s.Winner() == c {
		return 1
	}
	return -1
}

// Playout plays s to its end by the policy, one number drawn from r for
// every move that is not forced, and returns 1 if the side to move at s
// wins, -1 if it loses.
func (g Game) Playout(s einstein.Position, r *mcts.RNG) int {
	me := s.ToMove()
	var buf [einstein.MaxMoves]einstein.Move
	for !s.Over() {
		ms := s.Moves(buf[:0])
		if g.Policy == WinFirst {
			if m, ok := winningMove(&s, ms); ok {
				s.PlayLegal(m)
				continue
			}
		}
		if len(ms) == 1 {
			s.PlayLegal(ms[0])
			continue
		}
		s.PlayLegal(ms[r.Bounded(uint64(len(ms)))])
	}
	return score(&s, me)
}

// winningMove returns the first of the legal moves ms of s that wins at
// once, and true; or false if none does.
func winningMove(s *einstein.Position, ms []einstein.Move) (einstein.Move, bool) {
	c := s.ToMove()
	goal := einstein.Goal(c)
	lastCube := s.Left(c.Other()) == 1
	for _, m := range ms {
		_, to, ok := s.Path(m)
		if !ok {
			continue // a pass
		}
		if to == goal {
			return m, true
		}
		if lastCube {
			if occupant, _ := s.At(to); occupant == c.Other() {
				return m, true
			}
		}
	}
	return einstein.Pass, false
}

// Hash folds every square's occupant and the ply into one word; the search
// mixes it into its seed.
func (Game) Hash(s *einstein.Position) uint64 {
	h := mcts.Mix(uint64(s.Ply()))
	for sq := range einstein.Square(einstein.Squares) {
		c, n := s.At(sq)
		h = mcts.Mix(h ^ uint64(c)<<8 ^ uint64(n)<<16 ^ uint64(sq))
	}
	return h
}
