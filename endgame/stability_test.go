package endgame

import (
	"math/bits"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/tcgothello/mcts/othello"
)

// neverFlipped reports whether every disc of mask keeps its colour in every
// continuation of the game from pos (both sides' moves, passes included).
func neverFlipped(pos othello.Position, black, mask uint64) bool {
	if pos.Black()&mask != black&mask || pos.White()&mask != ^black&mask {
		return false
	}
	moves := pos.Moves()
	if moves == 0 {
		if pos.Pass().Moves() == 0 {
			return true
		}
		return neverFlipped(pos.Pass(), black, mask)
	}
	for ; moves != 0; moves &= moves - 1 {
		if !neverFlipped(pos.Play(othello.Move(bits.TrailingZeros64(moves))), black, mask) {
			return false
		}
	}
	return true
}

// TestStableDiscsNeverFlip checks on random endgames that no disc
// stableDiscs calls stable changes colour in any continuation, and that it
// finds stable discs at all.
func TestStableDiscsNeverFlip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	found := 0
	for i := 0; i < 200; i++ {
		pos := randomPosition(r, 4+i%5)
		if i%2 == 1 {
			pos = lopsidedPosition(r, 4+i%5, 0.5)
		}
		stable := stableDiscs(pos.Player, pos.Opponent) | stableDiscs(pos.Opponent, pos.Player)
		if stable&^(pos.Player|pos.Opponent) != 0 {
			t.Fatalf("%v: stable squares %#x include empty ones", pos, stable)
		}
		if !neverFlipped(pos, pos.Black(), stable) {
			t.Fatalf("%v: a disc of %#x marked stable can flip", pos, stable)
		}
		found += bits.OnesCount64(stable)
	}
	if found < 200*10 {
		t.Errorf("found %d stable discs in 200 endgames; the test proves nothing", found)
	}
}

// TestFullLines checks fullLines against a square-by-square walk of each
// square's four lines on random boards, dense ones mostly (full lines are
// rare otherwise).
func TestFullLines(t *testing.T) {
	// full reports whether every square from (col, row) on, in both
	// directions of the step (dc, dr), is occupied.
	full := func(occ uint64, col, row, dc, dr int) bool {
		for _, sign := range [2]int{1, -1} {
			for c, r := col, row; c >= 0 && c < 8 && r >= 0 && r < 8; c, r = c+sign*dc, r+sign*dr {
				if occ>>(8*r+c)&1 == 0 {
					return false
				}
			}
		}
		return true
	}
	r := rand.New(rand.NewPCG(5, 6))
	fullSeen := 0
	for i := range 2000 {
		occ := ^uint64(0)
		for range i % 7 { // up to six empty squares
			occ &^= 1 << r.IntN(64)
		}
		if i%10 == 0 {
			occ = r.Uint64() | r.Uint64()
		}
		got := [4]uint64{}
		got[0], got[1], got[2], got[3] = fullLines(occ)
		var want [4]uint64
		for sq := 0; sq < 64; sq++ {
			col, row := sq%8, sq/8
			for d, step := range [4][2]int{{1, 0}, {0, 1}, {-1, 1}, {1, 1}} { // row, column, a 7-step diagonal, a 9-step one
				if full(occ, col, row, step[0], step[1]) {
					want[d] |= 1 << sq
				}
			}
		}
		if got != want {
			t.Fatalf("occupied %#x: full lines (row, column, diag7, diag9) %#x, want %#x", occ, got, want)
		}
		fullSeen += bits.OnesCount64(want[2] & want[3])
	}
	if fullSeen < 1000 {
		t.Errorf("only %d squares with both diagonals full: the test proves little", fullSeen)
	}
}

// TestEdgeStableRow checks the edge table against rows worked out by hand.
func TestEdgeStableRow(t *testing.T) {
	for _, c := range []struct {
		row  string // a row of eight: X, O or -
		want string // the stable squares marked *
	}{
		{"XXXXXXXX", "********"},
		{"X-------", "*-------"},
		{"XX-----O", "**-----*"},
		{"XO------", "*-------"}, // O on b can be flipped by X playing c
		{"XOOOOOO-", "*-------"},
		{"XXXO----", "***-----"},
		{"-XXXXXXX", "-*******"}, // nothing can bracket them
		{"OXXXXXXX", "********"},
	} {
		var p, o uint8
		for i := 0; i < 8; i++ {
			switch c.row[i] {
			case 'X':
				p |= 1 << i
			case 'O':
				o |= 1 << i
			}
		}
		got := edgeStable[int(p)<<8|int(o)]
		var want uint8
		for i := 0; i < 8; i++ {
			if c.want[i] == '*' {
				want |= 1 << i
			}
		}
		if got != want {
			t.Errorf("row %s: stable %08b, want %08b (bit 0 first from the right)", c.row, got, want)
		}
	}
}

// TestEntrySize keeps the table's memory figures true.
func TestEntrySize(t *testing.T) {
	if got := unsafe.Sizeof(entry{}); got != entryBytes {
		t.Errorf("entry is %d bytes, want %d", got, entryBytes)
	}
	if got := unsafe.Sizeof(bucket{}); got != bucketBytes {
		t.Errorf("bucket is %d bytes, want %d", got, bucketBytes)
	}
}

// TestQuadrantParity checks the parity bookkeeping of shallow: each
// square's quadrantBit names the quadrant that holds it, and oddSquares
// of parityOf a board is the squares of its odd quadrants, counted here
// square by square.
func TestQuadrantParity(t *testing.T) {
	for sq := 0; sq < 64; sq++ {
		for q, squares := range quadrants {
			if in := squares>>sq&1 != 0; in != (quadrantBit(sq) == 1<<q) {
				t.Fatalf("square %d: quadrantBit %b, in quadrant %d: %v", sq, quadrantBit(sq), q, in)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		empty := r.Uint64() & r.Uint64()
		var want uint64
		for q := range quadrants {
			count := 0
			for sq := 0; sq < 64; sq++ {
				if empty>>sq&1 != 0 && quadrantBit(sq) == 1<<q {
					count++
				}
			}
			if count%2 == 1 {
				want |= quadrants[q]
			}
		}
		if got := oddSquares[parityOf(empty)]; got != want {
			t.Fatalf("empty %#x: odd squares %#x, want %#x", empty, got, want)
		}
	}
}
