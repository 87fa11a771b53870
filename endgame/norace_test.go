//go:build !race

package endgame

// raceEnabled is true when the tests run under the race detector, which
// slows the solver some tenfold.
const raceEnabled = false
