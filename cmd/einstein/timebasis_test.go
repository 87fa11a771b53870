package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Under --time-basis cpu an agent's move is charged its CPU time, within
// the wall cap: an agent that sleeps 2 s before its first move, past a 1 s
// limit, loses by the wall clock and not by CPU time, until it sleeps past
// the cap; one that burns 2 s of CPU time first loses by both. Margins of
// a second and more; the agents are scripts that start greedy.
func TestGameTimeBasis(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("an agent's CPU time is read while it runs on Linux only; the burner reads /proc")
	}
	bin := binaryOf(t)
	dir := t.TempDir()
	script := func(name, body string) {
		text := "#!/bin/sh\n" + body + "\nexec '" + bin + "' greedy\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script("nap2", "sleep 2")
	script("nap8", "sleep 8")
	// Spins until the shell has used 2 s (200 ticks of USER_HZ) of CPU
	// time, user and system (fields 14 and 15 of its stat).
	script("burn2", `while :; do set -- $(cat /proc/$$/stat); [ $((${14}+${15})) -ge 200 ] && break; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; done`)
	for _, c := range []struct {
		agent string
		args  []string
		want  string // in the round's line: the agent's forfeit (whichever its colour), or "" for none
	}{
		{"nap2", nil, "forfeits: sent no move within 1s"},
		{"nap2", []string{"--time-basis", "cpu", "--wall-cap", "10s"}, ""},
		{"nap8", []string{"--time-basis", "cpu"}, "forfeits: sent no move within 3s: the wall-clock cap of a move under --time-basis cpu"},
		{"burn2", nil, "forfeits: sent no move within 1s"},
		{"burn2", []string{"--time-basis", "cpu", "--wall-cap", "20s"}, "of CPU time, over the limit of 1s (--time-basis cpu"},
	} {
		args := append([]string{"game", "-n", "0", "./" + c.agent, "greedy", "-r", "1", "-s", "3", "--limit", "1s", "--sandbox", "off", "-l", "games.log"}, c.args...)
		code, out, errOut := runBin(t, dir, "", args...)
		if code != exitOK {
			t.Errorf("%s %q: exit %d, stderr %q", c.agent, c.args, code, errOut)
			continue
		}
		lines := strings.Split(out, "\n")
		if len(lines) < 2 || (c.want == "") != !strings.Contains(lines[1], "forfeits") || !strings.Contains(lines[1], c.want) {
			t.Errorf("%s %q: round %q, want %q", c.agent, c.args, lines[min(1, len(lines)-1)], c.want)
		}
		log, _ := os.ReadFile(filepath.Join(dir, "games.log"))
		basis := "1s a move by the wall clock"
		if len(c.args) > 0 {
			basis = "1s of CPU time a move, at most "
		}
		if !strings.HasPrefix(string(log), "# einstein game, seed 3, "+basis) {
			t.Errorf("%s %q: the log's head does not say %q:\n%s", c.agent, c.args, basis, log)
		}
	}
}
