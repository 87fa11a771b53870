package tournament

import (
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
	} {
		_, err := ParseOpenings(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOpenings(%q) = %v, want an error with %q", in, err, want)
		}
	}
}
