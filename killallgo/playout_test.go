package killallgo

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/mcts"
)

// refCandidates returns the playout's candidates for colour c by the
// reference: the points where the Game (exact superko) allows c a stone
// and that are not c's own eyes.
func refCandidates(g *Game, c goban.Color) map[goban.Point]bool {
	set := map[goban.Point]bool{}
	for y := 1; y <= Size; y++ {
		for x := 1; x <= Size; x++ {
			m, _ := At(x, y)
			if g.Check(m, c) == nil && !g.Board().IsEye(m.Point(), c) {
				set[m.Point()] = true
			}
		}
	}
	return set
}

// TestPlayoutPolicy follows seeded playouts ply by ply beside the
// reference: every move is a candidate (legal, superko included, and not
// an own eye), a pass comes only when there is none, black's pass ends the
// playout, and the winner is the one playout returns from the same seed.
func TestPlayoutPolicy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	plies, games := 0, 0
	for game := range 200 {
		g := NewGame()
		for range rng.IntN(7) {
			m, _ := At(1+rng.IntN(Size), 1+rng.IntN(Size))
			_ = g.Put(m, goban.Black)
		}
		_ = g.Start()
		// Start some playouts in the middle of a game.
		c := goban.White
		for range rng.IntN(30) {
			s, _ := g.State(c)
			if s.Over() {
				break
			}
			ms := s.Moves(nil)
			m := ms[rng.IntN(len(ms))]
			if m == Pass {
				_ = g.Pass(c)
			} else if err := g.Put(m, c); err != nil {
				t.Fatal(err)
			}
			c = c.Other()
		}
		root, err := g.State(c)
		if err != nil {
			t.Fatal(err)
		}
		if root.Over() {
			continue
		}
		seed := rng.Uint64()
		r := mcts.NewRNG(seed)
		s := root
		var winner goban.Color
		for winner == goban.Empty {
			switch {
			case s.blackWon:
				winner = goban.Black
				continue
			case int(s.plies) >= MaxPlies:
				winner = goban.White
				continue
			}
			mover := s.toMove
			want := refCandidates(g, mover)
			p := step(&s, &r)
			plies++
			if p == goban.Pass {
				if len(want) != 0 {
					t.Fatalf("game %d: %v passes with %d candidates\n%s", game, mover, len(want), s.Board())
				}
				if mover == goban.Black {
					winner = goban.White
					continue
				}
				_ = g.Pass(mover)
			} else {
				if !want[p] {
					t.Fatalf("game %d: %v plays %v, not a candidate\n%s", game, mover, pointMove(p), s.Board())
				}
				if err := g.Put(pointMove(p), mover); err != nil {
					t.Fatal(err)
				}
			}
			s.play(p, mover)
		}
		r = mcts.NewRNG(seed)
		again := root
		if got := playout(&again, &r); got != winner {
			t.Fatalf("game %d: playout says %v won, the followed game %v", game, got, winner)
		}
		games++
	}
	if games < 100 {
		t.Fatalf("only %d playouts followed", games)
	}
	t.Logf("%d playouts, %d plies", games, plies)
}

// TestFreshMove: where goban's draw would repeat a position, the redraw
// chooses only candidates that do not, and each of them.
func TestFreshMove(t *testing.T) {
	// The ko taken, then two passes: white's retake is legal for the
	// board, and repeats the start position.
	g := gameFrom(t, koSetup...)
	_ = g.Start()
	_ = g.Put(xy(t, 2, 1), goban.Black)
	_ = g.Pass(goban.White)
	_ = g.Pass(goban.Black)
	s, _ := g.State(goban.White)
	retake := xy(t, 3, 1).Point()
	want := refCandidates(g, goban.White)
	if want[retake] || !s.board.IsLegal(retake, goban.White) {
		t.Fatal("the test is wrong: the retake should be legal for the board and a repetition")
	}
	r := mcts.NewRNG(1)
	seen := map[goban.Point]int{}
	for range 100 * len(want) {
		p := freshMove(&s, goban.White, &r)
		if !want[p] {
			t.Fatalf("freshMove chose %v, not a candidate", pointMove(p))
		}
		seen[p]++
	}
	if len(seen) != len(want) {
		t.Errorf("freshMove chose %d of the %d candidates", len(seen), len(want))
	}
}

// Positions whose playouts always end the same way.
var (
	// bothAlive: black and white have two eyes each and nothing else is
	// empty: white passes, black can only fill its own eyes, so black is
	// stuck and white wins.
	bothAlive = []string{
		"X.XX.XX",
		"XXXXXXX",
		"OOOOOOO",
		"O.OOO.O",
		"OOOOOOO",
		"OOOOOOO",
		"OOOOOOO",
	}
	// lastStone: one white stone in atari, everything else black's: the
	// capture is black's only move that fills no eye of its own.
	lastStone = []string{
		"X.XX.XX",
		"XXXXXXX",
		"XXXXXXX",
		"XXXOXXX",
		"XXX.XXX",
		"XXXXXXX",
		"XXXXXXX",
	}
)

func TestPlayoutEnds(t *testing.T) {
	for _, c := range []struct {
		name   string
		rows   []string
		toMove goban.Color
		want   int
	}{
		{"checkerboard, black to move", checkerboard, goban.Black, -1},
		{"both alive, white to move", bothAlive, goban.White, 1},
		{"both alive, black to move", bothAlive, goban.Black, -1},
		{"last stone, black to move", lastStone, goban.Black, 1},
		{"last stone, white to move", lastStone, goban.White, -1},
	} {
		s := newState(t, c.toMove, c.rows...)
		r := mcts.NewRNG(5)
		for i := range 50 {
			if got := (Rules{}).Playout(s, &r); got != c.want {
				t.Fatalf("%s: playout %d returned %d, want %d", c.name, i, got, c.want)
			}
		}
	}
}

func TestPlayoutAllocations(t *testing.T) {
	b, _ := goban.New(Size)
	root, _ := NewState(b, goban.White)
	r := mcts.NewRNG(1)
	if n := testing.AllocsPerRun(200, func() { (Rules{}).Playout(root, &r) }); n != 0 {
		t.Errorf("a playout allocates %v times", n)
	}
	var buf [MaxMoves]Move
	if n := testing.AllocsPerRun(200, func() { root.Moves(buf[:0]) }); n != 0 {
		t.Errorf("Moves allocates %v times", n)
	}
}

// TestPlayoutLengths: seeded playouts from the empty board and from 2, 4
// and 6 handicap stones, white moving first, end by themselves, far from
// the move cap, which therefore decides next to nothing. It logs the
// lengths and black's share of wins (docs/killallgo.md quotes them).
func TestPlayoutLengths(t *testing.T) {
	playouts := 20000
	if raceEnabled {
		playouts = 1000
	}
	stones := [][2]int{{3, 3}, {5, 5}, {5, 3}, {3, 5}, {4, 4}, {4, 2}}
	for _, h := range []int{0, 2, 4, 6} {
		b, _ := goban.New(Size)
		for _, s := range stones[:h] {
			if err := b.Place(xy(t, s[0], s[1]).Point(), goban.Black); err != nil {
				t.Fatal(err)
			}
		}
		root, _ := NewState(b, goban.White)
		r := mcts.NewRNG(uint64(h))
		lengths := make([]int, playouts)
		blackWins, sum := 0, 0
		for i := range lengths {
			s := root
			if playout(&s, &r) == goban.Black {
				blackWins++
			}
			lengths[i] = s.Plies()
			sum += s.Plies()
		}
		slices.Sort(lengths)
		longest := lengths[len(lengths)-1]
		if longest >= MaxPlies*3/4 {
			t.Errorf("handicap %d: a playout ran %d plies, near the cap of %d", h, longest, MaxPlies)
		}
		t.Logf("handicap %d: %d playouts, black wins %.3f, plies mean %.1f, median %d, 99.9th percentile %d, longest %d",
			h, playouts, float64(blackWins)/float64(playouts), float64(sum)/float64(playouts),
			lengths[playouts/2], lengths[playouts*999/1000], longest)
	}
}
