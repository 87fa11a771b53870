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

// lockFile opens the lock file name and takes its lock, or refuses at
// once with ErrResultsLocked if another holder has it.
func lockFile(name string) (*os.File, error) {
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
	return f, nil
}

// unlockFile releases the lock of f, then closes it. Closing alone would
// not do: a process forked by another goroutine (an engine being started)
// shares f's open file description, and with it the lock, until it execs,
// so that a judge taking the lock again at once could be refused. The lock
// file stays, empty, so that a judge waiting to start never races a
// removal.
func unlockFile(f *os.File) error {
	return errors.Join(syscall.Flock(int(f.Fd()), syscall.LOCK_UN), f.Close())
}
