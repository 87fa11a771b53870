package goban

import (
	"errors"
	"math/rand/v2"
	"slices"
)

// Move is one ply of a game record: a stone of Color at Point, or a pass
// of Color if Point is Pass.
type Move struct {
	Point Point
	Color Color
}

// filterWords is the size in 64-bit words of a Game's filter of the hashes
// it has seen: 4096 bits, so that a record of a few hundred positions
// leaves most bits clear and most moves need no look at the record.
const filterWords = 64

// filterShift maps a hash to a bit of the filter: its top 12 bits.
const filterShift = 64 - 12

// Game is a position with the record of the game that led to it from a
// start position, under positional superko: no move may recreate a
// whole-board position (the stones alone, whoever is to move) that occurred
// earlier in the record, the start position included. Passes recreate the
// current position and are always allowed.
//
// The hashes of all positions are kept with the record, and a filter of
// them answers most superko questions at once; when a hash matches, the
// position is rebuilt and compared stone by stone, so a hash collision
// cannot forbid a legal move.
type Game struct {
	start  *Board   // the start position; never changed, shared by copies
	board  Board    // the current position
	moves  []Move   // the record
	hashes []uint64 // hashes[i]: the position after i plies
	seen   [filterWords]uint64
}

// ErrNoMove is returned by Undo on a game with no move to take back.
var ErrNoMove = errors.New("no move to take back")

// NewGame starts a game from a copy of the position start. The game's
// record is empty: the start position has no history, so a basic ko
// pending on start is forgotten and only the record's positions count.
func NewGame(start *Board) *Game {
	s := new(Board)
	s.CopyFrom(start)
	s.ko, s.koColor = Pass, Empty
	g := &Game{start: s}
	g.board.CopyFrom(s)
	g.hashes = append(g.hashes, s.hash)
	g.mark(s.hash)
	return g
}

// CopyFrom makes g a copy of src that can be played on independently (a
// playout, a descent in a search tree). It reuses g's storage, so with
// enough capacity it allocates nothing.
func (g *Game) CopyFrom(src *Game) {
	g.start = src.start
	g.board.CopyFrom(&src.board)
	g.moves = append(g.moves[:0], src.moves...)
	g.hashes = append(g.hashes[:0], src.hashes...)
	g.seen = src.seen
}

// Board returns the current position. The caller must not change it; copy
// it with CopyFrom to play on.
func (g *Game) Board() *Board { return &g.board }

// Moves returns the record of the game, oldest first. The caller must not
// change it.
func (g *Game) Moves() []Move { return g.moves }

// mark adds a hash to the filter.
func (g *Game) mark(h uint64) { g.seen[h>>filterShift/64] |= 1 << (h >> filterShift % 64) }

// marked reports whether the filter may hold a hash.
func (g *Game) marked(h uint64) bool { return g.seen[h>>filterShift/64]&(1<<(h>>filterShift%64)) != 0 }

// Check returns nil if colour c may play at p (or pass), and otherwise why
// not: an error of Board.Check, or ErrSuperko.
func (g *Game) Check(p Point, c Color) error {
	if err := g.board.Check(p, c); err != nil {
		return err
	}
	if p != Pass && g.repeats(p, c) {
		return ErrSuperko
	}
	return nil
}

// IsLegal reports whether colour c may play at the point p of the board:
// Board.IsLegal, and the move recreates no position of the record.
func (g *Game) IsLegal(p Point, c Color) bool {
	return g.board.IsLegal(p, c) && !g.repeats(p, c)
}

// Play plays a move of colour c at p, or a pass, if it is legal, records
// it and returns the number of stones captured; otherwise it returns why
// not (see Check) and changes nothing.
func (g *Game) Play(p Point, c Color) (captured int, err error) {
	if err := g.Check(p, c); err != nil {
		return 0, err
	}
	return g.record(p, c), nil
}

// record plays a legal move and records it.
func (g *Game) record(p Point, c Color) int {
	captured := 0
	if p == Pass {
		g.board.ko, g.board.koColor = Pass, Empty
	} else {
		captured = g.board.play(p, c)
	}
	g.moves = append(g.moves, Move{p, c})
	g.hashes = append(g.hashes, g.board.hash)
	g.mark(g.board.hash)
	return captured
}

// Undo takes back the last move of the record (ErrNoMove if there is
// none). It replays the record from the start, so it costs a whole game.
func (g *Game) Undo() error {
	if len(g.moves) == 0 {
		return ErrNoMove
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.hashes = g.hashes[:len(g.moves)+1]
	g.seen = [filterWords]uint64{}
	for _, h := range g.hashes {
		g.mark(h)
	}
	g.replay(&g.board, len(g.moves))
	return nil
}

// replay sets b to the position after the first n moves of the record.
func (g *Game) replay(b *Board, n int) {
	b.CopyFrom(g.start)
	for _, m := range g.moves[:n] {
		if m.Point == Pass {
			b.ko, b.koColor = Pass, Empty
		} else {
			b.play(m.Point, m.Color)
		}
	}
}

// LegalMoves appends to dst the points where colour c may play (as
// Board.LegalMoves, and without superko violations).
func (g *Game) LegalMoves(c Color, dst []Point) []Point {
	n := len(dst)
	dst = g.board.LegalMoves(c, dst)
	for i := n; i < len(dst); i++ {
		if !g.repeats(dst[i], c) {
			dst[n] = dst[i]
			n++
		}
	}
	return dst[:n]
}

// RandomMove is Board.RandomMove under superko: a uniformly random legal
// move of colour c that fills none of its own eyes, or Pass.
func (g *Game) RandomMove(c Color, src rand.Source) Point {
	return g.board.randomMove(c, src, g)
}

// PlayRandom plays and records RandomMove(c, src) and returns it.
func (g *Game) PlayRandom(c Color, src rand.Source) Point {
	p := g.RandomMove(c, src)
	g.record(p, c)
	return p
}

// repeats reports whether the move of colour c at p, legal under the
// Board's rules, would recreate a position of the record.
func (g *Game) repeats(p Point, c Color) bool {
	h := g.board.HashAfter(p, c)
	if !g.marked(h) {
		return false
	}
	// The filter cannot tell: compare the position with every recorded
	// one of the same hash, stone by stone.
	var after, then Board
	after.CopyFrom(&g.board)
	after.play(p, c)
	for i, hi := range g.hashes {
		if hi != h {
			continue
		}
		g.replay(&then, i)
		if then.sameStones(&after) {
			return true
		}
	}
	return false
}

// HashAfter returns the hash (Hash) the board would have after a move of
// colour c at p, legal under the Board's rules (IsLegal), without playing
// it: the new stone's key and the keys of the stones it captures, the
// opposing strings whose only liberty is p. A search that keeps its own
// record of hashes checks superko with it at the cost of a few lookups,
// where playing the move on a copy would cost a copy of the board.
func (b *Board) HashAfter(p Point, c Color) uint64 {
	h := b.hash ^ zobrist[c][p]
	opp := c.Other()
	var done [4]Point
	n := 0
outer:
	for _, q := range b.neighbours(p) {
		if b.color[q] != opp {
			continue
		}
		hd := b.head[q]
		if !b.strs[hd].inAtari() {
			continue
		}
		for _, d := range done[:n] {
			if d == hd {
				continue outer
			}
		}
		done[n] = hd
		n++
		s := hd
		for {
			h ^= zobrist[opp][s]
			s = b.next[s]
			if s == hd {
				break
			}
		}
	}
	return h
}

// sameStones reports whether two boards of one size hold the same stones.
func (b *Board) sameStones(o *Board) bool {
	return b.n == o.n && slices.Equal(b.color[:b.cells], o.color[:o.cells])
}
