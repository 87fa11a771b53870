package runner

import (
	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/internal/stdrand"
)

// The course's runner (game, 2018) draws from its seed -s with two
// engines std::mt19937_64(seed) of its own: a coin, one draw of
// std::uniform_int_distribution<int>(1, 2), says which player is red in
// the first round (1: player 1), the colours then alternating; and each
// round's board is the string "123456" put through std::shuffle on the
// other engine. With two people at the terminal it draws no coin: player
// 1 is red in every round. Drawing the same way (package stdrand) gives
// the same boards and colours from the same seed as the course's program
// built with GCC 11 or later.

// CourseLayouts returns the course runner's boards from seed: each call
// the next round's.
func CourseLayouts(seed uint64) func() einstein.Layout {
	g := stdrand.NewMT64(seed)
	return func() einstein.Layout {
		a := []byte("123456")
		stdrand.Shuffle(g, len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
		l, _ := einstein.ParseLayout(string(a)) // a permutation of 123456
		return l
	}
}

// CourseFirstRed returns the player (1 or 2) the course runner's coin
// makes red in the first round from seed.
func CourseFirstRed(seed uint64) int {
	return int(stdrand.Uniform(stdrand.NewMT64(seed), 1, 2))
}
