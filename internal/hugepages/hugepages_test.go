package hugepages

import (
	"os"
	"testing"
	"unsafe"
)

// TestAlignedRanges checks WholePages (page boundaries) and HugeRange
// (2 MiB boundaries) on slices cut from a buffer at every kind of offset
// and length, against the arithmetic done by hand: the bytes returned lie
// inside the slice, start on a boundary, are a whole number of units, and
// leave less than a unit at either end (none is missed); nil when no
// whole unit fits.
func TestAlignedRanges(t *testing.T) {
	for _, f := range []struct {
		name  string
		unit  int
		whole func([]byte) []byte
	}{
		{"WholePages", os.Getpagesize(), WholePages[byte]},
		{"HugeRange", hugePageBytes, HugeRange[byte]},
	} {
		unit := f.unit
		buf := make([]byte, 6*unit)
		base := uintptr(unsafe.Pointer(&buf[0]))
		boundary := int((uintptr(unit) - base%uintptr(unit)) % uintptr(unit)) // buf's first boundary
		for _, c := range []struct{ from, n int }{
			{boundary, 4 * unit},            // exactly four units
			{boundary, 4*unit - 1},          // three whole units and a partial one
			{boundary + 1, 4 * unit},        // a partial unit, three whole, a partial
			{boundary + 1, unit - 1},        // inside one unit: none
			{boundary + 1, 2*unit - 2},      // across a boundary without a whole unit: none
			{boundary + unit - 1, unit},     // the same, one byte each side
			{boundary + unit - 1, 2 * unit}, // one whole unit inside
			{0, 0},
		} {
			s := buf[c.from : c.from+c.n]
			// By hand: the first boundary at or after the start, the last at
			// or before the end.
			start := (base + uintptr(c.from) + uintptr(unit) - 1) / uintptr(unit) * uintptr(unit)
			end := (base + uintptr(c.from+c.n)) / uintptr(unit) * uintptr(unit)
			got := f.whole(s)
			if end <= start {
				if got != nil {
					t.Errorf("%s of bytes %d..%d: %d bytes, want none", f.name, c.from, c.from+c.n, len(got))
				}
				continue
			}
			if len(got) == 0 || uintptr(unsafe.Pointer(&got[0])) != start || uintptr(len(got)) != end-start {
				t.Errorf("%s of bytes %d..%d: %d bytes from offset %d, want %d from %d", f.name, c.from, c.from+c.n,
					len(got), offsetIn(buf, got), end-start, start-base)
			}
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
