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

// hugePageBytes is the size and alignment of a transparent huge page on
// the systems where Linux gives them with 4 KiB pages: x86-64's and
// arm64's 2 MiB (a page-table directory entry). A larger huge page (arm64
// with 64 KiB pages: 512 MiB) lies on such a boundary too.
const hugePageBytes = 2 << 20

// WholePages returns the bytes of the whole pages inside s, the part
// Populate works on: madvise wants a page-aligned start, and a page s
// shares with another object is left alone. It is nil when s holds no
// whole page.
func WholePages[T any](s []T) []byte { return aligned(s, os.Getpagesize()) }

// HugeRange returns the bytes of s from its first 2 MiB boundary to its
// last, the part Advise advises: the kernel backs a huge page only where
// the whole aligned 2 MiB lies inside the advised memory, so advising the
// small pages at either end would gain nothing, and would split the
// heap's mapping in the kernel for every small slice advised (two more
// mappings each, which stay after the slice is freed). It is nil when s
// holds no whole 2 MiB.
func HugeRange[T any](s []T) []byte { return aligned(s, hugePageBytes) }

// aligned returns the bytes of s from its first multiple of align to its
// last, or nil when there is no whole align bytes between them.
func aligned[T any](s []T, align int) []byte {
	var zero T
	n := len(s) * int(unsafe.Sizeof(zero))
	if n == 0 {
		return nil
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), n)
	off := (align - int(uintptr(unsafe.Pointer(&b[0]))%uintptr(align))) % align
	if off >= len(b) || (len(b)-off)/align == 0 {
		return nil
	}
	return b[off : off+(len(b)-off)/align*align]
}
