// Package stdrand draws random numbers exactly as C++'s <random> and
// <algorithm> do in libstdc++ (GCC 11 and later): the std::mt19937_64
// engine, std::uniform_int_distribution over 64-bit unsigned integers, and
// std::shuffle, so that a Go program reproduces the draws a C++ program
// makes from the same seed. The course's Einstein runner draws its boards
// and first colours so (einstein/runner).
//
// The engine is the 64-bit Mersenne Twister of Matsumoto and Nishimura,
// as the C++ standard specifies it; the distribution and the shuffle are
// libstdc++'s algorithms, which the standard leaves open: other libraries
// (and libstdc++ before GCC 11 for the distribution, before GCC 10 for the
// shuffle) draw other numbers from the same engine.
package stdrand

import "math/bits"

// The parameters of std::mt19937_64 (C++ [rand.predef]).
const (
	stateWords = 312                // n: 64-bit words of state
	shiftSize  = 156                // m: the twist's middle word
	matrixA    = 0xB5026F5AA96619E9 // a: the twist's matrix
	lowerMask  = 1<<31 - 1          // r = 31 low bits of a word in the twist
	upperMask  = ^uint64(lowerMask) // the other 33 bits
	temperU    = 29                 // u, d: the first tempering shift and mask
	temperD    = 0x5555555555555555 //
	temperS    = 17                 // s, b: the second
	temperB    = 0x71D67FFFEDA60000 //
	temperT    = 37                 // t, c: the third
	temperC    = 0xFFF7EEE000000000 //
	temperL    = 43                 // l: the last shift
	initMult   = 6364136223846793005
	// DefaultSeed is std::mt19937_64's seed when none is given.
	DefaultSeed = 5489
)

// MT64 is std::mt19937_64: seeded with a 64-bit integer, it returns the
// same sequence of 64-bit words as the C++ engine, the 10,000th word from
// DefaultSeed being 9981545732273789042 as the standard requires.
type MT64 struct {
	state [stateWords]uint64
	next  int // the index of the next word to temper; stateWords: twist first
}

// NewMT64 returns the engine seeded with seed, as std::mt19937_64(seed).
func NewMT64(seed uint64) *MT64 {
	g := &MT64{next: stateWords}
	g.state[0] = seed
	for i := 1; i < stateWords; i++ {
		prev := g.state[i-1]
		g.state[i] = initMult*(prev^(prev>>62)) + uint64(i)
	}
	return g
}

// Uint64 returns the engine's next word, as operator() does. With it an
// *MT64 is a math/rand/v2 Source.
func (g *MT64) Uint64() uint64 {
	if g.next >= stateWords {
		g.twist()
	}
	y := g.state[g.next]
	g.next++
	y ^= (y >> temperU) & temperD
	y ^= (y << temperS) & temperB
	y ^= (y << temperT) & temperC
	return y ^ y>>temperL
}

// twist renews the whole state.
func (g *MT64) twist() {
	for i := range stateWords {
		x := g.state[i]&upperMask | g.state[(i+1)%stateWords]&lowerMask
		xa := x >> 1
		if x&1 != 0 {
			xa ^= matrixA
		}
		g.state[i] = g.state[(i+shiftSize)%stateWords] ^ xa
	}
	g.next = 0
}

// Source is what the distributions draw from: uniformly random 64-bit
// words, from 0 to 2^64-1 as std::mt19937_64's (an *MT64).
type Source interface {
	Uint64() uint64
}

// Uniform returns an integer of [a, b] (a <= b) as
// std::uniform_int_distribution<std::uint64_t>(a, b)(g) does, for any
// integer type no wider, given an engine of 64-bit words: Lemire's
// nearly divisionless method on 128-bit products, the engine's word
// alone for the whole range.
func Uniform(g Source, a, b uint64) uint64 {
	span := b - a
	if span == ^uint64(0) {
		return a + g.Uint64()
	}
	n := span + 1
	hi, lo := bits.Mul64(g.Uint64(), n)
	if lo < n {
		threshold := -n % n // 2^64 mod n: the products to refuse
		for lo < threshold {
			hi, lo = bits.Mul64(g.Uint64(), n)
		}
	}
	return a + hi
}

// MaxShuffle bounds Shuffle's n: below it, two positions fit in one draw
// (n*n below 2^64), the only path of libstdc++'s std::shuffle reproduced
// here; a longer range is drawn otherwise there.
const MaxShuffle = 1 << 32

// Shuffle permutes the n elements that swap exchanges as std::shuffle
// does with g: a first swap from {0, 1} when n is even, then positions
// for two elements at a time from a single Uniform. It panics if n is
// not below MaxShuffle, as math/rand's Shuffle does for n < 0.
func Shuffle(g Source, n int, swap func(i, j int)) {
	if n < 0 || uint64(n) >= MaxShuffle {
		panic("stdrand: Shuffle of a range outside 0..MaxShuffle-1")
	}
	un := uint64(n)
	i := uint64(1)
	if un >= 2 && un%2 == 0 {
		swap(int(i), int(Uniform(g, 0, 1)))
		i++
	}
	for i < un {
		b0 := i + 1 // element i goes to a position 0..i
		b1 := b0 + 1
		x := Uniform(g, 0, b0*b1-1)
		swap(int(i), int(x/b1))
		swap(int(i+1), int(x%b1))
		i += 2
	}
}
