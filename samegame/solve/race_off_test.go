//go:build !race

package solve

// raceEnabled: see race_on_test.go.
const raceEnabled = false
