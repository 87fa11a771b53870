package goban

// zobrist holds one random 64-bit key per colour and cell; the hash of a
// position is the exclusive or of the keys of its stones. It is a constant
// table, filled once by SplitMix64 from a fixed seed so that hashes are the
// same in every run.
var zobrist = func() (t [3][maxCells]uint64) {
	state := uint64(zobristSeed)
	for _, c := range []Color{Black, White} {
		for i := range t[c] {
			state += splitmixGamma
			t[c][i] = splitmix(state)
		}
	}
	return t
}()

// zobristSeed is an arbitrary fixed seed for the key table.
const zobristSeed = 0x676f62616e // "goban"

// splitmixGamma is SplitMix64's state increment (an odd constant: the
// fractional part of the golden ratio).
const splitmixGamma = 0x9e3779b97f4a7c15

// splitmix is SplitMix64's output function, a bijective mix of its state.
func splitmix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
