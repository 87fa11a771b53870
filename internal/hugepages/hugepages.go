// Package hugepages asks the kernel to back a large, long-lived slice with
// transparent huge pages, and to make its pages resident ahead of use.
//
// A large slice (the endgame solver's transposition table, the search
// tree's node arena) is allocated untouched; each 4 KiB page then faults
// in when the program first writes it, and on the project's virtual
// machine a fault costs about 25 µs of system time: a 256 MiB table
// written all over cost its first solve 26,000 faults and 0.7 s
// (docs/performance.md). A 2 MiB huge page takes one fault. Go's heap is
// not advised itself, so where the kernel gives huge pages only on request
// ("madvise" in /sys/kernel/mm/transparent_hugepage/enabled, a common
// default) a slice never gets them without Advise. Only Linux has the
// advice; elsewhere Advise does nothing and Populate reports
// ErrNoPopulate, and the slice works as before, on the system's pages.
package hugepages

import (
	"errors"
	"os"
	"unsafe"
)

// ErrNoPopulate says the system cannot make pages resident on request
// without writing them (Populate): the pages fault in as they are touched.
var ErrNoPopulate = errors.New("populating pages is not supported")

// WholePages returns the bytes of the whole pages inside s, the part the
// advice applies to: madvise wants a page-aligned start, and a page s
// shares with another object is left alone. It is nil when s holds no
// whole page.
func WholePages[T any](s []T) []byte {
	var zero T
	n := len(s) * int(unsafe.Sizeof(zero))
	if n == 0 {
		return nil
	}
	page := os.Getpagesize()
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), n)
	off := (page - int(uintptr(unsafe.Pointer(&b[0]))%uintptr(page))) % page
	if off >= len(b) || (len(b)-off)/page == 0 {
		return nil
	}
	return b[off : off+(len(b)-off)/page*page]
}
