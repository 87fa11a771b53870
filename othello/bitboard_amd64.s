//go:build amd64 && !purego

#include "textflag.h"

// AVX2 move generation and flips: the four line directions (E/W shift 1,
// S/N shift 8, SW/NE shift 7, SE/NW shift 9) each take one 64-bit lane of a
// 256-bit register, so one instruction steps all four at once. The Go twins
// are Moves and Flips in bitboard.go; bitboard_amd64.go explains the choice.
//
// Register conventions inside this file (set by LOADCONST):
//   Y15 = per-lane shift         [1, 8, 7, 9]
//   Y14 = per-lane doubled shift [2, 16, 14, 18]
//   Y13 = per-lane wrap mask     [inner, all, inner, inner]
//   Y12 = zero

// Per-lane shifts and wrap masks.
DATA shifts<>+0(SB)/8, $1
DATA shifts<>+8(SB)/8, $8
DATA shifts<>+16(SB)/8, $7
DATA shifts<>+24(SB)/8, $9
GLOBL shifts<>(SB), RODATA|NOPTR, $32

DATA shifts2<>+0(SB)/8, $2
DATA shifts2<>+8(SB)/8, $16
DATA shifts2<>+16(SB)/8, $14
DATA shifts2<>+24(SB)/8, $18
GLOBL shifts2<>(SB), RODATA|NOPTR, $32

DATA wrapMask<>+0(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA wrapMask<>+8(SB)/8, $0xffffffffffffffff
DATA wrapMask<>+16(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA wrapMask<>+24(SB)/8, $0x7e7e7e7e7e7e7e7e
GLOBL wrapMask<>(SB), RODATA|NOPTR, $32

#define LOADCONST \
	VMOVDQU shifts<>(SB), Y15 \
	VMOVDQU shifts2<>(SB), Y14 \
	VMOVDQU wrapMask<>(SB), Y13 \
	VPXOR Y12, Y12, Y12

// ORLANES folds the four lanes of Y into the low quadword of X (X is Y's
// lower half), using XT as scratch, and moves it to the general register R.
#define ORLANES(Y, X, YT, XT, R) \
	VEXTRACTI128 $1, Y, XT \
	VPOR XT, X, X \
	VPSHUFD $0x4e, X, XT \
	VPOR XT, X, X \
	MOVQ X, R

// MOVES computes the legal moves of the owner of general register P against
// the owner of O into OUT (T is a general scratch register). Scratch: Y0-Y7.
// It is the parallel-prefix fill of Moves in bitboard.go, both senses of the
// four directions at once.
#define MOVES(P, O, OUT, T) \
	MOVQ P, X0 \
	VPBROADCASTQ X0, Y0 \
	MOVQ O, X1 \
	VPBROADCASTQ X1, Y1 \
	VPAND Y13, Y1, Y1 \
	VPSLLVQ Y15, Y0, Y2 \
	VPAND Y1, Y2, Y2 \
	VPSRLVQ Y15, Y0, Y3 \
	VPAND Y1, Y3, Y3 \
	VPSLLVQ Y15, Y2, Y4 \
	VPAND Y1, Y4, Y4 \
	VPOR Y4, Y2, Y2 \
	VPSRLVQ Y15, Y3, Y5 \
	VPAND Y1, Y5, Y5 \
	VPOR Y5, Y3, Y3 \
	VPSLLVQ Y15, Y1, Y4 \
	VPAND Y1, Y4, Y4 \
	VPSRLVQ Y15, Y4, Y5 \
	VPSLLVQ Y14, Y2, Y6 \
	VPAND Y4, Y6, Y6 \
	VPOR Y6, Y2, Y2 \
	VPSRLVQ Y14, Y3, Y7 \
	VPAND Y5, Y7, Y7 \
	VPOR Y7, Y3, Y3 \
	VPSLLVQ Y14, Y2, Y6 \
	VPAND Y4, Y6, Y6 \
	VPOR Y6, Y2, Y2 \
	VPSRLVQ Y14, Y3, Y7 \
	VPAND Y5, Y7, Y7 \
	VPOR Y7, Y3, Y3 \
	VPSLLVQ Y15, Y2, Y2 \
	VPSRLVQ Y15, Y3, Y3 \
	VPOR Y3, Y2, Y2 \
	ORLANES(Y2, X2, Y3, X3, OUT) \
	MOVQ P, T \
	ORQ O, T \
	NOTQ T \
	ANDQ T, OUT

// FLIPSPREP loads what the flips of any move of the owner of P against the
// owner of O share: Y11 = P in every lane, Y10 = ^O in every lane, Y9 = O
// masked per lane, Y8 = pairs of O run towards lower squares. Scratch: X0.
#define FLIPSPREP(P, O) \
	MOVQ P, X0 \
	VPBROADCASTQ X0, Y11 \
	MOVQ O, X0 \
	VPBROADCASTQ X0, Y10 \
	VPAND Y13, Y10, Y9 \
	VPCMPEQQ Y0, Y0, Y0 \
	VPXOR Y0, Y10, Y10 \
	VPSRLVQ Y15, Y9, Y8 \
	VPAND Y9, Y8, Y8

// FLIPS computes into OUT the discs turned by a disc on square SQ (a general
// register, 0..63), after FLIPSPREP. Towards higher squares, the first square
// along each ray that is not an opponent disc is the lowest set bit of
// ray &^ O, read from the ray table ·upRays; towards lower squares a
// parallel-prefix fill from the square finds the run of opponent discs.
// Scratch: Y0-Y7, general T.
#define FLIPS(SQ, OUT, T) \
	MOVQ SQ, T \
	SHLQ $5, T \
	LEAQ ·upRays(SB), OUT \
	VMOVDQU (OUT)(T*1), Y0 \
	VPAND Y10, Y0, Y1 \
	VPSUBQ Y1, Y12, Y2 \
	VPAND Y1, Y2, Y2 \
	VPAND Y11, Y2, Y2 \
	VPCMPEQQ Y12, Y2, Y3 \
	VPCMPEQQ Y4, Y4, Y4 \
	VPADDQ Y4, Y2, Y2 \
	VPAND Y0, Y2, Y2 \
	VPANDN Y2, Y3, Y2 \
	XORQ T, T \
	BTSQ SQ, T \
	MOVQ T, X5 \
	VPBROADCASTQ X5, Y5 \
	VPSRLVQ Y15, Y5, Y5 \
	VPAND Y9, Y5, Y5 \
	VPSRLVQ Y15, Y5, Y6 \
	VPAND Y9, Y6, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y14, Y5, Y6 \
	VPAND Y8, Y6, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y14, Y5, Y6 \
	VPAND Y8, Y6, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y15, Y5, Y6 \
	VPAND Y11, Y6, Y6 \
	VPCMPEQQ Y12, Y6, Y6 \
	VPANDN Y5, Y6, Y5 \
	VPOR Y5, Y2, Y2 \
	ORLANES(Y2, X2, Y3, X3, OUT)

// func movesAVX2(p, o uint64) uint64
TEXT ·movesAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	LOADCONST
	MOVES(AX, BX, CX, DX)
	MOVQ CX, ret+16(FP)
	VZEROUPPER
	RET

// func flipsAVX2(p, o uint64, sq int) uint64
TEXT ·flipsAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ sq+16(FP), CX
	ANDQ $63, CX
	LOADCONST
	FLIPSPREP(AX, BX)
	FLIPS(CX, DX, SI)
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET

// func perft2AVX2(p, o uint64) uint64
//
// perft2AVX2 is perft at depth 2 (see perft in perft.go): for every move,
// its flips, then the child's legal moves counted with POPCNT, a child
// without a move counting one leaf (its pass, or the end of the game).
TEXT ·perft2AVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	LOADCONST
	MOVES(AX, BX, R8, DX)
	TESTQ R8, R8
	JZ pass
	FLIPSPREP(AX, BX)
	XORQ R9, R9             // leaves
	MOVQ $1, R12            // the count of a child without a move
loop:
	BSFQ R8, CX             // the move's square
	LEAQ -1(R8), DX
	ANDQ DX, R8
	FLIPS(CX, R10, DX)
	MOVQ BX, SI             // child's player: o ^ flips
	XORQ R10, SI
	MOVQ AX, DI             // child's opponent: p ^ flips | 1<<sq
	XORQ R10, DI
	BTSQ CX, DI
	MOVES(SI, DI, R11, DX)
	POPCNTQ R11, R11
	CMOVQEQ R12, R11
	ADDQ R11, R9
	TESTQ R8, R8
	JNZ loop
	MOVQ R9, ret+16(FP)
	VZEROUPPER
	RET
pass:
	// No move: the opponent's moves are the leaves, or the finished game
	// counts one.
	MOVES(BX, AX, R11, DX)
	POPCNTQ R11, R11
	MOVQ $1, R12
	CMOVQEQ R12, R11
	MOVQ R11, ret+16(FP)
	VZEROUPPER
	RET

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv0() (eax, edx uint32)
TEXT ·xgetbv0(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
