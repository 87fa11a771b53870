package einstein

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refCube is what a square of the reference board holds: a side (None for
// an empty square) and a cube number.
type refCube struct {
	side Color
	n    int
}

// refGame is a deliberately simple implementation of the rules, written
// from the seed's text and sharing no code with the package: a grid
// indexed [row][column] from 1, squares scanned for every question, the
// winner found by looking at the whole board after every move.
type refGame struct {
	grid   [Size + 1][Size + 1]refCube
	turn   int
	mover  Color
	winner Color
}

func refNew(l Layout) *refGame {
	g := &refGame{turn: 1, mover: Red}
	red := [6][2]int{{1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {3, 1}}
	blue := [6][2]int{{5, 5}, {5, 4}, {5, 3}, {4, 5}, {4, 4}, {3, 5}}
	for i := range 6 {
		g.grid[red[i][0]][red[i][1]] = refCube{Red, int(l[i])}
		g.grid[blue[i][0]][blue[i][1]] = refCube{Blue, int(l[i])}
	}
	return g
}

// find returns the row and column of cube n of the side, or 0, 0.
func (g *refGame) find(side Color, n int) (int, int) {
	for r := 1; r <= Size; r++ {
		for c := 1; c <= Size; c++ {
			if g.grid[r][c] == (refCube{side, n}) {
				return r, c
			}
		}
	}
	return 0, 0
}

// step returns the change of row and column of direction d (1 to 3) for
// the side.
func refStep(side Color, d int) (int, int) {
	dr, dc := [4]int{0, 0, 1, 1}[d], [4]int{0, 1, 0, 1}[d]
	if side == Blue {
		return -dr, -dc
	}
	return dr, dc
}

// moves returns the legal moves as protocol strings, by cube and then
// direction, "00" alone if the side must pass, nothing after the end.
func (g *refGame) moves() []string {
	if g.winner != None {
		return nil
	}
	var out []string
	for n := 1; n <= 6; n++ {
		if (g.turn%2 == 1) != (n%2 == 1) {
			continue
		}
		r, c := g.find(g.mover, n)
		if r == 0 {
			continue
		}
		for d := 1; d <= 3; d++ {
			dr, dc := refStep(g.mover, d)
			tr, tc := r+dr, c+dc
			if tr < 1 || tr > Size || tc < 1 || tc > Size || g.grid[tr][tc].side == g.mover {
				continue
			}
			out = append(out, fmt.Sprintf("%d%d", n, d))
		}
	}
	if len(out) == 0 {
		out = []string{"00"}
	}
	return out
}

// play plays a move from moves().
func (g *refGame) play(m string) {
	if m != "00" {
		n, d := int(m[0]-'0'), int(m[1]-'0')
		r, c := g.find(g.mover, n)
		dr, dc := refStep(g.mover, d)
		g.grid[r][c] = refCube{}
		g.grid[r+dr][c+dc] = refCube{g.mover, n}
	}
	count := map[Color]int{}
	for r := 1; r <= Size; r++ {
		for c := 1; c <= Size; c++ {
			count[g.grid[r][c].side]++
		}
	}
	switch {
	case g.grid[5][5].side == Red || count[Blue] == 0:
		g.winner = Red
	case g.grid[1][1].side == Blue || count[Red] == 0:
		g.winner = Blue
	}
	if g.mover == Blue {
		g.turn++
	}
	g.mover = g.mover.Other()
}

// String writes the reference board as Position.String does.
func (g *refGame) String() string {
	var lines []string
	for r := 1; r <= Size; r++ {
		var sq []string
		for c := 1; c <= Size; c++ {
			switch x := g.grid[r][c]; x.side {
			case Red:
				sq = append(sq, fmt.Sprintf("R%d", x.n))
			case Blue:
				sq = append(sq, fmt.Sprintf("B%d", x.n))
			default:
				sq = append(sq, ". ")
			}
		}
		lines = append(lines, strings.TrimRight(strings.Join(sq, " "), " "))
	}
	return strings.Join(lines, "\n") + fmt.Sprintf("\nturn %d %v\n", g.turn, g.mover)
}

// compare checks that p and the reference agree on everything, and that
// Check accepts exactly the reference's moves among all 32 move codes
// (19 moves and 13 codes of no move).
func compare(t *testing.T, p *Position, g *refGame, where string) []string {
	t.Helper()
	want := g.moves()
	if got := moves(p); !slices.Equal(got, want) {
		t.Fatalf("%s: moves %v, want %v in\n%v", where, got, want, g)
	}
	if p.String() != g.String() {
		t.Fatalf("%s: position\n%v\nwant\n%v", where, p, g)
	}
	if p.Winner() != g.winner || p.ToMove() != g.mover || p.Turn() != g.turn {
		t.Fatalf("%s: winner %v, %v to move in turn %d; want %v, %v, %d", where,
			p.Winner(), p.ToMove(), p.Turn(), g.winner, g.mover, g.turn)
	}
	for code := range 32 {
		m := Move(code)
		legal := slices.Contains(want, m.String()) && (m == Pass || (m.Cube() >= 1 && m.Cube() <= 6 && m.Dir() >= 1))
		if err := p.Check(m); (err == nil) != legal {
			t.Fatalf("%s: Check(%d = %v) = %v, legal %v in\n%v", where, code, m, err, legal, g)
		}
	}
	q, err := Parse(p.String())
	if err != nil || q != *p {
		t.Fatalf("%s: Parse(String()) = %v, %v; want\n%v", where, q, err, p)
	}
	return want
}

// TestAgainstReference plays seeded random games on the Position and on
// the reference and compares them after every ply, including the moves
// each one refuses.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	games := 2000
	if testing.Short() {
		games = 200
	}
	longest := 0
	for i := range games {
		l := RandomLayout(rng)
		p, g := New(l), refNew(l)
		for ply := 0; ; ply++ {
			want := compare(t, &p, g, fmt.Sprintf("game %d (layout %v) ply %d", i, l, ply))
			if len(want) == 0 {
				longest = max(longest, ply)
				break
			}
			s := want[rng.IntN(len(want))]
			m, _ := ParseMove(s)
			before := p
			if err := p.Play(MakeMove(7, Diagonal)); err == nil || p != before {
				t.Fatalf("Play of no move accepted or changed the position")
			}
			if err := p.Play(m); err != nil {
				t.Fatalf("game %d ply %d: Play(%s): %v", i, ply, s, err)
			}
			g.play(s)
		}
	}
	t.Logf("%d games, the longest %d plies", games, longest)
}

// recorder is a random source that keeps the numbers it gives.
type recorder struct {
	src  rand.Source
	seen []uint64
}

func (r *recorder) Uint64() uint64 {
	x := r.src.Uint64()
	r.seen = append(r.seen, x)
	return x
}

// TestPlayoutAgainstReference replays each playout on the reference with
// the numbers it drew: move number hi64(x * len(moves)) of the legal moves
// in order, one number a move (Lemire's rejection redraws with probability
// below 9/2^64: never in practice, and if it did the count would differ).
func TestPlayoutAgainstReference(t *testing.T) {
	rec := &recorder{src: rand.NewPCG(5, 6)}
	for i := range 2000 {
		l := RandomLayout(rand.NewPCG(uint64(i), 7))
		p, g := New(l), refNew(l)
		rec.seen = rec.seen[:0]
		winner := p.Playout(rec)
		for _, x := range rec.seen {
			ms := g.moves()
			if len(ms) == 0 {
				t.Fatalf("game %d: the playout drew more numbers than it made moves", i)
			}
			hi, _ := bits.Mul64(x, uint64(len(ms)))
			g.play(ms[hi])
		}
		if g.winner == None || winner != g.winner || p.String() != g.String() {
			t.Fatalf("game %d: playout ended in\n%v(winner %v), the reference in\n%v(winner %v)", i, p, winner, g, g.winner)
		}
	}
}

// TestRandomMoveUniform: each legal move comes up about equally often.
func TestRandomMoveUniform(t *testing.T) {
	l, _ := ParseLayout("123456")
	p := New(l)
	src := rand.NewPCG(8, 9)
	count := map[Move]int{}
	// 6 moves and 60,000 draws: about 10,000 each, 5 standard deviations
	// being some 450.
	const draws = 60000
	for range draws {
		count[p.RandomMove(src)]++
	}
	if len(count) != 6 {
		t.Fatalf("drew %d distinct moves, want the 6 legal ones: %v", len(count), count)
	}
	for m, n := range count {
		if p.Check(m) != nil || n < 9500 || n > 10500 {
			t.Errorf("move %v drawn %d times (legal: %v), want about 10000", m, n, p.Check(m))
		}
	}
	over := board(t, ". . . . ./. . . . ./. . . . ./. . . . ./B1 . . . R1", "turn 1 blue")
	if m := over.RandomMove(src); m != Pass {
		t.Errorf("RandomMove after the end = %v, want Pass", m)
	}
}

func TestNoAllocations(t *testing.T) {
	l, _ := ParseLayout("254163")
	start := New(l)
	src := rand.NewPCG(1, 1)
	var p Position
	var buf [MaxMoves]Move
	allocs := testing.AllocsPerRun(100, func() {
		p = start
		_ = p.Moves(buf[:0])
		_ = p.RandomMove(src)
		_ = p.Playout(src)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per playout, want 0", allocs)
	}
}
