// Package player is the Kill-All Go program's player: the shared search on
// the state of a game as a front end keeps it (killallgo.Game), with a
// legal fallback when there is nothing to search. The console protocol,
// GTP and self-play all ask it for their moves.
package player

import (
	"context"
	"fmt"
	"math/rand/v2"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/mcts"
)

// Thinker chooses a program's moves: the shared search on the game's
// state, and a legal fallback when there is nothing to search.
type Thinker struct {
	searcher *killallgo.Searcher
	playouts int64       // budget per think; 0 for none
	fallback rand.Source // the fallback's random numbers, seeded
	log      *zap.Logger
}

// New returns a Thinker searching with cfg (whose Seed also seeds the
// fallback) and a playout budget per move (0: none), logging one line a
// move to log.
func New(cfg mcts.Config, playouts int64, log *zap.Logger) (*Thinker, error) {
	sr, err := killallgo.NewSearcher(cfg)
	if err != nil {
		return nil, err
	}
	return &Thinker{searcher: sr, playouts: playouts, fallback: rand.NewPCG(cfg.Seed, 0), log: log}, nil
}

// Reset forgets the tree kept between moves: a new game starts.
func (t *Thinker) Reset() { t.searcher.Reset() }

// Move returns a legal move (killallgo.Pass included) of colour c in the
// started game g, searched until the context's deadline or the playout
// budget. When the game is over by the search's rules (black has won,
// black has no legal move, the move cap is reached: a referee may play
// on), when the record is too long for the search, or if the search's
// move fails the game's exact check (only a hash collision could do that),
// it returns a random legal move that fills none of c's own eyes, or a
// pass.
func (t *Thinker) Move(ctx context.Context, g *killallgo.Game, c goban.Color) killallgo.Move {
	st, err := g.State(c)
	if err == nil && st.Over() {
		err = killallgo.ErrGameOver
	}
	if err == nil {
		lim := mcts.Limits{Playouts: t.playouts}
		if d, ok := ctx.Deadline(); ok {
			lim.Deadline = d
		}
		var res mcts.Result[killallgo.Move]
		res, err = t.searcher.Search(ctx, st, lim)
		if err == nil {
			if res.Move == killallgo.Pass || g.Check(res.Move, c) == nil {
				t.log.Info("think", zap.Stringer("color", c), zap.Stringer("move", res.Move),
					zap.Int("ply", g.Plies()), zap.String("search", res.Stats.String()))
				return res.Move
			}
			err = fmt.Errorf("the search's move %v is illegal by the game's exact record: %w", res.Move, g.Check(res.Move, c))
			t.log.Error("think", zap.Error(err))
		}
	}
	m := g.RandomMove(c, t.fallback)
	t.log.Info(fallbackMessage(m), zap.Stringer("color", c), zap.Stringer("move", m),
		zap.Int("ply", g.Plies()), zap.NamedError("reason", err))
	return m
}

// fallbackMessage is the log's message for the fallback move m: a pass is
// no random legal move, it is what is left when there is none.
func fallbackMessage(m killallgo.Move) string {
	if m == killallgo.Pass {
		return "think: no search, a pass: no legal move fills none of the colour's own eyes"
	}
	return "think: no search, a random legal move"
}
