package lineread

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestLineReader reads lines around the bound, with and without a final
// line break, CRLF, and a reader that gives one byte at a time.
func TestLineReader(t *testing.T) {
	const max = 8
	in := "short\r\n" + "12345678\n" + "123456789\n" + strings.Repeat("z", 100) + "\r\n" +
		"\n" + "1234567\r\n" + "after"
	want := []struct {
		line string
		err  error
	}{
		{"short", nil}, {"12345678", nil}, {"", ErrTooLong}, {"", ErrTooLong},
		{"", nil}, {"1234567", nil}, {"after", nil}, {"", io.EOF}, {"", io.EOF},
	}
	for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
		lr := New(r, max)
		for i, w := range want {
			line, err := lr.Next()
			if line != w.line || !errors.Is(err, w.err) {
				t.Errorf("line %d: got %q, %v; want %q, %v", i, line, err, w.line, w.err)
			}
		}
	}
	// A long last line without a line break is too long, then the end.
	lr := New(strings.NewReader("ok\n"+strings.Repeat("x", 50)), max)
	for i, w := range []error{nil, ErrTooLong, io.EOF} {
		if _, err := lr.Next(); !errors.Is(err, w) {
			t.Errorf("step %d: %v, want %v", i, err, w)
		}
	}
	// The input's own error is returned as it is.
	boom := errors.New("boom")
	lr = New(iotest.ErrReader(boom), max)
	if _, err := lr.Next(); !errors.Is(err, boom) {
		t.Errorf("a failing input: %v, want %v", err, boom)
	}
}
