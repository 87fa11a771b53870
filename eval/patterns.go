package eval

// The pattern set: which squares each pattern reads, and where its weights
// live. A pattern class is a list of squares in its base orientation; its
// instances are the same squares read on images of the board under its
// symmetries (features.go), so the eight symmetric images of a position
// activate the same weights and the evaluation is symmetric by construction.
//
// The classes are those of strong pattern-based Othello programs: the edge
// with its two X squares, the 3x3 and 2x5 corner blocks, the second, third
// and fourth rows (and columns), and the diagonals of length 4 to 8. Edges
// and corners decide stability, the inner rows and diagonals mobility and
// frontier.

// PatternSetID identifies this pattern set (classes, square order, instance
// order and weight layout) in weight files; a change to any of them must
// change it.
const PatternSetID = 1

// NumInstances is the number of pattern instances read from every position.
const NumInstances = 46

// maxSquares is the size of the largest pattern.
const maxSquares = 10

// Raw sizes (3^squares) of the classes.
const (
	pow4, pow5, pow6, pow7, pow8, pow9, pow10 = 81, 243, 729, 2187, 6561, 19683, 59049
)

// Offsets of the classes in a phase's raw weight table: a class's weights
// are indexed by offset + base-3 index of its squares. The bias (a constant
// for the side to move, such as the value of having the move) comes last.
const (
	offCorner33 = 0
	offCorner25 = offCorner33 + pow9
	offEdge2X   = offCorner25 + pow10
	offRow2     = offEdge2X + pow10
	offRow3     = offRow2 + pow8
	offRow4     = offRow3 + pow8
	offDiag8    = offRow4 + pow8
	offDiag7    = offDiag8 + pow8
	offDiag6    = offDiag7 + pow7
	offDiag5    = offDiag6 + pow6
	offDiag4    = offDiag5 + pow5
	offBias     = offDiag4 + pow4
	// rawStride is the length of one phase's raw table.
	rawStride = offBias + 1
)

// class is one pattern class.
type class struct {
	name      string
	squares   []string // in base orientation, in the order of the base-3 digits
	offset    uint32   // of its weights in a phase's raw table
	images    []int    // the board images (othello.TransformBits numbers) its instances are read on
	symmetry  []int    // a permutation of digit positions that maps the squares onto themselves, or nil
	firstInst int      // index of its first instance in the features array
}

// classes is the pattern set, in the order of features' instances. Each
// class's symmetry is the one board symmetry (other than the identity) that
// maps its square set onto itself: its weights must not change under that
// reordering of digits, or an image of a position would evaluate
// differently, so such configurations share one weight.
var classes = [...]class{
	{"corner3x3", []string{"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}, offCorner33,
		[]int{0, 1, 2, 3}, []int{0, 3, 6, 1, 4, 7, 2, 5, 8}, 0},
	{"corner2x5", []string{"a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"}, offCorner25,
		[]int{0, 1, 2, 3, 4, 5, 6, 7}, nil, 4},
	{"edge2X", []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2"}, offEdge2X,
		[]int{0, 2, 4, 5}, []int{7, 6, 5, 4, 3, 2, 1, 0, 9, 8}, 12},
	{"row2", []string{"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"}, offRow2,
		[]int{0, 2, 4, 5}, reversal(8), 16},
	{"row3", []string{"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"}, offRow3,
		[]int{0, 2, 4, 5}, reversal(8), 20},
	{"row4", []string{"a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"}, offRow4,
		[]int{0, 2, 4, 5}, reversal(8), 24},
	{"diagonal8", []string{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}, offDiag8,
		[]int{0, 1}, reversal(8), 28},
	{"diagonal7", []string{"b1", "c2", "d3", "e4", "f5", "g6", "h7"}, offDiag7,
		[]int{0, 1, 4, 5}, reversal(7), 30},
	{"diagonal6", []string{"c1", "d2", "e3", "f4", "g5", "h6"}, offDiag6,
		[]int{0, 1, 4, 5}, reversal(6), 34},
	{"diagonal5", []string{"d1", "e2", "f3", "g4", "h5"}, offDiag5,
		[]int{0, 1, 4, 5}, reversal(5), 38},
	{"diagonal4", []string{"e1", "f2", "g3", "h4"}, offDiag4,
		[]int{0, 1, 4, 5}, reversal(4), 42},
}

// reversal returns the permutation that reverses n digits.
func reversal(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = n - 1 - i
	}
	return p
}

// size returns the number of raw weights of the class, 3^squares.
func (c *class) size() uint32 {
	n := uint32(1)
	for range c.squares {
		n *= 3
	}
	return n
}

// partner returns the raw index (without offset) whose configuration is
// the image of idx's under the class's symmetry; idx itself when the class
// has none.
func (c *class) partner(idx uint32) uint32 {
	if c.symmetry == nil {
		return idx
	}
	var digits [maxSquares]uint32
	for i := range c.squares {
		digits[i] = idx % 3
		idx /= 3
	}
	out, p := uint32(0), uint32(1)
	// Every symmetry is a reflection (its own inverse), so digit i of the
	// image is digit symmetry[i] of the original.
	for i := range c.squares {
		out += digits[c.symmetry[i]] * p
		p *= 3
	}
	return out
}
