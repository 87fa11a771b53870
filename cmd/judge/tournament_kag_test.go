package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/sgf"
	"github.com/tcgothello/mcts/tournament"
)

// fakeKAG returns the command of a Kill-All Go console program answering
// as script says (consoletest.Fake): "" plays seeded random legal moves.
func fakeKAG(t *testing.T, script string) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s fake-kag '%s'", exe, script)
}

// kagArgs are the arguments of the Kill-All Go tournament of the tests:
// our engine at a small budget, a random player, and a program that
// answers its first two thinks with D4, which is illegal by the second
// at the latest (its own stone, or a handicap stone, is there): it
// forfeits every game it plays, for an illegal move.
func kagArgs(t *testing.T, dir, bin string) []string {
	return []string{"--game", "killallgo", "--rounds", "3", "--seed", "7", "--genmove-time", "5s",
		"--results", filepath.Join(dir, "r.jsonl"), "--record", filepath.Join(dir, "r.sgf"),
		"--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=mcts seed cmd=" + bin + " --playouts 300 --log-level warn",
		"--engine", "name=random cmd=" + fakeKAG(t, ""),
		"--engine", "name=d4 cmd=" + fakeKAG(t, "4 4,4 4")}
}

// checkKAG checks a finished Kill-All Go tournament of kagArgs: every
// game of d4 is its forfeit for an illegal move, and no other; mcts beats
// the random player in every game (at 300 playouts a move, against
// uniformly random moves, it does by far); the standings say so; the record
// holds every game as SGF with its handicap.
func checkKAG(t *testing.T, dir string, stdout string) {
	t.Helper()
	names := []string{"mcts", "random", "d4"}
	h, recs := readResults(t, filepath.Join(dir, "r.jsonl"))
	if h.Game != "killallgo" || len(recs) != 18 {
		t.Fatalf("results of game %q with %d games, want killallgo and 18", h.Game, len(recs))
	}
	checkStandings(t, names, recs, 12)
	for _, r := range recs {
		d4 := r.Black == "d4" || r.White == "d4"
		switch {
		case d4 && (r.Forfeit == nil || r.Forfeit.Reason != "illegal move" || names[r.Winner] == "d4" ||
			!strings.Contains(r.Forfeit.Detail, `replied "4 4", an illegal move`)):
			t.Errorf("game %d: %s vs %s, forfeit %+v, winner %d; want d4's forfeit for an illegal move", r.Game, r.Black, r.White, r.Forfeit, r.Winner)
		case !d4 && (r.Forfeit != nil || r.Winner < 0 || names[r.Winner] != "mcts"):
			t.Errorf("game %d: %s vs %s, forfeit %+v, winner %d; want mcts to win, no forfeit", r.Game, r.Black, r.White, r.Forfeit, r.Winner)
		}
		if r.BlackUsage == nil || r.WhiteUsage == nil || r.BlackUsage.WallMS <= 0 {
			t.Errorf("game %d: usage %+v and %+v, want both programs' figures", r.Game, r.BlackUsage, r.WhiteUsage)
		}
		if r.Forfeit == nil && len(strings.Fields(r.Moves)) < 2 {
			t.Errorf("game %d: moves %q, a game without forfeit plays more", r.Game, r.Moves)
		}
	}
	st := tournament.Standings(names, recs)
	if st[0].Name != "mcts" || st[0].Points() != 12 || st[1].Name != "random" || st[1].Points() != 6 ||
		st[2].Name != "d4" || st[2].Points() != 0 || st[2].Forfeits != 12 || st[0].Forfeits+st[1].Forfeits != 0 {
		t.Errorf("standings %+v; want mcts 12, random 6, d4 0 with 12 forfeits", st)
	}
	if !strings.Contains(stdout, "final standings (18 of 18 games)") {
		t.Errorf("stdout:\n%s\nwant the final standings of 18 games", stdout)
	}
	data, err := os.ReadFile(filepath.Join(dir, "r.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := sgf.ParseAll(data)
	if err != nil || len(games) != 18 {
		t.Fatalf("record: %d SGF games (%v), want 18", len(games), err)
	}
	handicaps := map[int]int{}
	for _, g := range games {
		if g.Size != 7 || g.Handicap != len(g.AddBlack) {
			t.Errorf("record game SZ %d HA %d with %d AB; want SZ 7 and HA the AB stones", g.Size, g.Handicap, len(g.AddBlack))
		}
		handicaps[g.Handicap]++
	}
	if handicaps[2] != 6 || handicaps[4] != 6 || handicaps[6] != 6 {
		t.Errorf("record handicaps %v, want 6 games each at 2, 4 and 6 stones", handicaps)
	}
}

// interruptAndResume runs the tournament of args, stops it after `after`
// games, checks that the results file holds them, and runs it again to
// its end: it returns the second run, having checked that it played the
// games left, and that the results hold each of the total games once.
func interruptAndResume(t *testing.T, ctx context.Context, args []string, results string, after, total int) judgeRun {
	t.Helper()
	stopCtx, stop := context.WithCancel(ctx)
	n := 0
	first := runTourney(t, stopCtx, args, &hooks{gameEnded: func(tournament.Record) {
		if n++; n == after {
			stop()
		}
	}})
	stop()
	if first.code != 1 {
		t.Fatalf("interrupted run: status %d, want 1; stderr:\n%s", first.code, first.stderr)
	}
	if _, recs := readResults(t, results); len(recs) != after {
		t.Fatalf("%d games saved after the interruption, want %d", len(recs), after)
	}
	second := runTourney(t, ctx, args, nil)
	if second.code != 0 {
		t.Fatalf("resumed run: status %d, want 0; stderr:\n%s", second.code, second.stderr)
	}
	played := 0
	for _, line := range strings.Split(second.stderr, "\n") {
		if strings.HasPrefix(line, "game ") && strings.Contains(line, fmt.Sprintf("/%d (#", total)) {
			played++
		}
	}
	_, recs := readResults(t, results)
	var ids []int
	for _, r := range recs {
		ids = append(ids, r.Game)
	}
	slices.Sort(ids)
	if played != total-after || len(slices.Compact(slices.Clone(ids))) != total || ids[0] != 1 || ids[len(ids)-1] != total {
		t.Errorf("resumed run played %d games, results hold %v; want %d, and games 1..%d once each", played, ids, total-after, total)
	}
	return second
}

// TestTournamentKillAllGo plays Kill-All Go tournaments between our
// engine, built once for both, and fake programs.
func TestTournamentKillAllGo(t *testing.T) {
	withProgram(t, "killallgo", []programTest{{"interrupted and resumed", kagResumed}, {"shards", kagShards}})
}

// kagResumed: a Kill-All Go tournament of three programs finishes with
// the right forfeits and standings; stopped after five games and resumed,
// it plays each of the 13 left once and no game twice.
func kagResumed(t *testing.T, bin string) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	second := interruptAndResume(t, ctx, kagArgs(t, dir, bin), filepath.Join(dir, "r.jsonl"), 5, 18)
	checkKAG(t, dir, second.stdout)
}

// kagShards: a Kill-All Go tournament split in two shards and merged is
// the single run's: the same games (engines, colours, layouts, moves,
// results), the same fingerprint, the same final standings and pairs.
func kagShards(t *testing.T, bin string) {
	dir := t.TempDir()
	common := []string{"--game", "killallgo", "--rounds", "1", "--seed", "5", "--genmove-time", "5s",
		"--engine", "name=mcts seed cmd=" + bin + " --playouts 300 --log-level warn",
		"--engine", "name=random cmd=" + fakeKAG(t, ""),
		"--engine", "name=d4 cmd=" + fakeKAG(t, "4 4,4 4")}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	single := filepath.Join(dir, "single.jsonl")
	whole := runTourney(t, ctx, append([]string{"--results", single, "--engine-log-dir", filepath.Join(dir, "logs")}, common...), nil)
	if whole.code != 0 {
		t.Fatalf("single run: status %d; stderr:\n%s", whole.code, whole.stderr)
	}
	var shards []string
	for k := range 2 {
		file := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k))
		shards = append(shards, file)
		r := runTourney(t, ctx, append([]string{"--shard", fmt.Sprintf("%d/2", k), "--results", file,
			"--engine-log-dir", filepath.Join(dir, fmt.Sprintf("logs-%d", k))}, common...), nil)
		if r.code != 0 || !strings.Contains(r.stdout, "final standings (3 of 3 games)") {
			t.Fatalf("shard %d/2: status %d, want 0 and 3 games; stdout:\n%s\nstderr:\n%s", k, r.code, r.stdout, r.stderr)
		}
	}
	merged := filepath.Join(dir, "merged.jsonl")
	m := runMergeCmd(append([]string{"--results", merged}, shards...)...)
	if m.code != 0 {
		t.Fatalf("merge: status %d; stderr:\n%s", m.code, m.stderr)
	}
	hs, want := readResults(t, single)
	hm, got := readResults(t, merged)
	if hm.Fingerprint != hs.Fingerprint || hm.Game != "killallgo" {
		t.Errorf("merged fingerprint %s of game %q, single run's %s; want the same, killallgo", hm.Fingerprint, hm.Game, hs.Fingerprint)
	}
	if len(got) != 6 || len(want) != 6 {
		t.Fatalf("merged %d games, single run %d; want 6 each", len(got), len(want))
	}
	slices.SortFunc(want, func(a, b tournament.Record) int { return a.Game - b.Game })
	for i := range got {
		a, b := got[i], want[i]
		if a.Game != b.Game || a.Black != b.Black || a.White != b.White || a.Opening != b.Opening || a.Moves != b.Moves ||
			a.Outcome != b.Outcome || a.ForfeitBy != b.ForfeitBy || a.BlackSeed != b.BlackSeed {
			t.Errorf("game %d: merged %s vs %s %s %q %s, single %s vs %s %s %q %s", a.Game, a.Black, a.White, a.Opening, a.Moves, a.Outcome,
				b.Black, b.White, b.Opening, b.Moves, b.Outcome)
		}
	}
	if finalSection(t, m.stdout) != finalSection(t, whole.stdout) {
		t.Errorf("merge prints\n%s\nthe single run\n%s", finalSection(t, m.stdout), finalSection(t, whole.stdout))
	}
}
