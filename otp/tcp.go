package otp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"go.uber.org/zap"
)

// ErrClosedByJudge reports that the judge closed the connection without
// sending quit: the match is over for this engine, and not by its choice.
var ErrClosedByJudge = errors.New("the judge closed the connection without sending quit")

// readBufferSize is the size of one read from the judge. The classic judge
// sends at most 1023 bytes a message; a much larger buffer lets an
// over-long message arrive in one read, so that it gets one reply (unknown
// command) instead of one per fragment.
const readBufferSize = 64 << 10

// ServeConn runs a session over a connection to a judge, with no framing:
// every read is one message, whose trailing white space is stripped; each
// newline-separated command in it is answered in order, every reply in one
// write with no newline. It returns nil after "quit" (the caller closes the
// connection), ErrClosedByJudge if the judge hangs up first, or the
// network error. When ctx ends, the pending read is interrupted.
func ServeConn(ctx context.Context, s *Session, conn net.Conn) error {
	stop := context.AfterFunc(ctx, func() {
		_ = conn.SetReadDeadline(time.Now()) // wake the blocked Read
	})
	defer stop()
	buf := make([]byte, readBufferSize)
	for {
		n, readErr := conn.Read(buf)
		if n > 0 {
			for _, cmd := range splitMessage(string(buf[:n])) {
				reply, quit := s.Handle(ctx, cmd)
				if _, err := conn.Write([]byte(reply)); err != nil {
					return fmt.Errorf("cannot send reply %q to the judge: %w", reply, err)
				}
				if quit {
					return nil
				}
			}
		}
		switch {
		case readErr == nil:
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(readErr, io.EOF):
			return ErrClosedByJudge
		default:
			return fmt.Errorf("reading from the judge: %w", readErr)
		}
	}
}

// Retry delays of DialJudge: short at first, since a judge started at the
// same moment listens within milliseconds, then longer so as not to spin.
const (
	firstRetryDelay = 50 * time.Millisecond
	maxRetryDelay   = 500 * time.Millisecond
)

// DialJudge connects to a judge listening at addr ("host:port"), retrying
// until it succeeds or the time within has passed: the judge may start a
// moment after the engine. log (nil for none) gets a line per failed
// attempt at debug level.
func DialJudge(ctx context.Context, addr string, within time.Duration, log *zap.Logger) (net.Conn, error) {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return nil, fmt.Errorf("judge address %q: %w", addr, err)
	}
	if log == nil {
		log = zap.NewNop()
	}
	deadline := time.Now().Add(within)
	delay := firstRetryDelay
	var d net.Dialer
	for attempt := 1; ; attempt++ {
		dctx, cancel := context.WithDeadline(ctx, deadline)
		conn, err := d.DialContext(dctx, "tcp", addr)
		cancel()
		if err == nil {
			return conn, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, fmt.Errorf("cannot connect to the judge at %s: gave up after %v and %d attempts: %w",
				addr, within, attempt, err)
		}
		log.Debug("judge not reachable yet, retrying", zap.String("addr", addr),
			zap.Int("attempt", attempt), zap.Error(err))
		t := time.NewTimer(min(delay, left))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		delay = min(2*delay, maxRetryDelay)
	}
}
