package gtp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

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
	return &Client{w: w, br: bufio.NewReader(r)}
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
// GTP's (a wrong id, no '=' or '?', no empty line at its end).
func (c *Client) Send(command string) (string, error) {
	c.id++
	id := strconv.Itoa(c.id)
	if _, err := io.WriteString(c.w, id+" "+command+"\n"); err != nil {
		return "", fmt.Errorf("gtp: sending %q: %w", command, err)
	}
	var lines []string
	for {
		line, err := c.br.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("gtp: the response to %q after %q: %w", command, strings.Join(lines, "\n"), err)
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
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
