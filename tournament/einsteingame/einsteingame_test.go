package einsteingame

import (
	"strings"
	"testing"
)

// The default layouts are the boards of einstein game -s 2018's first
// eight rounds, copied from its output ("einstein game -n 0 random random
// -r 8 -s 2018": no two alike there).
func TestDefaultLayouts(t *testing.T) {
	want := []string{"634251", "654132", "653412", "153462", "524316", "214635", "564321", "526431"}
	got := DefaultLayouts()
	if len(got) != len(want) {
		t.Fatalf("%d layouts, want %d", len(got), len(want))
	}
	for i, o := range got {
		if o.String() != want[i] {
			t.Errorf("layout %d: %s, want %s", i+1, o.String(), want[i])
		}
	}
}

// A layouts file: comments and blank lines skipped, errors by line.
func TestParseLayouts(t *testing.T) {
	got, err := ParseLayouts(strings.NewReader("# boards\n\n 123456 # sorted\n654321\n"))
	if err != nil || len(got) != 2 || got[0].Text != "123456" || got[0].Line != 3 || got[1].Text != "654321" || got[1].Line != 4 {
		t.Errorf("got %+v, %v; want 123456 on line 3 and 654321 on line 4", got, err)
	}
	for _, bad := range []string{"123455\n", "12345\n", "1234567\n", "12 3456\n"} {
		if _, err := ParseLayouts(strings.NewReader("123456\n" + bad)); err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
			t.Errorf("%q: error %v, want one on line 2", bad, err)
		}
	}
	if _, err := ParseLayouts(strings.NewReader("")); err == nil {
		t.Error("an empty file read without error")
	}
}
