//go:build race

package solve

// raceEnabled: the race detector slows the tests tenfold and the solver
// runs on one goroutine, so the reference comparison checks fewer boards.
const raceEnabled = true
