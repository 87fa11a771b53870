package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
)

// needSandbox skips the test where engines cannot be sandboxed here.
func needSandbox(t *testing.T) {
	t.Helper()
	if _, err := engineproc.NewHost(engineproc.Limits{Sandbox: engineproc.Sandbox{Mode: engineproc.SandboxOn}}); err != nil {
		t.Skipf("no sandbox here: %v", err)
	}
}

// A sandboxed engine that writes 2 MiB into its working directory, its
// scratch of --engine-disk 1 MiB, fails and exits: it forfeits for the
// disk limit, named, in the summary, the record and the log, not as a
// mere disconnection; so in a tournament game.
func TestJudgeDiskLimitForfeit(t *testing.T) {
	needSandbox(t)
	dir := t.TempDir()
	summary, record := filepath.Join(dir, "m.json"), filepath.Join(dir, "m.txt")
	filler := fakeEngine(t, "filler", "fill:"+strconv.Itoa(2<<20))
	r := runJudge(t, []string{"--sandbox", "on", "--engine-disk", "1MiB", "--json", summary, "--record", record, "--engine-log-dir", dir,
		"--engine", filler, "--engine", fakeEngine(t, "bob", "good"), "0", "1"}, nil)
	if r.code != 0 || !strings.Contains(r.stderr, "player forfeited for the disk limit") {
		t.Fatalf("status %d, want 0 and the disk limit logged; stderr:\n%s", r.code, r.stderr)
	}
	var s match.Summary
	data, _ := os.ReadFile(summary)
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	const want = "ran into --engine-disk 1 MiB: its scratch full or a file past the limit; the judge saw: disconnected"
	f := s.Players[0].Forfeit
	if f == nil || f.Reason != match.ForfeitDiskLimit || !strings.Contains(f.Detail, want) || s.Players[0].Usage == nil || !s.Players[0].Usage.DiskLimit {
		t.Errorf("filler in the summary: %+v, usage %+v; want the disk limit: %s", f, s.Players[0].Usage, want)
	}
	text, _ := os.ReadFile(record)
	if !strings.Contains(string(text), "disqualified in round 1: genmove: disk limit (ran into --engine-disk 1 MiB") {
		t.Errorf("the record:\n%s\nwant filler disqualified for the disk limit", text)
	}

	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	results := filepath.Join(dir, "r.jsonl")
	r = runTourney(t, ctx, []string{"--rounds", "1", "--sandbox", "on", "--engine-disk", "1MiB", "--openings", oneOpening(t),
		"--results", results, "--engine-log-dir", dir,
		"--engine", "name=filler cmd=" + filler, "--engine", "name=good cmd=" + fakeEngine(t, "good", "good")}, nil)
	if r.code != 0 {
		t.Fatalf("tournament: status %d; stderr:\n%s", r.code, r.stderr)
	}
	_, recs := readResults(t, results)
	if len(recs) != 2 {
		t.Fatalf("%d games, want 2", len(recs))
	}
	for _, rec := range recs {
		if f := rec.Forfeit; f == nil || f.Reason != match.ForfeitDiskLimit || !strings.Contains(f.Detail, "ran into --engine-disk 1 MiB") {
			t.Errorf("tournament game %d: forfeit %+v, want filler's for the disk limit", rec.Game, f)
		}
	}
}
