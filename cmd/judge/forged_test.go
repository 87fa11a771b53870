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

	"github.com/tcgothello/mcts/tournament"
)

// forgeLine rewrites line n (from 1) of the results file path, a game's,
// as forge says, the line staying well-formed JSON.
func forgeLine(t *testing.T, path string, n int, forge func(*tournament.Record)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	var r tournament.Record
	if err := json.Unmarshal([]byte(lines[n-1]), &r); err != nil {
		t.Fatal(err)
	}
	forge(&r)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	lines[n-1] = string(b) + "\n"
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// winsInThreeMoves is the forgery: a game rewritten as black's
// 64-0 win in three moves, every field that the schedule checks left
// true (engines, names, opening, seeds, a winner as the outcome says).
func winsInThreeMoves(r *tournament.Record) {
	r.Moves, r.BlackDiscs, r.WhiteDiscs, r.Score = "a1a1a1", 64, 0, 64
	r.Outcome, r.Winner, r.Forfeit, r.ForfeitBy = "black wins", r.BlackEngine, nil, ""
}

// A results line forged into a 64-0 win in three moves is no game of the
// rules: merge refuses it naming the file and the line, and so does
// resume, leaving the file as it is, as judge convert refuses it.
func TestForgedRecordRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	results := filepath.Join(dir, "r.jsonl")
	args := append([]string{"--shard", "1/4", "--results", results}, fakeTournament(t, dir, 1)...)
	if r := runTourney(t, ctx, args, nil); r.code != 0 {
		t.Fatalf("shard 1/4: status %d; stderr:\n%s", r.code, r.stderr)
	}
	if r := runMergeCmd(results); r.code == 2 {
		t.Fatalf("merge of the games as played: status 2; stderr:\n%s", r.stderr)
	}
	forgeLine(t, results, 3, winsInThreeMoves)
	before, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	_, recs := readResults(t, results)
	want := results + ": line 3: game " + strconv.Itoa(recs[1].Game) + " is no game of the rules: "
	if r := runMergeCmd(results); r.code != 2 || !strings.Contains(r.stderr, want) || r.stdout != "" {
		t.Errorf("merge of the forged file: status %d, stdout %q, stderr %s; want 2, nothing counted, and %q", r.code, r.stdout, r.stderr, want)
	}
	resumed := runTourney(t, ctx, args, nil)
	if resumed.code == 0 || !strings.Contains(resumed.stderr, "cannot resume from "+want) || strings.Contains(resumed.stderr, "\ngame ") {
		t.Errorf("resume of the forged file: status %d, stderr %s; want it refused with %q, no game played", resumed.code, resumed.stderr, want)
	}
	if after, _ := os.ReadFile(results); string(after) != string(before) {
		t.Error("the refused resume changed the results file")
	}
}
