package tournament

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseOpenings(t *testing.T) {
	in := "# a header\n\nf5d6c3  # a comment\n F5 f6 E6\n"
	ops, err := ParseOpenings(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 || ops[0].String() != "f5d6c3" || ops[1].String() != "f5f6e6" || ops[0].Line != 3 || ops[1].Line != 4 {
		t.Fatalf("got %v, want f5d6c3 (line 3) and f5f6e6 (line 4)", ops)
	}
	if p := ops[0].Position(); p.Turn.String() != "white" || p.Empties() != 57 {
		t.Errorf("f5d6c3 reaches %v, want white to move with 57 empty squares", p)
	}
}

func TestParseOpeningsErrors(t *testing.T) {
	for in, want := range map[string]string{
		"f5d6\nf5a1\n": "line 2",
		"f5d\n":        "odd number",
		"# nothing\n":  "no openings",
		"f5zz\n":       "line 1",
		// A line over the scanner's bound is named, with what is wrong.
		"f5d6\n" + strings.Repeat("f5", 1<<15) + "\n": "line 2: over 65536 bytes, longer than any opening",
	} {
		_, err := ParseOpenings(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOpenings(%q) = %v, want an error with %q", in[:min(len(in), 40)], err, want)
		}
	}
}

// Another game's openings file: comments and blank lines skipped, each
// line read by the game's parser, its errors by line.
func TestParseOpeningLines(t *testing.T) {
	parse := func(line string) (string, error) {
		f := strings.Fields(line)
		if len(f) != 1 {
			return "", fmt.Errorf("want one word, got %d", len(f))
		}
		return strings.ToUpper(f[0]), nil
	}
	got, err := ParseOpeningLines(strings.NewReader("# head\n\n a # first\nb\n"), parse)
	if err != nil || len(got) != 2 || got[0].Text != "A" || got[0].Line != 3 || got[1].Text != "B" || got[1].Line != 4 {
		t.Errorf("got %+v, %v; want A on line 3, B on line 4", got, err)
	}
	if _, err := ParseOpeningLines(strings.NewReader("a\nb c\n"), parse); err == nil || err.Error() != "line 2: want one word, got 2" {
		t.Errorf("error %v, want line 2's", err)
	}
	long := "a\n# c\n" + strings.Repeat("x", 1<<16) + "\n"
	if _, err := ParseOpeningLines(strings.NewReader(long), parse); err == nil || err.Error() != "line 3: over 65536 bytes, longer than any opening" {
		t.Errorf("error %v, want line 3 named too long", err)
	}
	if _, err := ParseOpeningLines(strings.NewReader("# none\n"), parse); err == nil || err.Error() != "no openings" {
		t.Errorf("error %v, want no openings", err)
	}
}

// LoadOpenings names the file as an openings file, whether it is missing
// or holds a bad line, and reads a good one.
func TestLoadOpenings(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.txt")
	bad := filepath.Join(dir, "bad.txt")
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(bad, []byte("f5d6\nzz\n"), 0o644)
	os.WriteFile(good, []byte("f5d6 # two plies\nf5f6\n"), 0o644)
	for path, want := range map[string]string{
		missing: "openings file: open " + missing + ": no such file or directory",
		bad:     "openings file " + bad + ": line 2: ",
	} {
		if _, err := LoadOpenings(path); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("LoadOpenings(%s) = %v, want an error starting %q", path, err, want)
		}
	}
	if ops, err := LoadOpenings(good); err != nil || len(ops) != 2 || ops[1].Line != 2 {
		t.Errorf("LoadOpenings(good) = %+v, %v; want 2 openings", ops, err)
	}
}
