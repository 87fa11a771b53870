package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// exactScore is a plain negamax over Position's rules, the reference of
// LastScore and LastTwo: the final disc difference for the side to move,
// the empty squares going to the winner.
func exactScore(pos Position) int {
	if pos.GameOver() {
		d := pos.DiscDiff()
		switch e := pos.Empties(); {
		case d > 0:
			return d + e
		case d < 0:
			return d - e
		}
		return 0
	}
	moves := pos.Moves()
	if moves == 0 {
		return -exactScore(pos.Pass())
	}
	best := -65
	for ; moves != 0; moves &= moves - 1 {
		best = max(best, -exactScore(pos.Play(Move(bits.TrailingZeros64(moves)))))
	}
	return best
}

// positionWithEmpties returns a position with exactly n empty squares:
// from a random game when one gets there (half the time), otherwise an
// arbitrary board, where passes and games that end early are common.
func positionWithEmpties(rng *rand.Rand, n int) Position {
	if rng.IntN(2) == 0 {
		pos := Start()
		for !pos.GameOver() && pos.Empties() > n {
			pos = randomStep(rng, pos)
		}
		if pos.Empties() == n {
			return pos
		}
	}
	var empty uint64
	for bits.OnesCount64(empty) < n {
		empty |= 1 << rng.IntN(64)
	}
	mine := rng.Uint64()
	if rng.IntN(4) == 0 {
		mine &= rng.Uint64() // lopsided boards: wipe-outs and passes
	}
	return Position{Player: mine &^ empty, Opponent: ^mine &^ empty}
}

// checkWindow fails unless got is what a fail-soft search returns for the
// exact score with the window (alpha, beta).
func checkWindow(t *testing.T, pos Position, alpha, beta, got, exact int) {
	t.Helper()
	switch {
	case exact <= alpha && (got > alpha || got < exact),
		exact >= beta && (got < beta || got > exact),
		exact > alpha && exact < beta && got != exact:
		t.Fatalf("%v window (%d, %d): LastTwo = %d, exact %d", pos, alpha, beta, got, exact)
	}
}

// TestLastPlies checks LastScore and the portable LastTwo against the plain
// negamax, and the assembly LastTwo against the portable one (score and
// nodes), on 200,000 positions of two empty squares (a tenth with -short or
// the race detector) with random windows, and LastScore on as many of one.
func TestLastPlies(t *testing.T) {
	want := 200_000
	if testing.Short() || raceEnabled {
		want /= 10
	}
	rng := rand.New(rand.NewPCG(24, 4))
	withCPU(t, CPUPortable, func() {
		for range want {
			one := positionWithEmpties(rng, 1)
			if got, exact := LastScore(one.Player, one.Opponent), exactScore(one); got != exact {
				t.Fatalf("%v: LastScore = %d, exact %d", one, got, exact)
			}
			pos := positionWithEmpties(rng, 2)
			exact := exactScore(pos)
			alpha := rng.IntN(130) - 65
			beta := alpha + 1 + rng.IntN(65-alpha)
			if rng.IntN(4) == 0 {
				alpha, beta = -65, 65
			}
			score, nodes := lastTwo(pos.Player, pos.Opponent, alpha, beta)
			checkWindow(t, pos, alpha, beta, score, exact)
			for _, name := range fastPaths() {
				var s int
				var n uint64
				withCPU(t, name, func() { s, n = LastTwo(pos.Player, pos.Opponent, alpha, beta) })
				if s != score || n != nodes {
					t.Fatalf("%v window (%d, %d): %s LastTwo = %d in %d nodes, portable %d in %d", pos, alpha, beta, name, s, n, score, nodes)
				}
			}
		}
	})
}

// TestLastThree checks the portable LastThree against the plain negamax
// and the assembly against the portable one (score and nodes), on 50,000
// positions of three empty squares (a tenth with -short or the race
// detector) with random windows and random sets of squares to try first.
func TestLastThree(t *testing.T) {
	want := 50_000
	if testing.Short() || raceEnabled {
		want /= 10
	}
	rng := rand.New(rand.NewPCG(24, 5))
	passes := 0
	withCPU(t, CPUPortable, func() {
		for range want {
			pos := positionWithEmpties(rng, 3)
			if pos.Moves() == 0 {
				passes++
			}
			exact := exactScore(pos)
			alpha := rng.IntN(130) - 65
			beta := alpha + 1 + rng.IntN(65-alpha)
			if rng.IntN(4) == 0 {
				alpha, beta = -65, 65
			}
			first := rng.Uint64()
			score, nodes := lastThree(pos.Player, pos.Opponent, first, alpha, beta)
			checkWindow(t, pos, alpha, beta, score, exact)
			for _, name := range fastPaths() {
				var s int
				var n uint64
				withCPU(t, name, func() { s, n = LastThree(pos.Player, pos.Opponent, first, alpha, beta) })
				if s != score || n != nodes {
					t.Fatalf("%v first %#x window (%d, %d): %s LastThree = %d in %d nodes, portable %d in %d", pos, first, alpha, beta, name, s, n, score, nodes)
				}
			}
		}
	})
	if passes < want/100 {
		t.Errorf("only %d of %d positions start with a pass: the pass code is barely tested", passes, want)
	}
}

// FuzzLastTwoAVX2 searches arbitrary boards with two empty squares (a and b
// modulo 64, skipped when they are one square) and arbitrary windows on
// both paths.
func FuzzLastTwoAVX2(f *testing.F) {
	f.Add(uint64(0x00ff00ff00ff00ff), uint8(0), uint8(63), int8(-65), int8(65))
	f.Add(uint64(0), uint8(10), uint8(11), int8(-3), int8(4))
	f.Add(^uint64(0), uint8(27), uint8(36), int8(0), int8(1))
	f.Fuzz(func(t *testing.T, mine uint64, a, b uint8, alpha, beta int8) {
		needAVX2(t)
		empty := uint64(1)<<(a%64) | uint64(1)<<(b%64)
		if a%64 == b%64 || alpha >= beta {
			return
		}
		p, o := mine&^empty, ^mine&^empty
		var score int
		var nodes uint64
		withCPU(t, CPUPortable, func() { score, nodes = LastTwo(p, o, int(alpha), int(beta)) })
		for _, name := range fastPaths() {
			var s int
			var n uint64
			withCPU(t, name, func() { s, n = LastTwo(p, o, int(alpha), int(beta)) })
			if s != score || n != nodes {
				t.Fatalf("p %#x o %#x window (%d, %d): %s LastTwo = %d in %d nodes, portable %d in %d", p, o, alpha, beta, name, s, n, score, nodes)
			}
		}
	})
}

// TestFinalScore checks the end-of-game score on boards counted by hand:
// the empty squares go to the side ahead, and to nobody in a draw.
func TestFinalScore(t *testing.T) {
	const (
		row1 = 0xff       // a1..h1: 8 discs
		row2 = 0xff << 8  // a2..h2
		half = 0x0f << 16 // a3..d3: 4 discs
	)
	for _, c := range []struct {
		p, o    uint64
		empties int
		want    int
	}{
		{row1 | row2, half, 44, 12 + 44},  // 16 against 4: ahead by 12, plus the 44 empties
		{half, row1 | row2, 44, -12 - 44}, // the same seen from the side behind
		{row1, row2, 48, 0},               // 8 against 8: a draw, the empties to nobody
		{^uint64(0) &^ half, half, 0, 56}, // a full board: 60 against 4
	} {
		if got := FinalScore(c.p, c.o, c.empties); got != c.want {
			t.Errorf("FinalScore(%#x, %#x, %d) = %d, want %d", c.p, c.o, c.empties, got, c.want)
		}
	}
}
