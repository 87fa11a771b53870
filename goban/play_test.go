package goban

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// checkInvariants recomputes from scratch everything a Board keeps
// incrementally (strings, pseudo-liberties, the empty list, counts, hash)
// and fails the test on any difference.
func checkInvariants(t testing.TB, b *Board) {
	t.Helper()
	var hash uint64
	var stones [3]int
	numEmpty := 0
	for r := range b.n {
		for c := range b.n {
			p, _ := b.Point(r, c)
			k := b.color[p]
			switch k {
			case Empty:
				numEmpty++
				if i := b.emptyAt[p]; i < 0 || int(i) >= b.numEmpty || b.empty[i] != p {
					t.Fatalf("empty (%d,%d): list index %d", r, c, i)
				}
				continue
			case Black, White:
			default:
				t.Fatalf("(%d,%d) holds %v", r, c, k)
			}
			stones[k]++
			hash ^= zobrist[k][p]
			if b.emptyAt[p] != -1 {
				t.Fatalf("stone at (%d,%d) has empty-list index %d", r, c, b.emptyAt[p])
			}
			if b.head[p] != p {
				continue
			}
			// p heads a string: walk it, and flood-fill it independently.
			var want str
			var members = map[Point]bool{}
			s := p
			for {
				if b.head[s] != p || b.color[s] != k || members[s] {
					t.Fatalf("string of (%d,%d): bad member %d", r, c, s)
				}
				members[s] = true
				want.size++
				for _, q := range b.neighbours(s) {
					if b.color[q] == Empty {
						want.libs++
						want.libSum += uint32(q)
						want.libSq += uint32(q) * uint32(q)
					}
				}
				s = b.next[s]
				if s == p {
					break
				}
			}
			flood := map[Point]bool{p: true}
			stack := []Point{p}
			for len(stack) > 0 {
				s := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, q := range b.neighbours(s) {
					if b.color[q] == k && !flood[q] {
						flood[q] = true
						stack = append(stack, q)
					}
				}
			}
			if len(flood) != len(members) {
				t.Fatalf("string of (%d,%d): %d linked stones, %d connected", r, c, len(members), len(flood))
			}
			if b.strs[p] != want {
				t.Fatalf("string of (%d,%d): kept %+v, recomputed %+v", r, c, b.strs[p], want)
			}
		}
	}
	if numEmpty != b.numEmpty || stones[Black] != b.stones[Black] || stones[White] != b.stones[White] {
		t.Fatalf("counts: %d empty, %v stones kept; %d, %v recomputed", b.numEmpty, b.stones, numEmpty, stones)
	}
	if hash != b.hash {
		t.Fatalf("hash %x, recomputed %x", b.hash, hash)
	}
}

func TestIsEye(t *testing.T) {
	b := diagram(t,
		".X...",
		"X.X..",
		".X..X",
		"...X.",
		"....X")
	cases := []struct {
		row, col int
		c        Color
		eye      bool
	}{
		{1, 1, Black, true},  // no opponent diagonal
		{1, 1, White, false}, // black's eye
		{0, 0, Black, true},  // corner, diagonal empty
		{4, 4, Black, false}, // occupied
		{3, 4, Black, true},  // edge
		{0, 2, Black, false}, // an empty neighbour
		{2, 2, Black, false},
	}
	for _, c := range cases {
		if got := b.IsEye(at(t, b, c.row, c.col), c.c); got != c.eye {
			t.Errorf("IsEye(%d,%d, %v) = %v, want %v\n%s", c.row, c.col, c.c, got, c.eye, b)
		}
	}
	// One opponent diagonal in the middle still leaves an eye; two do not.
	// On the edge or in a corner one is enough.
	b.Place(at(t, b, 0, 2), White)
	if !b.IsEye(at(t, b, 1, 1), Black) {
		t.Errorf("one opponent diagonal made the middle eye false")
	}
	b.Place(at(t, b, 2, 0), White)
	if b.IsEye(at(t, b, 1, 1), Black) {
		t.Errorf("two opponent diagonals left the middle eye")
	}
	b.Place(at(t, b, 1, 1), White)
	if b.IsEye(at(t, b, 0, 0), Black) {
		t.Errorf("an opponent diagonal left the corner eye")
	}
	b.Place(at(t, b, 2, 3), White)
	if b.IsEye(at(t, b, 3, 4), Black) {
		t.Errorf("an opponent diagonal left the edge eye")
	}
}

func TestCheckErrors(t *testing.T) {
	b := diagram(t,
		"X..",
		"...",
		"...")
	p := at(t, b, 0, 1)
	for _, c := range []struct {
		p    Point
		c    Color
		want error
	}{
		{Pass, Black, nil},
		{Pass, White, nil},
		{p, Black, nil},
		{Pass, Empty, ErrColor},
		{p, Empty, ErrColor},
		{p, 7, ErrColor},
		{-1, Black, ErrOffBoard},
		{1, Black, ErrOffBoard}, // the frame
		{Point(maxCells), White, ErrOffBoard},
		{at(t, b, 0, 0), White, ErrOccupied},
	} {
		if err := b.Check(c.p, c.c); !errors.Is(err, c.want) {
			t.Errorf("Check(%d, %v) = %v, want %v", c.p, c.c, err, c.want)
		}
		if c.want != nil {
			before := *b
			if _, err := b.Play(c.p, c.c); !errors.Is(err, c.want) {
				t.Errorf("Play(%d, %v) = %v, want %v", c.p, c.c, err, c.want)
			}
			if *b != before {
				t.Errorf("a refused move changed the board")
			}
			if c.p != Pass && c.c != Empty && c.c < edge {
				if err := b.Place(c.p, c.c); !errors.Is(err, c.want) {
					t.Errorf("Place(%d, %v) = %v, want %v", c.p, c.c, err, c.want)
				}
			}
		}
	}
}

// candidates lists the points RandomMove may return: legal and not an own
// eye, found by trying every point.
func candidates(b *Board, c Color) map[Point]bool {
	m := map[Point]bool{}
	for r := range b.n {
		for col := range b.n {
			p, _ := b.Point(r, col)
			if b.IsLegal(p, c) && !b.IsEye(p, c) {
				m[p] = true
			}
		}
	}
	return m
}

// TestRandomMoveUniform draws many random moves in one position: each
// candidate comes up about equally often, and nothing else ever does.
func TestRandomMoveUniform(t *testing.T) {
	b := diagram(t,
		".X.",
		"X.X",
		"...")
	src := rand.NewPCG(3, 4)
	for _, c := range []Color{Black, White} {
		cand := candidates(b, c)
		if len(cand) != 4 {
			t.Fatalf("%v: %d candidates, want 4 (the row below and the middle)", c, len(cand))
		}
		const draws = 40000
		count := map[Point]int{}
		before := b.String()
		for range draws {
			count[b.RandomMove(c, src)]++
		}
		if b.String() != before {
			t.Fatalf("RandomMove changed the board")
		}
		checkInvariants(t, b)
		for p, n := range count {
			// Expected 10,000 each; the standard deviation is about 87.
			if !cand[p] || n < 9500 || n > 10500 {
				t.Errorf("%v: point %d drawn %d times of %d (candidate %v)", c, p, n, draws, cand[p])
			}
		}
	}
}

// TestRandomMoveCandidates plays seeded random games and checks in every
// position that RandomMove returns a candidate, Pass only if there is none,
// and over repeated draws every candidate.
func TestRandomMoveCandidates(t *testing.T) {
	src := rand.NewPCG(5, 6)
	for _, n := range []int{2, 3, 5, 7} {
		b, _ := New(n)
		c := Black
		for ply := 0; ply < 4*n*n; ply++ {
			cand := candidates(b, c)
			seen := map[Point]bool{}
			for range 40 * len(cand) {
				p := b.RandomMove(c, src)
				if p == Pass && len(cand) != 0 || p != Pass && !cand[p] {
					t.Fatalf("n=%d ply %d: %v drew %d, candidates %v\n%s", n, ply, c, p, cand, b)
				}
				seen[p] = true
			}
			if len(cand) > 0 && len(seen) != len(cand) {
				t.Fatalf("n=%d ply %d: drew %d of %d candidates", n, ply, len(seen), len(cand))
			}
			b.PlayRandom(c, src)
			checkInvariants(t, b)
			c = c.Other()
		}
	}
}

// playout plays random moves that fill no own eye from b's position, black
// first, until both sides pass in a row or after maxPlies plies; it returns
// the number of plies. It is the loop a Monte-Carlo search runs.
func playout(b *Board, src rand.Source, maxPlies int) int {
	c, passes, ply := Black, 0, 0
	for ; ply < maxPlies && passes < 2; ply++ {
		if b.PlayRandom(c, src) == Pass {
			passes++
		} else {
			passes = 0
		}
		c = c.Other()
	}
	return ply
}

// gamePlayout is playout under positional superko.
func gamePlayout(g *Game, src rand.Source, maxPlies int) int {
	c, passes, ply := Black, 0, 0
	for ; ply < maxPlies && passes < 2; ply++ {
		if g.PlayRandom(c, src) == Pass {
			passes++
		} else {
			passes = 0
		}
		c = c.Other()
	}
	return ply
}

// playoutPlies bounds a playout: three times the points of the board is
// far more than random games without eye filling need to end on boards of
// 6x6 and more (7x7 games take about 70 plies, rarely over 110), and cuts
// off the cycles of captures the basic ko rule allows, frequent on the
// smallest boards.
func playoutPlies(n int) int { return 3 * n * n }

func TestPlayoutAllocations(t *testing.T) {
	start, _ := New(7)
	var b Board
	src := rand.NewPCG(1, 1)
	if n := testing.AllocsPerRun(100, func() {
		b.CopyFrom(start)
		playout(&b, src, playoutPlies(7))
		var buf [maxPoints]Point
		b.LegalMoves(White, buf[:0])
	}); n != 0 {
		t.Errorf("a board playout allocates %v times", n)
	}
	root := NewGame(start)
	g := NewGame(start)
	gamePlayout(g, src, playoutPlies(7)) // grow the record once
	if n := testing.AllocsPerRun(100, func() {
		g.CopyFrom(root)
		gamePlayout(g, src, playoutPlies(7))
	}); n != 0 {
		t.Errorf("a game playout allocates %v times", n)
	}
}

// TestPlayoutsEnd: random playouts on every size leave consistent boards;
// from 6x6 up they end in two passes within the cap, and under superko
// they always end, however small the board.
func TestPlayoutsEnd(t *testing.T) {
	src := rand.NewPCG(9, 9)
	for n := 1; n <= MaxSize; n++ {
		start, _ := New(n)
		for range 20 {
			var b Board
			b.CopyFrom(start)
			if plies := playout(&b, src, playoutPlies(n)); n >= 6 && plies >= playoutPlies(n) {
				t.Errorf("n=%d: a playout reached the cap of %d plies", n, plies)
			}
			checkInvariants(t, &b)
			g := NewGame(start)
			// Superko bounds a game by the number of positions; random
			// games end far sooner.
			const generous = 100
			if plies := gamePlayout(g, src, generous*n*n); plies >= generous*n*n {
				t.Errorf("n=%d: a game playout ran %d plies", n, plies)
			}
			checkInvariants(t, g.Board())
		}
	}
}

func TestGameCopyAndUndo(t *testing.T) {
	start, _ := New(5)
	src := rand.NewPCG(2, 3)
	g := NewGame(start)
	gamePlayout(g, src, 30)
	var c Game
	c.CopyFrom(g)
	before, moves := g.Board().String(), len(g.Moves())
	gamePlayout(&c, src, 20)
	if g.Board().String() != before || len(g.Moves()) != moves {
		t.Fatalf("playing on a copy changed the original")
	}
	// Undo every move of the copy back to the original's length.
	for len(c.Moves()) > moves {
		if err := c.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if c.Board().String() != before || c.Board().Hash() != g.Board().Hash() || c.seen != g.seen {
		t.Errorf("after undo:\n%swant:\n%s", c.Board(), before)
	}
	for len(c.Moves()) > 0 {
		if err := c.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Undo(); !errors.Is(err, ErrNoMove) {
		t.Errorf("undo on an empty record: %v", err)
	}
	if c.Board().Count(Empty) != 25 {
		t.Errorf("all undone:\n%s", c.Board())
	}
}

// TestHashCollision forges a collision: the start position's recorded hash
// is replaced by the hash a legal move would produce. The move must stay
// legal: the positions are compared stone by stone.
func TestHashCollision(t *testing.T) {
	g := NewGame(diagram(t,
		".XO.",
		"XO.O",
		".XO.",
		"...."))
	p := at(t, g.Board(), 3, 3)
	h := g.Board().HashAfter(p, Black)
	g.hashes[0] = h
	g.mark(h)
	if err := g.Check(p, Black); err != nil {
		t.Errorf("a move whose hash collides with a different position: %v", err)
	}
	var b Board
	b.CopyFrom(g.Board())
	b.Play(p, Black)
	if b.Hash() != h {
		t.Fatalf("HashAfter %x, hash after playing %x", h, b.Hash())
	}
}

// TestHashAfter: in positions of seeded random games on every size, for
// every legal move of either colour, HashAfter is the hash the board has
// once the move is played (captures of one and of several strings
// included).
func TestHashAfter(t *testing.T) {
	src := rand.NewPCG(5, 6)
	captures := 0
	for n := 1; n <= MaxSize; n++ {
		start, _ := New(n)
		var b, after Board
		b.CopyFrom(start)
		// Large boards: every fourth position, for the same kinds of move
		// at a fraction of the time.
		every := 1
		if n > 9 {
			every = 4
		}
		c, passes := Black, 0
		for ply := 0; ply < playoutPlies(n) && passes < 2; ply++ {
			for _, mover := range []Color{Black, White} {
				if ply%every != 0 {
					break
				}
				for _, p := range b.LegalMoves(mover, nil) {
					after.CopyFrom(&b)
					if k, _ := after.Play(p, mover); k > 0 {
						captures++
					}
					if got := b.HashAfter(p, mover); got != after.Hash() {
						t.Fatalf("n=%d ply %d: HashAfter(%v, %v) = %x, hash after playing %x\n%s", n, ply, p, mover, got, after.Hash(), &b)
					}
				}
			}
			if b.PlayRandom(c, src) == Pass {
				passes++
			} else {
				passes = 0
			}
			c = c.Other()
		}
	}
	if captures == 0 {
		t.Fatal("no capturing move was checked")
	}
}
