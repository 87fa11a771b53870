//go:build amd64 && !purego

#include "textflag.h"

// AVX2 move generation and flips: the four line directions (E/W shift 1,
// S/N shift 8, SW/NE shift 7, SE/NW shift 9) each take one 64-bit lane of a
// 256-bit register, so one instruction steps all four at once. The Go twins
// are Moves and Flips in bitboard.go; bitboard_amd64.go explains the choice.
//
// Register conventions inside this file (set by LOADCONST and BROADCAST):
//   Y15 = per-lane shift           [1, 8, 7, 9]
//   Y14 = per-lane shift, doubled  [2, 16, 14, 18]
//   Y13 = per-lane wrap mask       [inner, all, inner, inner]
//   Y12 = zero
//   Y8  = per-lane shift, times 4  [4, 32, 28, 36]
//   Y11, Y10 = P and O of the position, in every lane

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

DATA shifts4<>+0(SB)/8, $4
DATA shifts4<>+8(SB)/8, $32
DATA shifts4<>+16(SB)/8, $28
DATA shifts4<>+24(SB)/8, $36
GLOBL shifts4<>(SB), RODATA|NOPTR, $32

#define LOADCONST \
	VMOVDQU shifts<>(SB), Y15 \
	VMOVDQU shifts2<>(SB), Y14 \
	VMOVDQU wrapMask<>(SB), Y13 \
	VPXOR Y12, Y12, Y12 \
	VMOVDQU shifts4<>(SB), Y8

// BROADCAST loads the general registers P and O into every lane of Y11 and
// Y10: the position whose moves and flips follow.
#define BROADCAST(P, O) \
	VMOVQ P, X11 \
	VPBROADCASTQ X11, Y11 \
	VMOVQ O, X10 \
	VPBROADCASTQ X10, Y10

// MOVESV computes into the general register OUT the legal moves of the
// owner of Y2 against the owner of Y3 (both broadcast to every lane): the
// parallel-prefix fill of Moves in bitboard.go, both senses of the four
// directions at once. Y2 and Y3 are consumed; scratch Y0, Y1, Y4-Y7.
#define MOVESV(OUT) \
	VPAND Y13, Y3, Y1 \
	VPSLLVQ Y15, Y2, Y4 \
	VPAND Y1, Y4, Y4 \
	VPSRLVQ Y15, Y2, Y5 \
	VPAND Y1, Y5, Y5 \
	VPSLLVQ Y15, Y4, Y6 \
	VPAND Y1, Y6, Y6 \
	VPOR Y6, Y4, Y4 \
	VPSRLVQ Y15, Y5, Y7 \
	VPAND Y1, Y7, Y7 \
	VPOR Y7, Y5, Y5 \
	VPSLLVQ Y15, Y1, Y6 \
	VPAND Y1, Y6, Y6 \
	VPSRLVQ Y15, Y6, Y0 \
	VPSLLVQ Y14, Y4, Y7 \
	VPAND Y6, Y7, Y7 \
	VPOR Y7, Y4, Y4 \
	VPSRLVQ Y14, Y5, Y1 \
	VPAND Y0, Y1, Y1 \
	VPOR Y1, Y5, Y5 \
	VPSLLVQ Y14, Y4, Y7 \
	VPAND Y6, Y7, Y7 \
	VPOR Y7, Y4, Y4 \
	VPSRLVQ Y14, Y5, Y1 \
	VPAND Y0, Y1, Y1 \
	VPOR Y1, Y5, Y5 \
	VPSLLVQ Y15, Y4, Y4 \
	VPSRLVQ Y15, Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPOR Y3, Y2, Y2 \
	VPANDN Y4, Y2, Y4 \
	VEXTRACTI128 $1, Y4, X5 \
	VPOR X5, X4, X4 \
	VPSHUFD $0x4e, X4, X5 \
	VPOR X5, X4, X4 \
	VMOVQ X4, OUT

// FLIPSV computes into every lane of Y0 the discs turned by a disc on
// square SQ (a general register, 0..63) of the position BROADCAST loaded;
// RAYS holds the address of ·flipRays. Towards higher squares the first
// square of a ray that is not an opponent disc is the lowest set bit of
// x = ray &^ O, and the squares before it are those outside x | -x;
// towards lower squares it is the highest, found by smearing
// ray &^ O down the ray (shifts of 1, 2 and 4 steps) and keeping the bit
// the smear shifted by one step does not cover. Scratch Y1-Y7, general T.
#define FLIPSV(SQ, RAYS, T) \
	MOVQ SQ, T \
	SHLQ $6, T \
	VMOVDQU (RAYS)(T*1), Y1 \
	VMOVDQU 32(RAYS)(T*1), Y2 \
	VPANDN Y1, Y10, Y3 \
	VPAND Y11, Y3, Y7 \
	VPSUBQ Y3, Y12, Y4 \
	VPOR Y3, Y4, Y5 \
	VPANDN Y1, Y5, Y5 \
	VPAND Y7, Y4, Y4 \
	VPCMPEQQ Y12, Y4, Y4 \
	VPANDN Y5, Y4, Y4 \
	VPANDN Y2, Y10, Y3 \
	VPAND Y11, Y3, Y7 \
	VPSRLVQ Y15, Y3, Y5 \
	VPOR Y5, Y3, Y5 \
	VPSRLVQ Y14, Y5, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y8, Y5, Y6 \
	VPOR Y6, Y5, Y5 \
	VPSRLVQ Y15, Y5, Y6 \
	VPANDN Y7, Y6, Y6 \
	VPCMPEQQ Y12, Y6, Y6 \
	VPANDN Y2, Y5, Y5 \
	VPANDN Y5, Y6, Y5 \
	VPOR Y5, Y4, Y0 \
	VPERM2I128 $1, Y0, Y0, Y1 \
	VPOR Y1, Y0, Y0 \
	VPSHUFD $0x4e, Y0, Y1 \
	VPOR Y1, Y0, Y0

// MOVESCALL is the body of a single moves call: the moves of AX against
// BX into CX, with MOVES (MOVESV or MOVES512).
#define MOVESCALL(MOVES) \
	LOADCONST \
	VMOVQ AX, X2 \
	VPBROADCASTQ X2, Y2 \
	VMOVQ BX, X3 \
	VPBROADCASTQ X3, Y3 \
	MOVES(CX)

// FLIPSCALL is the body of a single flips call after the constants: the
// flips of AX against BX on square CX (taken modulo 64) into DX, with
// FLIPS (FLIPSV or FLIPS512).
#define FLIPSCALL(FLIPS) \
	ANDQ $63, CX \
	BROADCAST(AX, BX) \
	LEAQ ·flipRays(SB), R14 \
	FLIPS(CX, R14, DX) \
	VMOVQ X0, DX

// func movesAVX2(p, o uint64) uint64
TEXT ·movesAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVESCALL(MOVESV)
	MOVQ CX, ret+16(FP)
	VZEROUPPER
	RET

// moves carries the body of movesAVX2, and flips (after the AVX-512
// macros, below) those of flipsAVX2 and flipsAVX512, which the tests call
// by name to reach the assembly whatever the CPU switch says, rather than
// jumping to them: they are the solver's hottest calls, and the dispatch
// costs them a predicted branch or two and no further jump.
// func moves(p, o uint64) uint64
TEXT ·moves(SB), NOSPLIT, $0-24
	CMPB ·useAVX2(SB), $0
	JEQ portable
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVESCALL(MOVESV)
	MOVQ CX, ret+16(FP)
	VZEROUPPER
	RET
portable:
	JMP ·movesPortable(SB)

// func flipsAVX2(p, o uint64, sq int) uint64
TEXT ·flipsAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ sq+16(FP), CX
	LOADCONST
	FLIPSCALL(FLIPSV)
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET

// FLIPSREPLIES is the body of flipsRepliesAVX2 and flipsRepliesAVX512
// after their constants, with FLIPS and MOVES (FLIPSV and MOVESV or their
// AVX-512 twins): the flips of AX against BX on CX, then the moves of the
// position after the move (the opponent's, less the flips, against the
// mover's, with them and the square, in R8 and R9): the flips in DX,
// the replies in R10.
#define FLIPSREPLIES(FLIPS, MOVES) \
	FLIPSCALL(FLIPS) \
	MOVQ BX, R8 \
	XORQ DX, R8 \
	MOVQ AX, R9 \
	ORQ DX, R9 \
	BTSQ CX, R9 \
	VMOVQ R8, X2 \
	VPBROADCASTQ X2, Y2 \
	VMOVQ R9, X3 \
	VPBROADCASTQ X3, Y3 \
	MOVES(R10)

// func flipsRepliesAVX2(p, o uint64, sq int) (flips, replies uint64)
//
// The flips of p against o on sq, then the moves of the position after
// the move (the opponent's replies), the constants loaded once for both.
TEXT ·flipsRepliesAVX2(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ sq+16(FP), CX
	LOADCONST
	FLIPSREPLIES(FLIPSV, MOVESV)
	MOVQ DX, flips+24(FP)
	MOVQ R10, replies+32(FP)
	VZEROUPPER
	RET

// CHILDV puts into Y3 the opponent's discs of the child after the move on
// square CX whose flips are in Y0: the mover's discs, flipped, and the
// square (R13 = ·squareBits).
#define CHILDV \
	VPBROADCASTQ (R13)(CX*8), Y1 \
	VPXOR Y0, Y11, Y3 \
	VPOR Y1, Y3, Y3

// PERFT2 adds to the general register SUM perft at depth 2 (see perft in
// perft.go) of the position of general registers P (to move) and O: for
// every move, its flips, then the child's legal moves counted with POPCNT,
// a child without a move counting one leaf (its pass, or the end of the
// game). The position and the children stay in vector registers: only the
// move's square goes from the general registers to the vector ones, and
// only the child's moves come back. MOVES, FLIPS and CHILD are MOVESV,
// FLIPSV and CHILDV or their AVX-512 twins. It needs LOADCONST, R14 = ·flipRays and
// R13 = ·squareBits, and uses the labels p2loop, p2pass and p2done, so a
// function holds it once. Scratch: Y0-Y7, Y10, Y11, CX, DX, R10-R12.
#define PERFT2(P, O, SUM, MOVES, FLIPS, CHILD) \
	BROADCAST(P, O) \
	VMOVDQA Y11, Y2 \
	VMOVDQA Y10, Y3 \
	MOVES(R10) \
	MOVQ $1, R12 \
	TESTQ R10, R10 \
	JZ p2pass \
p2loop: \
	BSFQ R10, CX \
	LEAQ -1(R10), DX \
	ANDQ DX, R10 \
	FLIPS(CX, R14, DX) \
	VPXOR Y0, Y10, Y2 \
	CHILD \
	MOVES(R11) \
	POPCNTQ R11, R11 \
	CMOVQEQ R12, R11 \
	ADDQ R11, SUM \
	TESTQ R10, R10 \
	JNZ p2loop \
	JMP p2done \
p2pass: \
	VMOVDQA Y10, Y2 \
	VMOVDQA Y11, Y3 \
	MOVES(R11) \
	POPCNTQ R11, R11 \
	CMOVQEQ R12, R11 \
	ADDQ R11, SUM \
p2done:

// ENTERV begins a perft of the AVX2 path: the constants, the tables
// (R14 = ·flipRays, R13 = ·squareBits) and the sum R9 = 0, as PERFT2 and
// p3avx2 need them (ENTERZ is the AVX-512 path's).
#define ENTERV \
	LOADCONST \
	LEAQ ·flipRays(SB), R14 \
	LEAQ ·squareBits(SB), R13 \
	XORQ R9, R9

// func perft2AVX2(p, o uint64) uint64
TEXT ·perft2AVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	ENTERV
	PERFT2(AX, BX, R9, MOVESV, FLIPSV, CHILDV)
	MOVQ R9, ret+16(FP)
	VZEROUPPER
	RET

// p3avx2 adds to R9 perft at depth 3 of the position of AX (to move) and
// BX whose legal moves, not none, are in R8: for every move, its flips,
// then PERFT2 of the child. It needs LOADCONST, R14 = ·flipRays and
// R13 = ·squareBits, and is called (CALL) by perft3AVX2 and perft4AVX2,
// with no frame of its own. AX and BX are kept; scratch as PERFT2, and
// R8, SI, DI.
TEXT p3avx2<>(SB), NOSPLIT|NOFRAME, $0-0
p3loop:
	BSFQ R8, CX
	LEAQ -1(R8), DX
	ANDQ DX, R8
	BROADCAST(AX, BX)
	FLIPSV(CX, R14, DX)
	VMOVQ X0, DX
	MOVQ BX, SI
	XORQ DX, SI
	MOVQ AX, DI
	XORQ DX, DI
	BTSQ CX, DI
	PERFT2(SI, DI, R9, MOVESV, FLIPSV, CHILDV)
	TESTQ R8, R8
	JNZ p3loop
	RET

// func perft3AVX2(p, o, moves uint64) uint64
//
// perft3AVX2 is perft at depth 3 of a position whose legal moves, not
// none, the caller gives (p3avx2).
TEXT ·perft3AVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ moves+16(FP), R8
	ENTERV
	CALL p3avx2<>(SB)
	MOVQ R9, ret+24(FP)
	VZEROUPPER
	RET

// func perft4AVX2(p, o, moves uint64) uint64
//
// perft4AVX2 is perft at depth 4 of a position whose legal moves, not
// none, the caller gives: for every move, its flips, the child's moves,
// then p3avx2 of the child, or, where the child has no move, PERFT2 of the
// other side (which counts one leaf where that side cannot move either).
// The frame keeps the position and the moves left, which p3avx2 does not
// keep.
TEXT ·perft4AVX2(SB), NOSPLIT, $24-32
	MOVQ p+0(FP), AX
	MOVQ AX, pp-8(SP)
	MOVQ o+8(FP), BX
	MOVQ BX, po-16(SP)
	MOVQ moves+16(FP), R8
	MOVQ R8, left-24(SP)
	ENTERV
p4loop:
	MOVQ left-24(SP), R8
	BSFQ R8, CX
	LEAQ -1(R8), DX
	ANDQ DX, R8
	MOVQ R8, left-24(SP)
	MOVQ pp-8(SP), DI
	MOVQ po-16(SP), AX
	BROADCAST(DI, AX)
	FLIPSV(CX, R14, DX)
	VMOVQ X0, DX
	XORQ DX, AX
	MOVQ DI, BX
	XORQ DX, BX
	BTSQ CX, BX
	VMOVQ AX, X2
	VPBROADCASTQ X2, Y2
	VMOVQ BX, X3
	VPBROADCASTQ X3, Y3
	MOVESV(R8)
	TESTQ R8, R8
	JZ p4pass
	CALL p3avx2<>(SB)
p4next:
	CMPQ left-24(SP), $0
	JNE p4loop
	MOVQ R9, ret+24(FP)
	VZEROUPPER
	RET
p4pass:
	PERFT2(BX, AX, R9, MOVESV, FLIPSV, CHILDV)
	JMP p4next

// Constants of the wyrand generator (internal/wyrand): its increment and
// its multiplier mask.
#define WYINCREMENT $0xa0761d6478bd642f
#define WYMIX $0xe7037ed1a0b428db

// RANDOMGAME plays RandomGame (playout.go) from the position of the
// general registers AX (to move) and BX, with the generator whose state
// word the general register R8 points at. It ends at the label rgstore
// with mine in AX and theirs in BX. The board stays broadcast in Y11 (to
// move) and Y10 (the other side); only the legal moves come out to a general register (R10), and only
// the chosen square goes back (as a table load). SELECT(k) must leave in CX
// the square of the k-th lowest set bit of R10, k in DX (scratch R11, R12).
// Generator: SI its state, R9 its multiplier mask; BX counts the empty
// squares, DI whether the side to move is the other side of the start.
// MOVES and FLIPS are MOVESV and FLIPSV or their AVX-512 twins; Y9 holds
// the mover's discs with the chosen square, so that the opponent's discs
// after the move are one XOR away from the flips.
#define RANDOMGAME(SELECT, MOVES, FLIPS) \
	LOADCONST \
	LEAQ ·flipRays(SB), R14 \
	LEAQ ·squareBits(SB), R13 \
	MOVQ (R8), SI \
	MOVQ WYMIX, R9 \
	XORQ DI, DI \
	VMOVQ AX, X11 \
	VPBROADCASTQ X11, Y11 \
	VMOVQ BX, X10 \
	VPBROADCASTQ X10, Y10 \
	ORQ AX, BX \
	POPCNTQ BX, BX \
	SUBQ $64, BX \
	JZ rgend \
rgloop: \
	VMOVDQA Y11, Y2 \
	VMOVDQA Y10, Y3 \
	MOVES(R10) \
	TESTQ R10, R10 \
	JZ rgpass \
rgmove: \
	POPCNTQ R10, CX \
	MOVQ WYINCREMENT, AX \
	ADDQ AX, SI \
	MOVQ SI, AX \
	MOVQ SI, DX \
	XORQ R9, DX \
	MULQ DX \
	XORQ DX, AX \
	MULQ CX \
	CMPQ AX, CX \
	JCS rgreject \
rgpick: \
	SELECT \
	VPBROADCASTQ (R13)(CX*8), Y9 \
	VPOR Y9, Y11, Y9 \
	FLIPS(CX, R14, DX) \
	VPXOR Y0, Y10, Y11 \
	VPXOR Y0, Y9, Y10 \
	XORQ $1, DI \
	INCQ BX \
	JNZ rgloop \
	JMP rgend \
rgpass: \
	VMOVDQA Y10, Y2 \
	VMOVDQA Y11, Y3 \
	MOVES(R10) \
	TESTQ R10, R10 \
	JZ rgend \
	VMOVDQA Y11, Y2 \
	VMOVDQA Y10, Y11 \
	VMOVDQA Y2, Y10 \
	XORQ $1, DI \
	JMP rgmove \
rgreject: \
	MOVQ AX, R11 \
	MOVQ DX, R12 \
	MOVQ CX, AX \
	NEGQ AX \
	XORQ DX, DX \
	DIVQ CX \
	MOVQ R12, AX \
	MOVQ DX, R12 \
	MOVQ AX, DX \
rgredraw: \
	CMPQ R11, R12 \
	JCC rgpick \
	MOVQ WYINCREMENT, AX \
	ADDQ AX, SI \
	MOVQ SI, AX \
	MOVQ SI, DX \
	XORQ R9, DX \
	MULQ DX \
	XORQ DX, AX \
	MULQ CX \
	MOVQ AX, R11 \
	JMP rgredraw \
rgend: \
	MOVQ SI, (R8) \
	VMOVQ X11, AX \
	VMOVQ X10, BX \
	TESTQ DI, DI \
	JZ rgstore \
	XCHGQ AX, BX \
rgstore:

// SELECTLOOP is RANDOMGAME's SELECT without BMI2: clear the lowest set bit
// k times, as NthBit does.
#define SELECTLOOP \
	MOVQ R10, R11 \
	TESTQ DX, DX \
	JZ sldone \
slloop: \
	LEAQ -1(R11), R12 \
	ANDQ R12, R11 \
	DECQ DX \
	JNZ slloop \
sldone: \
	BSFQ R11, CX

// SELECTPDEP is RANDOMGAME's SELECT with BMI2: PDEP deposits 1<<k on the
// k-th set bit of the moves.
#define SELECTPDEP \
	MOVL $1, R11 \
	SHLXQ DX, R11, R11 \
	PDEPQ R10, R11, R11 \
	TZCNTQ R11, CX

// func randomGameAVX2(p, o uint64, r *wyrand.RNG) (mine, theirs uint64)
TEXT ·randomGameAVX2(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ r+16(FP), R8
	RANDOMGAME(SELECTLOOP, MOVESV, FLIPSV)
	MOVQ AX, mine+24(FP)
	MOVQ BX, theirs+32(FP)
	VZEROUPPER
	RET

// func randomGamePDEP(p, o uint64, r *wyrand.RNG) (mine, theirs uint64)
TEXT ·randomGamePDEP(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ r+16(FP), R8
	RANDOMGAME(SELECTPDEP, MOVESV, FLIPSV)
	MOVQ AX, mine+24(FP)
	MOVQ BX, theirs+32(FP)
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

// The AVX-512 twins of MOVESV and FLIPSV (AVX-512 F, VL and CD on the same
// 256-bit registers, Y16-Y31 too): VPTERNLOGQ does an AND and an OR, or an
// AND-NOT of three inputs, in one instruction, which shortens the chain of dependent
// instructions each step of a random game waits for. Ternary-logic
// immediates, with A the destination, B and C the sources before it:
// A = 0xF0, B = 0xCC, C = 0xAA.
//   0xF8  A | B&C           0x54  (A|B) &^ C        0xFE  A | B | C
//   0x10  A &^ B &^ C       0x80  A & B & C         0xF4  A | B&^C
//   0xF6  A | B^C
// Extra constants: Y19 = all ones, Y18 = the top bit, in every lane.

#define LOADCONST512 \
	VPTERNLOGQ $0xFF, Y19, Y19, Y19 \
	VPSLLQ $63, Y19, Y18

// MOVES512 is MOVESV with each fill step t |= mask & (t << d) one shift
// and one VPTERNLOGQ instead of a shift, an AND and an OR.
#define MOVES512(OUT) \
	FILL512(VPAND, Y2, Y3, Y13, Y15, Y14, Y1, Y4, Y5, Y6, Y7, Y0) \
	VPOR Y3, Y2, Y2 \
	VPTERNLOGQ $0x54, Y2, Y5, Y4 \
	VEXTRACTI128 $1, Y4, X5 \
	VPOR X5, X4, X4 \
	VPSHUFD $0x4e, X4, X5 \
	VPOR X5, X4, X4 \
	VMOVQ X4, OUT

// FILL512 is the parallel-prefix fill of MOVES512 and MOVESZ, on Y or Z
// registers (AND is VPAND or VPANDQ to match): L and R get, lane by lane,
// the squares reached from the owner of P over runs of discs of O (each
// broadcast to its lanes) towards higher and lower squares, before the
// last masking by the empty squares. WRAP, S1 and S2 are the per-lane wrap
// mask, shift and doubled shift; M, A, B and C are scratch.
#define FILL512(AND, P, O, WRAP, S1, S2, M, L, R, A, B, C) \
	AND WRAP, O, M \
	VPSLLVQ S1, P, L \
	AND M, L, L \
	VPSRLVQ S1, P, R \
	AND M, R, R \
	VPSLLVQ S1, L, A \
	VPTERNLOGQ $0xF8, A, M, L \
	VPSRLVQ S1, R, B \
	VPTERNLOGQ $0xF8, B, M, R \
	VPSLLVQ S1, M, A \
	AND M, A, A \
	VPSRLVQ S1, A, C \
	VPSLLVQ S2, L, B \
	VPTERNLOGQ $0xF8, B, A, L \
	VPSRLVQ S2, R, M \
	VPTERNLOGQ $0xF8, M, C, R \
	VPSLLVQ S2, L, B \
	VPTERNLOGQ $0xF8, B, A, L \
	VPSRLVQ S2, R, M \
	VPTERNLOGQ $0xF8, M, C, R \
	VPSLLVQ S1, L, L \
	VPSRLVQ S1, R, R

// FLIPS512 is FLIPSV with VPTERNLOGQ, and towards lower squares the highest
// set bit of x = ray &^ O found by VPLZCNTQ (AVX-512 CD) instead of a
// smear: the top bit shifted right by the leading zeros is the first square
// that is not an opponent disc (none when x is zero: a shift by 64 gives
// 0), all ones shifted by as much are that square and those beyond it.
#define FLIPS512(SQ, RAYS, T) \
	MOVQ SQ, T \
	SHLQ $6, T \
	VMOVDQU (RAYS)(T*1), Y1 \
	VMOVDQU 32(RAYS)(T*1), Y2 \
	VPANDN Y1, Y10, Y3 \
	VPSUBQ Y3, Y12, Y4 \
	VPTERNLOGQ $0x10, Y4, Y3, Y1 \
	VPTERNLOGQ $0x80, Y11, Y3, Y4 \
	VPCMPEQQ Y12, Y4, Y5 \
	VPANDN Y2, Y10, Y3 \
	VPLZCNTQ Y3, Y4 \
	VPSRLVQ Y4, Y18, Y6 \
	VPSRLVQ Y4, Y19, Y3 \
	VPAND Y11, Y6, Y6 \
	VPCMPEQQ Y12, Y6, Y6 \
	VPTERNLOGQ $0x10, Y6, Y3, Y2 \
	VPTERNLOGQ $0xF4, Y5, Y1, Y2 \
	VPERM2I128 $1, Y2, Y2, Y1 \
	VPOR Y1, Y2, Y0 \
	VPSHUFD $0x4e, Y0, Y1 \
	VPOR Y1, Y0, Y0

// func randomGame512(p, o uint64, r *wyrand.RNG) (mine, theirs uint64)
TEXT ·randomGame512(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ r+16(FP), R8
	LOADCONST512
	RANDOMGAME(SELECTPDEP, MOVES512, FLIPS512)
	MOVQ AX, mine+24(FP)
	MOVQ BX, theirs+32(FP)
	VZEROUPPER
	RET

// The perft of the AVX-512 path works on 512-bit registers: two children
// at a time, each in one 256-bit half, its four line directions in the
// half's four lanes as everywhere in this file. One instruction so does
// the work of two children, and the children of a node overlap twice as
// far in the CPU's schedulers, which hold as many instructions either way.
// The comparisons give mask registers (K1, K2) instead of all-ones lanes:
// a masked VPTERNLOGQ then keeps a ray's flips or drops them in the same
// instruction. Constants (LOADCONSTZ): Z15, Z14, Z13, Z12 as Y15-Y12
// above in both halves, Z19 all ones, Z18 the top bit, K3 the low half.
#define LOADCONSTZ \
	VBROADCASTI64X4 shifts<>(SB), Z15 \
	VBROADCASTI64X4 shifts2<>(SB), Z14 \
	VBROADCASTI64X4 wrapMask<>(SB), Z13 \
	VPXORQ Z12, Z12, Z12 \
	VPTERNLOGQ $0xFF, Z19, Z19, Z19 \
	VPSLLQ $63, Z19, Z18 \
	MOVL $0x0F, R11 \
	KMOVW R11, K3

// MOVESZ puts into every lane of each half of OUT the legal moves of the
// owner of P against the owner of O in that half (each broadcast to its
// half's lanes): MOVES512 on both halves at once, P and O kept. Scratch
// Z0, Z1, Z5-Z7.
#define MOVESZ(P, O, OUT) \
	FILL512(VPANDQ, P, O, Z13, Z15, Z14, Z1, OUT, Z5, Z6, Z7, Z0) \
	VPORQ Z5, OUT, OUT \
	VSHUFI64X2 $0xB1, OUT, OUT, Z5 \
	VPORQ Z5, OUT, OUT \
	VPSHUFD $0x4e, OUT, Z5 \
	VPORQ O, P, Z6 \
	VPTERNLOGQ $0x54, Z6, Z5, OUT

// PAIRZ plays two moves at once: square CX in the low half and DX in the
// high half of the position P (to move) and O, broadcast to the lanes of
// each half (the halves may hold different positions). Out: Z2 the
// children's side to move (O with the flips turned), Z3 the other side (P,
// the flips and the square), Z4 the children's legal moves, each child in
// its half. The flips are FLIPS512's, the halves' rays loaded from the two
// squares' rows of ·flipRays (R14); R13 = ·squareBits. Scratch Z0-Z7, K1,
// K2, R11, R12.
#define PAIRZ(P, O) \
	MOVQ CX, R11 \
	SHLQ $6, R11 \
	MOVQ DX, R12 \
	SHLQ $6, R12 \
	VMOVDQU (R14)(R11*1), Y1 \
	VINSERTI64X4 $1, (R14)(R12*1), Z1, Z1 \
	VMOVDQU 32(R14)(R11*1), Y2 \
	VINSERTI64X4 $1, 32(R14)(R12*1), Z2, Z2 \
	VPANDNQ Z1, O, Z3 \
	VPSUBQ Z3, Z12, Z4 \
	VPANDQ Z3, Z4, Z5 \
	VPTESTMQ P, Z5, K1 \
	VPTERNLOGQ.Z $0x10, Z4, Z3, K1, Z1 \
	VPANDNQ Z2, O, Z3 \
	VPLZCNTQ Z3, Z4 \
	VPSRLVQ Z4, Z18, Z6 \
	VPSRLVQ Z4, Z19, Z3 \
	VPTESTMQ P, Z6, K2 \
	VPTERNLOGQ $0xF4, Z3, Z2, K2, Z1 \
	VSHUFI64X2 $0xB1, Z1, Z1, Z0 \
	VPORQ Z0, Z1, Z0 \
	VPSHUFD $0x4e, Z0, Z1 \
	VPORQ Z1, Z0, Z0 \
	VPBROADCASTQ (R13)(DX*8), Z3 \
	VPBROADCASTQ (R13)(CX*8), K3, Z3 \
	VPTERNLOGQ $0xF6, Z0, P, Z3 \
	VPXORQ Z0, O, Z2 \
	MOVESZ(Z2, Z3, Z4)

// TAKETWO takes the two lowest moves of MOVES (not none) off it: squares
// CX and DX; when there was only one, DX repeats CX and SI is 0, else SI
// is all ones (to mask the second child's count).
#define TAKETWO(MOVES) \
	TZCNTQ MOVES, CX \
	BLSRQ MOVES, MOVES \
	TZCNTQ MOVES, DX \
	CMOVQCS CX, DX \
	SBBQ SI, SI \
	NOTQ SI \
	BLSRQ MOVES, MOVES

// PERFT2Z adds to R9 perft at depth 2 of the position broadcast to every
// lane of Z11 (to move) and Z10, whose legal moves are in R10: two moves at
// a time (PAIRZ), each child's moves counted with POPCNT, a child without
// a move counting one leaf. DI must hold 1. Labels p2z*, so a function
// holds it once. Scratch: Z0-Z7, K1, K2, CX, DX, SI, R10-R12.
#define PERFT2Z \
	TESTQ R10, R10 \
	JZ p2zpass \
p2zloop: \
	TAKETWO(R10) \
	PAIRZ(Z11, Z10) \
	VMOVQ X4, R11 \
	VEXTRACTI64X4 $1, Z4, Y5 \
	VMOVQ X5, R12 \
	POPCNTQ R11, R11 \
	CMOVQEQ DI, R11 \
	POPCNTQ R12, R12 \
	CMOVQEQ DI, R12 \
	ANDQ SI, R12 \
	ADDQ R11, R9 \
	ADDQ R12, R9 \
	TESTQ R10, R10 \
	JNZ p2zloop \
	JMP p2zdone \
p2zpass: \
	MOVESZ(Z10, Z11, Z4) \
	VMOVQ X4, R11 \
	POPCNTQ R11, R11 \
	CMOVQEQ DI, R11 \
	ADDQ R11, R9 \
p2zdone:

// ENTERZ begins a perft of the AVX-512 path: the constants, the tables
// (R14, R13), DI = 1 and the sum R9 = 0 for PERFT2Z, and the position of
// AX (to move) and BX broadcast to every lane of P and O.
#define ENTERZ(P, O) \
	LOADCONSTZ \
	LEAQ ·flipRays(SB), R14 \
	LEAQ ·squareBits(SB), R13 \
	MOVL $1, DI \
	XORQ R9, R9 \
	VPBROADCASTQ AX, P \
	VPBROADCASTQ BX, O

// func perft2AVX512(p, o uint64) uint64
//
// perft2AVX512 is perft2AVX2 on 512-bit registers (PERFT2Z).
TEXT ·perft2AVX512(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	ENTERZ(Z11, Z10)
	MOVESZ(Z11, Z10, Z4)
	VMOVQ X4, R10
	PERFT2Z
	MOVQ R9, ret+16(FP)
	VZEROUPPER
	RET

// p3body adds to R9 perft at depth 3 of the position broadcast to every
// lane of Z21 (to move) and Z20, whose legal moves, not none, are in R8:
// two moves at a time (PAIRZ), then PERFT2Z of each child, which PAIRZ
// gave with its moves. Z22-Z24 keep the pair's children and their moves,
// AX counts the children of the pair left. It needs LOADCONSTZ, R13, R14
// and DI as PERFT2Z does, and is called (CALL) by perft3AVX512 and
// perft4AVX512, with no frame of its own. Scratch: Z0-Z7, Z10, Z11,
// Z22-Z24, K1, K2, AX, CX, DX, SI, R8, R10-R12.
TEXT p3body<>(SB), NOSPLIT|NOFRAME, $0-0
p3zpair:
	TAKETWO(R8)
	PAIRZ(Z21, Z20)
	VMOVDQA64 Z2, Z22
	VMOVDQA64 Z3, Z23
	VMOVDQA64 Z4, Z24
	MOVQ DI, AX
	SUBQ SI, AX
p3zchild:
	VSHUFI64X2 $0x44, Z22, Z22, Z11
	VSHUFI64X2 $0x44, Z23, Z23, Z10
	VMOVQ X24, R10
	PERFT2Z
	DECQ AX
	JZ p3znext
	VSHUFI64X2 $0xEE, Z22, Z22, Z22
	VSHUFI64X2 $0xEE, Z23, Z23, Z23
	VSHUFI64X2 $0xEE, Z24, Z24, Z24
	JMP p3zchild
p3znext:
	TESTQ R8, R8
	JNZ p3zpair
	RET

// func perft3AVX512(p, o, moves uint64) uint64
//
// perft3AVX512 is perft3AVX2 on 512-bit registers (p3body).
TEXT ·perft3AVX512(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ moves+16(FP), R8
	ENTERZ(Z21, Z20)
	CALL p3body<>(SB)
	MOVQ R9, ret+24(FP)
	VZEROUPPER
	RET

// func perft4AVX512(p, o, moves uint64) uint64
//
// perft4AVX512 is perft at depth 4 of a position whose legal moves, not
// none, the caller gives: two moves at a time (PAIRZ), then p3body of each
// child, or, where the child has no move, PERFT2Z of the other side (or one
// leaf where neither side can move). Z25 and Z26 keep the position, Z27-Z29
// the pair's children and their moves, BX the moves left, the frame's word
// the children of the pair left (p3body takes every general register
// but BX).
TEXT ·perft4AVX512(SB), NOSPLIT, $8-32
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	ENTERZ(Z26, Z25)
	MOVQ moves+16(FP), BX
p4pair:
	TAKETWO(BX)
	PAIRZ(Z26, Z25)
	VMOVDQA64 Z2, Z27
	VMOVDQA64 Z3, Z28
	VMOVDQA64 Z4, Z29
	MOVQ DI, AX
	SUBQ SI, AX
	MOVQ AX, left-8(SP)
p4child:
	VSHUFI64X2 $0x44, Z27, Z27, Z21
	VSHUFI64X2 $0x44, Z28, Z28, Z20
	VMOVQ X29, R8
	TESTQ R8, R8
	JZ p4pass
	CALL p3body<>(SB)
p4after:
	DECQ left-8(SP)
	JZ p4next
	VSHUFI64X2 $0xEE, Z27, Z27, Z27
	VSHUFI64X2 $0xEE, Z28, Z28, Z28
	VSHUFI64X2 $0xEE, Z29, Z29, Z29
	JMP p4child
p4pass:
	MOVESZ(Z20, Z21, Z4)
	VMOVQ X4, R10
	TESTQ R10, R10
	JZ p4over
	VMOVDQA64 Z20, Z11
	VMOVDQA64 Z21, Z10
	PERFT2Z
	JMP p4after
p4over:
	INCQ R9
	JMP p4after
p4next:
	TESTQ BX, BX
	JNZ p4pair
	MOVQ R9, ret+24(FP)
	VZEROUPPER
	RET

// func movesAVX512(p, o uint64) uint64
TEXT ·movesAVX512(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVESCALL(MOVES512)
	MOVQ CX, ret+16(FP)
	VZEROUPPER
	RET

// func flipsAVX512(p, o uint64, sq int) uint64
TEXT ·flipsAVX512(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ sq+16(FP), CX
	LOADCONST
	LOADCONST512
	FLIPSCALL(FLIPS512)
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET

// The single-call entries that choose between the paths, after the
// AVX-512 macros they use.

// func flips(p, o uint64, sq int) uint64
TEXT ·flips(SB), NOSPLIT, $0-32
	CMPB ·useAVX2(SB), $0
	JEQ portable
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ sq+16(FP), CX
	LOADCONST
	CMPB ·useAVX512(SB), $0
	JNE avx512
	FLIPSCALL(FLIPSV)
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET
avx512:
	LOADCONST512
	FLIPSCALL(FLIPS512)
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET
portable:
	JMP ·flipsPortable(SB)

// func flipsReplies(p, o uint64, sq int) (flips, replies uint64)
TEXT ·flipsReplies(SB), NOSPLIT, $0-40
	CMPB ·useAVX2(SB), $0
	JEQ portable
	CMPB ·useAVX512(SB), $0
	JNE avx512
	JMP ·flipsRepliesAVX2(SB)
avx512:
	JMP ·flipsRepliesAVX512(SB)
portable:
	JMP ·flipsRepliesPortable(SB)

// func flipsRepliesAVX512(p, o uint64, sq int) (flips, replies uint64)
//
// flipsRepliesAVX2 with FLIPS512 and MOVES512.
TEXT ·flipsRepliesAVX512(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	MOVQ sq+16(FP), CX
	LOADCONST
	LOADCONST512
	FLIPSREPLIES(FLIPS512, MOVES512)
	MOVQ DX, flips+24(FP)
	MOVQ R10, replies+32(FP)
	VZEROUPPER
	RET

// ENDSCORE is FinalScore (lastplies.go) of a game over with EMPTIES empty
// squares, the side to move's discs in AX and the other side's in BX: the
// disc difference in DX, the empty squares added to the winner's side;
// CX and R8 are scratch.
#define ENDSCORE(EMPTIES) \
	POPCNTQ AX, DX \
	POPCNTQ BX, CX \
	SUBQ CX, DX \
	LEAQ EMPTIES(DX), CX \
	LEAQ -EMPTIES(DX), R8 \
	TESTQ DX, DX \
	CMOVQGT CX, DX \
	CMOVQLT R8, DX

// LASTTWO is LastTwo (lastplies.go) from the position of the general
// registers AX (to move) and BX, with alpha in X9 and beta in R13; FLIPS is
// FLIPSV or FLIPS512. It ends at the label l2ret with the score in DX and
// the nodes in DI. Only beta decides a cut-off (the children are scored
// exactly, so a score of beta or more is above alpha too); alpha becomes
// beta after a pass. Registers: R12 the square being tried, R11 the other
// one, R10 how many squares are left to try (bits 0-7) and whether a pass
// swapped the sides (bit 8: the score is then negated), SI the best score,
// CX and R8 a child's position, R9 its discs.
#define LASTTWO(FLIPS) \
	LEAQ ·flipRays(SB), R14 \
	MOVQ $1, DI \
	XORQ R10, R10 \
	MOVQ AX, CX \
	ORQ BX, CX \
	NOTQ CX \
	BSFQ CX, R12 \
	BSRQ CX, R11 \
l2start: \
	MOVQ $-65, SI \
	ANDQ $256, R10 \
	ORQ $2, R10 \
l2loop: \
	BROADCAST(AX, BX) \
	FLIPS(R12, R14, DX) \
	VMOVQ X0, DX \
	TESTQ DX, DX \
	JZ l2next \
	INCQ DI \
	MOVQ BX, CX \
	XORQ DX, CX \
	MOVQ AX, R8 \
	ORQ DX, R8 \
	BTSQ R12, R8 \
	POPCNTQ CX, R9 \
	BROADCAST(CX, R8) \
	FLIPS(R11, R14, DX) \
	VMOVQ X0, DX \
	TESTQ DX, DX \
	JZ l2lastother \
	POPCNTQ DX, DX \
	LEAQ 1(R9)(DX*1), DX \
	JMP l2lastdone \
l2lastother: \
	BROADCAST(R8, CX) \
	FLIPS(R11, R14, DX) \
	VMOVQ X0, DX \
	TESTQ DX, DX \
	JZ l2lastnone \
	POPCNTQ DX, DX \
	NEGQ DX \
	ADDQ R9, DX \
l2lastdone: \
	SHLQ $1, DX \
	SUBQ $64, DX \
	JMP l2child \
l2lastnone: \
	LEAQ -63(R9)(R9*1), DX \
	LEAQ 1(DX), CX \
	DECQ DX \
	CMPQ R9, $32 \
	CMOVQGE CX, DX \
l2child: \
	NEGQ DX \
	CMPQ DX, SI \
	JLE l2next \
	MOVQ DX, SI \
	CMPQ DX, R13 \
	JGE l2ret \
l2next: \
	XCHGQ R12, R11 \
	DECQ R10 \
	TESTQ $255, R10 \
	JNZ l2loop \
	MOVQ SI, DX \
	CMPQ SI, $-65 \
	JNE l2ret \
	BROADCAST(BX, AX) \
	FLIPS(R12, R14, DX) \
	VMOVQ X0, DX \
	TESTQ DX, DX \
	JNZ l2pass \
	FLIPS(R11, R14, DX) \
	VMOVQ X0, DX \
	TESTQ DX, DX \
	JNZ l2pass \
	INCQ DI \
	ENDSCORE(2) \
	JMP l2ret \
l2pass: \
	INCQ DI \
	XCHGQ AX, BX \
	XORQ $256, R10 \
	VMOVQ X9, CX \
	NEGQ CX \
	NEGQ R13 \
	VMOVQ R13, X9 \
	MOVQ CX, R13 \
	JMP l2start \
l2ret: \
	BTQ $8, R10 \
	JCC l2store \
	NEGQ DX \
l2store:

// func lastTwoAVX2(p, o uint64, alpha, beta int) (score int, nodes uint64)
TEXT ·lastTwoAVX2(SB), NOSPLIT, $0-48
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	VMOVQ alpha+16(FP), X9
	MOVQ beta+24(FP), R13
	LOADCONST
	LASTTWO(FLIPSV)
	MOVQ DX, score+32(FP)
	MOVQ DI, nodes+40(FP)
	VZEROUPPER
	RET

// func lastTwoAVX512(p, o uint64, alpha, beta int) (score int, nodes uint64)
TEXT ·lastTwoAVX512(SB), NOSPLIT, $0-48
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	VMOVQ alpha+16(FP), X9
	MOVQ beta+24(FP), R13
	LOADCONST
	LOADCONST512
	LASTTWO(FLIPS512)
	MOVQ DX, score+32(FP)
	MOVQ DI, nodes+40(FP)
	VZEROUPPER
	RET

// func lastTwoDispatch(p, o uint64, alpha, beta int) (score int, nodes uint64)
TEXT ·lastTwoDispatch(SB), NOSPLIT, $0-48
	CMPB ·useAVX512(SB), $0
	JNE avx512
	CMPB ·useAVX2(SB), $0
	JNE avx2
	JMP ·lastTwo(SB)
avx512:
	JMP ·lastTwoAVX512(SB)
avx2:
	JMP ·lastTwoAVX2(SB)

// l2avx2 and l2avx512 are LASTTWO as subroutines of the LASTTHREE
// functions: the position in AX and BX, alpha in X9, beta in R13, the
// constants loaded; the score comes back in DX, the nodes in DI, and every
// other register LASTTWO names is scratch.
TEXT l2avx2<>(SB), NOSPLIT|NOFRAME, $0-0
	LASTTWO(FLIPSV)
	RET

TEXT l2avx512<>(SB), NOSPLIT|NOFRAME, $0-0
	LASTTWO(FLIPS512)
	RET

// LASTTHREE is LastThree (lastplies.go) for the function's arguments p, o,
// first, alpha and beta, its results score and nodes, with FLIPS (FLIPSV or
// FLIPS512) and L2 the matching LASTTWO subroutine. The position, the
// window, the best score, the nodes and the squares left to try live in
// the frame, since the subroutine takes every register it names: the
// side to move's discs (pp), the other side's (po), alpha and beta, the
// best score, the squares of first (left) and the others (rest) not yet
// tried, and whether a pass swapped the sides (swapped: the score is then
// negated).
#define LASTTHREE(FLIPS, L2) \
	MOVQ p+0(FP), AX \
	MOVQ o+8(FP), BX \
	MOVQ alpha+24(FP), CX \
	MOVQ CX, al-24(SP) \
	MOVQ beta+32(FP), CX \
	MOVQ CX, be-32(SP) \
	MOVQ $1, nd-48(SP) \
	MOVQ $0, sw-64(SP) \
l3start: \
	MOVQ AX, pp-8(SP) \
	MOVQ BX, po-16(SP) \
	MOVQ $-65, bs-40(SP) \
	MOVQ AX, CX \
	ORQ BX, CX \
	NOTQ CX \
	MOVQ first+16(FP), DX \
	MOVQ DX, R8 \
	NOTQ R8 \
	ANDQ CX, R8 \
	MOVQ R8, rest-72(SP) \
	ANDQ DX, CX \
	MOVQ CX, left-56(SP) \
l3pick: \
	MOVQ left-56(SP), R8 \
	TESTQ R8, R8 \
	JNZ l3try \
	MOVQ rest-72(SP), R8 \
	TESTQ R8, R8 \
	JZ l3none \
	MOVQ $0, rest-72(SP) \
l3try: \
	BSFQ R8, R12 \
	LEAQ -1(R8), DX \
	ANDQ DX, R8 \
	MOVQ R8, left-56(SP) \
	MOVQ pp-8(SP), AX \
	MOVQ po-16(SP), BX \
	BROADCAST(AX, BX) \
	LEAQ ·flipRays(SB), R14 \
	FLIPS(R12, R14, DX) \
	VMOVQ X0, DX \
	TESTQ DX, DX \
	JZ l3pick \
	XORQ DX, BX \
	ORQ DX, AX \
	BTSQ R12, AX \
	XCHGQ AX, BX \
	MOVQ be-32(SP), CX \
	NEGQ CX \
	VMOVQ CX, X9 \
	MOVQ al-24(SP), R13 \
	NEGQ R13 \
	CALL L2(SB) \
	ADDQ DI, nd-48(SP) \
	NEGQ DX \
	CMPQ DX, bs-40(SP) \
	JLE l3pick \
	MOVQ DX, bs-40(SP) \
	CMPQ DX, al-24(SP) \
	JLE l3pick \
	MOVQ DX, al-24(SP) \
	CMPQ DX, be-32(SP) \
	JGE l3ret \
	JMP l3pick \
l3none: \
	MOVQ bs-40(SP), DX \
	CMPQ DX, $-65 \
	JNE l3ret \
	MOVQ pp-8(SP), AX \
	MOVQ po-16(SP), BX \
	BROADCAST(BX, AX) \
	LEAQ ·flipRays(SB), R14 \
	MOVQ AX, R8 \
	ORQ BX, R8 \
	NOTQ R8 \
l3opp: \
	BSFQ R8, R12 \
	FLIPS(R12, R14, DX) \
	VMOVQ X0, DX \
	TESTQ DX, DX \
	JNZ l3pass \
	LEAQ -1(R8), DX \
	ANDQ DX, R8 \
	JNZ l3opp \
	INCQ nd-48(SP) \
	ENDSCORE(3) \
	JMP l3ret \
l3pass: \
	INCQ nd-48(SP) \
	XORQ $1, sw-64(SP) \
	MOVQ al-24(SP), CX \
	MOVQ be-32(SP), DX \
	NEGQ CX \
	NEGQ DX \
	MOVQ DX, al-24(SP) \
	MOVQ CX, be-32(SP) \
	XCHGQ AX, BX \
	JMP l3start \
l3ret: \
	CMPQ sw-64(SP), $0 \
	JEQ l3store \
	NEGQ DX \
l3store: \
	MOVQ DX, score+40(FP) \
	MOVQ nd-48(SP), DI \
	MOVQ DI, nodes+48(FP)

// func lastThreeAVX2(p, o, first uint64, alpha, beta int) (score int, nodes uint64)
TEXT ·lastThreeAVX2(SB), NOSPLIT, $72-56
	LOADCONST
	LASTTHREE(FLIPSV, l2avx2<>)
	VZEROUPPER
	RET

// func lastThreeAVX512(p, o, first uint64, alpha, beta int) (score int, nodes uint64)
TEXT ·lastThreeAVX512(SB), NOSPLIT, $72-56
	LOADCONST
	LOADCONST512
	LASTTHREE(FLIPS512, l2avx512<>)
	VZEROUPPER
	RET

// func lastThreeDispatch(p, o, first uint64, alpha, beta int) (score int, nodes uint64)
TEXT ·lastThreeDispatch(SB), NOSPLIT, $0-56
	CMPB ·useAVX512(SB), $0
	JNE avx512
	CMPB ·useAVX2(SB), $0
	JNE avx2
	JMP ·lastThree(SB)
avx512:
	JMP ·lastThreeAVX512(SB)
avx2:
	JMP ·lastThreeAVX2(SB)
