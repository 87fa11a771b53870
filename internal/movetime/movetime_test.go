package movetime

import (
	"testing"
	"time"
)

// TestBudget checks the margin by hand: the least margin for short times,
// a tenth for long ones, and half of a share shorter than the margin.
func TestBudget(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct{ share, want time.Duration }{
		{0, 0},
		{100 * ms, 50 * ms},                 // shorter than the margin: half
		{400 * ms, 200 * ms},                // 400-250 = 150 < 200: half
		{time.Second, 750 * ms},             // the least margin
		{2500 * ms, 2250 * ms},              // a tenth is the least margin
		{10 * time.Second, 9 * time.Second}, // a tenth
		{time.Hour, 54 * time.Minute},
	} {
		if got := Budget(c.share); got != c.want {
			t.Errorf("Budget(%v) = %v, want %v", c.share, got, c.want)
		}
	}
}
