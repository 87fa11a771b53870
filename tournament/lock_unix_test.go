//go:build unix

package tournament

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
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

// Letting go of the lock releases it even while a copy of its file's
// descriptor lives on, as in a process forked by another goroutine that
// has not yet exec'd (the descriptor is close-on-exec, but until then the
// child shares the lock).
func TestUnlockWhileForkedCopyLives(t *testing.T) {
	name := filepath.Join(t.TempDir(), "results.jsonl.lock")
	f, err := lockFile(name)
	if err != nil {
		t.Fatal(err)
	}
	copyFD, err := syscall.Dup(int(f.Fd())) // what a fork gives the child
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(copyFD)
	if err := unlockFile(f); err != nil {
		t.Fatal(err)
	}
	g, err := lockFile(name)
	if err != nil {
		t.Fatalf("lock after the first was released, a copy of its descriptor open: %v", err)
	}
	unlockFile(g)
}

// Letting go of the lock removes FILE.lock: a results file leaves nothing
// beside it once its judge is done.
func TestUnlockRemovesTheLockFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	unlock, err := LockResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".lock"); err != nil {
		t.Fatalf("while held: %v, want the lock file there", err)
	}
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("after unlock: %v, want no lock file left", err)
	}
}

// A judge that opened the lock file just before its holder removed it,
// and took the flock after, holds a lock on a file no longer at the name:
// that must neither block the next judge nor hide the next judge's lock
// from a third, which is refused.
func TestLockOnARemovedFileGuardsNothing(t *testing.T) {
	name := filepath.Join(t.TempDir(), "results.jsonl.lock")
	first, err := lockFile(name)
	if err != nil {
		t.Fatal(err)
	}
	stale, err := os.Open(name) // the second judge's open, before the removal
	if err != nil {
		t.Fatal(err)
	}
	defer stale.Close()
	if err := unlockFile(first); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(stale.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	second, err := lockFile(name)
	if err != nil {
		t.Fatalf("second judge: %v", err)
	}
	defer unlockFile(second)
	if _, err := lockFile(name); !errors.Is(err, ErrResultsLocked) {
		t.Errorf("third judge while the second holds the lock: %v, want ErrResultsLocked", err)
	}
}
