//go:build amd64 && !purego

package othello

import "github.com/tcgothello/mcts/internal/wyrand"

// The AVX2 path: Go assembly in bitboard_amd64.s, one 64-bit lane per line
// direction. Go assembly rather than simd/archsimd, because archsimd needs
// GOEXPERIMENT=simd in Go 1.26 and so is not in the default build
// (docs/performance.md). The pure-Go twins are the portable bodies of Moves,
// Flips and perft in bitboard.go and perft.go; the tests hold them to each
// other.

// moves is Moves: movesAVX2's body when useAVX2 is set, else a tail jump
// to movesPortable. The choice is made in the assembly so that Moves is a
// single call that inlines.
//
//go:noescape
func moves(p, o uint64) uint64

// flips is Flips: flipsAVX512's body when useAVX512 is set, else
// flipsAVX2's when useAVX2 is, else a tail jump to flipsPortable.
//
//go:noescape
func flips(p, o uint64, sq int) uint64

// lastTwoDispatch is LastTwo: lastTwoAVX512's body when useAVX512 is set,
// else lastTwoAVX2's when useAVX2 is, else a tail jump to lastTwo.
//
//go:noescape
func lastTwoDispatch(p, o uint64, alpha, beta int) (score int, nodes uint64)

// lastThreeDispatch is LastThree, choosing its path as lastTwoDispatch
// does: lastThreeAVX512, lastThreeAVX2 or a tail jump to lastThree.
//
//go:noescape
func lastThreeDispatch(p, o, first uint64, alpha, beta int) (score int, nodes uint64)

// lastThreeAVX2 is LastThree with AVX2: the three plies in one call, the
// last two in LASTTWO's code.
//
//go:noescape
func lastThreeAVX2(p, o, first uint64, alpha, beta int) (score int, nodes uint64)

// lastThreeAVX512 is lastThreeAVX2 with FLIPS512.
//
//go:noescape
func lastThreeAVX512(p, o, first uint64, alpha, beta int) (score int, nodes uint64)

// flipsReplies is FlipsReplies: a tail jump to flipsRepliesAVX512 when
// useAVX512 is set, else to flipsRepliesAVX2 when useAVX2 is, else to
// flipsRepliesPortable.
//
//go:noescape
func flipsReplies(p, o uint64, sq int) (flips, replies uint64)

// flipsRepliesAVX512 is FlipsReplies with FLIPS512 and MOVES512.
//
//go:noescape
func flipsRepliesAVX512(p, o uint64, sq int) (flips, replies uint64)

// flipsRepliesAVX2 is FlipsReplies with AVX2.
//
//go:noescape
func flipsRepliesAVX2(p, o uint64, sq int) (flips, replies uint64)

// movesAVX2 is Moves with AVX2.
//
//go:noescape
func movesAVX2(p, o uint64) uint64

// flipsAVX2 is Flips with AVX2; sq is taken modulo 64.
//
//go:noescape
func flipsAVX2(p, o uint64, sq int) uint64

// perft2AVX2 is perft(p, o, 2) with AVX2: the whole last two plies in one
// call, so that a call's cost is paid once per node rather than once per
// move.
//
//go:noescape
func perft2AVX2(p, o uint64) uint64

// perft3AVX2 is perft(p, o, 3) with AVX2 for a position whose legal moves,
// which must not be none, the caller gives.
//
//go:noescape
func perft3AVX2(p, o, moves uint64) uint64

// perft4AVX2 is perft(p, o, 4) with AVX2, for a position whose legal
// moves, which must not be none, the caller gives: the last four plies in
// one call.
//
//go:noescape
func perft4AVX2(p, o, moves uint64) uint64

// randomGameAVX2 is RandomGame (playout.go) with AVX2: the whole game in
// one call, the k-th move picked by clearing the lowest set bit k times.
//
//go:noescape
func randomGameAVX2(p, o uint64, r *wyrand.RNG) (mine, theirs uint64)

// randomGamePDEP is randomGameAVX2 with the k-th move picked by BMI2's PDEP,
// for CPUs with both AVX2 and BMI2.
//
//go:noescape
func randomGamePDEP(p, o uint64, r *wyrand.RNG) (mine, theirs uint64)

// randomGame512 is randomGamePDEP with AVX-512's ternary logic on the
// 256-bit registers, for CPUs with AVX-512 F, VL and CD, and BMI2.
//
//go:noescape
func randomGame512(p, o uint64, r *wyrand.RNG) (mine, theirs uint64)

// movesAVX512 is movesAVX2 with AVX-512's ternary logic: the MOVES512
// macro of the AVX-512 loops in a call of its own, which Moves does not
// dispatch to (it stays on movesAVX2) but the tests compare with the
// portable code, to check the macro alone.
//
//go:noescape
func movesAVX512(p, o uint64) uint64

// flipsAVX512 is flipsAVX2 with AVX-512's ternary logic: FLIPS512 in a
// call of its own, for the tests, as movesAVX512 is MOVES512.
//
//go:noescape
func flipsAVX512(p, o uint64, sq int) uint64

// perft2AVX512 is perft2AVX2 with AVX-512 on 512-bit registers: two
// children at a time, one in each half.
//
//go:noescape
func perft2AVX512(p, o uint64) uint64

// perft3AVX512 is perft3AVX2 with AVX-512 on 512-bit registers, two
// children at a time at both plies.
//
//go:noescape
func perft3AVX512(p, o, moves uint64) uint64

// perft4AVX512 is perft(p, o, 4) on the AVX-512 path, for a position whose
// legal moves, which must not be none, the caller gives: the last four
// plies in one call.
//
//go:noescape
func perft4AVX512(p, o, moves uint64) uint64

// lastTwoAVX2 is LastTwo (lastplies.go) with AVX2: the whole search of the
// last two empty squares in one call.
//
//go:noescape
func lastTwoAVX2(p, o uint64, alpha, beta int) (score int, nodes uint64)

// lastTwoAVX512 is lastTwoAVX2 with AVX-512's ternary logic.
//
//go:noescape
func lastTwoAVX512(p, o uint64, alpha, beta int) (score int, nodes uint64)

// cpuid executes the CPUID instruction for a leaf and sub-leaf.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv0 reads the XCR0 register: which register states the operating
// system saves on a context switch.
func xgetbv0() (eax, edx uint32)

// CPUID bits (Intel SDM vol. 2A, CPUID; AMD APM vol. 3, appendix E).
const (
	cpuidOSXSAVE = 1 << 27 // leaf 1 ECX: XGETBV is usable
	cpuidAVX     = 1 << 28 // leaf 1 ECX
	cpuidPOPCNT  = 1 << 23 // leaf 1 ECX
	cpuidAVX2    = 1 << 5  // leaf 7 sub-leaf 0 EBX
	cpuidBMI1    = 1 << 3  // leaf 7 sub-leaf 0 EBX
	cpuidBMI2    = 1 << 8  // leaf 7 sub-leaf 0 EBX
	cpuidAVX512F = 1 << 16 // leaf 7 sub-leaf 0 EBX
	cpuidAVX512C = 1 << 28 // leaf 7 sub-leaf 0 EBX: AVX512CD, VPLZCNTQ
	cpuidAVX512V = 1 << 31 // leaf 7 sub-leaf 0 EBX: AVX512VL, the 256-bit forms
	// xcr0SSEAVX: XCR0 bits 1 (SSE state) and 2 (upper halves of the YMM
	// registers), both saved by the operating system.
	xcr0SSEAVX = 1<<1 | 1<<2
	// xcr0AVX512: XCR0 bits 5 (the opmask registers), 6 (the upper halves
	// of ZMM0-15) and 7 (ZMM16-31), all saved by the operating system.
	xcr0AVX512 = 1<<5 | 1<<6 | 1<<7
)

// hasAVX2 reports whether the CPU has AVX2 and POPCNT and the operating
// system saves the YMM registers, read once at start.
var hasAVX2 = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	if ecx1&(cpuidOSXSAVE|cpuidAVX|cpuidPOPCNT) != cpuidOSXSAVE|cpuidAVX|cpuidPOPCNT {
		return false
	}
	if xcr0, _ := xgetbv0(); xcr0&xcr0SSEAVX != xcr0SSEAVX {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&cpuidAVX2 != 0
}()

// hasBMI2 reports whether the CPU has BMI1 (TZCNT) and BMI2 (PDEP, SHLX),
// read once at start.
var hasBMI2 = func() bool {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(cpuidBMI1|cpuidBMI2) == cpuidBMI1|cpuidBMI2
}()

// fastPDEP reports whether the CPU has BMI2 and its PDEP is fast: not on
// AMD's families before 0x19 (Zen 1 and 2), where PDEP is microcoded and
// takes tens to hundreds of cycles, so that clearing the lowest set bit k
// times is faster there. Read once at start.
var fastPDEP = func() bool {
	if !hasBMI2 {
		return false
	}
	_, ebx0, ecx0, edx0 := cpuid(0, 0)
	amd := ebx0 == 0x68747541 && edx0 == 0x69746e65 && ecx0 == 0x444d4163 // "AuthenticAMD"
	eax1, _, _, _ := cpuid(1, 0)
	family := eax1 >> 8 & 0xf
	if family == 0xf {
		family += eax1 >> 20 & 0xff
	}
	return !amd || family >= 0x19
}()

// hasAVX512 reports whether the AVX2 path may also use AVX-512's
// instructions on 256-bit registers (VPTERNLOGQ, VPLZCNTQ, registers
// Y16-Y31) and PDEP: the CPU has AVX-512 F, CD and VL and a fast PDEP,
// and the operating system saves the opmask and ZMM state, besides
// everything hasAVX2 checks. Read once at start.
var hasAVX512 = func() bool {
	if !hasAVX2 || !fastPDEP {
		return false
	}
	if xcr0, _ := xgetbv0(); xcr0&xcr0AVX512 != xcr0AVX512 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const want = cpuidAVX512F | cpuidAVX512C | cpuidAVX512V
	return ebx7&want == want
}()

// flipRays[sq] holds the rays of bitboard.go from sq, in the lane order of
// bitboard_amd64.s: the four towards higher squares (E, S, SW, SE), then the
// four towards lower ones (W, N, NE, NW). Read by the assembly.
var flipRays = func() (r [64][8]uint64) {
	for sq := range r {
		for lane, d := range [8]int{0, 2, 1, 3, 4, 6, 5, 7} {
			r[sq][lane] = rays[sq][d]
		}
	}
	return r
}()

// squareBits[sq] is 1 << sq, loaded by the assembly straight into a vector
// register.
var squareBits = func() (b [64]uint64) {
	for sq := range b {
		b[sq] = 1 << sq
	}
	return b
}()
