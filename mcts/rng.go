package mcts

import "github.com/tcgothello/mcts/internal/wyrand"

// RNG is the playouts' random generator, wyrand (internal/wyrand): it lives
// below the search core so that a game's fast path (othello's assembly
// random game) can draw the same numbers as the core's playouts.
type RNG = wyrand.RNG

// NewRNG returns a generator seeded through splitmix64, so that nearby seeds
// (0, 1, 2...) start far apart in the sequence.
func NewRNG(seed uint64) RNG { return wyrand.New(seed) }

// Mix is splitmix64's finaliser, a bijective 64-bit mixing function; used
// for seeding and for folding a position into the seed.
func Mix(x uint64) uint64 { return wyrand.Mix(x) }
