package goban

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refBoard is a deliberately simple Go board: a grid of colours, with the
// liberties of every string found by flood fill after every move, and a
// record of whole positions compared as strings. It shares no code with
// the package; the incremental Board and Game must agree with it.
type refBoard struct {
	n    int
	grid []Color // row-major, n*n
	// history holds every position of the game (as refKey), oldest first.
	history []string
	// lastWasPlay tells whether the last ply placed a stone.
	lastWasPlay bool
}

func newRef(n int) *refBoard {
	r := &refBoard{n: n, grid: make([]Color, n*n)}
	r.history = append(r.history, r.key(r.grid))
	return r
}

func (r *refBoard) key(grid []Color) string {
	var sb strings.Builder
	for _, c := range grid {
		sb.WriteByte(c.Symbol())
	}
	return sb.String()
}

// adjacent returns the on-board neighbours of cell i.
func (r *refBoard) adjacent(i int) []int {
	row, col := i/r.n, i%r.n
	var out []int
	if row > 0 {
		out = append(out, i-r.n)
	}
	if row < r.n-1 {
		out = append(out, i+r.n)
	}
	if col > 0 {
		out = append(out, i-1)
	}
	if col < r.n-1 {
		out = append(out, i+1)
	}
	return out
}

// group returns the cells of the string at cell i of grid and the number
// of its distinct liberties, by flood fill.
func (r *refBoard) group(grid []Color, i int) (cells []int, libs int) {
	c := grid[i]
	seen := map[int]bool{i: true}
	libSeen := map[int]bool{}
	todo := []int{i}
	for len(todo) > 0 {
		j := todo[0]
		todo = todo[1:]
		cells = append(cells, j)
		for _, k := range r.adjacent(j) {
			switch {
			case grid[k] == Empty && !libSeen[k]:
				libSeen[k] = true
			case grid[k] == c && !seen[k]:
				seen[k] = true
				todo = append(todo, k)
			}
		}
	}
	return cells, len(libSeen)
}

// after returns the grid after colour c plays at cell i, the stones
// captured, and whether the move is legal by occupation and suicide alone.
func (r *refBoard) after(i int, c Color) (grid []Color, captured int, ok bool) {
	if r.grid[i] != Empty {
		return nil, 0, false
	}
	grid = slices.Clone(r.grid)
	grid[i] = c
	for _, k := range r.adjacent(i) {
		if grid[k] == c.Other() {
			if cells, libs := r.group(grid, k); libs == 0 {
				for _, j := range cells {
					grid[j] = Empty
				}
				captured += len(cells)
			}
		}
	}
	if _, libs := r.group(grid, i); libs == 0 {
		return nil, 0, false
	}
	return grid, captured, true
}

// legal reports whether colour c may play at cell i: under the basic ko
// rule (superko false: the move may not recreate the position before the
// last ply, if that ply placed a stone), or under positional superko (no
// position of the history may come back).
func (r *refBoard) legal(i int, c Color, superko bool) bool {
	grid, _, ok := r.after(i, c)
	if !ok {
		return false
	}
	k := r.key(grid)
	if superko {
		return !slices.Contains(r.history, k)
	}
	return !(r.lastWasPlay && len(r.history) >= 2 && r.history[len(r.history)-2] == k)
}

func (r *refBoard) play(i int, c Color) int {
	grid, captured, _ := r.after(i, c)
	r.grid = grid
	r.history = append(r.history, r.key(grid))
	r.lastWasPlay = true
	return captured
}

func (r *refBoard) pass() {
	r.history = append(r.history, r.key(r.grid))
	r.lastWasPlay = false
}

// eye is the eye test written out plainly: all on-board neighbours are c's
// stones, and of the diagonals the opponent holds fewer than two in the
// middle of the board, none on the edge or in a corner.
func (r *refBoard) eye(i int, c Color) bool {
	if r.grid[i] != Empty {
		return false
	}
	for _, k := range r.adjacent(i) {
		if r.grid[k] != c {
			return false
		}
	}
	row, col := i/r.n, i%r.n
	opp, offBoard := 0, false
	for _, d := range [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
		rr, cc := row+d[0], col+d[1]
		if rr < 0 || rr >= r.n || cc < 0 || cc >= r.n {
			offBoard = true
			continue
		}
		if r.grid[rr*r.n+cc] == c.Other() {
			opp++
		}
	}
	if offBoard {
		return opp == 0
	}
	return opp < 2
}

// compare fails the test unless the game g agrees with the reference in
// the position, the counts, every string's liberties and size, and the
// legality and eye status of every point for both colours, under the
// Board's basic ko and under the Game's superko. It returns the cells
// where each colour may play under superko.
func compare(t testing.TB, g *Game, r *refBoard, where string) (legal [3][]int) {
	t.Helper()
	b := g.Board()
	if got, want := strings.ReplaceAll(b.String(), "\n", ""), r.key(r.grid); got != want {
		t.Fatalf("%s: board\n%swant\n%s", where, b, want)
	}
	checkInvariants(t, b)
	counts := map[Color]int{}
	var legalPoints [3][]Point
	for i, c := range r.grid {
		counts[c]++
		p, _ := b.Point(i/r.n, i%r.n)
		if c != Empty {
			cells, libs := r.group(r.grid, i)
			if b.Liberties(p) != libs || b.StringSize(p) != len(cells) {
				t.Fatalf("%s: (%d,%d) liberties %d, size %d; want %d, %d\n%s", where, i/r.n, i%r.n,
					b.Liberties(p), b.StringSize(p), libs, len(cells), b)
			}
			continue
		}
		for _, col := range []Color{Black, White} {
			basic, super := r.legal(i, col, false), false
			if basic {
				super = r.legal(i, col, true)
			}
			if got := b.IsLegal(p, col); got != basic {
				t.Fatalf("%s: Board.IsLegal(%d,%d, %v) = %v, want %v\n%s", where, i/r.n, i%r.n, col, got, basic, b)
			}
			if got := g.IsLegal(p, col); got != super {
				t.Fatalf("%s: Game.IsLegal(%d,%d, %v) = %v, want %v\n%s", where, i/r.n, i%r.n, col, got, super, b)
			}
			if got, want := b.IsEye(p, col), r.eye(i, col); got != want {
				t.Fatalf("%s: IsEye(%d,%d, %v) = %v, want %v\n%s", where, i/r.n, i%r.n, col, got, want, b)
			}
			if super {
				legal[col] = append(legal[col], i)
				legalPoints[col] = append(legalPoints[col], p)
			}
		}
	}
	for _, c := range []Color{Empty, Black, White} {
		if b.Count(c) != counts[c] {
			t.Fatalf("%s: Count(%v) = %d, want %d", where, c, b.Count(c), counts[c])
		}
	}
	for _, col := range []Color{Black, White} {
		if got := g.LegalMoves(col, nil); !slices.Equal(got, legalPoints[col]) {
			t.Fatalf("%s: %v LegalMoves %v, want %v", where, col, got, legalPoints[col])
		}
	}
	return legal
}

// refGame plays one seeded random game on an n x n board on both
// implementations, comparing them after every ply. Moves are uniform over
// the reference's legal moves (eyes included, so that captures and kos are
// frequent), with an occasional pass and undo; colours usually alternate.
func refGame(t testing.TB, n int, rng *rand.Rand, maxPlies int) {
	start, _ := New(n)
	g := NewGame(start)
	r := newRef(n)
	type undo struct {
		r   refBoard
		ply int
	}
	var saved []undo
	c := Black
	for ply := 0; ply < maxPlies; ply++ {
		where := func() string { return fmt.Sprintf("n=%d ply %d", n, ply) }
		legalNow := compare(t, g, r, where())
		if ply%17 == 16 && len(saved) > 0 {
			// Take back the last move on the Game, restore the reference.
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
			u := saved[len(saved)-1]
			saved = saved[:len(saved)-1]
			*r = u.r
			continue
		}
		legal := legalNow[c]
		saved = append(saved, undo{refBoard{n: r.n, grid: slices.Clone(r.grid), history: slices.Clone(r.history), lastWasPlay: r.lastWasPlay}, ply})
		if len(legal) == 0 || rng.IntN(20) == 0 {
			if _, err := g.Play(Pass, c); err != nil {
				t.Fatal(err)
			}
			r.pass()
		} else {
			i := legal[rng.IntN(len(legal))]
			p, _ := g.Board().Point(i/n, i%n)
			got, err := g.Play(p, c)
			if want := r.play(i, c); err != nil || got != want {
				t.Fatalf("%s: play (%d,%d): captured %d, %v; want %d", where(), i/n, i%n, got, err, want)
			}
		}
		if rng.IntN(10) != 0 {
			c = c.Other()
		}
	}
}

// TestAgainstReference compares the fast board with the reference over
// many seeded random games on several sizes.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range []struct{ n, games, plies int }{
		{1, 5, 10}, {2, 150, 40}, {3, 120, 60}, {4, 60, 80}, {5, 30, 120},
		{7, 10, 160}, {9, 4, 200}, {13, 1, 250}, {19, 1, 150},
	} {
		if testing.Short() {
			c.games = max(1, c.games/10)
		}
		for range c.games {
			refGame(t, c.n, rng, c.plies)
		}
	}
}
