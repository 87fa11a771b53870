//go:build !race

package solvefile

// raceEnabled is false without the race detector.
const raceEnabled = false
