//go:build !linux

package hugepages

// Advise does nothing here: transparent huge pages on request are a Linux
// feature (pages_linux.go); the slice uses the system's ordinary pages.
func Advise[T any]([]T) {}

// Populate cannot make pages resident without writing them here (Linux's
// MADV_POPULATE_WRITE does): it returns ErrNoPopulate, and the pages fault
// in as they are touched.
func Populate[T any](_ []T, from, _ int) (next int, done bool, err error) {
	return from, false, ErrNoPopulate
}
