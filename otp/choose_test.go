package otp

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// stuckThinker ignores its context: it returns only when release is closed,
// like a search caught in a loop that never checks its deadline. It counts
// its calls and the most calls ever running at once.
type stuckThinker struct {
	release chan struct{}
	calls   atomic.Int32
	running atomic.Int32
	most    atomic.Int32
}

func (s *stuckThinker) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	s.calls.Add(1)
	n := s.running.Add(1)
	defer s.running.Add(-1)
	for {
		m := s.most.Load()
		if n <= m || s.most.CompareAndSwap(m, n) {
			break
		}
	}
	<-s.release
	return thinking.Thought{Move: highestMove(g.Position())}, nil
}

// slack bounds how much later than its deadline plus HardGrace a Choose
// may return on a loaded machine before the test calls it late: generous,
// since the test checks that the hard deadline exists, not its precision.
const slack = 2 * time.Second

// TestChooseHardDeadline checks that a Thinker ignoring its context costs
// the fallback move at the hard deadline, not the reply, and that the next
// search waits for the abandoned one instead of running beside it.
func TestChooseHardDeadline(t *testing.T) {
	th := &stuckThinker{release: make(chan struct{})}
	c := NewChooser(th, nil)
	g := othello.NewGame()
	want := FallbackMove(g.Position())
	const think = 50 * time.Millisecond

	for i := 1; i <= 2; i++ {
		start := time.Now()
		ch := c.Choose(context.Background(), g, think)
		took := time.Since(start)
		if ch.Move != want || ch.Err == nil || !ch.Searched {
			t.Fatalf("Choose %d with a stuck thinker = %v, err %v, searched %v; want the fallback %v with an error",
				i, ch.Move, ch.Err, ch.Searched, want)
		}
		if took < think || took > think+HardGrace+slack {
			t.Errorf("Choose %d returned after %v, want about %v (think time + grace)", i, took, think+HardGrace)
		}
		if n := th.calls.Load(); n != 1 {
			t.Errorf("after Choose %d the thinker was called %d times, want 1: the second must wait for the first", i, n)
		}
	}
	if g.Len() != 0 {
		t.Errorf("Choose played %d plies on the game, want none", g.Len())
	}

	// Once the stuck search returns, the next one runs.
	close(th.release)
	ch := c.Choose(context.Background(), g, 5*time.Second)
	if got := highestMove(g.Position()); ch.Move != got || ch.Err != nil {
		t.Errorf("Choose after the release = %v, err %v; want the thinker's %v", ch.Move, ch.Err, got)
	}
	if n := th.calls.Load(); n != 2 {
		t.Errorf("thinker called %d times, want 2", n)
	}
	if n := th.most.Load(); n != 1 {
		t.Errorf("%d Think calls ran at once, want 1", n)
	}
}

// TestSessionHardDeadline checks the same through the judge front end:
// genmove answers a legal move in time and plays it.
func TestSessionHardDeadline(t *testing.T) {
	th := &stuckThinker{release: make(chan struct{})}
	defer close(th.release)
	s, err := NewSession(SessionConfig{Name: "stuck", Thinker: th, ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 1)
	go func() {
		reply, _ := s.Handle(context.Background(), "genmove")
		done <- reply
	}()
	select {
	case reply := <-done:
		if want := "genmove " + FallbackMove(othello.Start()).OTP(); reply != want {
			t.Errorf("genmove with a stuck thinker = %q, want %q", reply, want)
		}
	case <-time.After(50*time.Millisecond + HardGrace + slack):
		t.Fatal("genmove with a stuck thinker did not answer by its hard deadline")
	}
	if s.Game().Len() != 1 {
		t.Errorf("%d plies played, want the fallback move", s.Game().Len())
	}
}

func TestChooseForced(t *testing.T) {
	// Black on b1, white on a1: black has no move; white's only move is c1.
	pos, err := othello.ParseBoard64("OX"+strings.Repeat("-", 62), othello.Black)
	if err != nil {
		t.Fatal(err)
	}
	th := &fakeThinker{}
	c := NewChooser(th, nil)
	for _, tc := range []struct {
		pos  othello.Position
		want othello.Move
	}{
		{pos, othello.Pass},
		{pos.Play(othello.Pass), othello.MoveAt(0, 2)},
	} {
		g := othello.NewGame()
		if err := g.SetPosition(tc.pos, 0); err != nil {
			t.Fatal(err)
		}
		ch := c.Choose(context.Background(), g, time.Second)
		if ch.Move != tc.want || ch.Searched || ch.Err != nil {
			t.Errorf("Choose on %s = %v, searched %v, err %v; want %v without a search", tc.pos, ch.Move, ch.Searched, ch.Err, tc.want)
		}
	}
	if th.calls != 0 {
		t.Errorf("thinker called %d times for forced moves, want 0", th.calls)
	}
}

func TestChooseFallback(t *testing.T) {
	boom := errors.New("boom")
	for _, tc := range []struct {
		name  string
		think func(context.Context, *othello.Game) (thinking.Thought, error)
	}{
		{"error", func(context.Context, *othello.Game) (thinking.Thought, error) { return thinking.Thought{}, boom }},
		{"illegal", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{Move: othello.MoveAt(0, 0)}, nil
		}},
		{"panic", func(context.Context, *othello.Game) (thinking.Thought, error) { panic("bug") }},
	} {
		c := NewChooser(&fakeThinker{think: tc.think}, nil)
		g := othello.NewGame()
		ch := c.Choose(context.Background(), g, time.Second)
		if want := FallbackMove(g.Position()); ch.Move != want || ch.Err == nil || !ch.Searched {
			t.Errorf("%s: Choose = %v, err %v, searched %v; want the fallback %v with an error", tc.name, ch.Move, ch.Err, ch.Searched, want)
		}
	}
}

// TestChooseCancelled cancels the caller's context while the search runs,
// and while it waits for an abandoned one: a cancellation is what the
// caller asked for, so Choose reports it (Err wraps context.Canceled) and
// logs it at debug level, never as a failed search.
func TestChooseCancelled(t *testing.T) {
	// untilCancelled thinks until its context ends, then answers as a
	// search may: with an error, or with the best move so far.
	untilCancelled := func(withErr bool) func(context.Context, *othello.Game) (thinking.Thought, error) {
		return func(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
			<-ctx.Done()
			if withErr {
				return thinking.Thought{}, ctx.Err()
			}
			return thinking.Thought{Move: highestMove(g.Position()), Summary: "stopped: cancelled"}, nil
		}
	}
	stuck := &stuckThinker{release: make(chan struct{})}
	defer close(stuck.release)
	for _, tc := range []struct {
		name    string
		thinker thinking.Thinker
		// busy starts a search first that is abandoned and never
		// returns, so that the cancelled one is still waiting for it.
		busy bool
	}{
		{"search fails", &fakeThinker{think: untilCancelled(true)}, false},
		{"search answers", &fakeThinker{think: untilCancelled(false)}, false},
		{"waiting for the previous search", stuck, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			core, logs := observer.New(zapcore.DebugLevel)
			c := NewChooser(tc.thinker, zap.New(core))
			g := othello.NewGame()
			if tc.busy {
				c.Choose(context.Background(), g, time.Millisecond) // abandoned at its hard deadline
				logs.TakeAll()
			}
			ctx, cancel := context.WithCancel(context.Background())
			const think = 5 * time.Second
			time.AfterFunc(50*time.Millisecond, cancel)
			start := time.Now()
			ch := c.Choose(ctx, g, think)
			if took := time.Since(start); took > think/2 {
				t.Errorf("Choose returned %v after the start, want soon after the cancellation", took)
			}
			if !errors.Is(ch.Err, context.Canceled) || !g.Position().IsLegal(ch.Move) {
				t.Errorf("Choose = %v, err %v; want a legal move and context.Canceled", ch.Move, ch.Err)
			}
			for _, e := range logs.All() {
				if e.Level > zapcore.DebugLevel {
					t.Errorf("logged %v %q %v, want only debug lines for a cancellation", e.Level, e.Message, e.ContextMap())
				}
			}
			if n := logs.FilterMessageSnippet("search cancelled").Len(); n != 1 {
				t.Errorf("%d \"search cancelled\" lines, want 1; logs %v", n, logs.All())
			}
		})
	}
}
