package killallgo

// handicapXY are black's handicap stones, (x, y), in the order they are
// placed: the four 3-3 points, two at a time on opposite corners, then the
// centre, then the middle of the lower side.
var handicapXY = [...][2]int{{3, 3}, {5, 5}, {5, 3}, {3, 5}, {4, 4}, {4, 2}}

// MaxHandicap is the number of handicap stones Handicap knows.
const MaxHandicap = len(handicapXY)

// Handicap returns the first n of black's handicap stones, 0 <= n <=
// MaxHandicap (C3, E5, E3, C5, D4, D2 in that order), or nil and false
// for any other n.
func Handicap(n int) ([]Move, bool) {
	if n < 0 || n > MaxHandicap {
		return nil, false
	}
	ms := make([]Move, n)
	for i, s := range handicapXY[:n] {
		ms[i], _ = At(s[0], s[1])
	}
	return ms, true
}
