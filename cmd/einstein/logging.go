package main

import (
	"io"
	"os"
	"sync"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/internal/consolelog"
)

// defaultLogLevel keeps the programs quiet unless something goes wrong:
// the runner's stdout is its results, an agent's stdout is the protocol,
// and a thousand rounds should not print thousands of lines to stderr.
const defaultLogLevel = "warn"

// newLogger returns a logger writing human-readable lines at level and
// above to w (stderr: never stdout, which carries the protocol or the
// results).
func newLogger(level string, w io.Writer) (*zap.Logger, error) {
	return consolelog.New(level, w)
}

// syncWriter returns w made safe for concurrent writers: an *os.File as it
// is (the system orders its writes, and a child process given it writes
// to it directly), anything else behind a mutex (os/exec copies a child's
// stderr to such a writer from a goroutine of its own, one per child).
func syncWriter(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok {
		return f
	}
	return &lockedWriter{w: w}
}

// lockedWriter serialises the writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
