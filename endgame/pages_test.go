package endgame

import (
	"runtime"
	"testing"

	"github.com/tcgothello/mcts/internal/hugepages"
	"github.com/tcgothello/mcts/internal/hugepages/hugepagestest"
)

// TestTableAdvisedHugePages checks that a new table's whole 2 MiB pages,
// and only they, are advised to transparent huge pages: every mapping
// inside them carries the flag, and the table's first and last partial
// 2 MiB (shared with other objects, or too short for a huge page) do not
// (Linux only: hugepagestest.CheckAdvised).
func TestTableAdvisedHugePages(t *testing.T) {
	before := hugepagestest.Mappings(t)
	tab, err := newTable(64 << 20)
	if err != nil {
		t.Fatal(err)
	}
	hugepagestest.CheckAdvised(t, before, tab.buckets)
	runtime.KeepAlive(tab.buckets)
}

// TestPopulateMakesTheTableResident checks that populating a new table
// makes every whole page of it resident, where only the pages a few
// stores touched were before (Linux only: /proc/self/pagemap). The
// table's pages are handed back to the system first (hugepagestest.Evict,
// leaving the empty table's zeros): memory fresh from make may be
// resident already.
func TestPopulateMakesTheTableResident(t *testing.T) {
	tab, err := newTable(32 << 20)
	if err != nil {
		t.Fatal(err)
	}
	hugepagestest.Evict(t, tab.buckets)
	whole := uintptr(len(hugepages.WholePages(tab.buckets)))
	tab.store(1, 2, 20, -64, 64, 6, 3, false)
	if rss := hugepagestest.Resident(t, tab.buckets); rss >= whole/2 {
		t.Fatalf("a new table with one entry has %d of its %d bytes resident already", rss, whole)
	}
	for i := 0; !tab.populateNext(4 << 20); i++ {
		if i > 8 {
			t.Fatalf("populating 32 MiB 4 MiB at a time: not done after %d steps", i+1)
		}
	}
	if tab.populated == 0 {
		t.Skip("this kernel cannot populate pages (MADV_POPULATE_WRITE, Linux 5.14)")
	}
	if rss := hugepagestest.Resident(t, tab.buckets); rss != whole {
		t.Errorf("populated table: %d of its %d bytes resident", rss, whole)
	}
	runtime.KeepAlive(tab.buckets)
}

// TestPopulateKeepsEntries checks that populating the table in steps ends
// in a bounded number of calls, says so only at the end, and changes no
// entry: the bounds and moves stored before, all over the table, are
// found after.
func TestPopulateKeepsEntries(t *testing.T) {
	tab, err := newTable(8 << 20)
	if err != nil {
		t.Fatal(err)
	}
	type stored struct {
		p, o         uint64
		lower, upper int8
		move         uint8
	}
	var want []stored
	for i := range uint64(1000) {
		p, o := i*0x9e3779b97f4a7c15|1, i+1<<40
		score := int(i%33) - 16
		tab.store(p, o, 20, score-1, score+1, score, uint8(i%64), false)
		want = append(want, stored{p, o, int8(score), int8(score), uint8(i % 64)})
	}
	const step = 1 << 20
	steps := 0
	for !tab.populateNext(step) {
		steps++
		if steps > 8 {
			t.Fatalf("populating 8 MiB 1 MiB at a time: not done after %d steps", steps)
		}
	}
	if tab.populated > 0 && steps < 5 { // 6 MiB of entries: 6 steps of 1 MiB, the last one done
		t.Errorf("populating %d bytes in 1 MiB steps said done after %d steps", tab.populated, steps+1)
	}
	if !tab.populateNext(step) {
		t.Errorf("a populated table is not done when asked again")
	}
	for _, w := range want {
		e := tab.probe(w.p, w.o)
		if e == nil {
			continue // replaced by a later store in the same bucket
		}
		if e.lower != w.lower || e.upper != w.upper || e.move() != w.move {
			t.Errorf("entry %#x %#x: [%d, %d] move %d after populating, stored [%d, %d] move %d", w.p, w.o, e.lower, e.upper, e.move(), w.lower, w.upper, w.move)
		}
	}
}
