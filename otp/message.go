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

// trailingSpace is what a receiver strips from the end of a message: the
// protocol is lenient in what it reads (PROTOCOL.md, Transport).
const trailingSpace = " \t\r\n\v\f"

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
// holds: one a line, trailing white space stripped, blank lines dropped. A
// message with no command at all still yields one empty command, because
// the judge waits for exactly one reply to every message it sends.
func splitMessage(msg string) []string {
	msg = strings.TrimRight(msg, trailingSpace)
	if !strings.Contains(msg, "\n") {
		return []string{msg}
	}
	var cmds []string
	for line := range strings.SplitSeq(msg, "\n") {
		if line = strings.TrimRight(line, trailingSpace); line != "" {
			cmds = append(cmds, line)
		}
	}
	if len(cmds) == 0 {
		cmds = []string{""}
	}
	return cmds
}

// clipForLog shortens a message for a log line, so that an over-long
// message cannot flood the log; the encoder escapes any junk in it.
func clipForLog(msg string) string {
	const max = 80
	if len(msg) > max {
		return fmt.Sprintf("%s... (%d bytes)", msg[:max], len(msg))
	}
	return msg
}
