// Package syncbuf is a bytes.Buffer that goroutines may write while another
// reads it: tests give it to a program as its log or output stream and
// look at what has arrived so far.
package syncbuf

import (
	"bytes"
	"sync"
)

// Buffer is a byte buffer safe for concurrent Write and String. The zero
// value is an empty buffer ready to use.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p; it never fails.
func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns everything written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
