package otp

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// safeName returns the form of an engine's name that the judge prints,
// logs and records, the same everywhere: a name is whatever bytes the
// engine sent, and printed raw, invalid UTF-8, control characters or
// bidirectional overrides (U+202E) would garble a terminal, reorder the
// result line or differ between stdout and a JSON file (whose encoder
// replaces invalid bytes). Every character that Unicode calls printable
// (letters, marks, numbers, punctuation, symbols) is kept, so "café" and
// printable ASCII names print exactly as sent; every other one is escaped
// as Go escapes it in a quoted string: an invalid byte as \xff, a rune as
// \u202e or \U000e0001. The result is valid UTF-8 of printable characters
// and has no white space, so it stays one token in a result line.
func safeName(s string) string {
	if isSafeName(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsPrint(r) && r != ' ':
			b.WriteString(s[i : i+size])
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += size
	}
	return b.String()
}

// isSafeName reports whether safeName would leave s as it is.
func isSafeName(s string) bool {
	for i, r := range s {
		if (r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD")) || !unicode.IsPrint(r) || r == ' ' {
			return false
		}
	}
	return true
}
