package td

import (
	"math/bits"
	"math/rand/v2"

	"github.com/tcgothello/mcts/internal/lemire"
	"github.com/tcgothello/mcts/othello"
)

// Streams of random numbers: every game draws from its own generator,
// seeded by the run's seed, the purpose and the game's number, so that a
// game's moves depend on nothing else (not on the worker that plays it, nor
// on the games before it in the same batch).
const (
	streamSelfPlay = 1 // training games, numbered from 0 over the whole run
	streamRandom   = 2 // the random player of the evaluation games
	streamOpenings = 3 // the openings of the games between checkpoints
)

// rng is a PCG generator (math/rand/v2's, whose sequence for a seed is
// fixed) with the few draws a game needs.
type rng struct{ pcg rand.PCG }

// newRNG returns the generator of game n of a stream.
func newRNG(seed uint64, stream, n uint64) rng {
	var r rng
	r.pcg.Seed(splitmix64(seed), splitmix64(stream<<48^n))
	return r
}

// splitmix64 is a bijective mixing function: seeds 0, 1, 2... and
// neighbouring game numbers give unrelated generator states.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// chance reports true with probability p.
func (r *rng) chance(p float64) bool {
	return float64(r.pcg.Uint64()>>11)*(1.0/(1<<53)) < p
}

// randomMove returns a uniformly random move among the bitboard moves
// (which must not be empty).
func (r *rng) randomMove(moves uint64) othello.Move {
	for k := lemire.Bounded(&r.pcg, uint64(bits.OnesCount64(moves))); k > 0; k-- {
		moves &= moves - 1
	}
	return othello.Move(bits.TrailingZeros64(moves))
}

// uniform returns a uniformly random integer in 0..n-1 (n at least 1).
func (r *rng) uniform(n int) int { return int(lemire.Bounded(&r.pcg, uint64(n))) }
