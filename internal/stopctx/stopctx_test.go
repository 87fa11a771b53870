package stopctx

import (
	"context"
	"errors"
	"testing"
)

// TestAfterLooks checks that Err stays nil exactly N times, then reports
// the cancellation on every later call.
func TestAfterLooks(t *testing.T) {
	for _, n := range []int{0, 1, 5} {
		c := After(n)
		for i := range n + 3 {
			err := c.Err()
			if want := i >= n; (err != nil) != want || (err != nil && !errors.Is(err, context.Canceled)) {
				t.Fatalf("N=%d, call %d: %v, want cancelled %v", n, i+1, err, want)
			}
		}
	}
}
