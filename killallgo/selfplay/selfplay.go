// Package selfplay plays games of 7x7 Kill-All Go between the search and
// a random player, or either against itself, for the program's self-play
// tables (docs/killallgo.md, Results).
package selfplay

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/mcts"
)

// The players.
const (
	MCTS   = "mcts"   // the search with a playout budget a move
	Random = "random" // a uniformly random move of the search's list
)

// Config is how the games are played.
type Config struct {
	Black, White string      // MCTS or Random
	Search       mcts.Config // the search's configuration; its Seed is replaced by Seed plus the game's number
	Playouts     int64       // the search's budget a move, 1 or more
	Seed         uint64
}

// mover chooses a move in a game that is not over.
type mover func(st killallgo.State) (killallgo.Move, error)

// Play plays game number game with h handicap stones (killallgo.Handicap),
// white moving first, the random player drawing from rng, and returns the
// winner and the number of plies. The search's seed is cfg.Seed plus the
// game's number, so that games between two searches differ.
func Play(cfg Config, h int, game uint64, rng *rand.Rand) (goban.Color, int, error) {
	g := killallgo.NewGame()
	stones, ok := killallgo.Handicap(h)
	if !ok {
		return goban.Empty, 0, fmt.Errorf("handicap %d: want 0..%d", h, killallgo.MaxHandicap)
	}
	for _, m := range stones {
		if err := g.Put(m, goban.Black); err != nil {
			return goban.Empty, 0, err
		}
	}
	_ = g.Start() // a new game has not started
	black, err := newMover(cfg, cfg.Black, game, rng, g, goban.Black)
	if err != nil {
		return goban.Empty, 0, err
	}
	white, err := newMover(cfg, cfg.White, game, rng, g, goban.White)
	if err != nil {
		return goban.Empty, 0, err
	}
	for c := goban.White; ; c = c.Other() {
		st, err := g.State(c)
		if err != nil {
			return goban.Empty, 0, err
		}
		if st.Over() {
			return st.Winner(), g.Plies(), nil
		}
		choose := black
		if c == goban.White {
			choose = white
		}
		m, err := choose(st)
		if err != nil {
			return goban.Empty, 0, err
		}
		err = g.Play(m, c)
		if err != nil {
			return goban.Empty, 0, fmt.Errorf("%v plays %v: %w", c, m, err)
		}
	}
}

// newMover returns the player kind for colour c in game g.
func newMover(o Config, kind string, game uint64, rng *rand.Rand, g *killallgo.Game, c goban.Color) (mover, error) {
	switch {
	case kind != MCTS && kind != Random:
		return nil, fmt.Errorf("%v's player %q: want %s or %s", c, kind, MCTS, Random)
	case kind == MCTS && o.Playouts < 1:
		return nil, fmt.Errorf("%v's search: %d playouts a move, want 1 or more", c, o.Playouts)
	}
	if kind == Random {
		return func(st killallgo.State) (killallgo.Move, error) {
			ms := st.Moves(nil)
			return ms[rng.IntN(len(ms))], nil
		}, nil
	}
	cfg := o.Search
	cfg.Seed = o.Seed + game
	// A search of P playouts grows at most P nodes' children: no bigger
	// arena is needed, and a small one is quick to allocate for every game.
	cfg.ArenaNodes = int(min(int64(cfg.ArenaNodes), (o.Playouts+1)*killallgo.MaxMoves+1))
	sr, err := killallgo.NewSearcher(cfg)
	if err != nil {
		return nil, err
	}
	return func(st killallgo.State) (killallgo.Move, error) {
		res, err := sr.Search(context.Background(), st, mcts.Limits{Playouts: o.Playouts})
		if err != nil {
			return killallgo.Pass, err
		}
		if res.Move != killallgo.Pass {
			if err := g.Check(res.Move, c); err != nil {
				return killallgo.Pass, fmt.Errorf("the search's move %v is illegal: %w", res.Move, err)
			}
		}
		return res.Move, nil
	}, nil
}
