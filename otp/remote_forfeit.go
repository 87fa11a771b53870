package otp

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// ForfeitReason names the rule a player broke, for logs, records and JSON.
type ForfeitReason string

// The reasons a judge disqualifies a player (docs/protocol.md, "The classic judge").
const (
	ForfeitNoConnection ForfeitReason = "no connection"
	ForfeitTimeout      ForfeitReason = "timeout"
	ForfeitDisconnected ForfeitReason = "disconnected"
	ForfeitWrongReply   ForfeitReason = "wrong reply"
	ForfeitMalformed    ForfeitReason = "malformed reply"
	ForfeitExtraData    ForfeitReason = "extra data"
	ForfeitTooLong      ForfeitReason = "over-long reply"
	ForfeitIllegalMove  ForfeitReason = "illegal move"
	ForfeitIllegalPass  ForfeitReason = "pass while a move exists"
	// ForfeitMemoryLimit is no rule of the protocol: the judge gives it to
	// an engine the kernel killed for passing its memory limit
	// (--engine-memory), whatever the protocol saw of its end.
	ForfeitMemoryLimit ForfeitReason = "memory limit"
)

// Forfeit is the error a judge-side exchange returns when the player broke a
// rule: which rule, in answer to which command, and exactly what it sent.
type Forfeit struct {
	Reason ForfeitReason `json:"reason"`
	// Command is the command the player failed to answer properly.
	Command string `json:"command,omitempty"`
	// Received is every byte the player sent in reply, verbatim.
	Received string `json:"received"`
	// Detail explains the verdict in words.
	Detail string `json:"detail,omitempty"`
	// Elapsed is the time from sending the command to the verdict.
	Elapsed time.Duration `json:"elapsed_ns"`
}

// Error returns a one-line description quoting what was received.
func (f *Forfeit) Error() string {
	var b []byte
	if f.Command != "" {
		b = append(b, f.Command...)
		b = append(b, ": "...)
	}
	b = append(b, f.Reason...)
	if f.Detail != "" {
		b = append(b, " ("...)
		b = append(b, f.Detail...)
		b = append(b, ')')
	}
	if f.Command != "" {
		b = append(b, "; received "...)
		b = strconv.AppendQuote(b, clip(f.Received))
	}
	if f.Elapsed > 0 {
		b = append(b, fmt.Sprintf(" after %v", f.Elapsed.Round(time.Microsecond))...)
	}
	return string(b)
}

// AsForfeit returns the Forfeit in err's chain, or nil if the error is not a
// player's fault (a cancelled context, say).
func AsForfeit(err error) *Forfeit {
	var f *Forfeit
	if errors.As(err, &f) {
		return f
	}
	return nil
}
