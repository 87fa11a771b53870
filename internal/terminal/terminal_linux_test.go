package terminal

import (
	"os"
	"testing"

	"github.com/tcgothello/mcts/internal/terminal/ptytest"
)

// TestIs: a pseudo-terminal is a terminal; a pipe, a regular file and
// /dev/null, a character device that is no terminal, are not.
func TestIs(t *testing.T) {
	_, tty := ptytest.Open(t)
	if !Is(tty) {
		t.Errorf("%s: not a terminal", tty.Name())
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, err := os.Create(t.TempDir() + "/f")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, f := range []*os.File{r, w, null, file} {
		if Is(f) {
			t.Errorf("%s: a terminal", f.Name())
		}
	}
}
