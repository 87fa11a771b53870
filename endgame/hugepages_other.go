//go:build !linux

package endgame

// adviseHugePages does nothing here: transparent huge pages on request are
// a Linux feature (hugepages_linux.go); the table uses the system's
// ordinary pages.
func adviseHugePages([]entry) {}
