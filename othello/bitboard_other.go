//go:build !amd64 || purego

package othello

// Without amd64 assembly (other architectures, or the purego build tag)
// there is only the portable path. hasAVX2 is false, so the AVX2 entry
// points below are never called; they stand in for the assembly so that the
// dispatch in Moves, Flips and perft compiles everywhere, and panic to make
// a broken dispatch loud.

import "github.com/tcgothello/mcts/internal/wyrand"

const (
	hasAVX2   = false
	hasBMI2   = false
	fastPDEP  = false
	hasAVX512 = false
)

func moves(p, o uint64) uint64         { return movesPortable(p, o) }
func flips(p, o uint64, sq int) uint64 { return flipsPortable(p, o, sq) }
func flipsReplies(p, o uint64, sq int) (uint64, uint64) {
	return flipsRepliesPortable(p, o, sq)
}
func lastTwoDispatch(p, o uint64, alpha, beta int) (int, uint64) {
	return lastTwo(p, o, alpha, beta)
}
func lastThreeDispatch(p, o, first uint64, alpha, beta int) (int, uint64) {
	return lastThree(p, o, first, alpha, beta)
}
func lastThreeAVX2(p, o, first uint64, alpha, beta int) (int, uint64) {
	panic("othello: no AVX2 path in this build")
}
func lastThreeAVX512(p, o, first uint64, alpha, beta int) (int, uint64) {
	panic("othello: no AVX2 path in this build")
}

func movesAVX2(p, o uint64) uint64         { panic("othello: no AVX2 path in this build") }
func flipsAVX2(p, o uint64, sq int) uint64 { panic("othello: no AVX2 path in this build") }
func flipsRepliesAVX2(p, o uint64, sq int) (uint64, uint64) {
	panic("othello: no AVX2 path in this build")
}
func flipsRepliesAVX512(p, o uint64, sq int) (uint64, uint64) {
	panic("othello: no AVX2 path in this build")
}
func perft2AVX2(p, o uint64) uint64          { panic("othello: no AVX2 path in this build") }
func perft3AVX2(p, o, moves uint64) uint64   { panic("othello: no AVX2 path in this build") }
func perft4AVX2(p, o, moves uint64) uint64   { panic("othello: no AVX2 path in this build") }
func movesAVX512(p, o uint64) uint64         { panic("othello: no AVX2 path in this build") }
func flipsAVX512(p, o uint64, sq int) uint64 { panic("othello: no AVX2 path in this build") }
func perft2AVX512(p, o uint64) uint64        { panic("othello: no AVX2 path in this build") }
func perft3AVX512(p, o, moves uint64) uint64 { panic("othello: no AVX2 path in this build") }
func perft4AVX512(p, o, moves uint64) uint64 { panic("othello: no AVX2 path in this build") }
func randomGameAVX2(p, o uint64, r *wyrand.RNG) (mine, theirs uint64) {
	panic("othello: no AVX2 path in this build")
}
func randomGamePDEP(p, o uint64, r *wyrand.RNG) (mine, theirs uint64) {
	panic("othello: no AVX2 path in this build")
}
func randomGame512(p, o uint64, r *wyrand.RNG) (mine, theirs uint64) {
	panic("othello: no AVX2 path in this build")
}
func lastTwoAVX2(p, o uint64, alpha, beta int) (int, uint64) {
	panic("othello: no AVX2 path in this build")
}
func lastTwoAVX512(p, o uint64, alpha, beta int) (int, uint64) {
	panic("othello: no AVX2 path in this build")
}
