package engine

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// solve returns the exact final disc difference (empty squares not counted)
// for the side owning p with perfect play on both sides: plain negamax, for
// the few empty squares of test positions.
func solve(p, o uint64) int {
	moves := othello.Moves(p, o)
	if moves == 0 {
		if othello.Moves(o, p) == 0 {
			return bits.OnesCount64(p) - bits.OnesCount64(o)
		}
		return -solve(o, p)
	}
	best := -65
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(p, o, sq)
		if v := -solve(o^f, p^f|1<<uint(sq)); v > best {
			best = v
		}
	}
	return best
}

// moveValue is one legal move and its exact value for the side to move.
type moveValue struct {
	move  othello.Move
	value int
}

// solveMoves returns the exact value of every legal move of pos, in square
// order. pos must have a legal move.
func solveMoves(pos othello.Position) []moveValue {
	var out []moveValue
	for moves := pos.Moves(); moves != 0; moves &= moves - 1 {
		m := othello.Move(bits.TrailingZeros64(moves))
		next := pos.Play(m)
		out = append(out, moveValue{m, -solve(next.Player, next.Opponent)})
	}
	return out
}

// uniqueBest returns the only move whose key (the value mapped by key) is the
// highest, or false when several share it.
func uniqueBest(mv []moveValue, key func(int) int) (othello.Move, bool) {
	best, count, bestKey := othello.NoMove, 0, -1<<31
	for _, x := range mv {
		switch k := key(x.value); {
		case k > bestKey:
			best, count, bestKey = x.move, 1, k
		case k == bestKey:
			count++
		}
	}
	return best, count == 1
}

// randomPosition plays uniformly random legal moves from the start (passing
// when forced) until the position has at most empties empty squares; it
// reports false if the game ended first or the side to move must pass.
func randomPosition(r *rand.Rand, empties int) (othello.Position, bool) {
	pos := othello.Start()
	for pos.Empties() > empties {
		moves := pos.Moves()
		if moves == 0 {
			if pos.GameOver() {
				return pos, false
			}
			pos = pos.Pass()
			continue
		}
		pos = pos.Play(othello.Move(othello.NthBit(moves, uint64(r.IntN(bits.OnesCount64(moves))))))
	}
	return pos, pos.Moves() != 0
}

// mustParse builds a position from a 64-character board string.
func mustParse(t testing.TB, board string, turn othello.Color) othello.Position {
	t.Helper()
	pos, err := othello.ParseBoard64(board, turn)
	if err != nil {
		t.Fatalf("ParseBoard64(%q): %v", board, err)
	}
	return pos
}

// newSearcher returns a Searcher for cfg, failing the test on error.
func newSearcher(t testing.TB, cfg Config) *Searcher {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s
}

// testConfig is the default configuration with an arena small enough for
// tests to create many searchers cheaply.
func testConfig() Config {
	cfg := DefaultConfig()
	cfg.ArenaNodes = 1 << 16
	return cfg
}

func popcount(b uint64) int { return bits.OnesCount64(b) }

// sign returns +1, 0 or -1: a value's outcome.
func sign(x int) int { return cmp.Compare(x, 0) }
