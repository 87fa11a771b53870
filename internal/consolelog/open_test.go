package consolelog

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestOpen: without a file the lines go to stderr; with one they are
// appended to it, and the writer returned is the file.
func TestOpen(t *testing.T) {
	var stderr strings.Builder
	log, out, done, err := Open("info", "", &stderr)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("to stderr")
	done()
	if out != &stderr || !strings.Contains(stderr.String(), "INFO\tto stderr") {
		t.Errorf("stderr %q", stderr.String())
	}
	path := filepath.Join(t.TempDir(), "log.txt")
	if err := os.WriteFile(path, []byte("before\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	log, out, done, err = Open("warn", path, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("hidden")
	log.Warn("kept")
	if _, ok := out.(*os.File); !ok {
		t.Errorf("the writer is a %T, want the file", out)
	}
	done()
	got, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(got), "before\n") || !strings.Contains(string(got), "WARN\tkept") || strings.Contains(string(got), "hidden") {
		t.Errorf("file %q", got)
	}
	if _, _, _, err := Open("loud", "", &stderr); err == nil {
		t.Error("level loud accepted")
	}
	if _, _, _, err := Open("info", filepath.Join(path, "not-a-dir", "x"), &stderr); err == nil || !strings.HasPrefix(err.Error(), "log file: ") {
		t.Errorf("an impossible file: %v", err)
	}
}

// TestShared: a file is returned as it is; any other writer gets whole
// writes from concurrent writers (go test -race checks the lock).
func TestShared(t *testing.T) {
	if Shared(os.Stderr) != os.Stderr {
		t.Error("a file was wrapped")
	}
	var sb strings.Builder
	w := Shared(&sb)
	const writers, lines = 4, 50
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range lines {
				w.Write([]byte(strings.Repeat(string(rune('a'+i)), 10) + "\n"))
			}
		}()
	}
	wg.Wait()
	got := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(got) != writers*lines {
		t.Fatalf("%d lines, want %d", len(got), writers*lines)
	}
	for _, l := range got {
		if len(l) != 10 || strings.Count(l, l[:1]) != 10 {
			t.Fatalf("a torn line %q", l)
		}
	}
}
