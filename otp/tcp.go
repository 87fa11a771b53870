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
//
// The connection is read while a command is answered, so that a judge
// hanging up during genmove stops the search at once instead of after the
// whole think time: nobody is left to receive the move. A message that
// arrives meanwhile (the judge speaking out of turn) waits until the reply
// has been sent; until it is taken, a hang-up behind it is not seen.
func ServeConn(ctx context.Context, s *Session, conn net.Conn) error {
	// A session that ends leaves no pondering behind, quit or not (a
	// judge that hung up): deferred first, it runs after hctx's cancel.
	defer s.chooser.StopPondering()
	stop := context.AfterFunc(ctx, func() {
		_ = conn.SetReadDeadline(time.Now()) // wake the blocked Read
	})
	defer stop()
	// hctx is cancelled, with the reason, when the connection fails.
	hctx, hangUp := context.WithCancelCause(ctx)
	defer hangUp(nil)
	msgs, stopReading := watchConn(conn, hangUp)
	defer stopReading()
	for {
		m := <-msgs
		var cmds []string
		if m.text != "" {
			cmds = splitMessage(m.text)
		}
		for _, cmd := range cmds {
			reply, quit := s.Handle(hctx, cmd)
			if quit {
				// Answered even if the judge has just hung up: it asked
				// for the end, and the end it is.
				_, err := conn.Write([]byte(reply))
				if err != nil && context.Cause(hctx) == nil {
					return fmt.Errorf("cannot send reply %q to the judge: %w", reply, err)
				}
				return nil
			}
			if ctx.Err() == nil && hctx.Err() != nil {
				// Nobody is left to read the reply; the read error,
				// taken next, ends the session.
				s.log.Warn("the judge hung up while the engine was answering: search stopped",
					zap.String("command", clip(cmd)), zap.Error(context.Cause(hctx)))
				break
			}
			if _, err := conn.Write([]byte(reply)); err != nil {
				return fmt.Errorf("cannot send reply %q to the judge: %w", reply, err)
			}
		}
		switch {
		case m.err == nil:
		case ctx.Err() != nil:
			return ctx.Err()
		default:
			return readError(m.err)
		}
	}
}

// connMessage is what one read from the judge brought: text, or the error
// that ended the connection (possibly with text read before it).
type connMessage struct {
	text string
	err  error
}

// watchConn reads conn in a goroutine and passes on what each read brought,
// one message at a time; the last one carries the read error. On that error
// it calls fail at once, before the message is taken, so that a command
// being answered learns of it. stop ends the goroutine and waits for it; it
// leaves conn's read deadline in the past.
func watchConn(conn net.Conn, fail context.CancelCauseFunc) (msgs <-chan connMessage, stop func()) {
	out := make(chan connMessage)
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, readBufferSize)
		for {
			n, err := conn.Read(buf)
			m := connMessage{text: string(buf[:n]), err: err}
			if err != nil {
				fail(readError(err))
			}
			select {
			case out <- m:
			case <-quit:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return out, func() {
		close(quit)
		_ = conn.SetReadDeadline(time.Now()) // wake a pending Read
		<-done
	}
}

// readError turns the error that ended reading from the judge into the
// error ServeConn reports.
func readError(err error) error {
	if errors.Is(err, io.EOF) {
		return ErrClosedByJudge
	}
	return fmt.Errorf("reading from the judge: %w", err)
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
	// last is the error to report: that of the last attempt the deadline
	// did not cut short, since "i/o timeout" only says we stopped trying,
	// while "connection refused" says why.
	var last error
	for attempt := 1; ; attempt++ {
		dctx, cancel := context.WithDeadline(ctx, deadline)
		conn, err := d.DialContext(dctx, "tcp", addr)
		cut := dctx.Err() != nil
		cancel()
		if err == nil {
			return conn, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !cut || last == nil {
			last = err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, fmt.Errorf("cannot connect to the judge at %s: gave up after %v and %d attempts: %w",
				addr, within, attempt, last)
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
