package syncbuf

import (
	"strings"
	"sync"
	"testing"
)

// TestConcurrentWrites writes from many goroutines while reading: every
// byte must arrive, each write whole (run with -race).
func TestConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	const writers, each = 8, 200
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				b.Write([]byte("abc\n"))
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	s := b.String()
	if got := strings.Count(s, "abc\n"); got != writers*each || len(s) != 4*writers*each {
		t.Errorf("%d whole writes in %d bytes, want %d in %d", got, len(s), writers*each, 4*writers*each)
	}
}
