package otp

import (
	"context"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// BenchmarkSessionPlayUndo measures the session's own cost per command (a
// play and an undo per iteration), which a judged move pays twice besides
// the search: it should be negligible next to the 10 s of a genmove.
func BenchmarkSessionPlayUndo(b *testing.B) {
	s, err := NewSession(SessionConfig{Name: "bench", Thinker: &fakeThinker{}, ThinkTime: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if r, _ := s.Handle(ctx, "play 2 3"); r != "play" {
			b.Fatalf("play reply %q", r)
		}
		if r, _ := s.Handle(ctx, "undo"); r != "undo" {
			b.Fatalf("undo reply %q", r)
		}
	}
	if s.Game().Len() != 0 {
		b.Fatalf("%d plies left, want 0", s.Game().Len())
	}
}

// BenchmarkChoose measures what the move-choice policy adds to a search:
// the goroutine, the deadlines and the checks around an instant Thinker.
func BenchmarkChoose(b *testing.B) {
	c := NewChooser(&fakeThinker{}, nil)
	g := othello.NewGame()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if ch := c.Choose(ctx, g, time.Second); ch.Err != nil {
			b.Fatal(ch.Err)
		}
	}
}
