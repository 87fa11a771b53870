//go:build unix

package tournament

import (
	"errors"
	"fmt"
	"os"
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
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("results lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s (lock %s)", ErrResultsLocked, path, name)
		}
		return nil, fmt.Errorf("results lock %s: %w", name, err)
	}
	// Closing the file releases the flock; the lock file stays, empty, so
	// that a judge waiting to start never races a removal.
	return f.Close, nil
}
