package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// refBoard is a deliberately simple Othello board: an 8x8 array walked in the
// eight directions, with nothing clever in it. The bitboard code must agree
// with it everywhere.
type refBoard struct {
	cells [8][8]int8 // 0 empty, 1 side to move, 2 opponent
}

var refDirections = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

func refFromBitboards(p, o uint64) refBoard {
	var b refBoard
	for x := 0; x < 8; x++ {
		for y := 0; y < 8; y++ {
			i := uint(x*8 + y)
			switch {
			case p>>i&1 == 1:
				b.cells[x][y] = 1
			case o>>i&1 == 1:
				b.cells[x][y] = 2
			}
		}
	}
	return b
}

// flips lists the squares flipped by the side to move playing (x, y).
func (b *refBoard) flips(x, y int) [][2]int {
	if b.cells[x][y] != 0 {
		return nil
	}
	var all [][2]int
	for _, d := range refDirections {
		var run [][2]int
		cx, cy := x+d[0], y+d[1]
		for cx >= 0 && cx < 8 && cy >= 0 && cy < 8 && b.cells[cx][cy] == 2 {
			run = append(run, [2]int{cx, cy})
			cx, cy = cx+d[0], cy+d[1]
		}
		if len(run) > 0 && cx >= 0 && cx < 8 && cy >= 0 && cy < 8 && b.cells[cx][cy] == 1 {
			all = append(all, run...)
		}
	}
	return all
}

func (b *refBoard) legalMoves() uint64 {
	var m uint64
	for x := 0; x < 8; x++ {
		for y := 0; y < 8; y++ {
			if len(b.flips(x, y)) > 0 {
				m |= 1 << uint(x*8+y)
			}
		}
	}
	return m
}

func (b *refBoard) flipMask(x, y int) uint64 {
	var m uint64
	for _, s := range b.flips(x, y) {
		m |= 1 << uint(s[0]*8+s[1])
	}
	return m
}

// swapped returns the board seen from the opponent's side.
func (b *refBoard) swapped() refBoard {
	var s refBoard
	for x := 0; x < 8; x++ {
		for y := 0; y < 8; y++ {
			if c := b.cells[x][y]; c != 0 {
				s.cells[x][y] = 3 - c
			}
		}
	}
	return s
}

// checkAgainstReference compares every rule the bitboard code implements with
// the reference on one position, and returns the reference's legal moves.
func checkAgainstReference(t *testing.T, pos Position) uint64 {
	t.Helper()
	ref := refFromBitboards(pos.Player, pos.Opponent)
	want := ref.legalMoves()
	if got := pos.Moves(); got != want {
		t.Fatalf("position %s: Moves = %#x, reference %#x", pos, got, want)
	}
	for sq := 0; sq < 64; sq++ {
		x, y := sq/8, sq%8
		if ref.cells[x][y] != 0 {
			continue // Flips is only defined for empty squares
		}
		if got, wantF := Flips(pos.Player, pos.Opponent, sq), ref.flipMask(x, y); got != wantF {
			t.Fatalf("position %s: Flips(%s) = %#x, reference %#x", pos, Move(sq), got, wantF)
		}
	}
	opp := ref.swapped()
	wantOver := want == 0 && opp.legalMoves() == 0
	if got := pos.GameOver(); got != wantOver {
		t.Fatalf("position %s: GameOver = %v, reference %v", pos, got, wantOver)
	}
	if got := pos.IsLegal(Pass); got != (want == 0) {
		t.Fatalf("position %s: IsLegal(Pass) = %v, reference says moves %#x", pos, got, want)
	}
	return want
}

// TestAgainstReferenceRandomGames plays seeded random games and compares
// moves, flips, passes and game end with the reference on every position.
func TestAgainstReferenceRandomGames(t *testing.T) {
	const wantPositions = 100_000
	rng := rand.New(rand.NewPCG(1, 2))
	positions := 0
	for games := 0; positions < wantPositions && games < 10_000; games++ {
		pos := Start()
		for ply := 0; ply < 130; ply++ {
			moves := checkAgainstReference(t, pos)
			positions++
			if pos.GameOver() {
				break
			}
			if moves == 0 {
				pos = pos.Pass()
				continue
			}
			var choices []Move
			for b := moves; b != 0; b &= b - 1 {
				choices = append(choices, Move(bits.TrailingZeros64(b)))
			}
			m := choices[rng.IntN(len(choices))]
			next := pos.Play(m)
			ref := refFromBitboards(pos.Player, pos.Opponent)
			// After the move the mover's discs are the new opponent's.
			wantMover := pos.Player | 1<<m | ref.flipMask(m.Row(), m.Col())
			if next.Opponent != wantMover || next.Player != pos.Opponent&^wantMover || next.Turn != pos.Turn.Other() {
				t.Fatalf("position %s: Play(%s) = %s", pos, m, next)
			}
			pos = next
		}
	}
	if positions < wantPositions {
		t.Fatalf("compared %d positions, want at least %d", positions, wantPositions)
	}
}

// TestAgainstReferenceRandomBoards compares on arbitrary (mostly
// unreachable) boards, which reach edge cases random games rarely do.
func TestAgainstReferenceRandomBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20_000; i++ {
		a, b := randomBoard(rng, i)
		checkAgainstReference(t, Position{Player: a, Opponent: b, Turn: Color(i & 1)})
	}
}

// randomBoard returns the i-th of a series of arbitrary boards (disjoint
// bitboards): the density varies with i%4, so that long runs and
// near-empty boards occur.
func randomBoard(rng *rand.Rand, i int) (p, o uint64) {
	a, b := rng.Uint64(), rng.Uint64()
	switch i % 4 {
	case 1:
		a &= rng.Uint64()
	case 2:
		b &= rng.Uint64() & rng.Uint64()
	case 3:
		a &= rng.Uint64() & rng.Uint64()
	}
	return a &^ b, b
}

// randomStep plays a uniformly random legal move of pos, or passes when it
// has none.
func randomStep(rng *rand.Rand, pos Position) Position {
	moves := pos.Moves()
	if moves == 0 {
		return pos.Pass()
	}
	for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
		moves &= moves - 1
	}
	return pos.Play(Move(bits.TrailingZeros64(moves)))
}

// addBoardSeeds gives a fuzz target of two bitboards its seed corpus: the
// start, an empty board, a full one, and a ring of opponent discs.
func addBoardSeeds(f *testing.F) {
	f.Add(uint64(startBlack), uint64(startWhite))
	f.Add(uint64(0), uint64(0))
	f.Add(^uint64(0)>>1, uint64(1)<<63)
	f.Add(uint64(0x0000001818000000), uint64(0x007e424242427e00))
}

// FuzzAgainstReference feeds arbitrary bitboards to both implementations.
func FuzzAgainstReference(f *testing.F) {
	addBoardSeeds(f)
	f.Fuzz(func(t *testing.T, p, o uint64) {
		checkAgainstReference(t, Position{Player: p &^ o, Opponent: o})
	})
}
