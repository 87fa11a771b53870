package search

import "github.com/tcgothello/mcts/mcts"

// This file is the playout, the inner loop of every algorithm: it must
// allocate nothing (TestPlayoutAllocatesNothing, BenchmarkPlayout).

// noTabu is the tabu colour of a playout without colour avoidance.
const noTabu = 0xff

// tabuColour returns the colour a playout from g avoids: the most
// frequent one, or noTabu when Config.Tabu is off.
func (s *searcher) tabuColour(g *grid) uint8 {
	if !s.cfg.Tabu {
		return noTabu
	}
	return g.mostFrequent()
}

// allowed reports whether the colour-avoiding policy may play m on g: any
// colour but the tabu one, and the tabu one when all its cells form this
// one group (then there is nothing left to gather).
func allowed(g *grid, m group, tabu uint8) bool {
	return m.colour != tabu || m.size == g.counts[tabu]
}

// pick draws a move of moves (not empty) uniformly among those the policy
// allows, or among all of them when it allows none.
func pick(g *grid, moves []group, tabu uint8, r *mcts.RNG) group {
	n := 0
	for _, m := range moves {
		if allowed(g, m, tabu) {
			n++
		}
	}
	if n == 0 {
		return moves[r.Bounded(uint64(len(moves)))]
	}
	k := int(r.Bounded(uint64(n)))
	for _, m := range moves {
		if allowed(g, m, tabu) {
			if k == 0 {
				return m
			}
			k--
		}
	}
	panic("unreachable: k < n allowed moves")
}

// playOut plays b to the end by the colour-avoiding policy (avoiding tabu,
// noTabu for none), drawing from r, appending its moves to line; it
// returns the points it scored, the end adjustment included, and line.
// buf (capacity samegame.MaxMoves) and sc are its working memory.
func playOut(b grid, tabu uint8, probes int, penalty bool, r *mcts.RNG, buf []group, sc *scratch, line []uint16) (int, []uint16) {
	score := 0
	for {
		m, ok := b.sample(r, tabu, probes, sc)
		if !ok {
			moves := b.moves(buf[:0], sc)
			if len(moves) == 0 {
				return score + b.endAdjustment(penalty), line
			}
			m = pick(&b, moves, tabu, r)
		}
		score += b.play(m, sc)
		line = append(line, m.rep)
	}
}

// playout plays g, the position after s.path that has scored score so
// far, to the end by the colour-avoiding policy, offers the whole line
// from the root, and returns its final score. s.played is then the moves
// it played (valid until the path changes).
func (s *searcher) playout(g *grid, score int) int {
	s.playouts++
	n := len(s.path)
	points, line := playOut(*g, s.tabuColour(g), s.probes, s.cfg.Penalty, &s.rng, s.moveBuf, &s.sc, s.path)
	score += points
	s.nodes += int64(len(line) - n)
	s.offer(score, line)
	s.path = line[:n]
	s.played = line[n:]
	return score
}
