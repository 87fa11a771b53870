package nboard

import (
	"context"
	"errors"
	"math/bits"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// ponderFlip is flipThinker that also ponders: each Ponder sends its
// position on started, then runs until its context ends, and records how.
type ponderFlip struct {
	flipThinker
	started chan othello.Position
	mu      sync.Mutex
	ends    []error
	limits  []time.Duration // the time each Ponder's context gave it
}

func (p *ponderFlip) Ponder(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	if d, ok := ctx.Deadline(); ok {
		p.mu.Lock()
		p.limits = append(p.limits, time.Until(d))
		p.mu.Unlock()
	}
	p.started <- g.Position()
	<-ctx.Done()
	p.mu.Lock()
	p.ends = append(p.ends, ctx.Err())
	p.mu.Unlock()
	return thinking.Thought{Playouts: 1, Summary: "fake ponder"}, nil
}

func (p *ponderFlip) ended() []error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]error(nil), p.ends...)
}

// untilMove reads replies up to the "=== " line of a go and returns its
// move.
func (r *running) untilMove(after string) othello.Move {
	r.t.Helper()
	for {
		l := r.next(after)
		if rest, ok := strings.CutPrefix(l, "=== "); ok {
			sq, _, _ := strings.Cut(rest, "/")
			m, err := othello.ParseSquare(sq)
			if err != nil {
				r.t.Fatalf("after %q: %q: %v", after, l, err)
			}
			return m
		}
	}
}

// TestPonderAfterGo checks NBoard's pondering: after a go it ponders the
// position after the move it answered (the GUI plays that move later), a
// ping leaves it pondering, the next go stops it, and so does the end of
// the session, which waits for it.
func TestPonderAfterGo(t *testing.T) {
	th := &ponderFlip{started: make(chan othello.Position, 4)}
	r := startConfig(t, Config{Name: "tester", Thinker: th, ThinkTime: time.Second, Ponder: time.Minute})
	waitPonder := func() othello.Position {
		t.Helper()
		select {
		case pos := <-th.started:
			return pos
		case <-time.After(stepTimeout):
			t.Fatal("no pondering within the step timeout")
			return othello.Position{}
		}
	}
	r.send("go")
	m := r.untilMove("go")
	want := othello.NewGame()
	if err := want.Play(m); err != nil {
		t.Fatal(err)
	}
	if got := waitPonder(); got != want.Position() {
		t.Fatalf("pondered %v, want the position after %v: %v", got, m, want.Position())
	}
	// Two think times, not the minute of the cap: the next go's tree reuse
	// must not outlast its think time.
	th.mu.Lock()
	limits := append([]time.Duration(nil), th.limits...)
	th.mu.Unlock()
	if len(limits) != 1 || limits[0] > 2*time.Second || limits[0] <= 0 {
		t.Fatalf("pondering was given %v, want once, at most two think times (2s)", limits)
	}
	r.send("ping 1")
	for l := r.next("ping 1"); l != "pong 1"; l = r.next("ping 1") {
	}
	if e := th.ended(); len(e) != 0 {
		t.Fatalf("a ping stopped pondering: %v", e)
	}
	r.send("move " + m.String())
	r.send("move " + othello.Move(63-bits.LeadingZeros64(want.Position().Moves())).String())
	r.send("go")
	r.untilMove("the second go")
	if e := th.ended(); len(e) != 1 || !errors.Is(e[0], context.Canceled) {
		t.Fatalf("after the second go the ponders ended with %v, want one, cancelled", e)
	}
	waitPonder()
	r.send("quit")
	if err, _ := r.finish(); err != nil {
		t.Fatal(err)
	}
	if e := th.ended(); len(e) != 2 {
		t.Fatalf("Serve returned with %d ponders ended, want 2: the session waits for its pondering", len(e))
	}
}
