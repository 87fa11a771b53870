package goban

// This file counts a finished game by the rule of the course's Go homework
// (seed 004, problem 2): once the players have removed the strings they
// agree are dead, each colour scores the empty points it surrounds minus
// its own stones that were captured during the game and removed as dead.

// Tally is what one colour has at the count.
type Tally struct {
	// Territory is the number of empty points, after the dead strings
	// are removed, whose region touches stones of this colour only.
	Territory int
	// Captured is the number of this colour's stones captured in play.
	Captured int
	// Dead is the number of this colour's stones removed as dead.
	Dead int
}

// Points returns the colour's score before komi: territory minus captured
// and dead stones.
func (t Tally) Points() int { return t.Territory - t.Captured - t.Dead }

// Score is the count of a finished game.
type Score struct {
	Black, White Tally
	// Komi is added to white's points.
	Komi float64
	// Owner holds, for each point row by row from the top left, the
	// colour whose territory it is, or Empty: a stone (a live one, or
	// a point of no one's territory). Dead stones' points are counted
	// like any other empty point.
	Owner []Color
}

// Total returns the points of colour c, komi included for white.
func (s Score) Total(c Color) float64 {
	if c == White {
		return float64(s.White.Points()) + s.Komi
	}
	return float64(s.Black.Points())
}

// Winner returns the colour with more points and its margin, or Empty and
// 0 for a tie.
func (s Score) Winner() (Color, float64) {
	b, w := s.Total(Black), s.Total(White)
	switch {
	case b > w:
		return Black, b - w
	case w > b:
		return White, w - b
	}
	return Empty, 0
}

// Count scores the position b with the strings holding the points of dead
// removed (a point may name any stone of its string, and a string may be
// named more than once; empty points in dead are ignored), capturedBlack
// and capturedWhite stones of each colour having been captured in play,
// and komi for white. An empty region, the maximal set of connected empty
// points, is the territory of a colour when every stone next to it is of
// that colour: a region touching both colours (the shared liberties of a
// seki, a neutral point between the walls) scores for nobody, and so does
// the region of an empty board.
func Count(b *Board, dead []Point, capturedBlack, capturedWhite int, komi float64) Score {
	n := b.n
	grid := make([]Color, n*n) // row by row from the top left
	for row := range n {
		for col := range n {
			p, _ := b.Point(row, col)
			grid[row*n+col] = b.color[p]
		}
	}
	s := Score{Komi: komi, Owner: make([]Color, n*n)}
	s.Black.Captured, s.White.Captured = capturedBlack, capturedWhite
	var stack []int
	// neighbours lists the grid indices next to i.
	neighbours := func(i int, dst []int) []int {
		row, col := i/n, i%n
		if row > 0 {
			dst = append(dst, i-n)
		}
		if row < n-1 {
			dst = append(dst, i+n)
		}
		if col > 0 {
			dst = append(dst, i-1)
		}
		if col < n-1 {
			dst = append(dst, i+1)
		}
		return dst
	}
	var nb []int
	for _, p := range dead {
		if !b.OnBoard(p) {
			continue
		}
		row, col := b.RowCol(p)
		i := row*n + col
		c := grid[i]
		if c != Black && c != White {
			continue // empty, or a string already removed
		}
		// Remove the string, counting its stones.
		grid[i] = Empty
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if c == Black {
				s.Black.Dead++
			} else {
				s.White.Dead++
			}
			for _, k := range neighbours(j, nb[:0]) {
				if grid[k] == c {
					grid[k] = Empty
					stack = append(stack, k)
				}
			}
		}
	}
	seen := make([]bool, n*n)
	var region []int
	for i := range grid {
		if grid[i] != Empty || seen[i] {
			continue
		}
		// Flood the region, noting the colours it touches.
		var touches [3]bool
		seen[i] = true
		region = append(region[:0], i)
		for k := 0; k < len(region); k++ {
			for _, j := range neighbours(region[k], nb[:0]) {
				switch {
				case grid[j] != Empty:
					touches[grid[j]] = true
				case !seen[j]:
					seen[j] = true
					region = append(region, j)
				}
			}
		}
		owner := Empty
		switch {
		case touches[Black] && !touches[White]:
			owner, s.Black.Territory = Black, s.Black.Territory+len(region)
		case touches[White] && !touches[Black]:
			owner, s.White.Territory = White, s.White.Territory+len(region)
		}
		for _, j := range region {
			s.Owner[j] = owner
		}
	}
	return s
}
