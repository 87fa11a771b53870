package otp

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"alice":            "alice",
		"gomcts-1.2_x[9]":  "gomcts-1.2_x[9]",
		`back\slash`:       `back\slash`,
		"caf\xc3\xa9":      "café",
		"\u202eevil":       `\u202eevil`,     // right-to-left override
		"a\u2066b\u2069":   `a\u2066b\u2069`, // isolates
		"\xff\xfe":         `\xff\xfe`,       // invalid UTF-8
		"x\xc3":            `x\xc3`,          // a rune cut short
		"\xc2\x9b[2J":      `\u009b[2J`,      // C1 control: a terminal's CSI
		"a\u200db":         `a\u200db`,       // zero-width joiner
		"\u00a0nbsp":       `\u00a0nbsp`,     // a space that is not ASCII
		"\U000e0001tag":    `\U000e0001tag`,  // a language tag (format)
		"\U0001F600":       "\U0001F600",     // an emoji is printable
		"\uFFFD":           "\uFFFD",         // the replacement character itself
		"\x7f":             `\u007f`,
		"\u2028line\u2029": `\u2028line\u2029`,
	} {
		got := safeName(in)
		if got != want {
			t.Errorf("safeName(%q) = %q, want %q", in, got, want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("safeName(%q) = %q is not valid UTF-8", in, got)
		}
		for _, r := range got {
			if !unicode.IsPrint(r) || r == ' ' {
				t.Errorf("safeName(%q) = %q holds %U", in, got, r)
			}
		}
		if again := safeName(got); again != got {
			t.Errorf("safeName(safeName(%q)) = %q, want it unchanged %q", in, again, got)
		}
	}
}

func FuzzSafeName(f *testing.F) {
	for _, s := range []string{"alice", "\u202e", "\xff", "\uFFFD", "a\u200db"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := safeName(s)
		if !utf8.ValidString(got) {
			t.Fatalf("safeName(%q) = %q is not valid UTF-8", s, got)
		}
		for _, r := range got {
			if !unicode.IsPrint(r) || r == ' ' {
				t.Fatalf("safeName(%q) = %q holds %U", s, got, r)
			}
		}
		if isSafeName(s) != (got == s) {
			t.Fatalf("isSafeName(%q) = %v but safeName gives %q", s, isSafeName(s), got)
		}
	})
}
