package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// seconds is the last field of a solve line, N SCORE MOVES NODES SECONDS or
// N VALUE MOVE NODES SECONDS: the one part of a shown session that varies
// from run to run.
var seconds = regexp.MustCompile(`(?m)^(\d+ \S+ \S+ \d+) \d+\.\d+( unproven)?$`)

// TestDocumentedSessions runs the sessions the README and docs/samegame.md
// show ("$ samegame ARGS" or "$ bin/samegame ARGS", "> FILE" keeping the
// output in a file for the commands after it, in one directory a code
// block) and compares what they print with what the page shows, the
// seconds aside.
func TestDocumentedSessions(t *testing.T) {
	found := map[string]int{}
	for _, name := range []string{"README.md", "docs/samegame.md"} {
		text, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(text), "\n")
		dir := ""
		for i, line := range lines {
			if strings.HasPrefix(line, "```") {
				dir = "" // each block a session of its own
				continue
			}
			cmd, ok := strings.CutPrefix(line, "$ samegame ")
			if !ok {
				cmd, ok = strings.CutPrefix(line, "$ bin/samegame ")
			}
			if !ok {
				continue
			}
			if dir == "" {
				dir = t.TempDir()
			}
			cmd, outFile, redirected := strings.Cut(cmd, " > ")
			args := strings.Fields(cmd)
			for j, a := range args {
				if strings.HasSuffix(a, ".txt") {
					args[j] = filepath.Join(dir, a)
				}
			}
			var want strings.Builder
			for _, out := range lines[i+1:] {
				if strings.HasPrefix(out, "```") || strings.HasPrefix(out, "$ ") {
					break
				}
				want.WriteString(out + "\n")
			}
			code, got, stderr := runCmd(t, "", args...)
			if code != 0 {
				t.Errorf("%s: %q: exit %d, stderr %q", name, line, code, stderr)
				continue
			}
			if redirected {
				if err := os.WriteFile(filepath.Join(dir, strings.TrimSpace(outFile)), []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				got = ""
			}
			// The header names the file as given: the page's name, not
			// the test's directory.
			got = strings.ReplaceAll(got, dir+string(filepath.Separator), "")
			norm := func(s string) string { return seconds.ReplaceAllString(s, "$1 S$2") }
			if norm(got) != norm(want.String()) {
				t.Errorf("%s: %q printed\n%s\nshown\n%s", name, line, got, want.String())
			}
			found[name]++
		}
	}
	if found["README.md"] < 2 || found["docs/samegame.md"] < 4 {
		t.Errorf("found %v sessions, want 2 in the README and 4 in docs/samegame.md", found)
	}
}
