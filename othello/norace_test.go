//go:build !race

package othello

// raceEnabled is true when the tests run under the race detector, which
// slows the portable Go code some tenfold (the assembly is not instrumented).
const raceEnabled = false
