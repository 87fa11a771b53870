package search

import (
	"cmp"
	"slices"

	"github.com/tcgothello/mcts/samegame"
)

// Beam search. From the positions kept at one depth (the beam, at most
// Width of them) every move is played, and each new position is valued by
// one colour-avoiding playout from it (its score so far plus what the
// playout adds: the playout's whole line is a candidate answer too); the
// Width best positions, duplicates removed, form the next beam, until no
// move is left. A pass that ends before the limits is followed by one of
// twice the width, unless it dropped nothing (then it saw every position
// and every score: the best sequence is the exact best).

// beamNode is a position of the beam and how it was reached.
type beamNode struct {
	g      grid
	score  int
	parent int32  // index in the previous depth's nodes
	move   uint16 // the move from the parent
}

// candidate is a child position before selection: light, since most are
// thrown away; the kept ones are played again from their parent.
type candidate struct {
	value  int
	score  int // the points scored up to this position
	hash   uint64
	parent int32
	move   uint16
}

func (s *searcher) runBeam() {
	var sc scratch
	for width := s.cfg.Width; !s.done(); width = min(2*width, maxWidth) {
		cut := false
		s.beamPass(width, &sc, &cut)
		if !cut {
			// Nothing was dropped: the pass saw every position, and a
			// wider one would repeat it.
			return
		}
	}
}

// beamPass runs one beam search of the given width from the root.
// It sets *cut when the width made it drop a position.
func (s *searcher) beamPass(width int, sc *scratch, cut *bool) {
	// depths[d] holds the beam at depth d, with its links to depth d-1.
	depths := [][]beamNode{{{g: s.root, parent: -1}}}
	moves := make([]group, 0, samegame.MaxMoves)
	var cands []candidate
	evalMoves := &evalScratch{moves: make([]group, 0, samegame.MaxMoves)}
	for d := 0; ; d++ {
		cands = cands[:0]
		for i := range depths[d] {
			nd := &depths[d][i]
			s.setPath(depths, d, i)
			moves = nd.g.moves(moves[:0], sc)
			for _, m := range moves {
				c := nd.g
				p := c.play(m, sc)
				s.path = append(s.path, m.rep)
				var v int
				if s.cfg.BeamPlayouts {
					v = s.playout(&c, nd.score+p)
				} else {
					s.nodes++
					v = nd.score + p + s.evaluate(&c, evalMoves)
					if c.empty() || len(evalMoves.moves) == 0 {
						s.offer(v, s.path)
					}
				}
				s.path = s.path[:len(s.path)-1]
				cands = append(cands, candidate{value: v, score: nd.score + p, hash: c.hash(), parent: int32(i), move: m.rep})
				if s.done() {
					if !s.cfg.BeamPlayouts {
						// Valued by evaluation, the pass may have reached no
						// end yet: finish its best position by a playout.
						s.setPath(depths, d, 0)
						s.playout(&depths[d][0].g, depths[d][0].score)
					}
					return
				}
			}
		}
		if len(cands) == 0 {
			return
		}
		// One position reached by two orders is kept once, with the
		// higher score so far (its future is the same); then the best
		// values first, ties by parent and move, for determinism.
		slices.SortFunc(cands, func(a, b candidate) int {
			return cmp.Or(cmp.Compare(a.hash, b.hash), cmp.Compare(b.score, a.score), cmp.Compare(a.parent, b.parent), cmp.Compare(a.move, b.move))
		})
		kept := cands[:0]
		for i, c := range cands {
			if i == 0 || c.hash != cands[i-1].hash {
				kept = append(kept, c)
			}
		}
		slices.SortFunc(kept, func(a, b candidate) int {
			return cmp.Or(cmp.Compare(b.value, a.value), cmp.Compare(a.parent, b.parent), cmp.Compare(a.move, b.move))
		})
		if len(kept) > width {
			kept, *cut = kept[:width], true
		}
		next := make([]beamNode, 0, len(kept))
		for _, c := range kept {
			parent := &depths[d][c.parent]
			nd := beamNode{g: parent.g, score: parent.score, parent: c.parent, move: c.move}
			moves = nd.g.moves(moves[:0], sc)
			m, _ := find(moves, c.move)
			nd.score += nd.g.play(m, sc)
			next = append(next, nd)
		}
		depths = append(depths, next)
	}
}

// setPath sets s.path to the moves from the root to node i of depth d.
func (s *searcher) setPath(depths [][]beamNode, d, i int) {
	s.path = s.path[:d]
	for ; d > 0; d-- {
		nd := &depths[d][i]
		s.path[d-1] = nd.move
		i = int(nd.parent)
	}
}
