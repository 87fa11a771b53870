//go:build !race

package killallgo

// raceEnabled: see race_on_test.go.
const raceEnabled = false
