package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engineproc/proctest"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/tournament"
)

// Hostile engines under the judge: each attack fails with the sandbox on
// (the games are played as if nothing happened) and succeeds with it
// off, so that the test proves the sandbox stops it.

// hostileMode runs the fake engine modes of an attack before it plays:
// killer SIGKILLs every process whose command line names a fake engine
// called victim (its opponent), as a student's engine could by scanning
// /proc; thief first connects to every other port listening on the
// judge's address and plays there as "thief", taking the opponent's seat.
// It reports false for other modes.
func hostileMode(mode, ip, port string) bool {
	switch mode {
	case "killer":
		// For three seconds at most, until it has killed one: the victim
		// may start after it. Named by this test binary's path, so as
		// to kill nothing else on the host.
		exe, _ := os.Executable()
		for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			killed := false
			for _, pid := range proctest.Started(exe, "fake-engine", "victim") {
				if syscall.Kill(pid, syscall.SIGKILL) == nil {
					fmt.Fprintf(os.Stderr, "killer: killed %d\n", pid)
					killed = true
				}
			}
			if killed {
				break
			}
		}
	case "thief":
		own, _ := strconv.Atoi(port)
		for _, p := range listeningPorts() {
			if p == own {
				continue
			}
			seat := &matchtest.Engine{Name: "thief"}
			if err := seat.Start(net.JoinHostPort(ip, strconv.Itoa(p))); err == nil {
				fmt.Fprintf(os.Stderr, "thief: took the seat on port %d\n", p)
				defer seat.Wait()
			}
		}
	default:
		return false
	}
	return true
}

// listeningPorts returns the TCP ports on which the judge (this
// process's parent) listens, from /proc/net/tcp (state 0A) and the
// sockets among the judge's open files.
func listeningPorts() []int {
	judge := map[string]bool{}
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", os.Getppid()))
	for _, fd := range fds {
		link, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", os.Getppid(), fd.Name()))
		if inode, ok := strings.CutPrefix(link, "socket:["); ok {
			judge[strings.TrimSuffix(inode, "]")] = true
		}
	}
	data, _ := os.ReadFile("/proc/net/tcp")
	var ports []int
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) < 10 || f[3] != "0A" || !judge[f[9]] {
			continue
		}
		_, hexPort, ok := strings.Cut(f[1], ":")
		if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil {
			ports = append(ports, int(p))
		}
	}
	return ports
}

// hostileMatch plays a match of two rounds between the engines, with the
// sandbox on or off, and returns its summary.
func hostileMatch(t *testing.T, on bool, engines ...string) match.Summary {
	t.Helper()
	s, _ := hostileMatchLogs(t, on, nil, engines...)
	return s
}

// hostileMatchLogs is hostileMatch with more flags, which also returns
// the judge's stderr and the engines' logs, joined.
func hostileMatchLogs(t *testing.T, on bool, flags []string, engines ...string) (match.Summary, string) {
	t.Helper()
	dir := t.TempDir()
	summary := filepath.Join(dir, "m.json")
	mode := map[bool]string{true: "on", false: "off"}[on]
	args := append([]string{"--sandbox", mode, "--json", summary, "--engine-log-dir", dir}, flags...)
	for _, e := range engines {
		args = append(args, "--engine", e)
	}
	r := runJudge(t, append(args, "0", "2"), nil)
	if on && strings.Contains(r.stderr, "cannot be sandboxed here") {
		t.Skipf("no sandbox here: %s", r.stderr)
	}
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatalf("status %d, no summary (%v); stderr:\n%s", r.code, err, r.stderr)
	}
	var s match.Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	logs := r.stderr
	for _, n := range []string{"1", "2"} {
		log, _ := os.ReadFile(filepath.Join(dir, "engine"+n+".log"))
		t.Logf("sandbox %s, engine%s.log:\n%s", mode, n, log)
		logs += string(log)
	}
	return s, logs
}

// An engine that kills its opponent at start wins the match unsandboxed
// (the opponent never names itself); sandboxed it sees nobody to kill and
// both play their games.
func TestJudgeSandboxStopsKiller(t *testing.T) {
	for _, on := range []bool{true, false} {
		s := hostileMatch(t, on, fakeEngine(t, "killer", "killer"), fakeEngine(t, "victim", "good"))
		victim := s.Players[1]
		if on && (victim.Forfeit != nil || victim.Name != "victim" || victim.Win+victim.Lose+victim.Draw != 2) {
			t.Errorf("sandboxed, the victim: %+v; want it to play both rounds", victim)
		}
		if !on && (victim.Forfeit == nil || s.Players[0].Win != 2) {
			t.Errorf("unsandboxed, the victim %+v, the killer %+v: the test does not show the attack", victim, s.Players[0])
		}
	}
}

// An engine that connects to the judge's other port first takes its
// opponent's seat unsandboxed (player 2 is the thief); sandboxed it finds
// no port of the judge's to connect to.
func TestJudgeSandboxStopsSeatThief(t *testing.T) {
	for _, on := range []bool{true, false} {
		// The honest engine takes a second to start, as a real one may.
		s := hostileMatch(t, on, fakeEngine(t, "thief", "thief"), fakeEngine(t, "honest", "late:1s"))
		if got := s.Players[1].Name; (got == "honest") != on {
			t.Errorf("sandbox %v: player 2 is %q", on, got)
		}
	}
}

// sandboxedTourney runs a tournament with the sandbox on or off and
// returns its records; it skips where the sandbox cannot be had.
func sandboxedTourney(t *testing.T, on bool, args ...string) []tournament.Record {
	t.Helper()
	recs, _ := sandboxedTourneyLogs(t, on, args...)
	return recs
}

// sandboxedTourneyLogs is sandboxedTourney, which also returns the
// tournament's stderr and every engine's log, joined.
func sandboxedTourneyLogs(t *testing.T, on bool, args ...string) ([]tournament.Record, string) {
	t.Helper()
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	mode := map[bool]string{true: "on", false: "off"}[on]
	r := runTourney(t, ctx, append([]string{"--sandbox", mode, "--openings", oneOpening(t), "--rounds", "1", "--seed", "1",
		"--results", results, "--engine-log-dir", filepath.Join(dir, "logs")}, args...), nil)
	if on && strings.Contains(r.stderr, "cannot be sandboxed here") {
		t.Skipf("no sandbox here: %s", r.stderr)
	}
	// Unsandboxed, an attack can leave no game played: status 1, the
	// results written all the same.
	if r.code != 0 && (on || r.code != 1) {
		t.Fatalf("sandbox %s: status %d; stderr:\n%s", mode, r.code, r.stderr)
	}
	_, recs := readResults(t, results)
	logs := r.stderr
	filepath.WalkDir(filepath.Join(dir, "logs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(path)
			logs += string(data)
		}
		return nil
	})
	return recs, logs
}

// forfeitsIn counts the games of recs that a forfeit ended.
func forfeitsIn(recs []tournament.Record) int {
	n := 0
	for _, rec := range recs {
		if rec.Forfeit != nil {
			n++
		}
	}
	return n
}

// A tournament of search engines at fixed playouts and seeds plays the
// same games with the sandbox and without: it changes nothing an engine
// computes.
func TestTournamentSameGamesSandboxed(t *testing.T) {
	t.Parallel()
	search := builtProgram(t, "search")
	engines := []string{
		"--engine", "name=uct seed cmd=" + search + " --plain --playouts 300 --arena 100000",
		"--engine", "name=ucb seed cmd=" + search + " --plain --playouts 300 --arena 100000 --algo ucb",
	}
	on, off := sandboxedTourney(t, true, engines...), sandboxedTourney(t, false, engines...)
	if len(on) != 2 || len(off) != 2 {
		t.Fatalf("%d games sandboxed, %d not; want 2 each", len(on), len(off))
	}
	for i := range on {
		if on[i].Moves != off[i].Moves || on[i].Black != off[i].Black {
			t.Errorf("game %d: sandboxed %s %s, unsandboxed %s %s", on[i].Game, on[i].Black, on[i].Moves, off[i].Black, off[i].Moves)
		}
	}
}

// Engines in Python, in a shell script and in C++ (built here), none of
// them written for the sandbox, play a sandboxed tournament through: no
// forfeit, every game to its end.
func TestTournamentSandboxedLanguages(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"python3", "g++"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s here", tool)
		}
	}
	src, err := filepath.Abs("testdata/engines")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	os.Chmod(bin, 0o755) // open to the sandbox's user
	cpp := filepath.Join(bin, "first")
	if out, err := exec.Command("g++", "-std=c++17", "-O1", "-o", cpp, filepath.Join(src, "first.cpp")).CombinedOutput(); err != nil {
		t.Fatalf("g++: %v\n%s", err, out)
	}
	recs := sandboxedTourney(t, true,
		"--engine", "name=python cmd="+filepath.Join(src, "first.py"),
		"--engine", "name=shell cmd="+filepath.Join(src, "wrapped.sh"),
		"--engine", "name=cpp cmd="+cpp)
	if len(recs) != 6 {
		t.Fatalf("%d games, want 6", len(recs))
	}
	for _, rec := range recs {
		if rec.Forfeit != nil {
			t.Errorf("game %d (%s-%s): forfeit %+v", rec.Game, rec.Black, rec.White, rec.Forfeit)
		}
	}
}

// An engine that kills its opponent at start wins its games unsandboxed
// in a tournament too; sandboxed, every game is played.
func TestTournamentSandboxStopsKiller(t *testing.T) {
	t.Parallel()
	for _, on := range []bool{true, false} {
		recs := sandboxedTourney(t, on,
			"--engine", "name=killer cmd="+fakeEngine(t, "killer", "killer"),
			"--engine", "name=victim cmd="+fakeEngine(t, "victim", "good"))
		forfeits := forfeitsIn(recs)
		if on && forfeits != 0 || !on && forfeits == 0 {
			t.Errorf("sandbox %v: %d forfeits in %d games", on, forfeits, len(recs))
		}
	}
}

// A hostile engine that tries every attack a script can (kill its
// opponent, signal the judge, read and write beside the results, write
// into another engine's directory, reach a TCP server, leave a daemon)
// in a tournament, then plays: every attack succeeds unsandboxed, none
// sandboxed, where its games are played as if nothing happened.
func TestTournamentSandboxStopsEveryAttack(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{true, false} {
		t.Run(map[bool]string{true: "sandbox-on", false: "sandbox-off"}[on], func(t *testing.T) {
			a := proctest.Arm(t, exe, "fake-engine", "victim")
			args := []string{"--engine", "name=hostile cmd=" + a.Script + " " + fakeEngine(t, "hostile", "good"),
				"--engine", "name=victim cmd=" + fakeEngine(t, "victim", "good")}
			if on {
				// The script runs this test binary, which is not in its directory.
				args = append(append(args, "--sandbox-bind", filepath.Dir(exe)), a.EnvFlags()...)
			}
			recs, logs := sandboxedTourneyLogs(t, on, args...)
			a.Check(t, on, logs)
			forfeits := forfeitsIn(recs)
			if on && forfeits > 0 || !on && forfeits == 0 {
				t.Errorf("sandbox %v: %d forfeits in %d games", on, forfeits, len(recs))
			}
		})
	}
}

// The hostile engine of TestTournamentSandboxStopsEveryAttack in a match
// under judge --engine.
func TestJudgeSandboxStopsEveryAttack(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{true, false} {
		t.Run(map[bool]string{true: "sandbox-on", false: "sandbox-off"}[on], func(t *testing.T) {
			a := proctest.Arm(t, exe, "fake-engine", "victim")
			var flags []string
			if on {
				flags = append([]string{"--sandbox-bind", filepath.Dir(exe)}, a.EnvFlags()...)
			}
			s, logs := hostileMatchLogs(t, on, flags, a.Script+" "+fakeEngine(t, "hostile", "good"), fakeEngine(t, "victim", "good"))
			a.Check(t, on, logs)
			if victim := s.Players[1]; (victim.Forfeit == nil) != on {
				t.Errorf("sandbox %v: the victim %+v", on, victim)
			}
		})
	}
}
