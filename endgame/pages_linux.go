//go:build linux

package endgame

import (
	"errors"
	"os"
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with transparent huge pages
// (madvise MADV_HUGEPAGE on the whole pages inside it). The table is one
// large allocation whose slots a solve touches at random, so on small pages
// the first solve of a process takes a page fault for nearly every 4 KiB of
// it: a 256 MiB table cost the first solve of an 18-empty position 26,000
// faults and about 0.7 s of CPU more than a table already touched
// (BenchmarkFirstSolve, docs/performance.md). A 2 MiB page takes one fault.
// Go's heap is not advised itself, so where the kernel gives huge pages
// only on request ("madvise" in /sys/kernel/mm/transparent_hugepage/enabled,
// a common default) the table would never get them without this call. Its
// error is ignored: without huge pages (a kernel built without them, or
// set to "never") the table works as before, on small pages.
func adviseHugePages(slots []entry) {
	if b := wholePages(slots); len(b) > 0 {
		_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	}
}

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14): fault pages in,
// writable, as a write to each would, without changing their contents.
// The syscall package does not name it.
const madvPopulateWrite = 23

// populate makes the next whole pages of the table resident and writable,
// from byte from of its whole pages (wholePages) on and at most maxBytes
// (rounded up to a page) of them, leaving their contents as they are:
// entries already stored stay. It returns where the next call starts and
// whether the table is now resident to its end. An older kernel refuses
// MADV_POPULATE_WRITE: populate then returns errNoPopulate, and the pages
// fault in as solves touch them.
func populate(slots []entry, from, maxBytes int) (next int, done bool, err error) {
	b := wholePages(slots)
	if from >= len(b) {
		return len(b), true, nil
	}
	page := os.Getpagesize()
	to := min(len(b), from+(max(maxBytes, 1)+page-1)/page*page)
	if err := syscall.Madvise(b[from:to], madvPopulateWrite); err != nil {
		if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSYS) {
			return from, false, errNoPopulate
		}
		return from, false, err
	}
	return to, to == len(b), nil
}

// wholePages returns the bytes of the whole pages inside slots: madvise
// wants a page-aligned start, and a page the table shares with another
// object is left alone.
func wholePages(slots []entry) []byte {
	if len(slots) == 0 {
		return nil
	}
	page := os.Getpagesize()
	b := unsafe.Slice((*byte)(unsafe.Pointer(&slots[0])), len(slots)*entryBytes)
	off := (page - int(uintptr(unsafe.Pointer(&b[0]))%uintptr(page))) % page
	if off >= len(b) {
		return nil
	}
	n := (len(b) - off) / page * page
	return b[off : off+n]
}
