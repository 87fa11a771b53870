package writable

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Check refuses a path in a missing directory, under a file, or naming a
// directory, and accepts a new file and an existing one, changing
// nothing and leaving nothing behind.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "missing", "out"): "stat " + filepath.Join(dir, "missing") + ": no such file or directory",
		filepath.Join(file, "out"):           file + " is not a directory",
		dir:                                  "is a directory",
	} {
		if err := Check(path); err == nil || err.Error() != want {
			t.Errorf("Check(%s) = %v, want %q", path, err, want)
		}
	}
	for _, path := range []string{file, filepath.Join(dir, "new")} {
		if err := Check(path); err != nil {
			t.Errorf("Check(%s) = %v, want nil", path, err)
		}
	}
	if got, _ := os.ReadFile(file); string(got) != "kept" {
		t.Errorf("the existing file became %q", got)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "file" {
		t.Errorf("the directory holds %q, want only the file", names)
	}
}
