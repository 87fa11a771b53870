package search

import (
	"encoding/binary"
	"math/bits"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
)

// This file is the search's hot path: a position laid out for speed, its
// groups and its moves. Every search spends nearly all its time here, in
// playouts, so nothing here allocates, and the board is laid out so that
// a neighbour is one addition away and never out of range.
//
// Why a second board beside samegame.Board: a playout enumerates the
// groups of the position at every ply, and samegame.Board.Moves (column
// stride 20, a cleared seen-array per call, a second flood fill to play)
// measured 12.5 µs a call on a full 15x15 board. This layout (stride 32,
// a border of empty cells, a generation-stamped seen-array that is never
// cleared, the groups' cells kept so that playing one needs no second
// fill) is what BenchmarkPlayout measures; TestGridMatchesRules checks it
// against samegame.Board move by move, and every sequence a search
// returns is replayed by samegame.Replay.

// stride is the distance between two columns in grid.cells: a power of
// two at least MaxSize+1, so that a cell's column and row are a shift and
// a mask, and the cell above the top row is inside the column.
const stride = 32

// gridCells holds MaxSize columns and an empty border column on each side;
// within a column, slot 0 is an empty border below the bottom row.
const gridCells = (samegame.MaxSize + 2) * stride

// grid is a position: cells[(x+1)*stride+1+y] is the cell at column x,
// row y (0 = bottom): 0 when empty, colour+1 otherwise. Every cell outside
// the board's occupied part is 0, so a neighbour test needs no bounds
// check.
type grid struct {
	cells   [gridCells]uint8
	heights [samegame.MaxSize]uint8
	counts  [samegame.NumColours]uint16
	cols    uint8
}

// index returns the grid index of column x, row y.
func index(x, y int) int { return (x+1)*stride + 1 + y }

// cellOf returns the rules' name of grid index i.
func cellOf(i uint16) samegame.Cell {
	return samegame.Cell{Col: uint8(i/stride - 1), Row: uint8(i%stride - 1)}
}

// newGrid copies b.
func newGrid(b *samegame.Board) grid {
	var g grid
	g.cols = uint8(b.Columns())
	for x := 0; x < b.Columns(); x++ {
		g.heights[x] = uint8(b.ColumnHeight(x))
		for y := 0; y < b.ColumnHeight(x); y++ {
			c := b.At(x, y)
			g.cells[index(x, y)] = uint8(c + 1)
			g.counts[c]++
		}
	}
	return g
}

// empty reports whether the board is cleared.
func (g *grid) empty() bool { return g.cols == 0 }

// endAdjustment is samegame.Board.EndAdjustment for a terminal grid.
func (g *grid) endAdjustment(penalty bool) int {
	if g.cols == 0 {
		return samegame.ClearBonus
	}
	if !penalty {
		return 0
	}
	p := 0
	for _, c := range g.counts {
		if c > 2 {
			p += samegame.Points(int(c))
		}
	}
	return -p
}

// mostFrequent returns the colour with the most cells (the lowest such
// colour on a tie): the tabu colour of the colour-avoiding playouts.
func (g *grid) mostFrequent() uint8 {
	best := 0
	for c := 1; c < len(g.counts); c++ {
		if g.counts[c] > g.counts[best] {
			best = c
		}
	}
	return uint8(best)
}

// hash returns a hash of the position (its cells as they stand), for the
// beam's duplicate removal and the seeding of random numbers.
func (g *grid) hash() uint64 {
	h := uint64(g.cols)
	for x := 0; x < int(g.cols); x++ {
		base := (x + 1) * stride
		for w := 0; w < stride; w += 8 {
			h = mcts.Mix(h ^ binary.LittleEndian.Uint64(g.cells[base+w:]))
		}
	}
	return h
}

// group is a legal move: its representative (the smallest grid index
// among its cells: the lowest cell of its leftmost column, as
// samegame.Group's), its size, its colour, and where its cells are in the
// scratch that found it.
type group struct {
	rep    uint16
	size   uint16
	colour uint8
	start  uint16 // its cells are scratch.cells[start : start+size]
}

// scratch is the working memory of group finding, kept by a searcher and
// reused at every ply: a seen-mark per cell stamped with a generation
// number (a new generation forgets every mark without clearing), and the
// cells of the groups found by the last call of moves.
type scratch struct {
	gen   uint32
	seen  [gridCells]uint32
	cells [samegame.MaxSize * samegame.MaxSize]uint16
}

// next starts a new generation of seen-marks.
func (s *scratch) next() {
	s.gen++
	if s.gen == 0 { // wrapped: the old marks could be mistaken for new ones
		clear(s.seen[:])
		s.gen = 1
	}
}

// moves appends the groups of two or more cells of g to buf, in the order
// of their representatives, with their cells in sc (valid until the next
// call), and returns the extended slice.
func (g *grid) moves(buf []group, sc *scratch) []group {
	sc.next()
	gen := sc.gen
	n := 0 // cells stored in sc.cells
	for x := 0; x < int(g.cols); x++ {
		base := (x+1)*stride + 1
		for i := base; i < base+int(g.heights[x]); i++ {
			c := g.cells[i]
			if sc.seen[i] == gen {
				continue
			}
			if g.cells[i+1] != c && g.cells[i-1] != c && g.cells[i+stride] != c && g.cells[i-stride] != c {
				continue // a single cell: not a move, and in no group
			}
			// Flood fill from i, the group's smallest index (the scan
			// meets a group first there), its cells stacked in sc.cells.
			start := n
			sc.seen[i] = gen
			sc.cells[n] = uint16(i)
			n++
			for head := start; head < n; head++ {
				j := int(sc.cells[head])
				for _, k := range [4]int{j + 1, j - 1, j + stride, j - stride} {
					if g.cells[k] == c && sc.seen[k] != gen {
						sc.seen[k] = gen
						sc.cells[n] = uint16(k)
						n++
					}
				}
			}
			buf = append(buf, group{rep: uint16(i), size: uint16(n - start), colour: c - 1, start: uint16(start)})
		}
	}
	return buf
}

// play removes m, a group found by the last moves call with sc, lets the
// cells above fall and closes the empty columns; it returns the points.
func (g *grid) play(m group, sc *scratch) int {
	var touched uint32
	for _, i := range sc.cells[m.start : m.start+m.size] {
		g.cells[i] = 0
		touched |= 1 << (i/stride - 1)
	}
	g.counts[m.colour] -= m.size
	emptied := false
	for t := touched; t != 0; t &= t - 1 {
		x := bits.TrailingZeros32(t)
		base := (x+1)*stride + 1
		h := int(g.heights[x])
		w := base
		for i := base; i < base+h; i++ {
			if v := g.cells[i]; v != 0 {
				g.cells[w] = v
				w++
			}
		}
		clear(g.cells[w : base+h])
		g.heights[x] = uint8(w - base)
		emptied = emptied || w == base
	}
	if emptied {
		w := 0
		for x := 0; x < int(g.cols); x++ {
			if g.heights[x] == 0 {
				continue
			}
			if w != x {
				copy(g.cells[(w+1)*stride:(w+2)*stride], g.cells[(x+1)*stride:(x+2)*stride])
				clear(g.cells[(x+1)*stride : (x+2)*stride])
				g.heights[w], g.heights[x] = g.heights[x], 0
			}
			w++
		}
		g.cols = uint8(w)
	}
	return samegame.Points(int(m.size))
}

// find returns the legal move whose representative is rep among the groups
// found by the last moves call, and false when there is none.
func find(moves []group, rep uint16) (group, bool) {
	for _, m := range moves {
		if m.rep == rep {
			return m, true
		}
	}
	return group{}, false
}

// sample draws a move by probing random cells: a cell drawn uniformly
// among the occupied ones (by rejection from the box of the columns and
// the tallest column) whose group has two or more cells and which the
// colour rule allows (allowed) gives its group, so a group is drawn with
// probability proportional to its size. After probes failed draws it gives
// up (false): then the caller enumerates the moves. The group's cells are
// left at the start of sc.cells.
func (g *grid) sample(r *mcts.RNG, tabu uint8, probes int, sc *scratch) (group, bool) {
	if g.cols == 0 {
		return group{}, false
	}
	top := uint8(0)
	for _, h := range g.heights[:g.cols] {
		top = max(top, h)
	}
	for range probes {
		v := r.Next()
		x := int((v & 0xffffffff) * uint64(g.cols) >> 32)
		y := int((v >> 32) * uint64(top) >> 32)
		if y >= int(g.heights[x]) {
			continue
		}
		i := index(x, y)
		c := g.cells[i]
		if g.cells[i+1] != c && g.cells[i-1] != c && g.cells[i+stride] != c && g.cells[i-stride] != c {
			continue
		}
		sc.next()
		gen := sc.gen
		sc.seen[i] = gen
		sc.cells[0] = uint16(i)
		n, rep := 1, i
		for head := 0; head < n; head++ {
			j := int(sc.cells[head])
			rep = min(rep, j)
			for _, k := range [4]int{j + 1, j - 1, j + stride, j - stride} {
				if g.cells[k] == c && sc.seen[k] != gen {
					sc.seen[k] = gen
					sc.cells[n] = uint16(k)
					n++
				}
			}
		}
		m := group{rep: uint16(rep), size: uint16(n), colour: c - 1}
		if allowed(g, m, tabu) {
			return m, true
		}
	}
	return group{}, false
}
