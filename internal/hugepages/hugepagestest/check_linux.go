//go:build linux

package hugepagestest

import (
	"encoding/binary"
	"os"
	"testing"
	"unsafe"

	"github.com/tcgothello/mcts/internal/hugepages"
)

// CheckAdvised fails t unless the whole pages of s, and only they, are
// advised to transparent huge pages: every mapping inside s's whole pages
// carries the flag, and the mappings holding its first and last partial
// pages (shared with other objects) do not. It skips t on a kernel
// without transparent huge pages, where madvise refuses the advice. Keep
// s alive until it returns.
func CheckAdvised[T any](t testing.TB, s []T) {
	t.Helper()
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("kernel without transparent huge pages: madvise refuses the advice, the memory stays on small pages")
	}
	var zero T
	first := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	last := first + uintptr(len(s))*unsafe.Sizeof(zero)
	whole := hugepages.WholePages(s)
	if len(whole) == 0 {
		t.Fatalf("CheckAdvised: the %d bytes at %#x hold no whole page", last-first, first)
	}
	start := uintptr(unsafe.Pointer(&whole[0]))
	end := start + uintptr(len(whole))
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	maps, err := ReadMappings(f)
	if err != nil {
		t.Fatal(err)
	}
	covered := uintptr(0)
	for _, m := range maps {
		lo, hi := max(m.Start, start), min(m.End, end)
		if lo < hi {
			if !m.Huge {
				t.Errorf("mapping %#x-%#x inside the slice %#x-%#x is not advised to huge pages", m.Start, m.End, first, last)
			}
			covered += hi - lo
		}
		if first < start && m.Start <= first && first < m.End && m.Huge {
			t.Errorf("mapping %#x-%#x holds the slice's first partial page %#x and another object's memory, yet is advised", m.Start, m.End, first)
		}
		if end < last && m.Start <= end && end < m.End && m.Huge {
			t.Errorf("mapping %#x-%#x holds the slice's last partial page %#x and another object's memory, yet is advised", m.Start, m.End, end)
		}
	}
	if covered != end-start {
		t.Errorf("mappings cover %d bytes of the slice's %d in whole pages", covered, end-start)
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
