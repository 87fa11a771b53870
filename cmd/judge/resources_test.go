package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// resourceMode returns the behaviour of the fake engines of the resource
// tests: hog:BYTES allocates BYTES (every page touched) at its first
// genmove; spin keeps 4 threads busy from its start and answers at once;
// slow:DURATION waits that long before each genmove's answer;
// nap:DURATION sleeps that long at its first genmove, and burn:DURATION
// spins until it has used that much CPU time there;
// fill:BYTES writes BYTES to a file of its working directory at its
// first genmove, exiting 3 when it cannot; write:PATH:BYTES writes BYTES to the file PATH at its start, saying on
// stderr how that went, then plays.
func resourceMode(mode string) (func(matchtest.Call) matchtest.Action, bool) {
	kind, arg, _ := strings.Cut(mode, ":")
	switch kind {
	case "hog":
		n, _ := strconv.Atoi(arg)
		var hoard []byte
		return func(c matchtest.Call) matchtest.Action {
			if c.Command == "genmove" && hoard == nil {
				hoard = make([]byte, n)
				for i := 0; i < len(hoard); i += 4096 {
					hoard[i] = 1
				}
				fmt.Fprintln(os.Stderr, "fake engine: allocated", n, "bytes")
			}
			return matchtest.Normal(c)
		}, true
	case "spin":
		for range 4 {
			go func() {
				x := 0
				for {
					x++
				}
			}()
		}
		return matchtest.Normal, true
	case "slow":
		d, _ := time.ParseDuration(arg)
		return func(c matchtest.Call) matchtest.Action {
			a := matchtest.Normal(c)
			if c.Command == "genmove" {
				a.Delay = d
			}
			return a
		}, true
	case "nap", "burn":
		// At its first genmove only, so that the rest of the game is
		// quick: nap sleeps (no CPU time), burn spins until it has used
		// that much CPU time.
		d, _ := time.ParseDuration(arg)
		first := true
		return func(c matchtest.Call) matchtest.Action {
			if c.Command == "genmove" && first {
				first = false
				if kind == "nap" {
					time.Sleep(d)
				} else {
					burnCPU(d)
				}
			}
			return matchtest.Normal(c)
		}, true
	case "fill":
		// At its first genmove it writes BYTES to a file in its working
		// directory (in a sandbox, its scratch) and exits 3 if that fails.
		n, _ := strconv.Atoi(arg)
		return func(c matchtest.Call) matchtest.Action {
			if c.Command == "genmove" {
				if err := os.WriteFile("big", make([]byte, n), 0o644); err != nil {
					fmt.Fprintln(os.Stderr, "fake engine: write failed:", err)
					os.Exit(3)
				}
			}
			return matchtest.Normal(c)
		}, true
	case "write":
		path, size, _ := strings.Cut(arg, ":")
		n, _ := strconv.Atoi(size)
		if err := os.WriteFile(path, make([]byte, n), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "fake engine: write failed:", err)
		} else {
			fmt.Fprintln(os.Stderr, "fake engine: wrote", n, "bytes")
		}
		return matchtest.Normal, true
	}
	return nil, false
}

// needCgroup skips the test, with the reason, when this machine gives the
// judge no cgroup for the limit on resource.
func needCgroup(t *testing.T, l engineproc.Limits, resource string) {
	t.Helper()
	h, err := engineproc.NewHost(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range h.Report() {
		if e.Resource == resource && (!e.Enforced || e.Fallback) {
			t.Skipf("no cgroup for the %s limit here: %s", resource, e.How)
		}
	}
}

// An engine that allocates past --engine-memory is killed and forfeits
// with the reason "memory limit", in the log, the results, the record and
// the summary; its opponent wins every game.
func TestTournamentMemoryLimit(t *testing.T) {
	t.Parallel()
	needCgroup(t, engineproc.Limits{Memory: 256 << 20}, "memory")
	dir := t.TempDir()
	results, record, summary := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt"), filepath.Join(dir, "r.json")
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--genmove-time", "20s", "--engine-memory", "256MiB", "--openings", oneOpening(t),
		"--results", results, "--record", record, "--json", summary, "--engine-log-dir", dir,
		"--engine", "name=hog cmd=" + fakeEngine(t, "hog", "hog:"+strconv.Itoa(300<<20)),
		"--engine", "name=good cmd=" + fakeEngine(t, "good", "good")}, nil)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "engine limit enforced") || !strings.Contains(r.stderr, `"reason": "memory limit"`) {
		t.Errorf("the log names neither the limit nor the forfeit for it:\n%s", r.stderr)
	}
	_, recs := readResults(t, results)
	if len(recs) != 2 {
		t.Fatalf("%d games, want 2", len(recs))
	}
	for _, rec := range recs {
		hogBlack := rec.Black == "hog"
		f, u := rec.Forfeit, rec.BlackUsage
		if !hogBlack {
			u = rec.WhiteUsage
		}
		if f == nil || f.Reason != otp.ForfeitMemoryLimit || rec.Winner != 1 || u == nil || !u.MemoryLimit {
			t.Errorf("game %d: forfeit %+v, winner %d, hog's usage %+v; want hog out for the memory limit, good the winner", rec.Game, f, rec.Winner, u)
		}
	}
	text, _ := os.ReadFile(record)
	if n := strings.Count(string(text), "memory limit (killed at --engine-memory 256 MiB"); n != 2 {
		t.Errorf("the record names the memory limit %d times, want 2:\n%s", n, text)
	}
	var s tournament.Summary
	data, _ := os.ReadFile(summary)
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Resources) != 2 || !s.Resources[0].MemoryLimit || s.Resources[1].MemoryLimit {
		t.Errorf("summary resources %+v, want hog's memory limit and good's none", s.Resources)
	}
}

// An engine that keeps 4 threads busy gets about one core under
// --engine-cpus 1 (its CPU time at most 1.2 times its process's wall
// time) and is flagged in the standings; its slow, single-threaded
// opponent is not. Not run in parallel with other tests: it measures
// CPU shares.
func TestTournamentCPULimit(t *testing.T) {
	needCgroup(t, engineproc.Limits{CPUs: 1}, "cpus")
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--engine-cpus", "1", "--show-resources", "--openings", oneOpening(t),
		"--results", results, "--engine-log-dir", dir,
		"--engine", "name=spin cmd=" + fakeEngine(t, "spin", "spin"),
		"--engine", "name=slow cmd=" + fakeEngine(t, "slow", "slow:150ms")}, nil)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	_, recs := readResults(t, results)
	for _, rec := range recs {
		u := rec.BlackUsage
		if rec.White == "spin" {
			u = rec.WhiteUsage
		}
		if u == nil || u.CPUMS > 1.2*u.WallMS {
			t.Errorf("game %d: spin used %+v, want CPU time at most 1.2 times the wall time", rec.Game, u)
		}
	}
	table := r.stdout[strings.Index(r.stdout, "resources (summed"):]
	spin, slow := lineWith(table, "spin "), lineWith(table, "slow ")
	totals := tournament.ResourceTotals([]string{"spin", "slow"}, recs)
	if strings.HasSuffix(spin, "multicore") != totals[0].Multicore || strings.Contains(slow, "multicore") {
		t.Errorf("resources table:\n%s\nwant spin flagged multicore as its totals %+v say, slow not", table, totals[0])
	}
	// Under the quota the spinner gets a core at most; a machine loaded by
	// other work may give it much less, and then it has no CPU time to
	// spare beyond its thinking time (engineproc's TestCPULimit flags a
	// spinner whatever the load, spinning for CPU time rather than wall).
	if share := totals[0].CPUMS / totals[0].WallMS; share < minSpinShare {
		t.Logf("the machine gave the spinner %.2f of a core: its flag (%v) is not checked", share, totals[0].Multicore)
	} else if !totals[0].Multicore {
		t.Errorf("the spinner had %.2f of a core and was not flagged: %+v", share, totals[0])
	}
}

// minSpinShare is the share of a core the spinner of TestTournamentCPULimit
// must get for its flag to be checked: with half a core, while its slow
// opponent thinks 150 ms a move and it answers at once, it uses some
// 0.075 s of CPU time a move beyond its thinking, 2 s a game, four times
// the half second of slack.
const minSpinShare = 0.5

// lineWith returns the first line of text that starts, blanks aside, with
// prefix, trimmed.
func lineWith(text, prefix string) string {
	for line := range strings.Lines(text) {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// An engine cannot write past --engine-disk; what each engine used is in
// the match's summary and record.
func TestJudgeDiskLimitAndAccounting(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the disk limit is enforced on Linux only")
	}
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	summary, record := filepath.Join(dir, "m.json"), filepath.Join(dir, "m.txt")
	// Unsandboxed: the engine writes a file of the host's (sandboxed,
	// TestSandboxDisk's attack shows the limit).
	r := runJudge(t, []string{"--sandbox", "off", "--engine-disk", "1MiB", "--json", summary, "--record", record, "--engine-log-dir", dir,
		"--engine", fakeEngine(t, "writer", "write:"+big+":"+strconv.Itoa(2<<20)),
		"--engine", fakeEngine(t, "bob", "slow:10ms"), "0", "1"}, nil)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "engine1.log"))
	if !strings.Contains(string(log), "write failed") || !strings.Contains(string(log), "file too large") {
		t.Errorf("engine1.log:\n%s\nwant the 2 MiB write refused", log)
	}
	if fi, err := os.Stat(big); err == nil && fi.Size() > 1<<20 {
		t.Errorf("the engine wrote %d bytes, more than --engine-disk", fi.Size())
	}
	var s match.Summary
	data, _ := os.ReadFile(summary)
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Players {
		if u := p.Usage; u == nil || u.CPUMS <= 0 || u.WallMS <= 0 || u.PeakRSSKiB <= 0 || u.CPUMS > 2*u.WallMS {
			t.Errorf("player %d used %+v, want figures", p.Player, u)
		}
	}
	// bob waits 10 ms before each of its 30 or so moves.
	if u := s.Players[1].Usage; u == nil || u.ThinkMS < 200 {
		t.Errorf("bob thought %+v, want at least its delays", u)
	}
	text, _ := os.ReadFile(record)
	if !strings.Contains(string(text), "player 1 resources: cpu ") || !strings.Contains(string(text), "player 2 resources: cpu ") {
		t.Errorf("the record lacks the resources:\n%s", text)
	}
}

// The resource flags are read the same way by a match and a tournament;
// a bad value is refused with the flag named.
func TestResourceFlags(t *testing.T) {
	o, err := parseOptions([]string{"--engine-memory", "4GiB", "--engine-cpus", "1", "--engine-disk", "8GiB", "0"}, &strings.Builder{})
	want := engineproc.Limits{Memory: 4 << 30, CPUs: 1, Disk: 8 << 30, Pids: engineproc.DefaultPids, Sandbox: engineproc.Sandbox{Mode: engineproc.SandboxAuto}}
	if err != nil || !reflect.DeepEqual(o.engineLimits, want) {
		t.Errorf("match limits %+v, %v; want %+v", o.engineLimits, err, want)
	}
	engines := []string{"--engine", "name=a cmd=a", "--engine", "name=b cmd=b"}
	to, err := parseTournamentOptions(append([]string{"--engine-memory", "256MiB", "--show-resources"}, engines...), &strings.Builder{})
	if err != nil || to.EngineLimits.Memory != 256<<20 || !to.ShowResources {
		t.Errorf("tournament resources %+v (shown %v), %v; want 256 MiB shown", to.EngineLimits, to.ShowResources, err)
	}
	for _, c := range []struct{ args []string }{
		{[]string{"--engine-memory", "lots"}},
		{[]string{"--engine-disk", "0"}},
		{[]string{"--engine-cpus", "-1"}},
		{[]string{"--engine-memory", "-4GiB"}},
	} {
		flag := c.args[0]
		if _, err := parseOptions(append(c.args, "0"), &strings.Builder{}); err == nil || !strings.HasPrefix(err.Error(), flag) {
			t.Errorf("judge %q: error %v, want one naming %s", c.args, err, flag)
		}
		if _, err := parseTournamentOptions(append(c.args, engines...), &strings.Builder{}); err == nil || !strings.HasPrefix(err.Error(), flag) {
			t.Errorf("judge tournament %q: error %v, want one naming %s", c.args, err, flag)
		}
	}
}

// In a match, the engine killed at --engine-memory is disqualified for the
// memory limit in the log, the summary and the record.
func TestJudgeMemoryLimit(t *testing.T) {
	needCgroup(t, engineproc.Limits{Memory: 256 << 20}, "memory")
	dir := t.TempDir()
	summary, record := filepath.Join(dir, "m.json"), filepath.Join(dir, "m.txt")
	r := runJudge(t, []string{"--genmove-time", "20s", "--engine-memory", "256MiB", "--json", summary, "--record", record, "--engine-log-dir", dir,
		"--engine", fakeEngine(t, "hog", "hog:"+strconv.Itoa(300<<20)), "--engine", fakeEngine(t, "bob", "good"), "0", "2"}, nil)
	if r.code != 0 || !strings.Contains(r.stderr, "player forfeited for the memory limit") {
		t.Fatalf("status %d, want 0 and the memory limit logged; stderr:\n%s", r.code, r.stderr)
	}
	if !strings.HasPrefix(r.stdout, "NAME:hog QUIT:0 WIN:0 LOSE:2 DRAW:0\nNAME:bob QUIT:1 WIN:2 LOSE:0 DRAW:0\n") {
		t.Errorf("stdout:\n%s\nwant hog losing both rounds", r.stdout)
	}
	var s match.Summary
	data, _ := os.ReadFile(summary)
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	p := s.Players[0]
	if p.Forfeit == nil || p.Forfeit.Reason != otp.ForfeitMemoryLimit || p.Usage == nil || !p.Usage.MemoryLimit ||
		s.Games[0].Forfeit == nil || s.Games[0].Forfeit.Reason != otp.ForfeitMemoryLimit {
		t.Errorf("hog in the summary: %+v, round 1 forfeit %+v; want the memory limit", p, s.Games[0].Forfeit)
	}
	text, _ := os.ReadFile(record)
	if !strings.Contains(string(text), "disqualified in round 1: genmove: memory limit (killed at --engine-memory 256 MiB") &&
		!strings.Contains(string(text), "disqualified in round 1: memory limit (killed at --engine-memory 256 MiB") {
		t.Errorf("the record:\n%s\nwant hog disqualified for the memory limit", text)
	}
}
