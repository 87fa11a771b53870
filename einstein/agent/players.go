package agent

import (
	"math/rand/v2"

	"github.com/tcgothello/mcts/einstein"
)

// Random is the reference player random: every legal move with the same
// probability.
type Random struct {
	src rand.Source
}

// NewRandom returns a Random player drawing its numbers from src.
func NewRandom(src rand.Source) *Random { return &Random{src: src} }

// Move returns a legal move of p chosen uniformly at random.
func (r *Random) Move(p einstein.Position) einstein.Move { return p.RandomMove(r.src) }

// Greedy is the reference player greedy, deterministic: of the legal moves
// it takes the best by these criteria, each deciding only between moves
// the ones before it find equal:
//
//  1. a move that wins at once (the cube reaches the goal corner, or it
//     captures the opponent's last cube);
//  2. a capture;
//  3. the smallest Chebyshev distance from the moved cube's new square to
//     the goal corner, max(|row-goal row|, |column-goal column|): the
//     number of moves that cube still needs;
//  4. the smallest Manhattan distance, |row-goal row| + |column-goal
//     column|, which prefers a diagonal step;
//  5. the first in the order of einstein.Position.Moves: the lowest cube
//     number, then direction 1 (horizontal), 2 (vertical), 3 (diagonal).
//
// It passes when it must.
type Greedy struct{}

// Move returns greedy's move in p.
func (Greedy) Move(p einstein.Position) einstein.Move {
	var buf [einstein.MaxMoves]einstein.Move
	ms := p.Moves(buf[:0])
	if len(ms) == 0 || ms[0] == einstein.Pass {
		return einstein.Pass
	}
	best, bestRank := ms[0], rank(&p, ms[0])
	for _, m := range ms[1:] {
		if k := rank(&p, m); k.less(bestRank) {
			best, bestRank = m, k
		}
	}
	return best
}

// greedyRank is what Greedy compares moves by, smaller first.
type greedyRank struct {
	notWin, notCapture bool
	chebyshev          int
	manhattan          int
}

func (a greedyRank) less(b greedyRank) bool {
	if a.notWin != b.notWin {
		return !a.notWin
	}
	if a.notCapture != b.notCapture {
		return !a.notCapture
	}
	if a.chebyshev != b.chebyshev {
		return a.chebyshev < b.chebyshev
	}
	return a.manhattan < b.manhattan
}

// rank ranks the legal move m (not a pass) of p.
func rank(p *einstein.Position, m einstein.Move) greedyRank {
	c := p.ToMove()
	_, to, _ := p.Path(m)
	goal := einstein.Goal(c)
	occupant, _ := p.At(to)
	capture := occupant == c.Other()
	dr, dc := abs(to.Row()-goal.Row()), abs(to.Col()-goal.Col())
	return greedyRank{
		notWin:     !(to == goal || (capture && p.Left(c.Other()) == 1)),
		notCapture: !capture,
		chebyshev:  max(dr, dc),
		manhattan:  dr + dc,
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
