package consolelog

import (
	"io"
	"os"
	"sync"
)

// Shared returns w made safe for concurrent writers, for a stream that a
// log and child processes share (a runner's stderr, which its agents
// write to as well): an *os.File as it is (the system orders its writes,
// and a child process given it writes to it directly), anything else
// behind a mutex (os/exec copies a child's output to such a writer from a
// goroutine of its own, one per child).
func Shared(w io.Writer) io.Writer {
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
