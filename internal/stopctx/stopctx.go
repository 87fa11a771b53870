// Package stopctx has a context for tests that stop a search after a
// fixed amount of work rather than time: the endgame solver looks at its
// context every few hundred nodes, so a solve under AfterLooks stops at
// the same node on every machine, however loaded.
package stopctx

import "context"

// AfterLooks is a context whose Err reports it cancelled from its N+1-th
// call on; everything else is the embedded Context's (use
// context.Background()). It is not safe for concurrent use.
type AfterLooks struct {
	context.Context
	N int
}

// After returns an AfterLooks over context.Background() that ends at its
// n+1-th look.
func After(n int) *AfterLooks { return &AfterLooks{Context: context.Background(), N: n} }

// Err returns nil for the first N calls, then context.Canceled.
func (c *AfterLooks) Err() error {
	if c.N--; c.N < 0 {
		return context.Canceled
	}
	return nil
}
