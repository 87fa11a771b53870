//go:build !unix

package tournament

// LockResults does nothing where the system has no flock: two judges on
// one results file are not detected there (docs/tournament.md says so).
func LockResults(path string) (unlock func() error, err error) {
	return func() error { return nil }, nil
}
