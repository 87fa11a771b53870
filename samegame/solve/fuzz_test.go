package solve

import (
	"testing"

	"github.com/tcgothello/mcts/samegame"
)

// boardFromBytes makes a board of 2x2..5x5 with 2..4 colours from fuzz
// input: a size byte, a colour-count byte, then the cells.
func boardFromBytes(data []byte) (samegame.Board, bool) {
	if len(data) < 2 {
		return samegame.Board{}, false
	}
	w, h := 2+int(data[0]%4), 2+int(data[0]/4%4)
	colours := 2 + int(data[1]%3)
	cells := data[2:]
	if len(cells) < w*h {
		return samegame.Board{}, false
	}
	rows := make([]string, h)
	for y := range rows {
		row := make([]byte, w)
		for x := range row {
			row[x] = byte('0' + int(cells[y*w+x])%colours)
		}
		rows[y] = string(row)
	}
	return samegame.MustBoard(rows...), true
}

// FuzzAgainstReference: the solver agrees with the plain recursion on
// every objective and variant, with and without the penalty, on boards
// the fuzzer makes.
func FuzzAgainstReference(f *testing.F) {
	f.Add([]byte{0, 0, 1, 2, 3, 4})
	f.Add([]byte{15, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2})
	f.Add([]byte{5, 2, 3, 3, 1, 1, 2, 2, 0, 0, 1})
	s := solvers(1, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, ok := boardFromBytes(data)
		if !ok {
			t.Skip()
		}
		checkBoard(t, s, b)
	})
}
