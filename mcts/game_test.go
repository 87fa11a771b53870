package mcts

import "strconv"

// The core is tested on a synthetic game whose whole tree a plain minimax
// can solve: independent of any real game's rules, and with answers that
// do not come from the search under test.

// uint8Move is the synthetic game's move: the index of a child.
type uint8Move uint8

func (m uint8Move) String() string { return strconv.Itoa(int(m)) }

// treeState is a node of the synthetic game: a hash standing for the moves
// that led here, and the number of plies played.
type treeState struct {
	h     uint64
	depth uint8
}

// treeGame is a random game tree of at most depth plies in which each
// position has 1 to branching moves (one move stands for a forced pass),
// some lines end early, and each end scores -3..+3 for the side to move,
// all drawn from the position's hash.
type treeGame struct {
	branching, depth, maxScore int
	noEarlyEnd                 bool // every line lasts depth plies
}

// endsEarly reports whether the game is over before its last ply: about one
// position in eleven from the second ply on, unless noEarlyEnd.
func (g treeGame) endsEarly(s *treeState) bool { return !g.noEarlyEnd && s.depth >= 2 && s.h%11 == 0 }

func (g treeGame) Shape() Shape {
	return Shape{MaxMoves: g.branching, MaxPlies: g.depth, MaxScore: max(g.maxScore, 3)}
}

func (g treeGame) Moves(s *treeState, buf []uint8Move) []uint8Move {
	if int(s.depth) == g.depth || g.endsEarly(s) {
		return buf
	}
	n := 1 + int(s.h>>32%uint64(g.branching))
	for i := range n {
		buf = append(buf, uint8Move(i))
	}
	return buf
}

func (treeGame) Play(s *treeState, m uint8Move) {
	s.h = Mix(s.h ^ (uint64(m)+1)*0x9e3779b97f4a7c15)
	s.depth++
}

func (treeGame) Score(s *treeState) int { return int(s.h>>58)%7 - 3 }

func (g treeGame) Playout(s treeState, r *RNG) int {
	var buf [256]uint8Move
	sign := 1
	for {
		moves := g.Moves(&s, buf[:0])
		if len(moves) == 0 {
			return sign * g.Score(&s)
		}
		g.Play(&s, moves[r.Bounded(uint64(len(moves)))])
		sign = -sign
	}
}

func (treeGame) Hash(s *treeState) uint64 { return s.h }

// minimax returns the exact score of s for its side to move.
func (g treeGame) minimax(s treeState) int {
	moves := g.Moves(&s, nil)
	if len(moves) == 0 {
		return g.Score(&s)
	}
	best := -1 << 30
	for _, m := range moves {
		c := s
		g.Play(&c, m)
		best = max(best, -g.minimax(c))
	}
	return best
}
