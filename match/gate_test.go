package match

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"go.uber.org/zap"
)

// TestNextTakesWaitingPlayerAfterDeadline checks that a player already
// waiting when Next is called with a passed deadline is taken, not refused:
// select chooses at random between a ready arrival and a fired timer, so
// each round would lose the player half the time without the second look.
// The arrival is made ready for certain by a buffered channel, which the
// accepting goroutine's unbuffered send only makes likely.
func TestNextTakesWaitingPlayerAfterDeadline(t *testing.T) {
	g := &Gate{log: zap.NewNop(), arrivals: make(chan net.Conn, 1)}
	past := time.Now().Add(-time.Second)
	const rounds = 64
	for i := 0; i < rounds; i++ {
		a, b := net.Pipe()
		g.arrivals <- a
		c, err := g.Next(context.Background(), past)
		a.Close()
		b.Close()
		if err != nil || c != a {
			t.Fatalf("round %d: Next after the deadline with a player waiting = %v, %v; want that player", i, c, err)
		}
	}
	if c, err := g.Next(context.Background(), past); !errors.Is(err, ErrNoPlayer) || c != nil {
		t.Errorf("Next after the deadline with nobody waiting = %v, %v; want ErrNoPlayer", c, err)
	}
}

// TestNextOverLoopback checks Next over a real listener: the connected
// client is the player handed over, and a cancelled context ends the wait
// with its error, not ErrNoPlayer.
func TestNextOverLoopback(t *testing.T) {
	g, addr := openTestGate(t, nil)
	client, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	// Wait for the player with a live deadline first, so the test does not
	// depend on how fast the accepting goroutine runs.
	c, err := g.Next(context.Background(), time.Now().Add(5*time.Second))
	if err != nil {
		t.Fatalf("Next: %v, want the connected client", err)
	}
	c.Close()
	if got, want := c.RemoteAddr().String(), client.LocalAddr().String(); got != want {
		t.Errorf("player from %s, want %s", got, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Next(ctx, time.Now().Add(5*time.Second)); !errors.Is(err, context.Canceled) {
		t.Errorf("Next with a cancelled context: %v, want context.Canceled", err)
	}
}
