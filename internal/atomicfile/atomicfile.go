// Package atomicfile replaces a file's content whole: the new content goes
// to a temporary file beside it, which is synced and renamed over the old
// one, so that a crash or an interrupt leaves either the old file or the
// new one, never a part of either.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes data to path with permissions perm, replacing any file
// there by a rename. On an error the temporary file is removed and the
// old file, if any, is left as it was.
func Write(path string, data []byte, perm fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		// The error names the path asked for, not the temporary name the
		// user never gave.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = &fs.PathError{Op: "create", Path: path, Err: pe.Err}
		}
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm) // CreateTemp makes the file private
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
