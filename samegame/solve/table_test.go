package solve

import (
	"testing"
	"unsafe"
)

// entrySize is what an entry really takes, so that a table of mb
// megabytes holds the entries newTable counts.
func TestEntrySize(t *testing.T) {
	if got := unsafe.Sizeof(entry{}); got != entrySize {
		t.Fatalf("an entry takes %d bytes, entrySize says %d", got, entrySize)
	}
}

// newTable's entry count is the largest power of two that fits, for sizes
// up to the cap; past the cap (up to where the byte count would overflow
// uint64, which made the old loop run for ever) it is the cap's count. The
// capped sizes are not allocated: only the count is checked.
func TestTableEntries(t *testing.T) {
	for _, c := range []struct {
		mb   int
		want uint64
	}{
		{1, 1 << 16}, {3, 1 << 17}, {64, 1 << 22},
		{MaxTableMB, MaxTableMB << 20 / entrySize},
		{MaxTableMB + 1, MaxTableMB << 20 / entrySize},
		{1<<44 - 1, MaxTableMB << 20 / entrySize},
		{1 << 62, MaxTableMB << 20 / entrySize},
	} {
		if got := tableEntries(c.mb); got != c.want {
			t.Errorf("tableEntries(%d) = %d, want %d", c.mb, got, c.want)
		}
	}
	if tab := newTable(1); uint64(len(tab.slots)) != 1<<16 || tab.mask != 1<<16-1 {
		t.Errorf("newTable(1): %d slots, mask %#x; want %d", len(tab.slots), tab.mask, 1<<16)
	}
}
