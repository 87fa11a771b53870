package einstein

// This file holds the hot path of a Monte-Carlo playout: move generation,
// playing a legal move and the random playout itself. Nothing here
// allocates; BenchmarkPlayout measures it.

import (
	"math/rand/v2"

	"github.com/tcgothello/mcts/internal/lemire"
)

// targets[c][s][d] is the square a cube of colour c on square s reaches in
// direction d, or noSquare if it would leave the board. Index 0 of the
// colour and of the direction is unused. It is a constant table, filled
// once.
var targets = makeTargets()

func makeTargets() (t [3][Squares][4]Square) {
	// step[c][d] is the change of row and of column of a move.
	step := [3][4][2]int{
		Red:  {1: {0, 1}, 2: {1, 0}, 3: {1, 1}},
		Blue: {1: {0, -1}, 2: {-1, 0}, 3: {-1, -1}},
	}
	for c := Red; c <= Blue; c++ {
		for s := range Square(Squares) {
			for d := Horizontal; d <= Diagonal; d++ {
				r, k := s.Row()+step[c][d][0], s.Col()+step[c][d][1]
				t[c][s][d] = noSquare
				if r >= 1 && r <= Size && k >= 1 && k <= Size {
					t[c][s][d] = Sq(r, k)
				}
			}
		}
	}
	return t
}

// Moves appends the legal moves of the side to move to dst and returns the
// extended slice: ordered by cube number and then direction, or the single
// move Pass if no cube may move, or nothing if the game is over. With a
// dst of capacity MaxMoves it allocates nothing.
func (p *Position) Moves(dst []Move) []Move {
	if p.winner != None {
		return dst
	}
	var ms [MaxMoves]Move
	return append(dst, ms[:p.generate(&ms)]...)
}

// generate writes the legal moves of the side to move of a game that is
// not over into ms, as Moves lists them, and returns their number.
func (p *Position) generate(ms *[MaxMoves]Move) int {
	c := p.ToMove()
	k := 0
	for n := p.FirstCube(); n <= Cubes; n += 2 {
		s := p.where[c][n]
		if s == noSquare {
			continue
		}
		t := &targets[c][s]
		for d := Horizontal; d <= Diagonal; d++ {
			if to := t[d]; to != noSquare {
				if v := p.board[to]; v == 0 || 1+Color(v>>3) != c {
					ms[k] = MakeMove(n, d)
					k++
				}
			}
		}
	}
	if k == 0 {
		ms[0] = Pass
		k = 1
	}
	return k
}

// PlayLegal plays m, which must be one of the moves Moves returns; it
// checks nothing (Play does). A cube captured on the square reached is
// removed; the game is over when the cube reaches its goal corner or the
// last cube of the opponent is captured.
func (p *Position) PlayLegal(m Move) {
	if m != Pass {
		c := p.ToMove()
		n := m.Cube()
		from := p.where[c][n]
		to := targets[c][from][m.Dir()]
		if v := p.board[to]; v != 0 {
			o := c.Other()
			p.where[o][v&7] = noSquare
			p.left[o]--
			if p.left[o] == 0 {
				p.winner = c
			}
		}
		p.board[from] = 0
		p.board[to] = cubeCode(c, n)
		p.where[c][n] = to
		if to == Goal(c) {
			p.winner = c
		}
	}
	p.ply++
}

// RandomMove returns one of the legal moves of the side to move (Moves),
// each with the same probability, drawing one number from src; or Pass
// without drawing if the game is over.
func (p *Position) RandomMove(src rand.Source) Move {
	var buf [MaxMoves]Move
	ms := p.Moves(buf[:0])
	if len(ms) == 0 {
		return Pass
	}
	return ms[lemire.Bounded(src, uint64(len(ms)))]
}

// Playout plays uniformly random legal moves from p, one number drawn from
// src for each move (RandomMove), until the game is over, and returns the
// winner. p is left at the end of the game; copy it first to keep it.
func (p *Position) Playout(src rand.Source) Color {
	var ms [MaxMoves]Move
	for p.winner == None {
		k := p.generate(&ms)
		p.PlayLegal(ms[lemire.Bounded(src, uint64(k))])
	}
	return p.winner
}
