package otp

import (
	"errors"
	"fmt"
	"strings"
)

// maxCommandLen is the longest command a session accepts, in bytes. The
// classic programs read at most 1023 bytes a message, and the longest real
// command ("code" and 66 digits) is far shorter; anything longer is junk.
const maxCommandLen = 1023

// space is the white space of the protocol, on both sides: ASCII only, so
// that a byte of a multi-byte character is never taken for a separator,
// nor a Unicode space for white space.
const space = " \t\r\n\v\f"

// trailingJunk is what a receiver strips from the end of a message, on
// both sides: the protocol is lenient in what it reads (docs/protocol.md,
// "On the wire"). It holds NUL because the classic C++ programs read a buffer
// as a C string, so a trailing NUL is invisible to them, and many student
// engines send strlen+1 bytes. A NUL anywhere else is still junk.
const trailingJunk = space + "\x00"

// errEmpty reports a message with no command in it.
var errEmpty = errors.New("empty message")

// checkCommand reports why cmd, one command with its trailing white space
// already stripped, cannot be a command: too long, or holding bytes other
// than printable ASCII, spaces and tabs (binary junk, or several lines).
func checkCommand(cmd string) error {
	if len(cmd) > maxCommandLen {
		return fmt.Errorf("message of %d bytes is longer than %d", len(cmd), maxCommandLen)
	}
	if strings.TrimLeft(cmd, " \t") == "" {
		return errEmpty
	}
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		if (c < ' ' && c != '\t') || c > '~' {
			return fmt.Errorf("byte %d of the message is %#02x, not printable ASCII", i, c)
		}
	}
	return nil
}

// splitMessage cuts one message read from a judge into the commands it
// holds: one a line, trailing white space and NULs stripped, blank lines dropped. A
// message with no command at all still yields one empty command, because
// the judge waits for exactly one reply to every message it sends.
func splitMessage(msg string) []string {
	msg = strings.TrimRight(msg, trailingJunk)
	if !strings.Contains(msg, "\n") {
		return []string{msg}
	}
	var cmds []string
	for line := range strings.SplitSeq(msg, "\n") {
		if line = strings.TrimRight(line, trailingJunk); line != "" {
			cmds = append(cmds, line)
		}
	}
	if len(cmds) == 0 {
		cmds = []string{""}
	}
	return cmds
}

// clip shortens text quoted in a log line or an error, so that a megabyte
// of garbage does not become a megabyte of log; the encoder or the quoting
// escapes any junk in it.
func clip(s string) string {
	const max = 80
	if len(s) > max {
		return fmt.Sprintf("%s... (%d bytes)", s[:max], len(s))
	}
	return s
}
