package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/mcts"
)

// The players of --selfplay.
const (
	playerMCTS   = "mcts"   // the search with --playouts a move
	playerRandom = "random" // a uniformly random move of the search's list
)

// handicapPoints names the handicap stones' points, for --help.
func handicapPoints() string {
	stones, _ := killallgo.Handicap(killallgo.MaxHandicap)
	names := make([]string, len(stones))
	for i, m := range stones {
		names[i] = m.String()
	}
	return strings.Join(names, ", ")
}

// mover chooses a move in a game that is not over.
type mover func(st killallgo.State) (killallgo.Move, error)

// selfplay plays o.selfplay games at each of o.handicaps between o.black
// and o.white, white moving first, and writes a table of the results to w.
func selfplay(o options, w io.Writer, log *zap.Logger) error {
	fmt.Fprintf(w, "| handicap | black | white | games | black wins | white wins | black win rate | mean plies | longest |\n")
	fmt.Fprintf(w, "|---:|---|---|---:|---:|---:|---:|---:|---:|\n")
	rng := rand.New(rand.NewPCG(o.seed, 1))
	game := uint64(0)
	for _, h := range o.handicaps {
		start := time.Now()
		blackWins, plies, longest := 0, 0, 0
		for range o.selfplay {
			game++
			winner, n, err := playGame(o, h, game, rng)
			if err != nil {
				return fmt.Errorf("handicap %d, game %d: %w", h, game, err)
			}
			if winner == goban.Black {
				blackWins++
			}
			plies += n
			longest = max(longest, n)
			log.Debug("game", zap.Int("handicap", h), zap.Uint64("game", game), zap.Stringer("winner", winner), zap.Int("plies", n))
		}
		fmt.Fprintf(w, "| %d | %s | %s | %d | %d | %d | %.2f | %.1f | %d |\n", h, o.black, o.white, o.selfplay,
			blackWins, o.selfplay-blackWins, float64(blackWins)/float64(o.selfplay), float64(plies)/float64(o.selfplay), longest)
		log.Info("handicap done", zap.Int("handicap", h), zap.Duration("elapsed", time.Since(start)))
	}
	return nil
}

// playGame plays one game with h handicap stones and returns the winner
// and the number of plies. The search's seed is --seed plus the game's
// number, so that games between two searches differ.
func playGame(o options, h int, game uint64, rng *rand.Rand) (goban.Color, int, error) {
	g := killallgo.NewGame()
	stones, _ := killallgo.Handicap(h) // h checked by parseOptions
	for _, m := range stones {
		if err := g.Put(m, goban.Black); err != nil {
			return goban.Empty, 0, err
		}
	}
	_ = g.Start() // a new game has not started
	black, err := newMover(o, o.black, game, rng, g, goban.Black)
	if err != nil {
		return goban.Empty, 0, err
	}
	white, err := newMover(o, o.white, game, rng, g, goban.White)
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
		if m == killallgo.Pass {
			err = g.Pass(c)
		} else {
			err = g.Put(m, c)
		}
		if err != nil {
			return goban.Empty, 0, fmt.Errorf("%v plays %v: %w", c, m, err)
		}
	}
}

// newMover returns the player kind for colour c in game g.
func newMover(o options, kind string, game uint64, rng *rand.Rand, g *killallgo.Game, c goban.Color) (mover, error) {
	if kind == playerRandom {
		return func(st killallgo.State) (killallgo.Move, error) {
			ms := st.Moves(nil)
			return ms[rng.IntN(len(ms))], nil
		}, nil
	}
	cfg := o.cfg
	cfg.Seed = o.seed + game
	// A search of P playouts grows at most P nodes' children: no bigger
	// arena is needed, and a small one is quick to allocate for every game.
	cfg.ArenaNodes = int(min(int64(cfg.ArenaNodes), (o.playouts+1)*killallgo.MaxMoves+1))
	sr, err := killallgo.NewSearcher(cfg)
	if err != nil {
		return nil, err
	}
	return func(st killallgo.State) (killallgo.Move, error) {
		res, err := sr.Search(context.Background(), st, mcts.Limits{Playouts: o.playouts})
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
