package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/otp"
)

// Under --time-basis wall (the default) a move is charged its wall time,
// under cpu the CPU time of the engine's processes within the wall cap:
// an engine that sleeps past the limit at its first move loses by the
// wall clock, not by CPU time, until it sleeps past the cap; one that
// burns CPU time past the limit loses by both. The limit is 1 s, and each
// engine's first move naps or burns 2 s (8 s past a 3 s cap): a second or
// more either way, margins no loaded machine closes.
func TestJudgeTimeBasis(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("an engine's CPU time is read while it runs on Linux only")
	}
	for _, c := range []struct {
		name, mode string
		args       []string
		lose       bool
		detail     string // in the forfeit's detail, when it loses
		capMS      float64
	}{
		{name: "wall/nap", mode: "nap:2s", lose: true, detail: "no complete reply within 1s"},
		{name: "cpu/nap", mode: "nap:2s", args: []string{"--time-basis", "cpu", "--wall-cap", "10s"}, capMS: 10000},
		{name: "cpu/nap past the cap", mode: "nap:8s", args: []string{"--time-basis", "cpu"}, lose: true,
			detail: "no complete reply within 3s: the wall-clock cap of a move under --time-basis cpu", capMS: 3000},
		{name: "wall/burn", mode: "burn:2s", lose: true, detail: "no complete reply within 1s"},
		{name: "cpu/burn", mode: "burn:2s", args: []string{"--time-basis", "cpu", "--wall-cap", "20s"}, lose: true,
			detail: "of CPU time, over the limit of 1s (--time-basis cpu", capMS: 20000},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			summary, record := filepath.Join(dir, "m.json"), filepath.Join(dir, "m.txt")
			args := append([]string{"--genmove-time", "1s", "--json", summary, "--record", record, "--engine-log-dir", dir,
				"--engine", fakeEngine(t, "slowpoke", c.mode), "--engine", fakeEngine(t, "bob", "good")}, c.args...)
			r := runJudge(t, append(args, "0", "1"), nil)
			if r.code != 0 {
				t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
			}
			var s match.Summary
			data, _ := os.ReadFile(summary)
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatal(err)
			}
			basis := "wall"
			if c.capMS > 0 {
				basis = "cpu"
			}
			if s.TimeBasis != basis || s.GenMoveMS != 1000 || s.WallCapMS != c.capMS {
				t.Errorf("summary: time basis %q, genmove %v ms, wall cap %v ms; want %s, 1000, %v", s.TimeBasis, s.GenMoveMS, s.WallCapMS, basis, c.capMS)
			}
			text, _ := os.ReadFile(record)
			if want := map[string]string{"wall": "; genmove 1s a move by the wall clock\n",
				"cpu": "; genmove 1s of CPU time a move, at most "}[basis]; !strings.Contains(string(text), want) {
				t.Errorf("the record does not say %q:\n%s", want, text)
			}
			f := s.Players[0].Forfeit
			if !c.lose {
				if f != nil || s.Games[0].Forfeit != nil {
					t.Errorf("slowpoke forfeited %+v, want the game played out", f)
				}
				return
			}
			if f == nil || f.Reason != otp.ForfeitTimeout || f.Command != "genmove" || !strings.Contains(f.Detail, c.detail) {
				t.Errorf("slowpoke's forfeit %+v, want a genmove timeout, %q", f, c.detail)
			}
			if !strings.HasPrefix(r.stdout, "NAME:slowpoke QUIT:0 WIN:0 LOSE:1 DRAW:0\n") {
				t.Errorf("stdout:\n%s", r.stdout)
			}
		})
	}
}

// The time flags are checked at the start, the same in a match and a
// tournament: a basis other than wall or cpu, --wall-cap without cpu or
// below the limit, and cpu for engines the judge does not start.
func TestTimeBasisFlags(t *testing.T) {
	engines := []string{"--engine", "a", "--engine", "b"}
	o, err := parseOptions(append([]string{"--time-basis", "cpu", "--wall-cap", "25s"}, append(engines, "0")...), &strings.Builder{})
	if err != nil || !o.limits.Time.ByCPU() || o.limits.Time.WallCap.Seconds() != 25 {
		t.Errorf("cpu with a 25 s cap: %+v, %v", o.limits.Time, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--time-basis", "clock"}, `--time-basis "clock": want wall`},
		{[]string{"--wall-cap", "30s"}, "--wall-cap is for --time-basis cpu"},
		{[]string{"--time-basis", "cpu", "--wall-cap", "5s"}, "--wall-cap 5s: want at least the move's limit, 10s"},
	} {
		if _, err := parseOptions(append(c.args, append(engines, "0")...), &strings.Builder{}); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("judge %q: %v, want %q", c.args, err, c.want)
		}
		specs := []string{"--engine", "name=a cmd=a", "--engine", "name=b cmd=b"}
		if _, err := parseTournamentOptions(append(c.args, specs...), &strings.Builder{}); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("judge tournament %q: %v, want %q", c.args, err, c.want)
		}
	}
	if _, err := parseOptions([]string{"--time-basis", "cpu", "0"}, &strings.Builder{}); err == nil || !strings.Contains(err.Error(), "only of the engines it starts") {
		t.Errorf("cpu in the classic mode: %v, want it refused", err)
	}
}
