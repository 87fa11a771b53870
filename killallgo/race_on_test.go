//go:build race

package killallgo

// raceEnabled: the race detector slows the tests tenfold, so the longest
// run fewer games (a data race shows in a few as well as in many).
const raceEnabled = true
