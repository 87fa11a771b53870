package otp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ServeLines runs a session for a person at a terminal: one command a line
// from r, each reply on its own line to w. Blank lines are skipped, since a
// person pressing Enter asks nothing. It returns nil at the end of the
// input or after "quit", and an error if w fails or ctx ends.
func ServeLines(ctx context.Context, s *Session, r io.Reader, w io.Writer) error {
	// A session that ends leaves no pondering behind, quit or not.
	defer s.chooser.StopPondering()
	br := bufio.NewReaderSize(r, 4096)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, readErr := readLine(br)
		if strings.TrimSpace(line) != "" {
			reply, quit := s.Handle(ctx, line)
			if _, err := io.WriteString(w, reply+"\n"); err != nil {
				return fmt.Errorf("cannot write reply %q: %w", reply, err)
			}
			if quit {
				return nil
			}
		}
		if readErr == io.EOF {
			return nil
		}
		if readErr != nil {
			return fmt.Errorf("reading commands: %w", readErr)
		}
	}
}

// readLine reads one line without its newline. A line longer than a command
// can be is cut after maxCommandLen+1 bytes (enough for Handle to reject it
// as over-long) and the rest of it is discarded, so that no input, however
// long, makes the memory grow.
func readLine(br *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if room := maxCommandLen + 1 - len(b); room > 0 {
			b = append(b, chunk[:min(len(chunk), room)]...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return strings.TrimSuffix(string(b), "\n"), err
	}
}
