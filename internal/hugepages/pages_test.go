package hugepages_test

import (
	"errors"
	"runtime"
	"testing"

	"github.com/tcgothello/mcts/internal/hugepages"
	"github.com/tcgothello/mcts/internal/hugepages/hugepagestest"
)

// TestAdviseHugeRangeOnly checks that Advise advises the whole 2 MiB
// inside a new slice, and no other byte of it, to transparent huge pages
// (read back from /proc/self/smaps by hugepagestest.CheckAdvised). The
// slice starts one byte into its allocation, so that its first and last
// pages are shared with memory it does not own.
func TestAdviseHugeRangeOnly(t *testing.T) {
	before := hugepagestest.Mappings(t)
	buf := make([]byte, 32<<20)
	s := buf[1 : len(buf)-1]
	hugepages.Advise(s)
	hugepagestest.CheckAdvised(t, before, s)
	runtime.KeepAlive(buf)
}

// TestAdviseLeavesSmallSlices checks that Advise leaves alone slices that
// hold no whole 2 MiB, however many: advising them would gain no huge
// page and would add two mappings to the process for each.
func TestAdviseLeavesSmallSlices(t *testing.T) {
	before := hugepagestest.Mappings(t)
	var advised, keep [][]uint64
	for range 100 {
		s := make([]uint64, 4<<10) // 32 KiB
		hugepages.Advise(s)
		advised = append(advised, s)
		keep = append(keep, make([]uint64, 4<<10)) // an unadvised neighbour between
	}
	hugepagestest.CheckAdvised(t, before, advised...)
	if after := hugepagestest.Mappings(t); len(after) > len(before)+50 {
		t.Errorf("advising 100 small slices: %d mappings, %d before", len(after), len(before))
	}
	runtime.KeepAlive(advised)
	runtime.KeepAlive(keep)
}

// TestPopulateKeepsContents checks that populating a slice in steps ends
// in a bounded number of calls, says so only at the end, and changes
// nothing written before, all over the slice.
func TestPopulateKeepsContents(t *testing.T) {
	s := make([]uint64, 1<<20) // 8 MiB
	for i := 0; i < len(s); i += 997 {
		s[i] = uint64(i)*0x9e3779b97f4a7c15 | 1
	}
	const step = 1 << 20
	next, steps := 0, 0
	for {
		n, done, err := hugepages.Populate(s, next, step)
		if errors.Is(err, hugepages.ErrNoPopulate) {
			t.Skip("this system cannot populate pages on request (MADV_POPULATE_WRITE, Linux 5.14)")
		}
		if err != nil {
			t.Fatal(err)
		}
		steps++
		if n <= next && !done {
			t.Fatalf("step %d: from byte %d to %d, not done", steps, next, n)
		}
		next = n
		if done {
			break
		}
		if steps > 9 {
			t.Fatalf("populating 8 MiB 1 MiB at a time: not done after %d steps", steps)
		}
	}
	if whole := len(hugepages.WholePages(s)); next != whole || steps != (whole+step-1)/step {
		t.Errorf("populating %d bytes of whole pages 1 MiB at a time: done at byte %d after %d steps, want %d after %d", whole, next, steps, whole, (whole+step-1)/step)
	}
	if n, done, err := hugepages.Populate(s, next, step); n != next || !done || err != nil {
		t.Errorf("asked again when done: %d, %v, %v; want %d, true, nil", n, done, err, next)
	}
	for i := range s {
		want := uint64(0)
		if i%997 == 0 {
			want = uint64(i)*0x9e3779b97f4a7c15 | 1
		}
		if s[i] != want {
			t.Fatalf("element %d is %#x after populating, was %#x", i, s[i], want)
		}
	}
}

// TestPopulateMakesResident checks that populating a new slice makes
// every whole page of it resident (read back from /proc/self/pagemap),
// where only the page one write touched was before. The slice's pages are
// handed back to the system first (hugepagestest.Evict): memory fresh from
// make may be resident already.
func TestPopulateMakesResident(t *testing.T) {
	s := make([]byte, 32<<20)
	hugepagestest.Evict(t, s)
	s[len(s)/2] = 1
	whole := uintptr(len(hugepages.WholePages(s)))
	if rss := hugepagestest.Resident(t, s); rss >= whole/2 {
		t.Fatalf("a new slice with one byte written has %d of its %d bytes resident already", rss, whole)
	}
	next, done, err := hugepages.Populate(s, 0, len(s))
	if errors.Is(err, hugepages.ErrNoPopulate) {
		t.Skip("this system cannot populate pages on request (MADV_POPULATE_WRITE, Linux 5.14)")
	}
	if err != nil || !done || uintptr(next) != whole {
		t.Fatalf("populating all of it: %d, %v, %v; want %d, true, nil", next, done, err, whole)
	}
	if rss := hugepagestest.Resident(t, s); rss != whole {
		t.Errorf("populated slice: %d of its %d bytes resident", rss, whole)
	}
	runtime.KeepAlive(s)
}
