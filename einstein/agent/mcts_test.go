package agent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/mcts"
)

// testOptions returns the defaults with a budget and an arena for tests.
func testOptions(playouts int64) Options {
	o := DefaultOptions()
	o.Playouts = playouts
	o.Config.ArenaNodes = 1 << 16
	return o
}

func newPlayer(t *testing.T, o Options) *MCTS {
	t.Helper()
	m, err := NewMCTS(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// variants are the configurations the tests run the player in: both
// algorithms, pruning on and off, both policies.
func variants(playouts int64) map[string]Options {
	out := map[string]Options{}
	for _, alg := range []mcts.Algorithm{mcts.UCT, mcts.UCB} {
		for _, pruning := range []bool{false, true} {
			for _, policy := range []Policy{Uniform, WinFirst} {
				o := testOptions(playouts)
				o.Config.Algorithm, o.Config.Pruning, o.Policy = alg, pruning, policy
				// Pruning must get to judge moves within the budget.
				o.Config.PruneMinVisits = 50
				o.Config.PruneNodeVisits = 200
				out[fmt.Sprintf("%v/pruning=%v/%v", alg, pruning, policy)] = o
			}
		}
	}
	return out
}

// playGame plays a game from the layout l between red and blue, checking
// every move with the rules' Play; it returns the winner and the moves.
func playGame(l einstein.Layout, red, blue Player) (einstein.Color, []einstein.Move, error) {
	p := einstein.New(l)
	var moves []einstein.Move
	for !p.Over() {
		pl := red
		if p.ToMove() == einstein.Blue {
			pl = blue
		}
		m := pl.Move(p)
		if err := p.Play(m); err != nil {
			return einstein.None, moves, fmt.Errorf("ply %d, %v to move: %w\n%v", p.Ply(), p.ToMove(), err, p)
		}
		moves = append(moves, m)
	}
	return p.Winner(), moves, nil
}

// TestWinInOne checks that every variant plays the move that wins at once
// in hand-made positions, where the opponent would win with its next move
// otherwise, and the only move that stops the opponent's win in one.
func TestWinInOne(t *testing.T) {
	cases := []struct {
		name, rows, turn, want string
	}{
		// Red 1 (4,4) south-east reaches (5,5); blue 1 would take red 3
		// on (1,1) next.
		{"red reaches the corner", "R3 B1 . . B4/. . . . ./. . . . ./. . . R1 B2/. . . . .", "turn 1 red", "13"},
		// Blue 5 (1,2) west reaches (1,1); red 2 would reach (5,5) next.
		{"blue reaches the corner", ". B5 . . ./R1 . . . ./. . B3 . ./. . . R2 ./. . . . .", "turn 3 blue", "51"},
		// Blue 1 (4,5) west takes red 2, the last red cube, which would
		// otherwise reach (5,5).
		{"the last cube", ". . . . ./. . . . ./. . B3 . ./. . . R2 B1/. . . . .", "turn 1 blue", "11"},
		// Red 3 (1,1) east takes blue 1, which would reach (1,1) next;
		// every other move loses at once.
		{"the only defence", "R3 B1 . . ./. . . . ./. . . . ./. . . . B5/R5 . . . .", "turn 1 red", "31"},
	}
	for name, o := range variants(2000) {
		for _, c := range cases {
			p := position(t, c.rows, c.turn)
			m := newPlayer(t, o)
			if got := m.Move(p); got.String() != c.want {
				t.Errorf("%s, %s: played %v, want %s; %v", name, c.name, got, c.want, m.Stats())
			}
		}
	}
}

// TestNeverIllegal plays every variant against random and greedy, both
// colours, on seeded boards, every move checked by the rules; and a few
// games on a short think time with no budget, where every move must come
// within the time.
func TestNeverIllegal(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 4
	}
	boards := rand.NewPCG(99, 1)
	for name, o := range variants(300) {
		m := newPlayer(t, o)
		opponents := []Player{NewRandom(rand.NewPCG(5, 5)), Greedy{}}
		for i := range games {
			red, blue := Player(m), opponents[i%2]
			if i%4 >= 2 {
				red, blue = blue, red
			}
			if _, _, err := playGame(einstein.RandomLayout(boards), red, blue); err != nil {
				t.Fatalf("%s, game %d: %v", name, i, err)
			}
		}
	}

	const think = 5 * time.Millisecond
	// slack is the lateness allowed: the search looks at the clock every
	// 32 playouts (well under a millisecond), but a test machine shared
	// with others, or the race detector, can hold a goroutine back.
	const slack = 500 * time.Millisecond
	o := DefaultOptions()
	o.Think = think
	o.Config.ArenaNodes = 1 << 18
	m := newPlayer(t, o)
	timed := &timedPlayer{p: m}
	for i := range 4 {
		red, blue := Player(timed), Player(Greedy{})
		if i%2 == 1 {
			red, blue = blue, red
		}
		if _, _, err := playGame(einstein.RandomLayout(boards), red, blue); err != nil {
			t.Fatalf("think %v, game %d: %v", think, i, err)
		}
	}
	if timed.slowest > think+slack {
		t.Errorf("think %v: the slowest move took %v", think, timed.slowest)
	}
}

// timedPlayer records the longest time its player took for a move.
type timedPlayer struct {
	p       Player
	slowest time.Duration
}

func (tp *timedPlayer) Move(p einstein.Position) einstein.Move {
	start := time.Now()
	m := tp.p.Move(p)
	tp.slowest = max(tp.slowest, time.Since(start))
	return m
}

// TestDeterministic: the same seed and playout budget give the same moves
// over whole games, tree reuse included; another seed gives other
// searches.
func TestDeterministic(t *testing.T) {
	play := func(seed uint64) (moves []string, visits []int64) {
		o := testOptions(1000)
		o.Config.Seed = seed
		m := newPlayer(t, o)
		boards := rand.NewPCG(3, 3)
		for i := range 6 {
			red, blue := Player(m), Player(NewRandom(rand.NewPCG(uint64(i), 9)))
			if i%2 == 1 {
				red, blue = blue, red
			}
			_, ms, err := playGame(einstein.RandomLayout(boards), red, blue)
			if err != nil {
				t.Fatal(err)
			}
			s := make([]string, len(ms))
			for k, mv := range ms {
				s[k] = mv.String()
			}
			moves = append(moves, strings.Join(s, " "))
		}
		for _, rm := range m.Stats().RootMoves {
			visits = append(visits, rm.Visits)
		}
		return moves, visits
	}
	a, va := play(1)
	b, vb := play(1)
	if !slices.Equal(a, b) || !slices.Equal(va, vb) {
		t.Errorf("seed 1 twice:\n%v %v\n%v %v", a, va, b, vb)
	}
	c, vc := play(2)
	if slices.Equal(a, c) && slices.Equal(va, vc) {
		t.Errorf("seeds 1 and 2 searched alike: %v", vc)
	}
}

func TestOptionsErrors(t *testing.T) {
	cases := []struct {
		name   string
		change func(*Options)
		want   string
	}{
		{"no limit", func(o *Options) { o.Playouts = 0 }, "no limit"},
		{"negative", func(o *Options) { o.Think = -time.Second }, "want neither negative"},
		{"greedy", func(o *Options) { o.Config.Algorithm = mcts.Greedy }, "algorithm greedy: want uct or ucb"},
		{"eval leaves", func(o *Options) { o.Config.Leaf = mcts.LeafEval }, "want playout leaves"},
		{"policy", func(o *Options) { o.Policy = 7 }, "playout policy policy(7)"},
		{"core", func(o *Options) { o.Config.Exploration = -1 }, "exploration -1"},
	}
	for _, c := range cases {
		o := testOptions(100)
		c.change(&o)
		if _, err := NewMCTS(o, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// TestMoveContextCancelled: a search whose context has ended stops at
// once, whatever its think time, and still returns a legal move.
func TestMoveContextCancelled(t *testing.T) {
	o := testOptions(0)
	o.Think = time.Hour
	m := newPlayer(t, o)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := einstein.New(einstein.Layout{1, 2, 3, 4, 5, 6})
	done := make(chan einstein.Move, 1)
	go func() { done <- m.MoveContext(ctx, p) }()
	select {
	case mv := <-done:
		if err := p.Check(mv); err != nil {
			t.Errorf("the cancelled search's move %v is illegal: %v", mv, err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a search with an ended context and an hour to think did not return in 10 s")
	}
}
