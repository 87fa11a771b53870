package search

import (
	"math"

	"github.com/tcgothello/mcts/samegame"
)

// The seed's depth-limited search with an evaluation function. At each
// move of the game it searches every line of Plies moves (fewer where the
// game ends) and plays the first move of the line whose end is worth most:
// the points scored on the way plus the evaluation of the position
// reached (evaluate: the points its groups would score as they stand, the
// avoided colour counted as one group; a position rich in big groups is
// worth more, one of scattered cells little; at the end of the game the
// exact end adjustment). Nothing here is random. A game finished before the limits is followed by one
// searched a ply deeper (up to maxPlies); when the limits stop a game
// halfway, it is finished one ply deep so that it still reaches the end.

// depthState is the working memory of the depth search: one move list and
// scratch per ply, since a deeper ply must not overwrite its parent's.
type depthState struct {
	moves [][]group
	sc    []scratch
	eval  evalScratch
}

func (s *searcher) runDepth() {
	st := &depthState{moves: make([][]group, maxPlies+1), sc: make([]scratch, maxPlies+1),
		eval: evalScratch{moves: make([]group, 0, samegame.MaxMoves)}}
	for i := range st.moves {
		st.moves[i] = make([]group, 0, samegame.MaxMoves)
	}
	for plies := s.cfg.Plies; ; plies = min(plies+1, maxPlies) {
		s.depthGame(st, plies)
		if s.stopped || len(s.best) == 0 {
			return
		}
	}
}

// depthGame plays one game from the root, each move chosen by a search of
// the given depth (one ply once the limits have stopped the search).
func (s *searcher) depthGame(st *depthState, plies int) {
	b, score := s.root, 0
	s.path = s.path[:0]
	for {
		moves := b.moves(st.moves[0][:0], &st.sc[0])
		st.moves[0] = moves
		if len(moves) == 0 {
			break
		}
		depth := plies
		if s.done() {
			depth = 1
		}
		best, bestValue := moves[0], math.MinInt
		for _, m := range moves {
			c := b
			v := c.play(m, &st.sc[0]) + s.lookahead(st, &c, depth-1, 1)
			if v > bestValue {
				best, bestValue = m, v
			}
		}
		score += b.play(best, &st.sc[0])
		s.path = append(s.path, best.rep)
		s.nodes++
	}
	s.offer(score+b.endAdjustment(s.cfg.Penalty), s.path)
	s.path = s.path[:0]
}

// lookahead returns the most that the next depth moves from b can add,
// the evaluation of the position reached included; ply indexes the working
// memory.
func (s *searcher) lookahead(st *depthState, b *grid, depth, ply int) int {
	s.nodes++
	moves := b.moves(st.moves[ply][:0], &st.sc[ply])
	st.moves[ply] = moves
	if len(moves) == 0 {
		return b.endAdjustment(s.cfg.Penalty)
	}
	if depth == 0 || s.done() {
		return s.evaluate(b, &st.eval)
	}
	best := math.MinInt
	for _, m := range moves {
		c := *b
		v := c.play(m, &st.sc[ply]) + s.lookahead(st, &c, depth-1, ply+1)
		best = max(best, v)
	}
	return best
}

// evalScratch is the working memory of evaluate: the moves of the
// position it valued last.
type evalScratch struct {
	moves []group
	sc    scratch
}

// evaluate values g, a position after s.path, by what it still holds: at
// the end of the game the exact end adjustment; otherwise the points its
// groups would score if each were played as it stands, except that the
// colour the playouts avoid (the most frequent one) counts as if all its
// cells were one group, which is what avoiding it aims at. ev.moves is
// then g's moves.
func (s *searcher) evaluate(g *grid, ev *evalScratch) int {
	ev.moves = g.moves(ev.moves[:0], &ev.sc)
	if len(ev.moves) == 0 {
		return g.endAdjustment(s.cfg.Penalty)
	}
	tabu := s.tabuColour(g)
	v := 0
	for _, m := range ev.moves {
		if m.colour != tabu {
			v += samegame.Points(int(m.size))
		}
	}
	if tabu != noTabu && g.counts[tabu] > 2 {
		v += samegame.Points(int(g.counts[tabu]))
	}
	return v
}
