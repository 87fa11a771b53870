package othello

import (
	"flag"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// longPerft runs perft 12 from the start on both paths (1.9 billion leaves:
// seconds on the AVX2 path, about ten on the portable one).
var longPerft = flag.Bool("perft12", false, "also compare the paths on perft 12 from the start")

// fastPaths lists the assembly paths this CPU has.
func fastPaths() []string {
	var paths []string
	if hasAVX512 {
		paths = append(paths, CPUAVX512)
	}
	if hasAVX2 {
		paths = append(paths, CPUAVX2)
	}
	return paths
}

// needAVX2 skips a test that compares the two paths on a machine or build
// without the AVX2 one.
func needAVX2(t testing.TB) {
	t.Helper()
	if !hasAVX2 {
		t.Skip("no AVX2 path on this CPU or build")
	}
}

// withCPU runs f with the path forced to name, then restores the path in
// use. Tests that call it must not run in parallel with other tests.
func withCPU(t testing.TB, name string, f func()) {
	t.Helper()
	saved, saved512 := useAVX2, useAVX512
	defer func() { useAVX2, useAVX512 = saved, saved512 }()
	if err := SetCPU(name); err != nil {
		t.Fatal(err)
	}
	f()
}

// comparePaths checks that the AVX2 path (and the AVX-512 one, where the
// CPU has it) agrees with the portable one on the
// moves of both sides and on the flips of every empty square, legal or not.
// The caller forces the portable path (withCPU), so that Moves and Flips run
// the portable Go while movesAVX2 and flipsAVX2 run the assembly.
func comparePaths(t testing.TB, p, o uint64) {
	t.Helper()
	p &^= o
	for side := 0; side < 2; side++ {
		if got, want := movesAVX2(p, o), Moves(p, o); got != want {
			t.Fatalf("p %#x o %#x: movesAVX2 = %#x, portable %#x", p, o, got, want)
		}
		if hasAVX512 {
			if got, want := movesAVX512(p, o), Moves(p, o); got != want {
				t.Fatalf("p %#x o %#x: movesAVX512 = %#x, portable %#x", p, o, got, want)
			}
		}
		for e := ^(p | o); e != 0; e &= e - 1 {
			sq := bits.TrailingZeros64(e)
			want := Flips(p, o, sq)
			if got := flipsAVX2(p, o, sq); got != want {
				t.Fatalf("p %#x o %#x: flipsAVX2(%s) = %#x, portable %#x", p, o, Move(sq), got, want)
			}
			wantReplies := Moves(o^want, p|want|1<<sq)
			if f, r := flipsRepliesAVX2(p, o, sq); f != want || r != wantReplies {
				t.Fatalf("p %#x o %#x: flipsRepliesAVX2(%s) = %#x, %#x; portable %#x, %#x", p, o, Move(sq), f, r, want, wantReplies)
			}
			if f, r := FlipsReplies(p, o, sq); f != want || r != wantReplies {
				t.Fatalf("p %#x o %#x: FlipsReplies(%s) = %#x, %#x; want %#x, %#x", p, o, Move(sq), f, r, want, wantReplies)
			}
			if !hasAVX512 {
				continue
			}
			if got := flipsAVX512(p, o, sq); got != want {
				t.Fatalf("p %#x o %#x: flipsAVX512(%s) = %#x, portable %#x", p, o, Move(sq), got, want)
			}
			if f, r := flipsRepliesAVX512(p, o, sq); f != want || r != wantReplies {
				t.Fatalf("p %#x o %#x: flipsRepliesAVX512(%s) = %#x, %#x; portable %#x, %#x", p, o, Move(sq), f, r, want, wantReplies)
			}
		}
		p, o = o, p
	}
}

// TestAVX2AgreesOnRandomPositions compares the paths on a million positions
// (a tenth with -short or the race detector): half from seeded random games,
// half arbitrary boards of varied density, which reach runs and edges that
// games rarely do.
func TestAVX2AgreesOnRandomPositions(t *testing.T) {
	needAVX2(t)
	want := 1_000_000
	if testing.Short() || raceEnabled {
		want /= 10
	}
	rng := rand.New(rand.NewPCG(24, 1))
	withCPU(t, CPUPortable, func() { compareRandomPositions(t, rng, want) })
}

// compareRandomPositions runs comparePaths on n positions from rng.
func compareRandomPositions(t *testing.T, rng *rand.Rand, want int) {
	n := 0
	for n < want/2 {
		pos := Start()
		for ply := 0; ply < 130 && !pos.GameOver(); ply++ {
			comparePaths(t, pos.Player, pos.Opponent)
			n++
			pos = randomStep(rng, pos)
		}
	}
	for i := 0; n < want; i++ {
		p, o := randomBoard(rng, i)
		comparePaths(t, p, o)
		n++
	}
}

// TestAVX2AgreesOnEdges compares the paths on boards built to stress the
// lanes' edges: full rows, columns and diagonals of opponent discs with the
// player's disc at every distance, including runs that would wrap.
func TestAVX2AgreesOnEdges(t *testing.T) {
	needAVX2(t)
	withCPU(t, CPUPortable, func() { compareEdges(t) })
}

// compareEdges runs comparePaths on the boards of TestAVX2AgreesOnEdges.
func compareEdges(t *testing.T) {
	for sq := 0; sq < 64; sq++ {
		for d := 0; d < 8; d++ {
			ray := rays[sq][d]
			for r := ray; r != 0; r &= r - 1 {
				k := r & -r
				// Opponent discs along the ray, the player's beyond bit k.
				comparePaths(t, ray&^k, ray&k|^ray&^(1<<sq)&rays[sq][d^4])
				comparePaths(t, k, ray&^k)
				comparePaths(t, ^ray&^(1<<sq), ray)
			}
		}
	}
}

// TestAVX2PerftStart compares both paths with the reference table from the
// start: depths 1..11 (9 with -short or the race detector), and 12 with
// -perft12.
func TestAVX2PerftStart(t *testing.T) {
	needAVX2(t)
	table := readPerftTable(t)
	maxDepth := 11
	switch {
	case *longPerft:
		maxDepth = 12
	case testing.Short() || raceEnabled:
		maxDepth = 9
	}
	for _, name := range append(fastPaths(), CPUPortable) {
		withCPU(t, name, func() {
			for d := 1; d <= maxDepth; d++ {
				if got := Perft(Start(), d); got != table[d] {
					t.Errorf("%s: perft(start, %d) = %d, want %d", name, d, got, table[d])
				}
			}
		})
	}
}

// TestAVX2PerftFFO compares the paths on perft to depth 6 (5 with -short or
// the race detector) from the 20 FFO endgame positions, where passes and
// finished games occur inside the tree.
func TestAVX2PerftFFO(t *testing.T) {
	needAVX2(t)
	maxDepth := 6
	if testing.Short() || raceEnabled {
		maxDepth = 5
	}
	for _, e := range readFFO(t) {
		for d := 1; d <= maxDepth; d++ {
			var portable uint64
			withCPU(t, CPUPortable, func() { portable = Perft(e.pos, d) })
			for _, name := range fastPaths() {
				var fast uint64
				withCPU(t, name, func() { fast = Perft(e.pos, d) })
				if fast != portable {
					t.Errorf("ffo #%d: perft %d = %d on %s, %d portable", e.id, d, fast, name, portable)
				}
			}
		}
	}
}

// TestPerftPassesAtTheLastPlies checks perft2AVX2 and perft3AVX2 against the portable
// perft where the side to move, or the child, must pass or the game ends.
func TestPerftPassesAtTheLastPlies(t *testing.T) {
	needAVX2(t)
	cases := []struct{ p, o uint64 }{
		{0x0000000000000001, 0x0000000000000002}, // one move (c1), then nothing
		{0x0000000000000002, 0x0000000000000001}, // to move has none, the other has c1
		{0x0000000000000004, 0x0000000000000002}, // one move (a1), then nothing
		{0x0000000000000001, 0},                  // no move for either: finished
		{0xfffffffffffffffe, 0},                  // one empty square, no opponent
		{0x7fffffffffffffff &^ 0x2, 0x2},         // h8 empty, opponent b1 alone: finished
	}
	for _, c := range cases {
		checkPerftAVX2(t, c.p, c.o)
	}
}

// checkPerftAVX2 compares perft2AVX2, perft3AVX2 and perft4AVX2, and
// their AVX-512 twins where the CPU has them, with the portable perft at
// depths 2, 3 and 4 on one position.
func checkPerftAVX2(t testing.TB, p, o uint64) {
	t.Helper()
	var want2, want3, want4, moves uint64
	withCPU(t, CPUPortable, func() {
		want2, want3, want4, moves = perft(p, o, 2), perft(p, o, 3), perft(p, o, 4), Moves(p, o)
	})
	if got := perft2AVX2(p, o); got != want2 {
		t.Fatalf("p %#x o %#x: perft2AVX2 = %d, portable perft 2 = %d", p, o, got, want2)
	}
	if moves != 0 { // perft3 is only called with moves
		if got := perft3AVX2(p, o, moves); got != want3 {
			t.Fatalf("p %#x o %#x: perft3AVX2 = %d, portable perft 3 = %d", p, o, got, want3)
		}
		if got := perft4AVX2(p, o, moves); got != want4 {
			t.Fatalf("p %#x o %#x: perft4AVX2 = %d, portable perft 4 = %d", p, o, got, want4)
		}
	}
	if !hasAVX512 {
		return
	}
	if got := perft2AVX512(p, o); got != want2 {
		t.Fatalf("p %#x o %#x: perft2AVX512 = %d, portable perft 2 = %d", p, o, got, want2)
	}
	if moves != 0 {
		if got := perft3AVX512(p, o, moves); got != want3 {
			t.Fatalf("p %#x o %#x: perft3AVX512 = %d, portable perft 3 = %d", p, o, got, want3)
		}
		if got := perft4AVX512(p, o, moves); got != want4 {
			t.Fatalf("p %#x o %#x: perft4AVX512 = %d, portable perft 4 = %d", p, o, got, want4)
		}
	}
}

// TestPerftLastPliesNearTheEnd compares the assembly perft of the last
// plies with the portable one on positions of 1 to 14 empty squares (from
// random games and arbitrary boards), where a side to move often has no
// move at some ply of the four: the pass and game-over branches of
// the assembly perft 2, 3 and 4 of both paths. It checks that enough of the
// trees hold a pass for those branches to have run.
func TestPerftLastPliesNearTheEnd(t *testing.T) {
	needAVX2(t)
	perEmpties := 300
	if testing.Short() || raceEnabled {
		perEmpties = 30
	}
	rng := rand.New(rand.NewPCG(24, 4))
	withPass := 0
	for n := 1; n <= 14; n++ {
		for range perEmpties {
			pos := positionWithEmpties(rng, n)
			checkPerftAVX2(t, pos.Player, pos.Opponent)
			if passBelow(pos.Player, pos.Opponent, 4) {
				withPass++
			}
		}
	}
	if min := 14 * perEmpties / 4; withPass < min {
		t.Errorf("%d of %d trees hold a pass within 4 plies, want at least %d", withPass, 14*perEmpties, min)
	}
}

// passBelow reports whether a side to move has no move at some node of
// the tree below p, o (to move) within depth plies.
func passBelow(p, o uint64, depth int) bool {
	if depth == 0 {
		return false
	}
	moves := Moves(p, o)
	if moves == 0 {
		return true
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := Flips(p, o, sq)
		if passBelow(o^f, p|f|1<<sq, depth-1) {
			return true
		}
	}
	return false
}

// TestSetCPU checks the path names and that a forced path is the one in use.
func TestSetCPU(t *testing.T) {
	withCPU(t, CPUPortable, func() {
		if CPU() != CPUPortable {
			t.Errorf("after SetCPU(%q), CPU() = %q", CPUPortable, CPU())
		}
	})
	withCPU(t, CPUAuto, func() {
		// auto takes AVX2 where the CPU has it, unless OTHELLO_CPU forces
		// the portable path (as CI's second run of these tests does).
		want := map[bool]string{true: CPUAVX2, false: CPUPortable}[autoAVX2()]
		if autoAVX512() {
			want = CPUAVX512
		}
		if CPU() != want {
			t.Errorf("after SetCPU(%q), CPU() = %q, want %q", CPUAuto, CPU(), want)
		}
	})
	saved, saved512 := useAVX2, useAVX512
	defer func() { useAVX2, useAVX512 = saved, saved512 }()
	err := SetCPU(CPUAVX2)
	if hasAVX2 != (err == nil) || (err == nil && CPU() != CPUAVX2) {
		t.Errorf("SetCPU(%q) = %v with AVX2 support %v, CPU() = %q", CPUAVX2, err, hasAVX2, CPU())
	}
	err = SetCPU(CPUAVX512)
	if hasAVX512 != (err == nil) || (err == nil && CPU() != CPUAVX512) {
		t.Errorf("SetCPU(%q) = %v with AVX-512 support %v, CPU() = %q", CPUAVX512, err, hasAVX512, CPU())
	}
	if err := SetCPU("sse9"); err == nil || !strings.Contains(err.Error(), `"sse9"`) {
		t.Errorf("SetCPU(\"sse9\") = %v, want an error naming it", err)
	}
}

// TestCPUEnv checks that the environment variable forces the portable path
// of CPUAuto, and that CPUAuto otherwise takes AVX2 where the CPU has it.
func TestCPUEnv(t *testing.T) {
	t.Setenv(CPUEnv, CPUPortable)
	withCPU(t, CPUAuto, func() {
		if CPU() != CPUPortable {
			t.Errorf("%s=%s: auto chose %q", CPUEnv, CPUPortable, CPU())
		}
	})
	t.Setenv(CPUEnv, "")
	withCPU(t, CPUAuto, func() {
		if useAVX2 != hasAVX2 || useAVX512 != hasAVX512 {
			t.Errorf("%s unset: auto chose %q with AVX2 support %v, AVX-512 %v", CPUEnv, CPU(), hasAVX2, hasAVX512)
		}
	})
}

// FuzzAVX2AgreesWithPortable feeds arbitrary bitboards to both paths: moves
// of both sides, flips of every empty square, and perft 2 and 3.
func FuzzAVX2AgreesWithPortable(f *testing.F) {
	addBoardSeeds(f)
	// Corners against every inner-column disc: runs that would wrap.
	f.Add(uint64(0x8100000000000081), uint64(0x7e7e7e7e7e7e7e7e))
	f.Fuzz(func(t *testing.T, p, o uint64) {
		needAVX2(t)
		p &^= o
		withCPU(t, CPUPortable, func() { comparePaths(t, p, o) })
		checkPerftAVX2(t, p, o)
	})
}
