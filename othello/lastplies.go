package othello

import "math/bits"

// The last plies of an exact endgame search, where a solver spends most of
// its nodes: the score of the last empty square, and the searches of the
// last two and three, each one assembly call on the AVX2 path
// (bitboard_amd64.s) with the portable Go below, one search of the last n
// plies, as their twin.

// noScore is below every score of a game: the best score before any move.
const noScore = -65

// LastScore returns the final disc difference, for the side to move with p
// against o, of a position with exactly one empty square: the side to move
// plays it if it can, else the opponent does if it can, else nobody does
// and the square goes to the winner.
func LastScore(p, o uint64) int {
	sq := bits.TrailingZeros64(^(p | o))
	discs := bits.OnesCount64(p) // the opponent has 63 - discs
	if f := Flips(p, o, sq); f != 0 {
		return 2*(discs+1+bits.OnesCount64(f)) - 64
	}
	if f := Flips(o, p, sq); f != 0 {
		// The side to move passes and the opponent takes the square.
		return 2*(discs-bits.OnesCount64(f)) - 64
	}
	// Nobody can play the square: it goes to the winner (63 discs cannot
	// be split evenly, so there is one).
	return FinalScore(p, o, 1)
}

// FinalScore is the score of a finished game for the side to move with p
// against o, as endgame searches count it: the disc difference, with the
// empties empty squares going to the winner (none to either side in a
// draw).
func FinalScore(p, o uint64, empties int) int {
	d := bits.OnesCount64(p) - bits.OnesCount64(o)
	switch {
	case d > 0:
		return d + empties
	case d < 0:
		return d - empties
	}
	return 0
}

// LastTwo searches a position with exactly two empty squares for the side
// to move with p against o, as an alpha-beta search does: it returns the
// exact final disc difference when it lies strictly inside (alpha, beta),
// otherwise a bound on it (fail-soft), and the positions it visited, as
// the endgame solver counts them (every position searched, a pass's too,
// and a game that ends before the board is full once more). The squares
// are tried in ascending order, which is the solver's parity order with two
// empty squares (both in one quadrant, or each alone in its own).
//
// Like Flips, it is one call that inlines: on amd64 the callee is assembly
// that picks the AVX-512, AVX2 or portable path itself.
func LastTwo(p, o uint64, alpha, beta int) (score int, nodes uint64) {
	return lastTwoDispatch(p, o, alpha, beta)
}

// lastTwo is the portable LastTwo, the reference of the assembly.
func lastTwo(p, o uint64, alpha, beta int) (score int, nodes uint64) {
	return lastPlies(p, o, ^uint64(0), alpha, beta, 2)
}

// LastThree searches a position with exactly three empty squares as
// LastTwo searches two: fail-soft within (alpha, beta), counting nodes as
// the endgame solver does. The empty squares in first are tried before the
// others, each group in ascending order: the solver passes the squares of
// its odd quadrants, so that this is its parity order. It runs in one
// assembly call on the AVX2 path, which chooses its path as LastTwo's
// does.
func LastThree(p, o, first uint64, alpha, beta int) (score int, nodes uint64) {
	return lastThreeDispatch(p, o, first, alpha, beta)
}

// lastThree is the portable LastThree, the reference of the assembly.
func lastThree(p, o, first uint64, alpha, beta int) (score int, nodes uint64) {
	return lastPlies(p, o, first, alpha, beta, 3)
}

// lastPlies searches a position with exactly n >= 1 empty squares as
// LastTwo and LastThree do, trying the empty squares in first before the
// others; below the root every square comes first, so the children go in
// ascending order as LastTwo's do. A position with one empty square is
// one node whoever plays it, as the solver counts its leaves.
func lastPlies(p, o, first uint64, alpha, beta, n int) (score int, nodes uint64) {
	if n == 1 {
		return LastScore(p, o), 1
	}
	nodes = 1
	empty := ^(p | o)
	best := noScore
	for _, set := range [2]uint64{empty & first, empty &^ first} {
		for ; set != 0; set &= set - 1 {
			sq := bits.TrailingZeros64(set)
			f := Flips(p, o, sq)
			if f == 0 {
				continue
			}
			v, c := lastPlies(o^f, p|f|1<<sq, ^uint64(0), -beta, -alpha, n-1)
			nodes += c
			if v = -v; v > best {
				best = v
				if v > alpha {
					alpha = v
					if v >= beta {
						return v, nodes
					}
				}
			}
		}
	}
	if best != noScore {
		return best, nodes
	}
	if Moves(o, p) == 0 {
		return FinalScore(p, o, n), nodes + 1
	}
	v, c := lastPlies(o, p, first, -beta, -alpha, n) // a pass
	return -v, nodes + c
}
