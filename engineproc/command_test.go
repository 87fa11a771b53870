package engineproc

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// splitCases are command lines whose splitting a test compares with a real
// shell's; none holds a command substitution, so running them is safe.
var splitCases = []struct {
	line string
	want []string
}{
	{`bin/search --time 1s`, []string{"bin/search", "--time", "1s"}},
	{`  bin/search   --time	1s  `, []string{"bin/search", "--time", "1s"}},
	{`bin/search --name 'a b'`, []string{"bin/search", "--name", "a b"}},
	{`bin/search --name "a  b"`, []string{"bin/search", "--name", "a  b"}},
	{`bin/search --name a\ b`, []string{"bin/search", "--name", "a b"}},
	{`'/opt/my engines/run' -x`, []string{"/opt/my engines/run", "-x"}},
	{`e "it's" 'say "hi"'`, []string{"e", "it's", `say "hi"`}},
	{`e "a\"b" 'c\d' e\\f`, []string{"e", `a"b`, `c\d`, `e\f`}},
	{`e '' ""`, []string{"e", "", ""}},
	{`e a'b'"c"d`, []string{"e", "abcd"}},
	{`e "$JUDGE_SPLIT_TEST/x" '$JUDGE_SPLIT_TEST'`, []string{"e", "v w/x", "$JUDGE_SPLIT_TEST"}},
	{`e --opt=x=y`, []string{"e", "--opt=x=y"}},
}

func TestSplitCommand(t *testing.T) {
	t.Setenv("JUDGE_SPLIT_TEST", "v w")
	for _, c := range splitCases {
		got, err := SplitCommand(c.line)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", c.line, got, err, c.want)
		}
	}
	for line, want := range map[string]string{
		"":                 "empty command",
		"   ":              "empty command",
		`'' -x`:            "empty command",
		`e 'a`:             "closing quote",
		`e "a`:             "closing quote",
		`e; rm -rf x`:      "not a valid word",
		`e | tee log`:      "not a valid word",
		`e > log`:          "not a valid word",
		`e && f`:           "not a valid word",
		`e $(touch x)`:     "command substitution",
		"e `touch x`":      "command substitution",
		`e --name 'a b' &`: "not a valid word",
	} {
		if got, err := SplitCommand(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want an error with %q", line, got, err, want)
		}
	}
}

// The splitting agrees with a real POSIX shell's on every case above.
func TestSplitCommandLikeShell(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	t.Setenv("JUDGE_SPLIT_TEST", "v w")
	for _, c := range splitCases {
		// printf repeats its format for every argument: one NUL-ended
		// field each, whatever they hold.
		out, err := exec.Command(sh, "-c", `printf '%s\0' `+c.line).Output()
		if err != nil {
			t.Errorf("sh -c printf %s: %v", c.line, err)
			continue
		}
		shell := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		got, err := SplitCommand(c.line)
		if err != nil || !slices.Equal(got, shell) {
			t.Errorf("SplitCommand(%q) = %q, %v; sh gives %q", c.line, got, err, shell)
		}
	}
}
