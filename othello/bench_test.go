package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/internal/wyrand"
)

// benchPositions returns positions from seeded random games, a fair mix of
// openings, middle games and endgames for the move-generation benchmarks.
func benchPositions() []Position {
	rng := rand.New(rand.NewPCG(7, 8))
	var out []Position
	for len(out) < 4096 {
		pos := Start()
		for !pos.GameOver() {
			out = append(out, pos)
			pos = randomStep(rng, pos)
		}
	}
	return out[:4096]
}

// benchPaths runs f as one sub-benchmark per move-generation path this CPU
// has, named cpu=avx512, cpu=avx2 and cpu=portable, so that every result says which
// path it measured and one run (with -count) interleaves both.
func benchPaths(b *testing.B, f func(b *testing.B)) {
	paths := []string{CPUPortable}
	if hasAVX2 {
		paths = []string{CPUAVX2, CPUPortable}
	}
	if hasAVX512 {
		paths = append([]string{CPUAVX512}, paths...)
	}
	for _, name := range paths {
		b.Run("cpu="+name, func(b *testing.B) { withCPU(b, name, func() { f(b) }) })
	}
}

// BenchmarkMoves measures legal-move generation, one position per op.
func BenchmarkMoves(b *testing.B) { benchPaths(b, benchMoves) }

func benchMoves(b *testing.B) {
	ps := benchPositions()
	var sink uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i&4095]
		sink ^= Moves(p.Player, p.Opponent)
	}
	_ = sink
}

// BenchmarkFlips measures flips of one legal move per op.
func BenchmarkFlips(b *testing.B) { benchPaths(b, benchFlips) }

// benchMove is a legal move of a benchmark position.
type benchMove struct {
	p, o uint64
	sq   int
}

// benchMoveList returns the first legal move of every benchPositions position
// that has one.
func benchMoveList() []benchMove {
	var ms []benchMove
	for _, p := range benchPositions() {
		if m := p.Moves(); m != 0 {
			ms = append(ms, benchMove{p.Player, p.Opponent, bits.TrailingZeros64(m)})
		}
	}
	return ms
}

func benchFlips(b *testing.B) {
	ms := benchMoveList()
	n := len(ms)
	var sink uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := &ms[i%n]
		sink ^= Flips(m.p, m.o, m.sq)
	}
	_ = sink
}

// BenchmarkFlipsReplies measures FlipsReplies of one legal move per op;
// BenchmarkFlipsThenMoves the two calls it replaces, for the ratio.
func BenchmarkFlipsReplies(b *testing.B) { benchPaths(b, benchFlipsReplies) }

func benchFlipsReplies(b *testing.B) {
	ms := benchMoveList()
	n := len(ms)
	var sink uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := &ms[i%n]
		f, r := FlipsReplies(m.p, m.o, m.sq)
		sink ^= f ^ r
	}
	_ = sink
}

// BenchmarkFlipsThenMoves is BenchmarkFlipsReplies with Flips and Moves.
func BenchmarkFlipsThenMoves(b *testing.B) { benchPaths(b, benchFlipsThenMoves) }

func benchFlipsThenMoves(b *testing.B) {
	ms := benchMoveList()
	n := len(ms)
	var sink uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := &ms[i%n]
		f := Flips(m.p, m.o, m.sq)
		sink ^= f ^ Moves(m.o^f, m.p|f|1<<m.sq)
	}
	_ = sink
}

func benchPerft(b *testing.B, depth int, want uint64) {
	benchPaths(b, func(b *testing.B) { benchPerftPath(b, depth, want) })
}

func benchPerftPath(b *testing.B, depth int, want uint64) {
	b.ReportAllocs()
	var leaves uint64
	for i := 0; i < b.N; i++ {
		if got := Perft(Start(), depth); got != want {
			b.Fatalf("perft %d = %d, want %d", depth, got, want)
		}
		leaves += want
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerft9 is perft 9 from the start position (3,005,288 leaves).
func BenchmarkPerft9(b *testing.B) { benchPerft(b, 9, 3005288) }

// BenchmarkPerft11 is perft 11 from the start position (212,258,800
// leaves), the figure compared with C implementations in docs/performance.md.
func BenchmarkPerft11(b *testing.B) { benchPerft(b, 11, 212258800) }

// BenchmarkRandomGame is one uniformly random game from the start per op,
// the engine's playout: on the portable path, and on the AVX2 path with
// each way of picking the k-th move (select=pdep only where the CPU has
// BMI2), so that the pick can be chosen by measurement.
func BenchmarkRandomGame(b *testing.B) {
	type variant struct {
		name string
		cpu  string
		play func(p, o uint64, r *wyrand.RNG) (uint64, uint64)
	}
	vs := []variant{{"cpu=portable", CPUPortable, randomGame}}
	if hasAVX2 {
		vs = append(vs, variant{"cpu=avx2/select=loop", CPUAVX2, randomGameAVX2})
	}
	if hasAVX2 && hasBMI2 {
		vs = append(vs, variant{"cpu=avx2/select=pdep", CPUAVX2, randomGamePDEP})
	}
	if hasAVX512 {
		vs = append(vs, variant{"cpu=avx512/select=pdep", CPUAVX512, randomGame512})
	}
	start := Start()
	for _, v := range vs {
		b.Run(v.name, func(b *testing.B) {
			withCPU(b, v.cpu, func() {
				r := wyrand.New(1)
				var discs int
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					mine, theirs := v.play(start.Player, start.Opponent, &r)
					discs += bits.OnesCount64(mine | theirs)
				}
				if discs < b.N*4 || discs > b.N*64 {
					b.Fatalf("%d games ended with %d discs in all", b.N, discs)
				}
			})
		})
	}
}
