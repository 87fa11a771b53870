//go:build unix

package tournament

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// LockResults takes the lock of the results file at path: an exclusive
// flock on a file beside it, path+".lock", held until the returned
// function is called. The lock is on a file of its own because a results
// file is replaced by a rename when its header changes (RewriteHeader),
// which would leave a lock on the old file guarding nothing. Two judges
// writing one results file would interleave or duplicate its games: a
// Slurm task resubmitted while the first still runs, or the same command
// started twice; the second is refused at once, naming the file.
func LockResults(path string) (unlock func() error, err error) {
	f, err := lockFile(path + ".lock")
	if err != nil {
		return nil, err
	}
	return func() error { return unlockFile(f) }, nil
}

// lockAttempts bounds the retries of lockFile when the lock file it
// opened was removed (by the holder letting go) before it took the lock:
// each retry follows a removal by another judge, so a few are plenty.
const lockAttempts = 8

// lockFile opens the lock file name and takes its lock, or refuses at
// once with ErrResultsLocked if another holder has it. A holder removes
// the file when it lets go (unlockFile), so a lock taken on a file that is
// no longer the one at name guards nothing: lockFile checks that the
// file it locked is still there, and tries again on the new one if not.
func lockFile(name string) (*os.File, error) {
	for range lockAttempts {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("results lock: %w", err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%w: %s (lock %s)", ErrResultsLocked, strings.TrimSuffix(name, ".lock"), name)
			}
			return nil, fmt.Errorf("results lock %s: %w", name, err)
		}
		held, err := f.Stat()
		if err != nil {
			unlockOnly(f)
			return nil, fmt.Errorf("results lock %s: %w", name, err)
		}
		if now, err := os.Stat(name); err == nil && os.SameFile(held, now) {
			return f, nil
		}
		unlockOnly(f) // removed by the last holder meanwhile
	}
	return nil, fmt.Errorf("results lock %s: removed and made again %d times while being taken", name, lockAttempts)
}

// unlockFile removes the lock file, so that no FILE.lock is left beside
// a results file, then releases the lock of f and closes it. The removal
// comes first, while the lock is held: a judge that opened the file
// before it went and takes its lock after finds it gone and tries again
// (lockFile). Closing alone would not release the lock: a process forked
// by another goroutine (an engine being started) shares f's open file
// description, and with it the lock, until it execs, so that a judge
// taking the lock again at once could be refused.
func unlockFile(f *os.File) error {
	err := os.Remove(f.Name())
	if errors.Is(err, os.ErrNotExist) {
		err = nil // removed by hand: the lock is released all the same
	}
	return errors.Join(err, unlockOnly(f))
}

// unlockOnly releases the lock of f and closes it, leaving the file.
func unlockOnly(f *os.File) error {
	return errors.Join(syscall.Flock(int(f.Fd()), syscall.LOCK_UN), f.Close())
}
