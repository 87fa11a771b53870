package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/internal/wyrand"
)

// compareRandomGames plays the game of p, o and seed on the portable path
// and with each assembly random game this CPU has, and fails unless all end
// on the same discs with the generator in the same state: the same draws,
// so the same game. The caller forces the portable path (withCPU).
func compareRandomGames(t testing.TB, p, o, seed uint64) {
	t.Helper()
	p &^= o
	ref := wyrand.New(seed)
	wantMine, wantTheirs := randomGame(p, o, &ref)
	type asmGame struct {
		name string
		play func(p, o uint64, r *wyrand.RNG) (uint64, uint64)
	}
	games := []asmGame{{"randomGameAVX2", randomGameAVX2}}
	if hasBMI2 {
		games = append(games, asmGame{"randomGamePDEP", randomGamePDEP})
	}
	if hasAVX512 {
		games = append(games, asmGame{"randomGame512", randomGame512})
	}
	for _, g := range games {
		r := wyrand.New(seed)
		mine, theirs := g.play(p, o, &r)
		if mine != wantMine || theirs != wantTheirs || r != ref {
			t.Fatalf("p %#x o %#x seed %d: %s ends %#x %#x (generator %v), portable %#x %#x (generator %v)",
				p, o, seed, g.name, mine, theirs, r, wantMine, wantTheirs, ref)
		}
	}
}

// TestRandomGameAVX2AgreesWithPortable plays 200,000 seeded games (a tenth
// with -short or the race detector) both ways: from positions of random
// games at every ply, so from the start, the middle game and the last
// empties, and from arbitrary boards of varied density, where passes and
// finished or full boards are common.
func TestRandomGameAVX2AgreesWithPortable(t *testing.T) {
	needAVX2(t)
	want := 200_000
	if testing.Short() || raceEnabled {
		want /= 10
	}
	rng := rand.New(rand.NewPCG(24, 2))
	withCPU(t, CPUPortable, func() {
		n := 0
		for n < want/2 {
			pos := Start()
			for ply := 0; ply < 130 && !pos.GameOver(); ply++ {
				compareRandomGames(t, pos.Player, pos.Opponent, rng.Uint64())
				n++
				pos = randomStep(rng, pos)
			}
			compareRandomGames(t, pos.Player, pos.Opponent, rng.Uint64())
		}
		for ; n < want; n++ {
			density := rng.Uint64() | rng.Uint64()
			if n%2 == 0 {
				density &= rng.Uint64()
			}
			compareRandomGames(t, rng.Uint64()&density, rng.Uint64()&density, rng.Uint64())
		}
		compareRandomGames(t, ^uint64(0), 0, 1) // a full board
		compareRandomGames(t, 0, 0, 1)          // an empty one: no move for ever
	})
}

// TestRandomGamePlaysLegalGames checks the portable random game, the
// reference of the assembly, move by move against Position's rules: it
// replays the draws on a Position and must end where randomGame does.
func TestRandomGamePlaysLegalGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 3))
	withCPU(t, CPUPortable, func() {
		for i := 0; i < 2000; i++ {
			pos := Start()
			for range rng.IntN(61) {
				if pos.GameOver() {
					break
				}
				pos = randomStep(rng, pos)
			}
			seed := rng.Uint64()
			fast, ref := wyrand.New(seed), wyrand.New(seed)
			mine, theirs := randomGame(pos.Player, pos.Opponent, &fast)
			end := pos
			for !end.GameOver() {
				var legal []Move
				for m := end.Moves(); m != 0; m &= m - 1 {
					legal = append(legal, Move(bits.TrailingZeros64(m)))
				}
				if len(legal) == 0 {
					end = end.Pass()
					continue
				}
				end = end.Play(legal[ref.Bounded(uint64(len(legal)))])
			}
			wantMine, wantTheirs := end.Player, end.Opponent
			if end.Turn != pos.Turn {
				wantMine, wantTheirs = wantTheirs, wantMine
			}
			if mine != wantMine || theirs != wantTheirs || fast != ref {
				t.Fatalf("%v seed %d: randomGame ends %#x %#x, the rules %#x %#x", pos, seed, mine, theirs, wantMine, wantTheirs)
			}
		}
	})
}

// FuzzRandomGameAVX2 plays arbitrary boards and seeds both ways.
func FuzzRandomGameAVX2(f *testing.F) {
	f.Add(uint64(startBlack), uint64(startWhite), uint64(1))
	f.Add(uint64(0), uint64(0), uint64(2))
	f.Add(^uint64(0)>>1, uint64(1)<<63, uint64(3))
	f.Add(uint64(0x0000001818000000), uint64(0x007e424242427e00), uint64(4))
	f.Fuzz(func(t *testing.T, p, o, seed uint64) {
		needAVX2(t)
		withCPU(t, CPUPortable, func() { compareRandomGames(t, p, o, seed) })
	})
}

// TestNthBit compares NthBit with a direct scan on random bitboards.
func TestNthBit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 10000; i++ {
		b := r.Uint64() & r.Uint64() // about 16 bits set
		if i%10 == 0 {
			b = r.Uint64()
		}
		k := uint64(0)
		for sq := 0; sq < 64; sq++ {
			if b&(1<<sq) == 0 {
				continue
			}
			if got := NthBit(b, k); got != sq {
				t.Fatalf("NthBit(%#x, %d) = %d, want %d", b, k, got, sq)
			}
			k++
		}
		if k != uint64(bits.OnesCount64(b)) {
			t.Fatalf("scan found %d bits, popcount %d", k, bits.OnesCount64(b))
		}
	}
}
