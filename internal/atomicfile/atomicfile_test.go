package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("old content, longer than the new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "new" {
		t.Fatalf("content %q, %v; want \"new\"", got, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, %v; want 0644", fi.Mode().Perm(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want 1: no temporary file left", len(entries))
	}
}

func TestWriteFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	// A directory where the file should be: the rename fails.
	path := filepath.Join(dir, "taken")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, "inside"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("x"), 0o644); err == nil {
		t.Fatal("Write over a non-empty directory: no error")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries after a failed write, want only the directory", len(entries))
	}
	missing := filepath.Join(dir, "missing", "f")
	if err := Write(missing, []byte("x"), 0o644); err == nil || err.Error() != "create "+missing+": no such file or directory" {
		t.Errorf("Write into a missing directory: %v, want the path given named, not the temporary file's", err)
	}
}
