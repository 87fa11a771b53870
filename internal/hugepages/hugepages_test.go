package hugepages

import (
	"os"
	"testing"
	"unsafe"
)

// TestWholePages checks WholePages on slices cut from a buffer at every
// kind of offset and length, against the page arithmetic done by hand:
// the bytes returned lie inside the slice, start on a page boundary, are
// a whole number of pages, and leave less than a page at either end (no
// whole page is missed); nil when no whole page fits.
func TestWholePages(t *testing.T) {
	page := os.Getpagesize()
	buf := make([]byte, 6*page)
	base := uintptr(unsafe.Pointer(&buf[0]))
	firstBoundary := int((uintptr(page) - base%uintptr(page)) % uintptr(page)) // buf's first page boundary
	for _, c := range []struct{ from, n int }{
		{firstBoundary, 4 * page},            // exactly four pages
		{firstBoundary, 4*page - 1},          // three whole pages and a partial one
		{firstBoundary + 1, 4 * page},        // a partial page, three whole, a partial
		{firstBoundary + 1, page - 1},        // inside one page: none
		{firstBoundary + 1, 2*page - 2},      // across a boundary without a whole page: none
		{firstBoundary + page - 1, page},     // the same, one byte each side
		{firstBoundary + page - 1, 2 * page}, // one whole page inside
		{0, 0},
	} {
		s := buf[c.from : c.from+c.n]
		// By hand: the first boundary at or after the start, the last at or
		// before the end.
		start := (base + uintptr(c.from) + uintptr(page) - 1) / uintptr(page) * uintptr(page)
		end := (base + uintptr(c.from+c.n)) / uintptr(page) * uintptr(page)
		got := WholePages(s)
		if end <= start {
			if got != nil {
				t.Errorf("bytes %d..%d: %d bytes of whole pages, want none", c.from, c.from+c.n, len(got))
			}
			continue
		}
		if len(got) == 0 || uintptr(unsafe.Pointer(&got[0])) != start || uintptr(len(got)) != end-start {
			t.Errorf("bytes %d..%d: whole pages %d bytes from offset %d, want %d from %d", c.from, c.from+c.n,
				len(got), offsetIn(buf, got), end-start, start-base)
		}
	}
}

// offsetIn returns where b starts within buf, or -1 when it is empty.
func offsetIn(buf, b []byte) int {
	if len(b) == 0 {
		return -1
	}
	return int(uintptr(unsafe.Pointer(&b[0])) - uintptr(unsafe.Pointer(&buf[0])))
}

// TestWholePagesOfTypedSlices checks that WholePages counts the bytes of
// a slice's elements, not its length: a slice of 24-byte elements spans
// 24 times its length, and a slice of empty structs none.
func TestWholePagesOfTypedSlices(t *testing.T) {
	page := os.Getpagesize()
	type entry struct{ a, b, c uint64 }
	s := make([]entry, 4*page/24)
	b := WholePages(s)
	first := uintptr(unsafe.Pointer(&s[0]))
	span := uintptr(len(s)) * 24
	if want := (first+span)/uintptr(page)*uintptr(page) - (first+uintptr(page)-1)/uintptr(page)*uintptr(page); uintptr(len(b)) != want {
		t.Errorf("%d entries of 24 bytes at %#x: %d bytes of whole pages, want %d", len(s), first, len(b), want)
	}
	if b := WholePages(make([]struct{}, 1<<20)); b != nil {
		t.Errorf("a slice of empty structs: %d bytes of whole pages, want none", len(b))
	}
	if b := WholePages[uint64](nil); b != nil {
		t.Errorf("a nil slice: %d bytes of whole pages, want none", len(b))
	}
}
