package killallgo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/mcts"
)

// testConfig returns a search configuration for tests: a small arena and a
// fixed seed.
func testConfig(algo mcts.Algorithm, pruning bool) mcts.Config {
	cfg := mcts.DefaultConfig()
	cfg.Algorithm = algo
	cfg.Pruning = pruning
	cfg.ArenaNodes = 1 << 16
	cfg.Seed = 1
	return cfg
}

// configs are the algorithms a test tries, with their names.
var configs = []struct {
	name string
	cfg  mcts.Config
}{
	{"uct", testConfig(mcts.UCT, false)},
	{"uct-solver", func() mcts.Config { c := testConfig(mcts.UCT, false); c.Solver = false; return c }()},
	{"ucb", testConfig(mcts.UCB, false)},
	{"uct+pruning", testConfig(mcts.UCT, true)},
	{"ucb+pruning", testConfig(mcts.UCB, true)},
}

// search runs one search of s with a playout budget.
func search(t *testing.T, cfg mcts.Config, s State, playouts int64) mcts.Result[Move] {
	t.Helper()
	sr, err := NewSearcher(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sr.Search(context.Background(), s, mcts.Limits{Playouts: playouts})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// nakade is a white group in the lower left corner whose eye space is
// three points in a row on the edge, (1, 1) to (3, 1); black holds the
// rest of the board with four eyes. The middle point is vital: black
// there kills (white's stone on either side is captured with the group at
// black's next move), white there makes two eyes. Any other first move
// loses for the side that makes it.
var nakade = []string{
	"X.X.X.X",
	"XXXXXXX",
	"XXXXXXX",
	"XXXXXXX",
	"XXXXXXX",
	"OOOOXXX",
	"...OX.X",
}

// TestFindsKillAndLife: every algorithm finds the vital point, as black
// to kill and as white to live.
func TestFindsKillAndLife(t *testing.T) {
	vital := xy(t, 2, 1)
	for _, c := range configs {
		for _, side := range []goban.Color{goban.Black, goban.White} {
			s := newState(t, side, nakade...)
			res := search(t, c.cfg, s, 20000)
			t.Logf("%s, %v: %v", c.name, side, res.Stats)
			if res.Move != vital {
				t.Errorf("%s, %v to move: %v, want the vital point %v\n%v", c.name, side, res.Move, vital, res.Stats)
			}
		}
	}
}

// TestFindsLastCapture: black captures the last white stones at once;
// MCTS-Solver proves the win and stops.
func TestFindsLastCapture(t *testing.T) {
	s := newState(t, goban.Black,
		".......",
		"...X...",
		"..XOX..",
		"..XOX..",
		".......",
		".......",
		".......")
	res := search(t, testConfig(mcts.UCT, false), s, 100000)
	if want := xy(t, 4, 3); res.Move != want {
		t.Fatalf("%v, want the capture %v\n%v", res.Move, want, res.Stats)
	}
	if !res.Stats.Proven || res.Stats.Outcome != 1 || res.Stats.Stopped != mcts.StopProven {
		t.Errorf("the capture is not proven a win: %v", res.Stats)
	}
}

// TestReuse: the state the Game builds after the search's move and the
// opponent's reply is found in the last search's tree, whose visits the
// next search keeps.
func TestReuse(t *testing.T) {
	g := NewGame()
	_ = g.Put(xy(t, 3, 3), goban.Black)
	_ = g.Put(xy(t, 5, 5), goban.Black)
	_ = g.Start()
	cfg := testConfig(mcts.UCT, false)
	sr, err := NewSearcher(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := g.State(goban.White)
	res, err := sr.Search(context.Background(), s, mcts.Limits{Playouts: 20000})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Put(res.Move, goban.White); err != nil {
		t.Fatal(err)
	}
	// Black replies with the principal variation's move, which the tree
	// has explored.
	if len(res.Stats.PV) < 2 {
		t.Fatalf("no reply in the principal variation: %v", res.Stats)
	}
	if err := g.Put(res.Stats.PV[1], goban.Black); err != nil {
		t.Fatal(err)
	}
	s, _ = g.State(goban.White)
	res, err = sr.Search(context.Background(), s, mcts.Limits{Playouts: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.ReusedVisits == 0 {
		t.Errorf("the second search kept nothing of the first: %v", res.Stats)
	}
}

// player chooses a move in a game that is not over.
type player interface {
	move(t *testing.T, s State) Move
}

// randomPlayer plays one of the state's moves uniformly at random.
type randomPlayer struct{ rng *rand.Rand }

func (p randomPlayer) move(_ *testing.T, s State) Move {
	ms := s.Moves(nil)
	return ms[p.rng.IntN(len(ms))]
}

// searchPlayer plays the search's move with a playout budget.
type searchPlayer struct {
	sr       *Searcher
	playouts int64
}

func (p searchPlayer) move(t *testing.T, s State) Move {
	t.Helper()
	res, err := p.sr.Search(context.Background(), s, mcts.Limits{Playouts: p.playouts})
	if err != nil {
		t.Fatalf("search: %v\n%s", err, s.Board())
	}
	return res.Move
}

// TestNeverIllegal plays 1,000 seeded games (100 under the race detector),
// handicaps 0 to 6, the search (UCT or UCB, with and without pruning,
// budgets of 1 to 8 playouts and a tiny arena that fills) against a random
// player and against itself, and checks every move the search returns
// against the Game, whose superko compares whole positions: it must be
// legal, a pass only for white, and the game must end.
func TestNeverIllegal(t *testing.T) {
	games := 1000
	if raceEnabled {
		games = 100
	}
	rng := rand.New(rand.NewPCG(11, 12))
	handicaps := [][2]int{{3, 3}, {5, 5}, {5, 3}, {3, 5}, {4, 4}, {2, 2}}
	searchers := make([][2]*Searcher, len(configs))
	for i, c := range configs {
		for j := range 2 {
			cfg := c.cfg
			cfg.ArenaNodes = 200 // fills within a search: the core must cope
			cfg.PruneMinVisits = 4
			cfg.PruneNodeVisits = 8
			cfg.Seed = uint64(i*2 + j)
			sr, err := NewSearcher(cfg)
			if err != nil {
				t.Fatal(err)
			}
			searchers[i][j] = sr
		}
	}
	results := map[string]int{}
	for game := range games {
		g := NewGame()
		for _, h := range handicaps[:game%7] {
			if err := g.Put(xy(t, h[0], h[1]), goban.Black); err != nil {
				t.Fatal(err)
			}
		}
		_ = g.Start()
		pair := searchers[game%len(searchers)]
		budget := int64(1 + game%8)
		players := [2]player{searchPlayer{pair[0], budget}, searchPlayer{pair[1], budget}}
		switch game / len(searchers) % 3 {
		case 0:
			players[0] = randomPlayer{rng}
		case 1:
			players[1] = randomPlayer{rng}
		}
		searched := [2]bool{}
		for i, p := range players {
			_, searched[i] = p.(searchPlayer)
		}
		c := goban.White
		for ply := 0; ; ply++ {
			s, err := g.State(c)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", game, ply, err)
			}
			if s.Over() {
				results[fmt.Sprintf("%v wins", s.Winner())]++
				break
			}
			side := 0
			if c == goban.White {
				side = 1
			}
			m := players[side].move(t, s)
			if m == Pass {
				if c == goban.Black {
					t.Fatalf("game %d ply %d: black passes\n%s", game, ply, s.Board())
				}
				err = g.Pass(c)
			} else {
				err = g.Put(m, c)
			}
			if err != nil {
				t.Fatalf("game %d ply %d: %v's move %v (searched %v) is illegal: %v\n%s", game, ply, c, m, searched[side], err, s.Board())
			}
			c = c.Other()
		}
	}
	t.Logf("%d games: %v", games, results)
}
