//go:build linux

package hugepages

import (
	"errors"
	"os"
	"syscall"
)

// Advise asks Linux to back s with transparent huge pages (madvise
// MADV_HUGEPAGE on the whole 2 MiB inside it, HugeRange); a slice
// smaller than that is left alone. Call it once, on a new slice, before
// the slice is touched: a page already faulted in stays small until the
// kernel's background thread collapses it. Its error is ignored: without
// huge pages (a kernel built without them, or set to "never") the slice
// works as before, on small pages.
func Advise[T any](s []T) {
	if b := HugeRange(s); len(b) > 0 {
		_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	}
}

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14): fault pages in,
// writable, as a write to each would, without changing their contents.
// The syscall package does not name it.
const madvPopulateWrite = 23

// Populate makes the next whole pages of s resident and writable, from
// byte from of its whole pages (WholePages) on and at most maxBytes
// (rounded up to a page) of them, leaving their contents as they are. It
// returns where the next call starts and whether s is now resident to its
// end. An older kernel refuses MADV_POPULATE_WRITE: Populate then returns
// ErrNoPopulate, and the pages fault in as they are touched.
func Populate[T any](s []T, from, maxBytes int) (next int, done bool, err error) {
	b := WholePages(s)
	if from >= len(b) {
		return len(b), true, nil
	}
	page := os.Getpagesize()
	to := min(len(b), from+(max(maxBytes, 1)+page-1)/page*page)
	if err := syscall.Madvise(b[from:to], madvPopulateWrite); err != nil {
		if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSYS) {
			return from, false, ErrNoPopulate
		}
		return from, false, err
	}
	return to, to == len(b), nil
}
