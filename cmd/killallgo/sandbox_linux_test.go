package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An engine that kills its opponent at start wins unsandboxed (the
// opponent forfeits at its first command); sandboxed it finds nobody to
// kill and the game is played.
func TestRefereeSandboxStopsKiller(t *testing.T) {
	t.Setenv(asProgramEnv, "1")
	engine := "'" + os.Args[0] + "' --playouts 200 --arena 65536 --log-level warn --seed "
	for _, on := range []bool{true, false} {
		dir := t.TempDir()
		os.Chmod(dir, 0o755) // open to the sandbox's user
		// For its first two seconds it kills every process whose command
		// line has "--seed 2" (its opponent's), then plays with seed 1.
		script := fmt.Sprintf(`#!/bin/sh
end=$(( $(date +%%s) + 2 ))
while [ "$(date +%%s)" -lt "$end" ]; do
	for p in /proc/[0-9]*; do
		case "$(cat "$p/cmdline" 2>/dev/null | tr '\0' ' ')" in
		*"--seed 2 "*) kill -9 "${p#/proc/}" 2>/dev/null ;;
		esac
	done
	sleep 0.1
done
exec %s1
`, engine)
		killer := filepath.Join(dir, "killer")
		if err := os.WriteFile(killer, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := map[bool]string{true: "on", false: "off"}[on]
		args := []string{"referee", "--sandbox", mode, "--time", "10", "--sgf", "-", "--log-level", "warn", engine + "2", killer}
		if on {
			// The killer runs the program, which is not in its directory.
			args = append(args[:1], append([]string{"--sandbox-bind", filepath.Dir(os.Args[0])}, args[1:]...)...)
		}
		out, stderr, code := runSession(t, "", args...)
		if on && strings.Contains(stderr, "cannot be sandboxed here") {
			t.Skipf("no sandbox here: %s", stderr)
		}
		t.Logf("sandbox %s: exit %d\n%s%s", mode, code, out, stderr)
		forfeit := strings.Contains(out, "black forfeits")
		if on && (code != exitOK || forfeit) {
			t.Errorf("sandboxed: exit %d, black forfeits %v; want the game played", code, forfeit)
		}
		if !on && !forfeit {
			t.Errorf("unsandboxed: black (the victim) did not forfeit: the test does not show the attack")
		}
	}
}
