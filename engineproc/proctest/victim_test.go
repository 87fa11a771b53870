package proctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// VictimPattern's expression, given to grep -E -las over files holding
// command lines as /proc has them (as hostile.sh does), matches the
// test's victim and nothing else: not a judge running beside the tests,
// which the pattern of before ("[-]-seed.2.", checked here to match it)
// killed, nor the same words of another program, nor grep itself.
func TestVictimPatternNamesOnlyTheVictim(t *testing.T) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		t.Skip("no grep here")
	}
	victim := []string{"/tmp/go-build123/b001/killallgo.test", "--playouts", "200", "--seed", "2"}
	pattern, err := VictimPattern(victim...)
	if err != nil {
		t.Fatal(err)
	}
	cmdline := func(words ...string) string { return strings.Join(words, "\x00") + "\x00" }
	lines := map[string]string{
		"victim":            cmdline(victim...),
		"victim-more-words": cmdline(append(victim, "--log-level", "warn")...),
		"judge":             cmdline("/usr/local/bin/judge", "tournament", "--rounds", "20", "--seed", "23", "--engine", "name=a cmd=./a"),
		"other-program":     cmdline(append([]string{"/tmp/go-build999/b001/killallgo.test"}, victim[1:]...)...),
		"other-seed":        cmdline(append(victim[:4:4], "23")...),
		"in-an-argument":    cmdline("/bin/sh", "-c", strings.Join(victim, " ")),
		"grep":              cmdline(grep, "-lasE", pattern, "/proc/1/cmdline"),
	}
	dir := t.TempDir()
	for name, line := range lines {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	matches := func(pattern string) []string {
		t.Helper()
		cmd := exec.Command(grep, "-lasE", pattern)
		for name := range lines {
			cmd.Args = append(cmd.Args, filepath.Join(dir, name))
		}
		out, _ := cmd.Output() // status 1: nothing matched
		var names []string
		for _, f := range strings.Fields(string(out)) {
			names = append(names, filepath.Base(f))
		}
		slices.Sort(names)
		return names
	}
	want := []string{"victim", "victim-more-words"}
	if got := matches(pattern); !slices.Equal(got, want) {
		t.Errorf("%q matched %v, want %v", pattern, got, want)
	}
	// Started, the same name for a hostile engine in Go, agrees.
	for name, line := range lines {
		if got := BeginsWith(line, victim...); got != slices.Contains(want, name) {
			t.Errorf("BeginsWith(%s) = %v", name, got)
		}
	}
	if got := matches("[-]-seed.2."); !slices.Contains(got, "judge") {
		t.Errorf("the pattern of before matched %v: the test does not show what it guards against", got)
	}
	for _, bad := range [][]string{nil, {"killallgo.test", "--seed", "2"}, {"/bin/prog", ""}, {"/bin/prog", "a\x00b"}} {
		if p, err := VictimPattern(bad...); err == nil {
			t.Errorf("VictimPattern(%q) = %q, want an error", bad, p)
		}
	}
}
