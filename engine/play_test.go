package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// TestBeatsRandom plays whole games between the search (1,000 playouts a
// move) and a uniformly random player, each colour in turn. A search that
// scored results for the wrong side, or chose the wrong child, would lose
// about half of them or more; a working one loses almost none.
func TestBeatsRandom(t *testing.T) {
	for _, alg := range []Algorithm{UCT, UCB} {
		cfg := testConfig()
		cfg.Algorithm = alg
		s := newSearcher(t, cfg)
		r := rand.New(rand.NewPCG(2, uint64(alg)))
		const games = 6
		wins := 0
		for g := 0; g < games; g++ {
			engineColor := othello.Color(g % 2)
			pos := othello.Start()
			for plies := 0; !pos.GameOver() && plies < 130; plies++ {
				var m othello.Move
				switch {
				case pos.MustPass():
					m = othello.Pass
				case pos.Turn == engineColor:
					s.cfg.Seed = r.Uint64()
					res, err := s.Search(context.Background(), pos, Limits{Playouts: 1000})
					if err != nil {
						t.Fatal(err)
					}
					m = res.Move
				default:
					moves := pos.Moves()
					m = othello.Move(othello.NthBit(moves, uint64(r.IntN(popcount(moves)))))
				}
				if !pos.IsLegal(m) {
					t.Fatalf("%v game %d: illegal move %v in %v", alg, g, m, pos)
				}
				pos = pos.Play(m)
			}
			score := pos.Score()
			if engineColor == othello.White {
				score = -score
			}
			if score > 0 {
				wins++
			}
		}
		if wins < games-1 {
			t.Errorf("%v won %d of %d games against random play, want at least %d", alg, wins, games, games-1)
		}
	}
}
