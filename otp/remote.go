package otp

// This file is the judge's side of the protocol: a Remote is one connected
// player as the judge sees it. Each exchange sends a bare command in one
// write and reads until JudgeReply says the reply is complete or invalid, or
// the deadline passes, so every reply is judged on what that player sent in
// answer to that command (the classic judge re-read a stale buffer instead).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// Defaults of a Remote's reading limits.
const (
	// DefaultMaxReply is the classic judge's receive buffer (one recv of
	// up to 1023 bytes): no valid reply is longer.
	DefaultMaxReply = 1023
	// DefaultSettle is how long a reply that more bytes could still extend
	// (a name) waits for them. A name split over two writes arrives well
	// within it on any real network; waiting longer only slows the start.
	DefaultSettle = 50 * time.Millisecond
)

// Remote is the judge's view of one connected player. It is not safe for
// concurrent use: the protocol strictly alternates command and reply.
type Remote struct {
	conn net.Conn
	// MaxReply is the most bytes a reply may hold before the player is
	// disqualified for an over-long reply.
	MaxReply int
	// Settle is how long an extensible reply waits for more bytes.
	Settle time.Duration
	buf    []byte
}

// Exchange is what one successful command and reply looked like.
type Exchange struct {
	Command string
	// Received is the reply verbatim, white space included.
	Received string
	// Elapsed runs from just before the command was written to the arrival
	// of the byte that completed the reply.
	Elapsed time.Duration
	// Move is the move of a genmove reply.
	Move othello.Move
	// Name is the name of a name reply, and Ignored what followed its
	// token (ReplyCheck.Ignored), for the caller to log.
	Name    string
	Ignored string
}

// NewRemote returns the judge's view of the player at the other end of conn.
// The Remote owns conn from now on.
func NewRemote(conn net.Conn) *Remote {
	return &Remote{conn: conn, MaxReply: DefaultMaxReply, Settle: DefaultSettle}
}

// Addr returns the player's network address.
func (r *Remote) Addr() net.Addr { return r.conn.RemoteAddr() }

// Close closes the connection.
func (r *Remote) Close() error { return r.conn.Close() }

// Ask sends cmd (name, clear_board, play x y, genmove or quit) bare, in one
// write, and waits at most limit for a valid reply. A player that breaks a
// rule gets a *Forfeit error; a cancelled ctx returns ctx's error, which is
// nobody's fault.
func (r *Remote) Ask(ctx context.Context, cmd string, limit time.Duration) (Exchange, error) {
	if _, _, err := replyGrammar(cmd); err != nil {
		return Exchange{}, err
	}
	if err := ctx.Err(); err != nil {
		return Exchange{}, err
	}
	ex := Exchange{Command: cmd}
	start := time.Now()
	deadline := start.Add(limit)
	if err := r.conn.SetDeadline(deadline); err != nil {
		return ex, r.forfeit(ForfeitDisconnected, cmd, nil, start, err.Error())
	}
	// Cancelling ctx pulls the deadline in, which wakes a blocked Read.
	stop := context.AfterFunc(ctx, func() { r.conn.SetDeadline(time.Now()) })
	defer stop()

	if _, err := r.conn.Write([]byte(cmd)); err != nil {
		if ctx.Err() != nil {
			return ex, ctx.Err()
		}
		if remoteIsTimeout(err) {
			return ex, r.forfeit(ForfeitTimeout, cmd, nil, start, "the command could not be sent in time")
		}
		return ex, r.forfeit(ForfeitDisconnected, cmd, nil, start, "the command could not be sent: "+err.Error())
	}
	if r.buf == nil {
		r.buf = make([]byte, 1024)
	}
	var got []byte
	var settled *ReplyCheck // an extensible reply waiting for more bytes
	var settledAt time.Duration
	for {
		n, err := r.conn.Read(r.buf)
		now := time.Since(start)
		if n > 0 {
			got = append(got, r.buf[:n]...)
			if len(got) > r.MaxReply {
				return ex, r.forfeit(ForfeitTooLong, cmd, got, start, fmt.Sprintf("more than %d bytes without a complete reply", r.MaxReply))
			}
			check := JudgeReply(cmd, got)
			switch check.State {
			case ReplyComplete:
				return r.accept(ex, check, got, now), nil
			case ReplyInvalid:
				return ex, r.forfeit(check.Reason, cmd, got, start, check.Detail)
			case ReplyExtensible:
				settled, settledAt = &check, now
				if ctx.Err() == nil {
					r.conn.SetReadDeadline(remoteMinTime(deadline, time.Now().Add(r.Settle)))
				}
			case ReplyPending:
				if settled != nil && ctx.Err() == nil {
					r.conn.SetReadDeadline(deadline)
				}
				settled = nil
			}
		}
		if err == nil {
			continue
		}
		if ctx.Err() != nil {
			return ex, ctx.Err()
		}
		if settled != nil {
			// Nothing more came (or the player closed after replying): the
			// reply stands as it was when it became complete.
			return r.accept(ex, *settled, got, settledAt), nil
		}
		if remoteIsTimeout(err) {
			if bareName(cmd, got) {
				// Not slow: it answered, and its answer lacks the name.
				return ex, r.forfeit(ForfeitMalformed, cmd, got, start, "name reply without a name")
			}
			return ex, r.forfeit(ForfeitTimeout, cmd, got, start, fmt.Sprintf("no complete reply within %v", limit))
		}
		if errors.Is(err, io.EOF) {
			return ex, r.forfeit(ForfeitDisconnected, cmd, got, start, "connection closed before a complete reply")
		}
		return ex, r.forfeit(ForfeitDisconnected, cmd, got, start, err.Error())
	}
}

func (r *Remote) accept(ex Exchange, check ReplyCheck, got []byte, elapsed time.Duration) Exchange {
	ex.Received = string(got)
	ex.Elapsed = elapsed
	ex.Move = check.Move
	ex.Name = check.Name
	ex.Ignored = check.Ignored
	return ex
}

func (r *Remote) forfeit(reason ForfeitReason, cmd string, got []byte, start time.Time, detail string) *Forfeit {
	return &Forfeit{Reason: reason, Command: cmd, Received: string(got), Detail: detail, Elapsed: time.Since(start)}
}

// Name asks the player's name: the Exchange's Name, with what the player
// sent after it in Ignored (to be logged: the classic judge ignores it too).
func (r *Remote) Name(ctx context.Context, limit time.Duration) (Exchange, error) {
	return r.Ask(ctx, "name", limit)
}

// ClearBoard starts a new game on the player's side.
func (r *Remote) ClearBoard(ctx context.Context, limit time.Duration) error {
	_, err := r.Ask(ctx, "clear_board", limit)
	return err
}

// Play tells the player the opponent's move (Pass as "8 0").
func (r *Remote) Play(ctx context.Context, m othello.Move, limit time.Duration) error {
	_, err := r.Ask(ctx, "play "+m.OTP(), limit)
	return err
}

// GenMove asks the player for its move; the move's legality is the caller's
// business, since only the caller knows the position.
func (r *Remote) GenMove(ctx context.Context, limit time.Duration) (Exchange, error) {
	return r.Ask(ctx, "genmove", limit)
}

// Quit tells the player the match is over.
func (r *Remote) Quit(ctx context.Context, limit time.Duration) error {
	_, err := r.Ask(ctx, "quit", limit)
	return err
}

// bareName reports whether got, the whole of a reply to cmd, is the word
// "name" alone: a complete first word whose token never came.
func bareName(cmd string, got []byte) bool {
	word, shape, err := replyGrammar(cmd)
	if err != nil || shape != replyName {
		return false
	}
	first, rest, _ := replyCutWord(strings.Trim(string(got), trailingJunk))
	return first == word && rest == ""
}

func remoteIsTimeout(err error) bool {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func remoteMinTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
