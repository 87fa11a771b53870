//go:build !linux

package endgame

// adviseHugePages does nothing here: transparent huge pages on request are
// a Linux feature (pages_linux.go); the table uses the system's ordinary
// pages.
func adviseHugePages([]entry) {}

// populate cannot make pages resident without writing them here (Linux's
// MADV_POPULATE_WRITE does): the table's pages fault in as solves touch
// them.
func populate(_ []entry, from, _ int) (next int, done bool, err error) {
	return from, false, errNoPopulate
}
