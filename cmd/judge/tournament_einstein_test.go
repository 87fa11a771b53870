package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/tournament"
)

// An Einstein tournament between our Monte-Carlo agent, the reference
// greedy agent and the random one ranks them as their measured strengths
// say (docs/einstein.md: greedy beats random in 97.7 % of games, the
// Monte-Carlo agent at 10,000 playouts beats greedy in 98.2 %; here at
// 2,000): mcts first, random last, each pair's stronger side winning most
// of its 8 games. Stopped after five games and resumed, it plays each of
// the 19 left once and no game twice.
func TestTournamentEinstein(t *testing.T) {
	dir := t.TempDir()
	bin := buildProgram(t, "einstein")
	results := filepath.Join(dir, "r.jsonl")
	args := []string{"--game", "einstein", "--rounds", "4", "--seed", "3", "--genmove-time", "10s",
		"--results", results, "--record", filepath.Join(dir, "r.txt"), "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=mcts seed cmd=" + bin + " --playouts 2000 --log-level warn",
		"--engine", "name=greedy cmd=" + bin + " greedy",
		"--engine", "name=random seed cmd=" + bin + " random"}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	stopCtx, stop := context.WithCancel(ctx)
	n := 0
	first := runTourney(t, stopCtx, args, &hooks{gameEnded: func(tournament.Record) {
		if n++; n == 5 {
			stop()
		}
	}})
	stop()
	if first.code != 1 {
		t.Fatalf("interrupted run: status %d, want 1; stderr:\n%s", first.code, first.stderr)
	}
	if _, recs := readResults(t, results); len(recs) != 5 {
		t.Fatalf("%d games saved after the interruption, want 5", len(recs))
	}
	second := runTourney(t, ctx, args, nil)
	if second.code != 0 {
		t.Fatalf("resumed run: status %d, want 0; stderr:\n%s", second.code, second.stderr)
	}
	played := 0
	for _, line := range strings.Split(second.stderr, "\n") {
		if strings.HasPrefix(line, "game ") && strings.Contains(line, "/24 (#") {
			played++
		}
	}
	h, recs := readResults(t, results)
	var ids []int
	for _, r := range recs {
		ids = append(ids, r.Game)
		if r.Forfeit != nil || len(strings.Fields(r.Moves)) == 0 || r.BlackUsage == nil || r.WhiteUsage == nil {
			t.Errorf("game %d: forfeit %+v, moves %q, usage %v %v; want a game played out, both agents accounted",
				r.Game, r.Forfeit, r.Moves, r.BlackUsage, r.WhiteUsage)
		}
	}
	slices.Sort(ids)
	if played != 19 || len(slices.Compact(slices.Clone(ids))) != 24 || ids[0] != 1 || ids[23] != 24 || h.Game != "einstein" {
		t.Errorf("resumed run played %d games, results of %q hold %v; want 19, and games 1..24 once each", played, h.Game, ids)
	}
	names := []string{"mcts", "greedy", "random"}
	checkStandings(t, names, recs, 16)
	st := tournament.Standings(names, recs)
	if st[0].Name != "mcts" || st[1].Name != "greedy" || st[2].Name != "random" {
		t.Errorf("standings %+v; want mcts, greedy, random", st)
	}
	m := tournament.Pairwise(len(names), recs)
	for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
		if s := m[p[0]][p[1]]; s.Wins < 6 {
			t.Errorf("%s vs %s: %+v; want the first to win 6 of 8 at least", names[p[0]], names[p[1]], s)
		}
	}
}
