package eval

import (
	"math/bits"
	"math/rand/v2"

	"github.com/tcgothello/mcts/othello"
)

// randomGamePositions returns n positions from seeded uniformly random
// games: openings, middle games and endgames, including positions where the
// side to move must pass.
func randomGamePositions(n int, seed uint64) []othello.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []othello.Position
	for len(out) < n {
		pos := othello.Start()
		for !pos.GameOver() && len(out) < n {
			out = append(out, pos)
			moves := pos.Moves()
			if moves == 0 {
				pos = pos.Pass()
				continue
			}
			for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
				moves &= moves - 1
			}
			pos = pos.Play(othello.Move(bits.TrailingZeros64(moves)))
		}
	}
	return out
}

// randomBoards returns n positions with discs scattered at random (not
// necessarily reachable), to reach pattern configurations games rarely do.
func randomBoards(n int, seed uint64) []othello.Position {
	rng := rand.New(rand.NewPCG(seed, 2))
	out := make([]othello.Position, n)
	for i := range out {
		occupied := rng.Uint64() | rng.Uint64() // about 3/4 of the squares
		own := rng.Uint64() & occupied
		out[i] = othello.Position{Player: own, Opponent: occupied &^ own, Turn: othello.Color(i & 1)}
	}
	return out
}

// testPositions is the mix the comparisons run on.
func testPositions() []othello.Position {
	return append(randomGamePositions(3000, 11), randomBoards(2000, 12)...)
}

// randomCanonical returns random fixed-point canonical weights for phases
// phases, within ±limit.
func randomCanonical(phases int, limit int, seed uint64) []int16 {
	rng := rand.New(rand.NewPCG(seed, 3))
	out := make([]int16, phases*CanonicalWeights)
	for i := range out {
		out[i] = int16(rng.IntN(2*limit+1) - limit)
	}
	return out
}
