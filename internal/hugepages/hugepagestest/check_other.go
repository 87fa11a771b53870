//go:build !linux

package hugepagestest

import "testing"

// Mappings skips t: /proc/self/smaps is Linux's.
func Mappings(t testing.TB) []Mapping {
	t.Helper()
	t.Skip("no /proc/self/smaps here")
	return nil
}

// CheckAdvised skips t: huge pages on request, and /proc/self/smaps that
// shows them, are Linux's.
func CheckAdvised[T any](t testing.TB, _ []Mapping, _ ...[]T) {
	t.Helper()
	t.Skip("transparent huge pages are a Linux feature")
}

// Resident skips t: /proc/self/pagemap is Linux's.
func Resident[T any](t testing.TB, _ []T) uintptr {
	t.Helper()
	t.Skip("no /proc/self/pagemap here")
	return 0
}

// Evict skips t: the residency tests that need it are Linux's.
func Evict[T any](t testing.TB, _ []T) {
	t.Helper()
	t.Skip("no MADV_DONTNEED here")
}
