package othello

import (
	"fmt"
	"io"
	"math/bits"
	"time"
)

// Perft counts the leaves of the game tree below pos at the given depth,
// with the convention of testdata/perft.txt: a pass is a ply, and a finished
// game (neither side can move) counts one more pass and then stays a leaf at
// every greater depth. The last ply is counted with a popcount instead of
// being played.
func Perft(pos Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(pos.Player, pos.Opponent, depth)
}

func perft(p, o uint64, depth int) uint64 {
	if useAVX2 && depth == 2 { // the last two plies in one assembly call
		if useAVX512 {
			return perft2AVX512(p, o)
		}
		return perft2AVX2(p, o)
	}
	moves := Moves(p, o)
	if moves == 0 {
		if Moves(o, p) == 0 {
			return 1 // game over: the final pass, then a leaf for ever
		}
		if depth == 1 {
			return 1
		}
		return perft(o, p, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	if useAVX2 && depth == 3 { // the last three plies in one call
		if useAVX512 {
			return perft3AVX512(p, o, moves)
		}
		return perft3AVX2(p, o, moves)
	}
	if useAVX2 && depth == 4 { // the last four plies in one call
		if useAVX512 {
			return perft4AVX512(p, o, moves)
		}
		return perft4AVX2(p, o, moves)
	}
	var n uint64
	for moves != 0 {
		sq := bits.TrailingZeros64(moves)
		moves &= moves - 1
		f := Flips(p, o, sq)
		n += perft(o^f, p^f|1<<sq, depth-1)
	}
	return n
}

// WritePerftTable writes, for each depth from..depth, the leaves of the
// game tree from the start position and how fast they were counted: the
// measure of move generation that search --perft prints. A first line
// names the move-generation path in use (CPU). With from equal to depth,
// the table does the work of a single perft of that depth, to compare with
// another program's.
func WritePerftTable(w io.Writer, from, depth int) error {
	if _, err := fmt.Fprintf(w, "move generation: %s\n%5s %16s %10s %14s\n", CPU(), "depth", "leaves", "seconds", "leaves/s"); err != nil {
		return err
	}
	for d := max(from, 1); d <= depth; d++ {
		start := time.Now()
		leaves := Perft(Start(), d)
		secs := time.Since(start).Seconds()
		rate := 0.0
		if secs > 0 {
			rate = float64(leaves) / secs
		}
		if _, err := fmt.Fprintf(w, "%5d %16d %10.3f %14.0f\n", d, leaves, secs, rate); err != nil {
			return err
		}
	}
	return nil
}
