package stdrand

import (
	"strconv"
	"strings"
	"testing"
)

// The expected values below are independent of this code: the C++
// standard's own check of std::mt19937_64 ([rand.predef]: the 10,000th
// word of a default-constructed engine is 9981545732273789042), and for
// the rest the output of a small C++ program built with g++ 12.2.0
// (Debian 12.2.0-14) and its libstdc++, -std=c++17 -O2, outside the
// repository: for each seed, the engine's first words; 16 draws of
// std::uniform_int_distribution<int>(1, 2) on a fresh engine (the course
// runner's coin); 12 std::shuffle of the string "123456" on another (its
// boards); and on a third, one draw of
// std::uniform_int_distribution<unsigned long>(0, hi) for each hi in
// 1, 5, 11, 29, 1000000, 2^64-1, in that order.

// TestStandardCheck: the standard's required value.
func TestStandardCheck(t *testing.T) {
	g := NewMT64(DefaultSeed)
	var v uint64
	for range 10000 {
		v = g.Uint64()
	}
	if v != 9981545732273789042 {
		t.Errorf("10000th word of the default engine: %d, want 9981545732273789042", v)
	}
	g = NewMT64(DefaultSeed)
	for i, want := range []uint64{14514284786278117030, 4620546740167642908, 13109570281517897720} {
		if got := g.Uint64(); got != want {
			t.Errorf("default engine word %d: %d, want %d", i+1, got, want)
		}
	}
}

// reference is the C++ program's output for one seed.
type reference struct {
	seed    uint64
	first   []uint64
	coins   string
	layouts string
	uniform []uint64
}

var references = []reference{
	{0, []uint64{2947667278772165694, 18301848765998365067, 729919693006235833},
		"1 2 1 2 2 1 2 1 2 2 1 2 2 1 1 1",
		"563421 564213 162354 162534 462135 246513 521463 534261 415362 432651 316245 213456",
		[]uint64{0, 5, 0, 17, 542285, 1054412044467431918}},
	{1, []uint64{2469588189546311528, 2516265689700432462, 8323445853463659930},
		"1 1 1 1 1 2 1 1 2 2 1 2 2 1 1 1",
		"365124 431652 415326 345261 625143 612453 356412 152643 542631 463521 435621 315246",
		[]uint64{0, 0, 5, 0, 350898, 16811588669333006409}},
	{2018, []uint64{14048071241585063174, 1925733259319311721, 5304684726557352577},
		"2 1 1 2 1 1 2 1 1 2 1 2 1 1 2 2",
		"356241 351462 561432 361452 461253 541236 265431 324156 513246 432651 521364 145623",
		[]uint64{1, 0, 3, 21, 293727, 6525259800068415589}},
	{18446744073709551615, []uint64{478026398904862820, 13243134898385798468, 709236020254955927},
		"1 2 1 2 2 2 1 1 1 1 2 2 1 2 1 1",
		"563241 125634 631245 214563 615342 436251 514236 354621 453612 123645 245163 523641",
		[]uint64{0, 4, 0, 15, 936702, 9673544723405839539}},
}

// TestAgainstLibstdcxx: the engine, the distribution and the shuffle
// draw what libstdc++ draws from the same seeds.
func TestAgainstLibstdcxx(t *testing.T) {
	for _, r := range references {
		g := NewMT64(r.seed)
		for i, want := range r.first {
			if got := g.Uint64(); got != want {
				t.Errorf("seed %d: word %d = %d, want %d", r.seed, i+1, got, want)
			}
		}
		c := NewMT64(r.seed)
		var coins []string
		for range 16 {
			coins = append(coins, strconv.FormatUint(Uniform(c, 1, 2), 10))
		}
		if got := strings.Join(coins, " "); got != r.coins {
			t.Errorf("seed %d: coins %s, want %s", r.seed, got, r.coins)
		}
		l := NewMT64(r.seed)
		var layouts []string
		for range 12 {
			a := []byte("123456")
			Shuffle(l, len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
			layouts = append(layouts, string(a))
		}
		if got := strings.Join(layouts, " "); got != r.layouts {
			t.Errorf("seed %d: layouts %s, want %s", r.seed, got, r.layouts)
		}
		u := NewMT64(r.seed)
		for i, hi := range []uint64{1, 5, 11, 29, 1000000, ^uint64(0)} {
			if got := Uniform(u, 0, hi); got != r.uniform[i] {
				t.Errorf("seed %d: uniform [0, %d] = %d, want %d", r.seed, hi, got, r.uniform[i])
			}
		}
	}
}

// TestShuffleLengths: every length up to 9 gives a permutation, an
// empty range swaps nothing, and a range out of bounds is refused.
func TestShuffleLengths(t *testing.T) {
	for n := 0; n <= 9; n++ {
		checkPermutation(t, NewMT64(uint64(n)), n)
	}
	Shuffle(NewMT64(1), 0, func(int, int) { t.Fatal("swapped in an empty range") })
	bound := uint64(MaxShuffle) // a variable: the constant overflows a 32-bit int
	for _, n := range []int{-1, int(bound)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Shuffle of %d elements did not panic", n)
				}
			}()
			Shuffle(NewMT64(1), n, func(int, int) {})
		}()
	}
}

// checkPermutation shuffles 0..n-1 and checks that each appears once.
func checkPermutation(t *testing.T, g Source, n int) {
	t.Helper()
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	Shuffle(g, n, func(i, j int) { a[i], a[j] = a[j], a[i] })
	seen := make([]bool, n)
	for _, v := range a {
		if v < 0 || v >= n || seen[v] {
			t.Fatalf("n %d: %v is not a permutation", n, a)
		}
		seen[v] = true
	}
}

// BenchmarkMT64 measures a word of the engine.
func BenchmarkMT64(b *testing.B) {
	g := NewMT64(1)
	var s uint64
	for b.Loop() {
		s += g.Uint64()
	}
	_ = s
}
