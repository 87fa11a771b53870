package console

import (
	"testing"
	"time"
)

// TestThinkBudget: the search keeps a tenth of the limit back, and at
// least 250 ms.
func TestThinkBudget(t *testing.T) {
	for _, c := range []struct {
		seconds int
		want    time.Duration
	}{{1, 750 * time.Millisecond}, {2, 1750 * time.Millisecond}, {10, 9 * time.Second}, {3600, 3240 * time.Second}} {
		if got := ThinkBudget(c.seconds); got != c.want {
			t.Errorf("ThinkBudget(%d) = %v, want %v", c.seconds, got, c.want)
		}
	}
}
