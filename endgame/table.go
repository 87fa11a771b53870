package endgame

import (
	"fmt"
	"math/bits"

	"github.com/tcgothello/mcts/internal/hugepages"
)

// The transposition table remembers, for positions already searched, the
// bounds proven on their exact score and the best move found. A position's
// exact score does not depend on how it was reached or on the window of the
// search, so an entry stays true for as long as it lives: the table is kept
// from one Solve to the next and across the moves of a game. The exception
// is a selective entry, whose bounds the selective pre-search found only
// likely (probcut.go): exact searches read its move alone.

// entry is one slot of the table: the position itself (so that a hit is
// never a false one), the bounds lower <= score <= upper, the best move
// found plus one (0 if none: an all-zero entry is an empty slot, so a new
// table needs no writing, and its pages none until used), the number of
// empty squares (the size of the search behind it, for replacement) and
// the generation that last wrote it. A selective entry holds what the
// selective pre-search (probcut.go) found: bounds that are only likely,
// which an exact search must not use, and a move that it may.
type entry struct {
	p, o         uint64
	lower, upper int8
	movePlus1    uint8
	empties      uint8
	generation   uint8
	selective    bool
}

// move returns the entry's best move, or noSquare.
func (e *entry) move() uint8 { return e.movePlus1 - 1 } // 0 - 1 wraps to noSquare

// entryBytes is the size of an entry, padding included; checked by a test.
const entryBytes = 24

// bucket is the two slots a position may use, padded to 64 bytes: a
// bucket on a cache line of its own costs one memory access per probe,
// where unpadded 48-byte buckets straddled two lines half the time. The
// profile put a seventh of the solve in the probe's first load.
type bucket struct {
	e [2]entry
	_ [bucketBytes - 2*entryBytes]byte
}

// bucketBytes is the size of a bucket: a cache line; checked by a test.
const bucketBytes = 64

// noSquare marks an entry without a best move.
const noSquare = 0xff

// MinTableBytes is the smallest transposition table: one bucket.
const MinTableBytes = bucketBytes

// DefaultTableBytes is the default size of the transposition table: 256 MiB.
// Solving FFO #40-#44 stores a few million positions; in a power of two of
// two-entry buckets of 64 bytes, this holds 8.4 million, so the deep
// entries survive, and peak memory
// stays far below the 1 GiB this engine allows itself (the course allows 4).
const DefaultTableBytes = 256 << 20

// table is a two-way set-associative hash table of entries, allocated once.
// A position hashes to a bucket of two slots; a new result replaces the
// same position's entry; else it takes slot 0 when that is empty or of an
// older generation, or holds a search no larger (which moves to slot 1),
// and slot 1 otherwise.
type table struct {
	buckets    []bucket
	shift      uint // a position's bucket is buckets[hash >> shift]
	generation uint8
	// populated is how far hugepages.Populate has made the table resident, in
	// bytes of its whole pages; populateDone is set when all of it is,
	// or when the system cannot (the pages then fault in as solves touch
	// them).
	populated    int
	populateDone bool
	// populateFailed is set when the system could not populate (the
	// pages then fault in as they are touched).
	populateFailed bool
}

// newTable allocates a table of the largest power-of-two number of buckets
// that fits in bytes.
func newTable(bytes int) (table, error) {
	if bytes < MinTableBytes {
		return table{}, fmt.Errorf("transposition table of %d bytes: want at least %d", bytes, MinTableBytes)
	}
	log2 := bits.Len64(uint64(bytes/bucketBytes)) - 1
	// make's memory is already zero: all slots empty, of generation 0. A
	// large allocation starts on a page, so every bucket on a cache line.
	buckets := make([]bucket, 1<<log2)
	// The solve stores its entries all over the table, so on small pages
	// the first solve of a process took a fault for nearly every 4 KiB of
	// it (26,000 faults and 0.7 s at the default size, docs/performance.md).
	hugepages.Advise(buckets)
	return table{buckets: buckets, shift: uint(64 - log2), generation: 1}, nil
}

// populateNext makes up to maxBytes more of the table resident (its pages
// faulted in, its entries unchanged) and reports whether all of it is; 0
// only asks.
func (t *table) populateNext(maxBytes int) bool {
	if t.populateDone || maxBytes <= 0 {
		return t.populateDone
	}
	next, done, err := hugepages.Populate(t.buckets, t.populated, maxBytes)
	t.populated = next
	// An error leaves the pages to fault in as solves touch them, as
	// they did before populating: nothing is lost but the head start.
	t.populateDone = done || err != nil
	t.populateFailed = err != nil
	return t.populateDone
}

// clear empties the table.
func (t *table) clear() {
	clear(t.buckets)
	// Empty slots are of generation 0, older than any entry written.
	t.generation = 1
}

// hash mixes a position into 64 bits whose top bits index a bucket. A
// product's high bits depend on all of the multiplicand's bits (its low
// bits only on the low ones), so the table indexes with the top bits, and
// two multiplications by odd constants (from splitmix64) cover both
// bitboards.
func hash(p, o uint64) uint64 {
	return p*0x9e3779b97f4a7c15 ^ (o+0x632be59bd9b4e019)*0xbf58476d1ce4e5b9
}

// bucket returns the position's bucket.
func (t *table) bucket(p, o uint64) *[2]entry {
	return &t.buckets[hash(p, o)>>t.shift].e
}

// probe returns the entry of the position p, o, or nil.
func (t *table) probe(p, o uint64) *entry {
	b := t.bucket(p, o)
	// An empty slot holds p = o = 0, which no real position is.
	if b[0].p == p && b[0].o == o {
		return &b[0]
	}
	if b[1].p == p && b[1].o == o {
		return &b[1]
	}
	return nil
}

// store records what a fail-soft search of the position p, o with the
// window (alpha, beta) returned: score is an upper bound when it is at most
// alpha, a lower bound when it is at least beta, and exact in between. The
// bounds are merged with those already known for the position. A
// selective search's result (selective) never overwrites exact bounds, and
// an exact result replaces selective ones rather than merge with them:
// merged, a wrong selective bound would pass for proven.
func (t *table) store(p, o uint64, empties, alpha, beta, score int, move uint8, selective bool) {
	lower, upper := -64, 64
	switch {
	case score <= alpha:
		upper = score
	case score >= beta:
		lower = score
	default:
		lower, upper = score, score
	}
	b := t.bucket(p, o)
	var e *entry
	switch {
	case b[0].p == p && b[0].o == o:
		e = &b[0]
	case b[1].p == p && b[1].o == o:
		e = &b[1]
	}
	if e != nil && selective && !e.selective {
		// The exact bounds are worth more; the entry is in use, so it
		// counts as of this generation for replacement.
		e.generation = t.generation
		return
	}
	if e != nil {
		switch {
		case !selective && !e.selective:
			// Both the old and the new bounds hold: keep the tighter.
			lower = max(lower, int(e.lower))
			upper = min(upper, int(e.upper))
		case selective:
			// Both are only likely, and two likely bounds may cross:
			// then the new ones alone.
			if l, u := max(lower, int(e.lower)), min(upper, int(e.upper)); l <= u {
				lower, upper = l, u
			}
		}
		// An exact result over a selective entry replaces its bounds.
		if move == noSquare || score <= alpha && e.move() != noSquare {
			// A search that failed low ranks its moves by bounds that
			// say little; an earlier best move is worth more.
			move = e.move()
		}
	} else if b[0].generation != t.generation {
		e = &b[0] // empty, or left from an earlier solve
	} else if empties >= int(b[0].empties) {
		// Slot 0 keeps the largest search of the generation, slot 1 the
		// latest: a deep entry is not lost to the many small ones, and a
		// new one always finds room.
		b[1] = b[0]
		e = &b[0]
	} else {
		e = &b[1]
	}
	*e = entry{p: p, o: o, lower: int8(lower), upper: int8(upper), movePlus1: move + 1, empties: uint8(empties),
		generation: t.generation, selective: selective}
}

// age starts a new generation: entries of earlier ones stay valid but are
// replaced first.
func (t *table) age() {
	t.generation++
	if t.generation == 0 { // 0 is the empty slots' generation
		t.generation = 1
	}
}
