package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// killerScript is an agent that, for its first two seconds, SIGKILLs
// every process whose command line (its words joined by spaces, with one
// after the last) matches the shell pattern target, as a student's agent
// could by scanning /proc, then plays as the random agent of bin.
func killerScript(bin, target string) string {
	return fmt.Sprintf(`#!/bin/sh
end=$(( $(date +%%s) + 2 ))
while [ "$(date +%%s)" -lt "$end" ]; do
	for p in /proc/[0-9]*; do
		case "$(cat "$p/cmdline" 2>/dev/null | tr '\0' ' ')" in
		%s) kill -9 "${p#/proc/}" 2>/dev/null && echo "killed ${p#/proc/}" >&2 ;;
		esac
	done
	sleep 0.1
done
exec '%s' random
`, target, bin)
}

// An agent that kills its opponent wins unsandboxed (greedy forfeits the
// round it was killed in: agents live from round to round, and the
// killer kills in its first seconds only), and one that kills the game runner ends the game; sandboxed
// they find nobody to kill, and every round is played.
func TestGameSandboxStopsKiller(t *testing.T) {
	bin := binaryOf(t)
	for _, c := range []struct{ name, target string }{
		{"opponent", `*"/einstein greedy "*`},
		{"runner", `*"einstein game "*`},
	} {
		for _, on := range []bool{true, false} {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "killer"), []byte(killerScript(bin, c.target)), 0o755); err != nil {
				t.Fatal(err)
			}
			os.Chmod(dir, 0o755) // open to the sandbox's user
			mode := map[bool]string{true: "on", false: "off"}[on]
			args := []string{"game", "--sandbox", mode, "-n", "0", "./killer", "greedy", "-r", "2", "-s", "5"}
			if on {
				// The killer runs the program, which is not in its directory.
				args = append(args, "--sandbox-bind", filepath.Dir(bin))
			}
			code, out, errOut := runBin(t, dir, "", args...)
			if on && strings.Contains(errOut, "cannot be sandboxed here") {
				t.Skipf("no sandbox here: %s", errOut)
			}
			forfeits := strings.Count(out, "forfeits")
			t.Logf("kill the %s, sandbox %s: exit %d\n%s%s", c.name, mode, code, out, errOut)
			switch {
			case on && (code != exitOK || forfeits != 0 || !strings.Contains(out, "round 2: ")):
				t.Errorf("kill the %s, sandboxed: exit %d, %d forfeits; want both rounds played", c.name, code, forfeits)
			case !on && c.name == "opponent" && !strings.Contains(out, "blue forfeits: "):
				t.Errorf("kill the opponent, unsandboxed: greedy did not forfeit: the test does not show the attack")
			case !on && c.name == "runner" && code != -1:
				t.Errorf("kill the runner, unsandboxed: exit %d; want it killed: the test does not show the attack", code)
			}
		}
	}
}
