//go:build linux

package endgame

import (
	"os"
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with transparent huge pages
// (madvise MADV_HUGEPAGE on the whole pages inside it). The table is one
// large allocation whose slots a solve touches at random, so on small pages
// the first solve of a process takes a page fault for nearly every 4 KiB of
// it: a 256 MiB table cost the first solve of an 18-empty position 26,000
// faults and 0.75 s of CPU more than a table already touched
// (BenchmarkFirstSolve, docs/performance.md). A 2 MiB page takes one fault,
// and later probes miss the TLB less. Go's heap is not advised itself, so
// where the kernel gives huge pages only on request ("madvise" in
// /sys/kernel/mm/transparent_hugepage/enabled, a common default) the table
// would never get them without this call. Its error is ignored: without
// huge pages (a kernel built without them, or set to "never") the table
// works as before, on small pages.
func adviseHugePages(slots []entry) {
	if len(slots) == 0 {
		return
	}
	page := os.Getpagesize()
	b := unsafe.Slice((*byte)(unsafe.Pointer(&slots[0])), len(slots)*entryBytes)
	// madvise wants a page-aligned start; only the whole pages inside the
	// table are advised, so no other object's page changes.
	off := (page - int(uintptr(unsafe.Pointer(&b[0]))%uintptr(page))) % page
	if off >= len(b) {
		return
	}
	n := (len(b) - off) / page * page
	if n == 0 {
		return
	}
	_ = syscall.Madvise(b[off:off+n], syscall.MADV_HUGEPAGE)
}
