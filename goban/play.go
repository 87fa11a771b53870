package goban

// This file is the hot path of playouts: IsLegal, play, IsEye and
// RandomMove, and the string bookkeeping under them. Nothing here may
// allocate (the benchmarks in bench_test.go report 0 allocs/op), and every
// change is measured with those benchmarks before and after
// (docs/goban.md).

import (
	"math/rand/v2"

	"github.com/tcgothello/mcts/internal/lemire"
)

// IsLegal reports whether colour c (Black or White) may play at the point
// p of the board under the Board's rules: p is empty, is not the basic ko
// point for c, and the stone would have a liberty after its captures. It
// looks only at p's four neighbours: the move is legal if one of them is
// empty, or is a string of c with a liberty besides p, or is an opposing
// string whose only liberty is p (it is captured). p must be a point of
// the board (OnBoard); Check takes any point.
func (b *Board) IsLegal(p Point, c Color) bool {
	if b.color[p] != Empty || (p == b.ko && c == b.koColor) {
		return false
	}
	s := Point(b.stride)
	return b.frees(p-s, c) || b.frees(p-1, c) || b.frees(p+1, c) || b.frees(p+s, c)
}

// frees reports whether the neighbour q of an empty point p guarantees a
// stone of colour c at p a liberty: q is empty, or q's string is c's and
// has a liberty other than p, or q's string is the opponent's and p is its
// last liberty.
func (b *Board) frees(q Point, c Color) bool {
	switch b.color[q] {
	case Empty:
		return true
	case edge:
		return false
	case c:
		return !b.strs[b.head[q]].inAtari()
	}
	return b.strs[b.head[q]].inAtari()
}

// addLib counts the empty point q as a pseudo-liberty of the string headed
// by h.
func (b *Board) addLib(h, q Point) {
	s := &b.strs[h]
	s.libs++
	s.libSum += uint32(q)
	s.libSq += uint32(q) * uint32(q)
}

// removeLib removes one count of the pseudo-liberty q from the string
// headed by h.
func (b *Board) removeLib(h, q Point) {
	s := &b.strs[h]
	s.libs--
	s.libSum -= uint32(q)
	s.libSq -= uint32(q) * uint32(q)
}

// addStone puts a stone of colour c on the empty point p and merges it
// with its neighbours of the same colour, without capturing anything.
func (b *Board) addStone(p Point, c Color) {
	b.color[p] = c
	b.stones[c]++
	b.hash ^= zobrist[c][p]
	// Take p out of the empty list by moving the last entry into its slot.
	i := b.emptyAt[p]
	b.numEmpty--
	last := b.empty[b.numEmpty]
	b.empty[i] = last
	b.emptyAt[last] = i
	b.emptyAt[p] = -1

	b.head[p], b.next[p] = p, p
	b.strs[p] = str{size: 1}
	for _, q := range b.neighbours(p) {
		switch b.color[q] {
		case Empty:
			b.addLib(p, q)
		case Black, White:
			b.removeLib(b.head[q], p)
		}
	}
	for _, q := range b.neighbours(p) {
		if b.color[q] == c && b.head[q] != b.head[p] {
			b.merge(b.head[p], b.head[q])
		}
	}
}

// merge joins the strings headed by a and h into one, relabelling the
// smaller.
func (b *Board) merge(a, h Point) {
	if b.strs[a].size < b.strs[h].size {
		a, h = h, a
	}
	s := h
	for {
		b.head[s] = a
		s = b.next[s]
		if s == h {
			break
		}
	}
	b.next[a], b.next[h] = b.next[h], b.next[a]
	sa, sh := &b.strs[a], &b.strs[h]
	sa.size += sh.size
	sa.libs += sh.libs
	sa.libSum += sh.libSum
	sa.libSq += sh.libSq
}

// capture removes the string headed by h from the board and returns its
// number of stones. Its stones become pseudo-liberties of the strings next
// to them (all of the other colour: two strings of one colour are never
// adjacent).
func (b *Board) capture(h Point) int {
	c := b.color[h]
	n := int(b.strs[h].size)
	s := h
	for {
		b.color[s] = Empty
		b.hash ^= zobrist[c][s]
		b.emptyAt[s] = int16(b.numEmpty)
		b.empty[b.numEmpty] = s
		b.numEmpty++
		for _, q := range b.neighbours(s) {
			if k := b.color[q]; k == Black || k == White {
				// Stones of the captured string still standing get
				// counts too; they are about to be removed and the
				// string's data is dropped with them.
				b.addLib(b.head[q], s)
			}
		}
		s = b.next[s]
		if s == h {
			break
		}
	}
	b.stones[c] -= n
	return n
}

// play plays a legal move of colour c at the point p and returns the
// number of stones captured. It sets the ko point when a single stone
// captured a single stone and is left in atari.
func (b *Board) play(p Point, c Color) int {
	b.addStone(p, c)
	captured, last := 0, Pass
	opp := c.Other()
	for _, q := range b.neighbours(p) {
		if b.color[q] == opp && b.strs[b.head[q]].libs == 0 {
			last = q
			captured += b.capture(b.head[q])
		}
	}
	b.ko, b.koColor = Pass, Empty
	if captured == 1 {
		if s := &b.strs[b.head[p]]; s.size == 1 && s.libs == 1 {
			b.ko, b.koColor = last, opp
		}
	}
	return captured
}

// IsEye reports whether the empty point p looks like an eye of colour c,
// the usual test of Monte-Carlo playouts that keeps them from filling their
// own eyes: every neighbour of p is a stone of c (or the edge), and the
// opponent holds at most one diagonal point in the middle of the board and
// none on the edge or in a corner. A real eye can fail it (a diagonal
// opponent stone may be dead) and a false one pass it, which costs a
// playout some accuracy, not legality.
func (b *Board) IsEye(p Point, c Color) bool {
	if b.color[p] != Empty {
		return false
	}
	s := Point(b.stride)
	for _, q := range [4]Point{p - s, p - 1, p + 1, p + s} {
		if k := b.color[q]; k != c && k != edge {
			return false
		}
	}
	opp, bad, atEdge := c.Other(), 0, false
	for _, q := range [4]Point{p - s - 1, p - s + 1, p + s - 1, p + s + 1} {
		switch b.color[q] {
		case opp:
			bad++
		case edge:
			atEdge = true
		}
	}
	if atEdge {
		// On the edge or in a corner one opponent diagonal already
		// makes the eye false: the edge counts as one.
		bad++
	}
	return bad < falseEyeDiagonals
}

// falseEyeDiagonals is the number of opponent diagonals that makes a point
// a false eye in the middle of the board: with two of the four diagonals
// the opponent can cut the surrounding stones apart, and the point is a
// liberty, not an eye.
const falseEyeDiagonals = 2

// RandomMove returns a point where colour c may play that is not one of its
// own eyes (IsEye), chosen uniformly among all such points with random
// numbers drawn from src, or Pass if there is none. It draws an empty point
// at random and, if the point does not qualify, sets it aside and draws
// again among the rest, so a position with few candidates costs no more
// than a scan. It changes only the order of the board's internal list of
// empty points.
func (b *Board) RandomMove(c Color, src rand.Source) Point {
	return b.randomMove(c, src, nil)
}

// randomMove is RandomMove, also excluding the superko violations of the
// game g if g is not nil.
func (b *Board) randomMove(c Color, src rand.Source, g *Game) Point {
	for k := b.numEmpty; k > 0; k-- {
		i := lemire.Bounded(src, uint64(k))
		p := b.empty[i]
		if b.IsLegal(p, c) && !b.IsEye(p, c) && (g == nil || !g.repeats(p, c)) {
			return p
		}
		// Swap p to the end of the k candidates still in play.
		j := k - 1
		q := b.empty[j]
		b.empty[i], b.empty[j] = q, p
		b.emptyAt[q], b.emptyAt[p] = int16(i), int16(j)
	}
	return Pass
}

// PlayRandom plays RandomMove(c, src) (a pass if it is Pass) and returns
// the move played.
func (b *Board) PlayRandom(c Color, src rand.Source) Point {
	p := b.RandomMove(c, src)
	if p == Pass {
		b.ko, b.koColor = Pass, Empty
		return Pass
	}
	b.play(p, c)
	return p
}
