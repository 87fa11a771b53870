package runner

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestAgentCommand: the built-in names are the program's own agents,
// random's seed drawn from the games' seed and distinct for the two
// players; a command line is split as a shell would, a bare name found
// on the PATH or else in the current directory.
func TestAgentCommand(t *testing.T) {
	got, err := AgentCommand("greedy", "/bin/einstein", 5, 0)
	if err != nil || !slices.Equal(got, []string{"/bin/einstein", "greedy"}) {
		t.Errorf("greedy: %q, %v", got, err)
	}
	r0, _ := AgentCommand("random", "/bin/einstein", 5, 0)
	r1, _ := AgentCommand("random", "/bin/einstein", 5, 1)
	again, _ := AgentCommand("random", "/bin/einstein", 5, 0)
	if len(r0) != 4 || r0[1] != "random" || r0[2] != "--seed" || r0[3] == r1[3] || !slices.Equal(r0, again) {
		t.Errorf("random: %q and %q (again %q): want a seed of its own for each player, the same for the same seed", r0, r1, again)
	}
	for spec, want := range map[string]string{`"unclosed`: "", "": "empty command", `""`: "empty command", "no-such-agent-here x": "cannot be started"} {
		if _, err := AgentCommand(spec, "/bin/einstein", 5, 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", spec, err, want)
		}
	}
	if runtime.GOOS == "windows" {
		return
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "my-agent"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	got, err = AgentCommand(`my-agent --name 'a b'`, "/bin/einstein", 5, 0)
	if err != nil || len(got) != 3 || filepath.Base(got[0]) != "my-agent" || got[2] != "a b" {
		t.Errorf("an agent in the current directory: %q, %v", got, err)
	}
	if sh, err := AgentCommand("sh -c true", "/bin/einstein", 5, 0); err != nil || !filepath.IsAbs(sh[0]) {
		t.Errorf("sh from the PATH: %q, %v", sh, err)
	}
}
