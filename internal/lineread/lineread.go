// Package lineread reads text protocols' lines of a bounded length: a
// longer line is read to its end and dropped, and reported, so that a
// program can answer it with an error and go on with the next line (the
// Kill-All Go console protocol, GTP).
package lineread

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// ErrTooLong is returned by Reader.Next for a line longer than its
// bound, once the whole line has been read and dropped.
var ErrTooLong = errors.New("line too long")

// Reader reads lines of a bounded length: a longer line is read to
// its end and dropped, so that the next line is read whole, as the line
// it is.
type Reader struct {
	br  *bufio.Reader
	max int
}

// New returns a reader of r's lines of at most max bytes, the line break
// not counted.
func New(r io.Reader, max int) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, max+2), max: max}
}

// Next returns the next line without its "\n" or "\r\n"; ErrTooLong
// for a line longer than the bound (the line dropped); io.EOF at the end
// of the input (a last line without a line break is a line); or the
// input's error.
func (lr *Reader) Next() (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if !long && len(b)+len(chunk) <= lr.max+2 { // +2: the line break
			b = append(b, chunk...)
		} else {
			long, b = true, nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return "", err
		}
		if errors.Is(err, io.EOF) && len(b) == 0 && !long {
			return "", io.EOF
		}
		line := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		if long || len(line) > lr.max {
			return "", ErrTooLong
		}
		return line, nil
	}
}
