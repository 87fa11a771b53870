package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/match/matchtest"
)

// Ctrl-C in the last round of four keeps the three finished: the result
// lines count them, the record and the summary hold them, and the judge
// says which round it was interrupted in. The engine hangs up as the
// interruption arrives, as one in the terminal's process group would: that
// is no forfeit of its.
func TestJudgeInterruptedKeepsFinishedRounds(t *testing.T) {
	dir := t.TempDir()
	record, summary := filepath.Join(dir, "m.txt"), filepath.Join(dir, "m.json")
	ctx, cancel := contextWithTimeout(t, 30*time.Second)
	defer cancel()
	var once sync.Once
	clears := 0
	bob := &matchtest.Engine{Name: "bob", Behave: func(c matchtest.Call) matchtest.Action {
		if strings.HasPrefix(c.Command, "clear_board") {
			clears++
		}
		if clears == 4 && strings.HasPrefix(c.Command, "genmove") {
			once.Do(cancel) // Ctrl-C, in round 4
			return matchtest.Action{Close: true}
		}
		return matchtest.Normal(c)
	}}
	start := startEngines(t, &matchtest.Engine{Name: "alice"}, bob)
	var stdout, stderr bytes.Buffer
	code := run(ctx, append(append([]string{}, fastArgs...), "--record", record, "--json", summary, "0", "4"),
		&stdout, &stderr, &hooks{listening: func(a net.Addr) { start(a.String()) }})
	if code != 1 {
		t.Errorf("status %d, want 1; stderr:\n%s", code, stderr.String())
	}
	// Rounds 1 and 3 alice has black, 2 bob: the same game each time.
	want := strings.ReplaceAll(referenceLines("alice", "bob", 3), "QUIT:1", "QUIT:0")
	if !strings.HasPrefix(stdout.String(), want) || !strings.Contains(stdout.String(), "time stamp: ") {
		t.Errorf("stdout:\n%s\nwant:\n%stime stamp: ...", stdout.String(), want)
	}
	for _, s := range []string{"match interrupted in round 4 of 4; the result lines and files hold the 3 rounds finished", "round 3/4: "} {
		if !strings.Contains(stderr.String(), s) {
			t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
		}
	}
	for _, s := range []string{"match not played", "context canceled", "disqualified", "round 4/4"} {
		if strings.Contains(stderr.String(), s) {
			t.Errorf("stderr has %q:\n%s", s, stderr.String())
		}
	}
	rec, err := os.ReadFile(record)
	if err != nil {
		t.Fatalf("no record: %v", err)
	}
	for _, s := range []string{"3 rounds", "\nround 3\n", "\nround 4\ninterrupted: this round was cut short and counts for nobody",
		"not sent quit: the match was interrupted"} {
		if !strings.Contains(string(rec), s) {
			t.Errorf("record lacks %q:\n%s", s, rec)
		}
	}
	if strings.Contains(string(rec), "disqualified") {
		t.Errorf("record disqualifies a player for the interruption:\n%s", rec)
	}
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatalf("no summary: %v", err)
	}
	var s match.Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Games) != 3 || !s.Interrupted || s.InterruptedRound != 4 || s.Players[1].Forfeit != nil {
		t.Errorf("summary: %d games, interrupted %v in round %d, bob's forfeit %v; want 3, true, 4, none",
			len(s.Games), s.Interrupted, s.InterruptedRound, s.Players[1].Forfeit)
	}
}

// Interrupted before any player connects, the judge says so, prints no
// result lines and writes no files: there is nothing to keep.
func TestJudgeInterruptedBeforeTheFirstRound(t *testing.T) {
	dir := t.TempDir()
	record := filepath.Join(dir, "m.txt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr bytes.Buffer
	code := run(ctx, append(append([]string{}, fastArgs...), "--record", record, "0", "4"),
		&stdout, &stderr, &hooks{listening: func(net.Addr) { cancel() }})
	if code != 1 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "match interrupted before the first round") {
		t.Errorf("status %d, stdout %q, stderr:\n%s\nwant 1, nothing, and the interruption", code, stdout.String(), stderr.String())
	}
	if _, err := os.Stat(record); err == nil {
		t.Errorf("a record was written of a match never begun")
	}
}
