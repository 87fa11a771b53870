package endgame

import (
	"testing"
	"time"
)

// TestFFO40to44 solves the FFO endgames #40 to #44 (20 to 24 empty
// squares) and checks the published score and best moves. #45 to #59 take
// minutes: `search --solve endgame/testdata/ffo40-59.txt` (docs/endgame.md)
// solves them all, to compare with the published move and score that end
// each line of the file.
func TestFFO40to44(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector; the solver is single-goroutine code")
	}
	s, err := New(DefaultTableBytes)
	if err != nil {
		t.Fatal(err)
	}
	setOrderEval(t, s) // as search does; the answers must not change
	for _, e := range readFFO(t)[:5] {
		start := time.Now()
		r := mustSolve(t, s, e.pos, Exact)
		t.Logf("#%d: %+d %v, %d nodes, %v", e.id, r.Score, r.Move, r.Nodes, time.Since(start).Round(time.Millisecond))
		if r.Score != e.score || !contains(e.best, r.Move) {
			t.Errorf("#%d: got %+d %v, want %+d %v", e.id, r.Score, r.Move, e.score, e.best)
		}
	}
}
