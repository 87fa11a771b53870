package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engineproc/proctest"
)

// A hostile program that tries every attack a script can (kill its
// opponent, signal the referee, read and write beside the results, write
// into another program's directory, reach a TCP server, leave a daemon),
// then plays: every attack succeeds unsandboxed, none sandboxed, where
// the game is played.
func TestRefereeSandboxStopsEveryAttack(t *testing.T) {
	t.Setenv(asProgramEnv, "1")
	// Both programs are this test binary: black, the victim, with seed 2
	// and named by all its words; white with seed 1 behind the hostile
	// script.
	engine := func(seed string) []string {
		return []string{os.Args[0], "--playouts", "200", "--arena", "65536", "--log-level", "warn", "--seed", seed}
	}
	commandLine := func(words []string) string { return "'" + words[0] + "' " + strings.Join(words[1:], " ") }
	for _, on := range []bool{true, false} {
		t.Run(map[bool]string{true: "sandbox-on", false: "sandbox-off"}[on], func(t *testing.T) {
			a := proctest.Arm(t, engine("2")...)
			mode := map[bool]string{true: "on", false: "off"}[on]
			args := []string{"referee", "--sandbox", mode, "--time", "10", "--sgf", "-", "--log-level", "warn", commandLine(engine("2")), a.Script + " " + commandLine(engine("1"))}
			if on {
				extra := append([]string{"--sandbox-bind", filepath.Dir(os.Args[0]), "--sandbox-env", asProgramEnv}, a.EnvFlags()...)
				args = append(args[:1], append(extra, args[1:]...)...)
			}
			out, stderr, code := runSession(t, "", args...)
			a.Check(t, on, stderr)
			forfeit := strings.Contains(out, "black forfeits")
			if on && (code != exitOK || forfeit) || !on && !forfeit {
				t.Errorf("sandbox %v: exit %d, black forfeits %v\n%s", on, code, forfeit, out)
			}
		})
	}
}
