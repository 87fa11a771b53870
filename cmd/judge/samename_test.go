package main

import (
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match/matchtest"
)

// TestJudgeSameNames checks that two engines of the same name keep their
// two classic NAME lines, byte for byte, and that the judge warns on
// stderr, suggesting --name.
func TestJudgeSameNames(t *testing.T) {
	before := time.Now()
	r := runJudge(t, []string{"0"}, startEngines(t, &matchtest.Engine{Name: "twin"}, &matchtest.Engine{Name: "twin"}))
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	checkOutput(t, r.stdout, referenceLines("twin", "twin", 2), before)
	if !strings.Contains(r.stderr, "both players have the same name") || !strings.Contains(r.stderr, "--name") {
		t.Errorf("stderr lacks the warning suggesting --name:\n%s", r.stderr)
	}
}
