package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Merge's messages about its inputs: a shard whose last line was cut
// short (its judge stopped while writing it) is named, its game listed
// as missing; an input that is no results file is named without the
// advice about --results, which is for a resume (and given there).
func TestMergeNamesItsInputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	var shards [2]string
	for k := range shards {
		shards[k] = filepath.Join(dir, "shard"+string(rune('0'+k))+".jsonl")
		args := append([]string{"--shard", string(rune('0'+k)) + "/2", "--results", shards[k]}, fakeTournament(t, dir, 1)...)
		if r := runTourney(t, ctx, args, nil); r.code != 0 {
			t.Fatalf("shard %d/2: status %d; stderr:\n%s", k, r.code, r.stderr)
		}
	}
	data, err := os.ReadFile(shards[1])
	if err != nil {
		t.Fatal(err)
	}
	body := bytes.TrimSuffix(data, []byte("\n"))
	last := bytes.LastIndexByte(body, '\n')
	cut := filepath.Join(dir, "cut.jsonl")
	if err := os.WriteFile(cut, body[:last+1+(len(body)-last)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	r := runMergeCmd(shards[0], cut)
	if !strings.Contains(r.stderr, "judge tournament merge: "+cut+": its last line is cut short") || !strings.Contains(r.stderr, "missing 1 game") {
		t.Errorf("status %d, stderr:\n%s\nwant the cut file named and its game missing", r.code, r.stderr)
	}

	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runMergeCmd(shards[0], notes)
	if r.code != 2 || !strings.Contains(r.stderr, notes+": line 1: not a tournament results header") || strings.Contains(r.stderr, "--results") {
		t.Errorf("merging a file of notes: status %d, stderr %q; want it named, without advice on --results", r.code, r.stderr)
	}
	resume := runTourney(t, ctx, append([]string{"--results", notes}, fakeTournament(t, dir, 1)...), nil)
	if resume.code == 0 || !strings.Contains(resume.stderr, "not a tournament results header") || !strings.Contains(resume.stderr, "remove the file or name another with --results") {
		t.Errorf("resuming from a file of notes: status %d, stderr:\n%s\nwant the advice", resume.code, resume.stderr)
	}
}
