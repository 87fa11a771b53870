package main

import (
	"fmt"

	"github.com/tcgothello/mcts/engineproc/proctest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runnerKiller is an agent that, for its first three seconds, SIGKILLs
// every process whose command line is the game runner's, as a student's
// agent could by scanning /proc, then plays as the random agent of bin.
// It names the runner by bin's path, this test's build, so as to kill
// nothing else on the host.
func runnerKiller(t *testing.T, bin string) string {
	t.Helper()
	runner, err := proctest.VictimPattern(bin, "game")
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`#!/bin/sh
end=$(($(date +%%s) + 3))
while [ "$(date +%%s)" -lt "$end" ]; do
	for f in $(grep -lasE '%s' /proc/[0-9]*/cmdline); do
		p=${f#/proc/}
		kill -9 "${p%%/cmdline}" 2>/dev/null
	done
	sleep 0.1
done
exec '%s' random
`, runner, bin)
}

// An agent that kills the game runner by name ends the game unsandboxed;
// sandboxed it finds nobody to kill, and both rounds are played. (Killing
// the opponent, and the other attacks: TestGameSandboxStopsEveryAttack.)
func TestGameSandboxStopsRunnerKiller(t *testing.T) {
	bin := binaryOf(t)
	for _, on := range []bool{true, false} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "killer"), []byte(runnerKiller(t, bin)), 0o755); err != nil {
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
		t.Logf("sandbox %s: exit %d\n%s%s", mode, code, out, errOut)
		if on && (code != exitOK || strings.Count(out, "forfeits") != 0 || !strings.Contains(out, "round 2: ")) {
			t.Errorf("sandboxed: exit %d; want both rounds played", code)
		}
		if !on && code != -1 {
			t.Errorf("unsandboxed: exit %d; want the runner killed: the test does not show the attack", code)
		}
	}
}

// A hostile agent that tries every attack a script can (kill its
// opponent, signal the runner, read and write beside the results, write
// into another agent's directory, reach a TCP server, leave a daemon),
// then plays as random: every attack succeeds unsandboxed, none
// sandboxed, where both rounds are played.
func TestGameSandboxStopsEveryAttack(t *testing.T) {
	bin := binaryOf(t)
	for _, on := range []bool{true, false} {
		t.Run(map[bool]string{true: "sandbox-on", false: "sandbox-off"}[on], func(t *testing.T) {
			a := proctest.Arm(t, bin, "greedy")
			// ATTACK_JUDGE names the test; the runner is its child.
			mode := map[bool]string{true: "on", false: "off"}[on]
			args := []string{"game", "--sandbox", mode, "-n", "0", a.Script + " " + bin + " random", "greedy", "-r", "2", "-s", "5"}
			if on {
				args = append(append(args, "--sandbox-bind", filepath.Dir(bin)), a.EnvFlags()...)
			}
			code, out, errOut := runBin(t, t.TempDir(), "", args...)
			a.Check(t, on, errOut)
			forfeits := strings.Count(out, "forfeits")
			if on && (code != exitOK || forfeits > 0) || !on && forfeits == 0 {
				t.Errorf("sandbox %v: exit %d, %d forfeits\n%s", on, code, forfeits, out)
			}
		})
	}
}
