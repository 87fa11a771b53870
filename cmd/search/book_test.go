package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/book"
)

// TestBookFlag checks that the engine plays the embedded book's move from
// the start position with --book embedded, plays a given book file's,
// searches with --book off and by default, and refuses a bad book file
// with its line.
func TestBookFlag(t *testing.T) {
	dir := t.TempDir()
	// A book that knows only the start position, and prefers c4.
	good := filepath.Join(dir, "c4.book")
	start := "---------------------------OX------XO---------------------------"
	os.WriteFile(good, []byte(book.Header+"\n"+start+" c4:2 d3:1 e6:0 f5:0\n"), 0o644)
	bad := filepath.Join(dir, "bad.book")
	os.WriteFile(bad, []byte(book.Header+"\n"+start+" c4:two\n"), 0o644)
	genmove := func(args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := run(append(args, "--playouts", "200", "--seed", "3", "--arena", "65536", "--table-mb", "8"),
			strings.NewReader("genmove\nquit\n"), &out, &errb)
		return out.String(), errb.String(), code
	}
	out, logs, code := genmove("--book", good)
	if code != exitOK || !strings.HasPrefix(out, "genmove 3 2") || !strings.Contains(logs, "book: c4") {
		t.Errorf("--book c4.book: exit %d, replies %q; want c4 (genmove 3 2) from the book\n%s", code, out, logs)
	}
	_, logs, code = genmove("--book", "embedded")
	if code != exitOK || !strings.Contains(logs, "book: ") {
		t.Errorf("embedded book: exit %d; want a book move\n%s", code, logs)
	}
	// No book unless asked: the first book measured no gain.
	_, logs, code = genmove()
	if code != exitOK || strings.Contains(logs, "book: ") {
		t.Errorf("default: exit %d; want a search, no book\n%s", code, logs)
	}
	_, logs, code = genmove("--book", "off")
	if code != exitOK || strings.Contains(logs, "book: ") {
		t.Errorf("--book off: exit %d; want a search\n%s", code, logs)
	}
	_, logs, code = genmove("--book", bad)
	if code != exitError || !strings.Contains(logs, "--book: "+bad+" line 2") || !strings.Contains(logs, `value "two" is not a number`) {
		t.Errorf("bad book: exit %d, %q; want exit 1 naming the file's line 2", code, logs)
	}
}
