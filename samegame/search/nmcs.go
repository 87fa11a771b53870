package search

import (
	"math"

	"github.com/tcgothello/mcts/samegame"
)

// Nested Monte-Carlo Search (Cazenave 2009). A level-0 search is one
// playout. A level-n search from a position tries every move, runs a
// level n-1 search after each, and plays the first move of the best
// sequence seen so far at this level (memorisation: a later step whose
// searches all do worse still follows that sequence), until the game
// ends. Its cost grows about a hundredfold a level on a 15x15 board, so
// the run repeats level Config.Level with fresh random numbers until the
// limits stop it, and the best sequence seen anywhere is the answer.

// nmcsLevel is the working memory of one level: the moves of its current
// position with the scratch that found them (a deeper level must not
// overwrite it), and its best sequence.
type nmcsLevel struct {
	moves []group
	sc    scratch
	seq   []uint16
}

func (s *searcher) runNMCS() {
	levels := make([]nmcsLevel, s.cfg.Level+1)
	for i := range levels {
		levels[i].moves = make([]group, 0, samegame.MaxMoves)
		levels[i].seq = make([]uint16, 0, samegame.MaxPlies)
	}
	for !s.done() {
		s.nested(levels, s.root, 0, s.cfg.Level)
		if len(s.best) == 0 {
			return // the root is the end of the game: nothing to search
		}
	}
}

// nested runs a level-n search from b, the position after s.path, which
// has scored score so far; it returns the best final score it saw, with
// its sequence from b in levels[level].seq (math.MinInt, and an empty
// sequence, when the limits stopped it before any result).
func (s *searcher) nested(levels []nmcsLevel, b grid, score, level int) int {
	if level == 0 {
		sc := s.playout(&b, score)
		levels[0].seq = append(levels[0].seq[:0], s.played...)
		return sc
	}
	lv := &levels[level]
	sub := &levels[level-1]
	n0 := len(s.path)
	best := math.MinInt
	lv.seq = lv.seq[:0]
	played := 0 // moves of lv.seq played so far
	for !s.done() {
		lv.moves = b.moves(lv.moves[:0], &lv.sc)
		if len(lv.moves) == 0 {
			if best == math.MinInt {
				best = score + b.endAdjustment(s.cfg.Penalty)
			}
			break
		}
		for _, m := range lv.moves {
			c := b
			p := c.play(m, &lv.sc)
			s.path = append(s.path, m.rep)
			sc := s.nested(levels, c, score+p, level-1)
			s.path = s.path[:len(s.path)-1]
			if sc > best {
				best = sc
				lv.seq = append(append(lv.seq[:played], m.rep), sub.seq...)
			}
			if s.stopped {
				break
			}
		}
		if s.stopped {
			break
		}
		m, _ := find(lv.moves, lv.seq[played])
		score += b.play(m, &lv.sc)
		s.path = append(s.path, m.rep)
		s.nodes++
		played++
	}
	s.path = s.path[:n0]
	return best
}
