package main

import (
	"context"
	"path/filepath"
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
	t.Parallel()
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
	interruptAndResume(t, ctx, args, results, 5, 24)
	h, recs := readResults(t, results)
	for _, r := range recs {
		if r.Forfeit != nil || len(strings.Fields(r.Moves)) == 0 || r.BlackUsage == nil || r.WhiteUsage == nil {
			t.Errorf("game %d: forfeit %+v, moves %q, usage %v %v; want a game played out, both agents accounted",
				r.Game, r.Forfeit, r.Moves, r.BlackUsage, r.WhiteUsage)
		}
	}
	if h.Game != "einstein" {
		t.Errorf("results of game %q, want einstein", h.Game)
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
