//go:build linux

package endgame

import (
	"bufio"
	"encoding/binary"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// vma is one mapping of /proc/self/smaps: its address range, its resident
// bytes and whether it is advised to huge pages (the "hg" flag of
// VmFlags).
type vma struct {
	start, end uintptr
	rss        uintptr
	huge       bool
}

// readMappings parses /proc/self/smaps.
func readMappings(t *testing.T) []vma {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	var maps []vma
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "Rss:" && len(fields) == 3 && len(maps) > 0 {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				t.Fatalf("smaps: %q: %v", line, err)
			}
			maps[len(maps)-1].rss = uintptr(kb) << 10
			continue
		}
		if fields[0] == "VmFlags:" {
			if len(maps) == 0 {
				t.Fatalf("smaps: VmFlags before any mapping")
			}
			for _, flag := range fields[1:] {
				if flag == "hg" {
					maps[len(maps)-1].huge = true
				}
			}
			continue
		}
		// A mapping's first line starts with its range, "start-end".
		lo, hi, ok := strings.Cut(fields[0], "-")
		if !ok || strings.HasSuffix(fields[0], ":") {
			continue
		}
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		maps = append(maps, vma{start: uintptr(start), end: uintptr(end)})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return maps
}

// TestTableAdvisedHugePages checks that a new table's whole pages, and only
// they, are advised to transparent huge pages: every mapping inside the
// table carries the flag, and the mappings holding the table's first and
// last partial pages (shared with other objects) do not.
func TestTableAdvisedHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("kernel without transparent huge pages: madvise refuses the advice, the table uses small pages")
	}
	tab, err := newTable(64 << 20)
	if err != nil {
		t.Fatal(err)
	}
	first, last, start, end := tableRange(&tab)
	covered := uintptr(0)
	for _, m := range readMappings(t) {
		lo, hi := max(m.start, start), min(m.end, end)
		if lo < hi {
			if !m.huge {
				t.Errorf("mapping %#x-%#x inside the table %#x-%#x is not advised to huge pages", m.start, m.end, first, last)
			}
			covered += hi - lo
		}
		if first < start && m.start <= first && first < m.end && m.huge {
			t.Errorf("mapping %#x-%#x holds the table's first partial page %#x and another object's memory, yet is advised", m.start, m.end, first)
		}
		if end < last && m.start <= end && end < m.end && m.huge {
			t.Errorf("mapping %#x-%#x holds the table's last partial page %#x and another object's memory, yet is advised", m.start, m.end, end)
		}
	}
	if covered != end-start {
		t.Errorf("mappings cover %d bytes of the table's %d in whole pages", covered, end-start)
	}
	runtime.KeepAlive(tab.slots)
}

// tableRange returns the table's first byte and one past its last, and
// the same for its whole pages.
func tableRange(tab *table) (first, last, start, end uintptr) {
	page := uintptr(os.Getpagesize())
	first = uintptr(unsafe.Pointer(&tab.slots[0]))
	last = first + uintptr(len(tab.slots))*entryBytes
	return first, last, (first + page - 1) &^ (page - 1), last &^ (page - 1)
}

// residentIn returns the resident bytes of the pages in start..end (page
// aligned), from /proc/self/pagemap: bit 63 of a page's entry says it is
// present in memory.
func residentIn(t *testing.T, start, end uintptr) uintptr {
	t.Helper()
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skipf("no /proc/self/pagemap: %v", err)
	}
	defer f.Close()
	page := uintptr(os.Getpagesize())
	buf := make([]byte, (end-start)/page*8)
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

// TestPopulateMakesTheTableResident checks that populating a new table
// makes every whole page of it resident, where only the pages a few
// stores touched were before.
func TestPopulateMakesTheTableResident(t *testing.T) {
	tab, err := newTable(32 << 20)
	if err != nil {
		t.Fatal(err)
	}
	_, _, start, end := tableRange(&tab)
	tab.store(1, 2, 20, -64, 64, 6, 3)
	if rss := residentIn(t, start, end); rss >= (end-start)/2 {
		t.Fatalf("a new table with one entry has %d of its %d bytes resident already", rss, end-start)
	}
	for i := 0; !tab.populateNext(4 << 20); i++ {
		if i > 8 {
			t.Fatalf("populating 32 MiB 4 MiB at a time: not done after %d steps", i+1)
		}
	}
	if tab.populated == 0 {
		t.Skip("this kernel cannot populate pages (MADV_POPULATE_WRITE, Linux 5.14)")
	}
	if rss := residentIn(t, start, end); rss != end-start {
		t.Errorf("populated table: %d of its %d bytes resident", rss, end-start)
	}
	runtime.KeepAlive(tab.slots)
}
