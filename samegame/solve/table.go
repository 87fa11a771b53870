package solve

// bound says what a stored value is: the position's exact value, or only
// a bound on it (the search failed low or high).
type bound uint8

const (
	boundNone  bound = iota // empty slot
	boundExact              // the value is exact
	boundUpper              // the exact value is at most the value
	boundLower              // the exact value is at least the value
)

// entry is one slot of the transposition table: 16 bytes.
type entry struct {
	key   uint64
	value int32
	kind  bound
	gen   uint8 // the search that wrote it: older entries count as empty
}

// table is a transposition table indexed by the low bits of the key,
// always replacing: the same position reached by two move orders is
// searched once while its entry survives. It is allocated once.
type table struct {
	slots []entry
	mask  uint64
	gen   uint8
}

// newTable makes a table of the largest power of two of entries that
// fits in mb megabytes; nil for mb <= 0 (no table).
func newTable(mb int) *table {
	if mb <= 0 {
		return nil
	}
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{slots: make([]entry, n), mask: n - 1}
}

func (t *table) probe(key uint64) (int, bound) {
	e := &t.slots[key&t.mask]
	if e.key != key || e.kind == boundNone || e.gen != t.gen {
		return 0, boundNone
	}
	return int(e.value), e.kind
}

func (t *table) store(key uint64, value int, kind bound) {
	t.slots[key&t.mask] = entry{key: key, value: int32(value), kind: kind, gen: t.gen}
}

// reset empties the table for a new search: a new generation, so that
// the slots need not be cleared (a new board would otherwise pay for
// clearing the whole table, most of which a small search never touches);
// once every 256 searches the generation wraps and the slots are cleared.
func (t *table) reset() {
	if t == nil {
		return
	}
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}
