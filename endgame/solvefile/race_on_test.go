//go:build race

package solvefile

// raceEnabled: the race detector's shadow memory is faulted in page by
// page beside the table's, which the page-fault test cannot tell apart.
const raceEnabled = true
