//go:build unix

package tournament

import (
	"errors"
	"path/filepath"
	"testing"
)

// TestLockResults: a second judge on the same results file is refused
// while the first holds it, and gets it once the first lets go; the lock
// survives the rename RewriteHeader replaces the file by.
func TestLockResults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	rf, err := CreateResults(path, Header{Mode: "roundrobin", Engines: []EngineInfo{{Name: "a"}, {Name: "b"}}, Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	rf.Close()
	unlock, err := LockResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := RewriteHeader(path, Header{Mode: "roundrobin", Engines: []EngineInfo{{Name: "a"}, {Name: "b"}}, Rounds: 2}); err != nil {
		t.Fatal(err)
	}
	if _, err := LockResults(path); !errors.Is(err, ErrResultsLocked) {
		t.Fatalf("second lock while the first is held: %v, want ErrResultsLocked", err)
	}
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	unlock2, err := LockResults(path)
	if err != nil {
		t.Fatalf("lock after the first was released: %v", err)
	}
	unlock2()
}
