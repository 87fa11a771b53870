package samegame

// zobrist[(x*MaxSize+y)*NumColours+c] is the key of colour c at column x,
// row y. A constant table, computed once from a fixed seed so that hashes
// are the same in every run (reproducible searches and tables).
var zobrist = makeZobrist()

// zobristSeed is an arbitrary fixed seed; any value gives a good table.
const zobristSeed = 0x5a3e_9a3e_0000_0020

func makeZobrist() *[MaxSize * MaxSize * NumColours]uint64 {
	var t [MaxSize * MaxSize * NumColours]uint64
	s := uint64(zobristSeed)
	for i := range t {
		// splitmix64: well-mixed 64-bit values from a counter.
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		t[i] = z ^ (z >> 31)
	}
	return &t
}

// Hash returns a Zobrist hash of the position: the cells as they stand
// (after falling and shifting), so two move orders that reach the same
// position give the same hash, whatever the board's original width. It
// is for transposition tables; distinct positions collide with
// probability about 2^-64 per pair.
func (b *Board) Hash() uint64 {
	var h uint64
	for x := 0; x < int(b.cols); x++ {
		base := x * MaxSize
		for y := 0; y < int(b.heights[x]); y++ {
			h ^= zobrist[(base+y)*NumColours+int(b.cells[base+y])-1]
		}
	}
	return h
}
