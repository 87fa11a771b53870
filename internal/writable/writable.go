// Package writable tells, before a long run, whether the file a program
// is to write at its end can be written: so that a missing directory or a
// path that names a directory is reported at the start, not after the
// work is done and its result lost.
package writable

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Check reports why the file at path could not be written, nil if it
// can: its directory exists and takes a new file (one is created beside
// it and removed again), or the file exists and opens for writing (it is
// not changed). It leaves nothing behind.
func Check(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return errors.New("is a directory")
	} else if err == nil {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return w.Close()
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil {
		return err
	} else if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	tmp, err := os.CreateTemp(dir, ".writable-check-*")
	if err != nil {
		return fmt.Errorf("cannot create a file in %s: %w", dir, errors.Unwrap(err))
	}
	tmp.Close()
	return os.Remove(tmp.Name())
}
