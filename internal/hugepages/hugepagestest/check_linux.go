//go:build linux

package hugepagestest

import (
	"encoding/binary"
	"os"
	"syscall"
	"testing"
	"unsafe"

	"github.com/tcgothello/mcts/internal/hugepages"
)

// Mappings returns the process's mappings now, from /proc/self/smaps: the
// state CheckAdvised compares with. It skips t where smaps cannot be read.
func Mappings(t testing.TB) []Mapping {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	maps, err := ReadMappings(f)
	if err != nil {
		t.Fatal(err)
	}
	return maps
}

// advisedAt reports whether the mapping holding addr is advised to huge
// pages.
func advisedAt(maps []Mapping, addr uintptr) bool {
	for _, m := range maps {
		if m.Start <= addr && addr < m.End {
			return m.Huge
		}
	}
	return false
}

// CheckAdvised fails t unless, for each slice s of slices, the whole 2 MiB
// inside s (hugepages.HugeRange), and no other byte of s, were advised to
// transparent huge pages since before was read (Mappings): every mapping
// inside that range carries the flag now, and the pages of s outside it,
// which it shares with other objects or which no huge page could back,
// are advised only where they already were before (memory the heap
// reuses keeps the advice of what it held). A slice smaller than 2 MiB
// must not be advised at all. It skips t on a kernel without transparent
// huge pages, where madvise refuses the advice. Keep the slices alive
// until it returns.
func CheckAdvised[T any](t testing.TB, before []Mapping, slices ...[]T) {
	t.Helper()
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("kernel without transparent huge pages: madvise refuses the advice, the memory stays on small pages")
	}
	now := Mappings(t)
	for _, s := range slices {
		checkAdvised(t, before, now, s)
	}
}

// checkAdvised is CheckAdvised of one slice, with the mappings read now.
func checkAdvised[T any](t testing.TB, before, now []Mapping, s []T) {
	t.Helper()
	var zero T
	first := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	last := first + uintptr(len(s))*unsafe.Sizeof(zero)
	start, end := last, last // no huge range: all of s is outside it
	if huge := hugepages.HugeRange(s); len(huge) > 0 {
		start = uintptr(unsafe.Pointer(&huge[0]))
		end = start + uintptr(len(huge))
	}
	covered := uintptr(0)
	for _, m := range now {
		if lo, hi := max(m.Start, start), min(m.End, end); lo < hi {
			if !m.Huge {
				t.Errorf("mapping %#x-%#x inside the 2 MiB pages %#x-%#x of the slice %#x-%#x is not advised to huge pages", m.Start, m.End, start, end, first, last)
			}
			covered += hi - lo
		}
	}
	if covered != end-start {
		t.Errorf("mappings cover %d bytes of the slice's %d in whole 2 MiB pages", covered, end-start)
	}
	page := uintptr(os.Getpagesize())
	for _, r := range [][2]uintptr{{first, start}, {end, last}} {
		for p := r[0] &^ (page - 1); p < r[1]; p += page {
			if !advisedAt(now, p) || advisedAt(before, p) {
				continue
			}
			if start == end {
				t.Errorf("the slice %#x-%#x holds no whole 2 MiB, yet its page %#x was advised", first, last, p)
			} else {
				t.Errorf("the slice's page %#x, outside its whole 2 MiB %#x-%#x, was advised", p, start, end)
			}
			break
		}
	}
}

// Resident returns how many bytes of the whole pages of s
// (hugepages.WholePages) are resident in memory, from /proc/self/pagemap:
// bit 63 of a page's entry says it is present. It skips t where pagemap
// cannot be read. Keep s alive until it returns.
func Resident[T any](t testing.TB, s []T) uintptr {
	t.Helper()
	whole := hugepages.WholePages(s)
	if len(whole) == 0 {
		return 0
	}
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skipf("no /proc/self/pagemap: %v", err)
	}
	defer f.Close()
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(&whole[0]))
	buf := make([]byte, uintptr(len(whole))/page*8)
	if _, err := f.ReadAt(buf, int64(start/page*8)); err != nil {
		t.Fatalf("pagemap: %v", err)
	}
	rss := uintptr(0)
	for i := 0; i+8 <= len(buf); i += 8 {
		if binary.LittleEndian.Uint64(buf[i:])>>63 == 1 {
			rss += page
		}
	}
	return rss
}

// Evict hands the whole pages inside s back to the system (madvise
// MADV_DONTNEED), so that they read as zeros and are not resident until
// written again: a test of making pages resident starts from there, for
// memory fresh from make may be resident already (the heap's memory used
// before, or pages the kernel's khugepaged collapsed into a huge page in
// the background where older advice remained). s must hold nothing the
// test needs: its whole pages read as zeros after.
func Evict[T any](t testing.TB, s []T) {
	t.Helper()
	if b := hugepages.WholePages(s); len(b) > 0 {
		if err := syscall.Madvise(b, syscall.MADV_DONTNEED); err != nil {
			t.Fatalf("madvise MADV_DONTNEED: %v", err)
		}
	}
}
