package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/selfplay"
)

// The players of --selfplay.
const (
	playerMCTS   = selfplay.MCTS
	playerRandom = selfplay.Random
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

// selfplayTable plays o.selfplay games at each of o.handicaps between o.black
// and o.white, white moving first, and writes a table of the results to w.
func selfplayTable(o options, w io.Writer, log *zap.Logger) error {
	fmt.Fprintf(w, "| handicap | black | white | games | black wins | white wins | black win rate | mean plies | longest |\n")
	fmt.Fprintf(w, "|---:|---|---|---:|---:|---:|---:|---:|---:|\n")
	rng := rand.New(rand.NewPCG(o.seed, 1))
	cfg := selfplay.Config{Black: o.black, White: o.white, Search: o.cfg, Playouts: o.playouts, Seed: o.seed}
	game := uint64(0)
	for _, h := range o.handicaps {
		start := time.Now()
		blackWins, plies, longest := 0, 0, 0
		for range o.selfplay {
			game++
			winner, n, err := selfplay.Play(cfg, h, game, rng)
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
