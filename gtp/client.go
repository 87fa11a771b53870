package gtp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxResponseBytes bounds a whole response, its lines together: the
// longest responses of the standard commands (showboard, list_commands)
// are a few kilobytes, and a quarter of a megabyte is far beyond them.
// Each of its lines is bounded by MaxLineBytes, as the engine's side bounds
// a command's, so that a misbehaving engine that writes without end costs
// the controller an error, not its memory.
const MaxResponseBytes = 64 * MaxLineBytes

// Client is the controller's side of a GTP connection: it sends commands,
// each with an id, and reads their responses.
type Client struct {
	w  io.Writer
	br *bufio.Reader
	id int
}

// NewClient returns a client that writes commands to w and reads
// responses from r.
func NewClient(r io.Reader, w io.Writer) *Client {
	return &Client{w: w, br: bufio.NewReaderSize(r, MaxLineBytes+2)} // +2: the line break
}

// Failure is an engine's failure response: "?[id] message".
type Failure struct {
	Command, Message string
}

// Error returns the command and the engine's message.
func (f *Failure) Error() string {
	return fmt.Sprintf("gtp: %q failed: %s", f.Command, f.Message)
}

// Send sends command, numbered, and returns the text of the engine's
// success response (its lines joined with "\n"), a *Failure for a failure
// response, or an error if the connection fails or the response is not
// GTP's (a wrong id, no '=' or '?', no empty line at its end, a line
// longer than MaxLineBytes or a response longer than MaxResponseBytes).
// After such an error the connection is out of step: close it.
func (c *Client) Send(command string) (string, error) {
	c.id++
	id := strconv.Itoa(c.id)
	if _, err := io.WriteString(c.w, id+" "+command+"\n"); err != nil {
		return "", fmt.Errorf("gtp: sending %q: %w", command, err)
	}
	var lines []string
	size := 0
	for {
		b, err := c.br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// The line has not ended within the bound: whatever follows,
			// the response is not one a GTP engine writes.
			return "", lineTooLong(command, b)
		}
		if err != nil {
			return "", fmt.Errorf("gtp: the response to %q after %q: %w", command, strings.Join(lines, "\n"), err)
		}
		line := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		if len(line) > MaxLineBytes { // a line of MaxLineBytes+1 and its \n fit the buffer
			return "", lineTooLong(command, b)
		}
		if size += len(line) + 1; size > MaxResponseBytes {
			return "", fmt.Errorf("gtp: the response to %q is longer than %d bytes", command, MaxResponseBytes)
		}
		if line == "" {
			if len(lines) == 0 {
				continue // the specification lets a controller skip stray empty lines
			}
			break
		}
		lines = append(lines, line)
	}
	first := lines[0]
	status, rest := first[0], first[1:]
	if status != '=' && status != '?' || !strings.HasPrefix(rest, id) {
		return "", fmt.Errorf("gtp: response %q to %q: want '=%s' or '?%s' first", first, command, id, id)
	}
	rest = rest[len(id):]
	if rest != "" && rest[0] != ' ' {
		return "", fmt.Errorf("gtp: response %q to %q: want a space after the id", first, command)
	}
	lines[0] = strings.TrimPrefix(rest, " ")
	text := strings.Join(lines, "\n")
	if status == '?' {
		return "", &Failure{Command: command, Message: text}
	}
	return text, nil
}

// lineTooLong is Send's error for a response line longer than
// MaxLineBytes, quoting its start.
func lineTooLong(command string, line []byte) error {
	return fmt.Errorf("gtp: the response to %q has a line longer than %d bytes (%q...)", command, MaxLineBytes, line[:min(len(line), 40)])
}
