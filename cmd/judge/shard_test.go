package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tcgothello/mcts/tournament"
)

// finalSection returns stdout from the final standings on: what a single
// run and a merge of its shards both print.
func finalSection(t *testing.T, stdout string) string {
	t.Helper()
	i := strings.Index(stdout, "final standings")
	if i < 0 {
		t.Fatalf("no final standings in\n%s", stdout)
	}
	return stdout[i:]
}

// runMergeCmd runs judge tournament merge in-process.
func runMergeCmd(args ...string) judgeRun {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"tournament", "merge"}, args...), &stdout, &stderr, nil)
	return judgeRun{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// searchShardsMergeLikeOneRun plays a round robin of three search engines
// of bin at a fixed playout budget once whole and once split in three
// shards played at the same time, then merges the shards: the same games
// (engines, colours, seeds, moves, results) and the same standings, pairs
// and fingerprint as the single run (TestTournamentSearchEngines).
func searchShardsMergeLikeOneRun(t *testing.T, bin string) {
	search := bin + " --plain --playouts 300 --arena 100000 --time 4s"
	dir := t.TempDir()
	common := []string{"--rounds", "2", "--seed", "11",
		"--engine", "name=uct seed cmd=" + search,
		"--engine", "name=ucb seed cmd=" + search + " --algo ucb",
		"--engine", "name=pruning seed cmd=" + search + " --pruning on"}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	single := filepath.Join(dir, "single.jsonl")
	whole := runTourney(t, ctx, append([]string{"--results", single, "--engine-log-dir", filepath.Join(dir, "logs")}, common...), nil)
	if whole.code != 0 {
		t.Fatalf("single run: status %d; stderr:\n%s", whole.code, whole.stderr)
	}

	var shards []string
	runs := make([]judgeRun, 3)
	var wg sync.WaitGroup
	for k := range 3 {
		file := filepath.Join(dir, "shard-"+strconv.Itoa(k)+".jsonl")
		shards = append(shards, file)
		args := append([]string{"--shard", strconv.Itoa(k) + "/3", "--results", file,
			"--engine-log-dir", filepath.Join(dir, "logs-"+strconv.Itoa(k))}, common...)
		wg.Go(func() { runs[k] = runTourney(t, ctx, args, nil) })
	}
	wg.Wait()
	for k, r := range runs {
		if r.code != 0 || !strings.Contains(r.stdout, "final standings (4 of 4 games)") {
			t.Fatalf("shard %d/3: status %d, want 0 and 4 games; stdout:\n%s\nstderr:\n%s", k, r.code, r.stdout, r.stderr)
		}
	}
	inputs := map[string][]byte{}
	for _, s := range shards {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		inputs[s] = data
	}
	merged := filepath.Join(dir, "merged.jsonl")
	m := runMergeCmd(append([]string{"--results", merged}, shards...)...)
	if m.code != 0 {
		t.Fatalf("merge: status %d; stderr:\n%s", m.code, m.stderr)
	}
	if got, want := m.stdout, finalSection(t, whole.stdout); got != want {
		t.Errorf("merge printed\n%s\nthe single run\n%s", got, want)
	}
	hs, one := readResults(t, single)
	hm, all := readResults(t, merged)
	if len(one) != 12 || len(all) != 12 {
		t.Fatalf("%d games in the single run, %d merged; want 12 each", len(one), len(all))
	}
	slices.SortFunc(one, func(a, b tournament.Record) int { return a.Game - b.Game })
	for i, a := range one {
		b := all[i]
		if a.Game != b.Game || a.Black != b.Black || a.White != b.White || a.BlackSeed != b.BlackSeed || a.WhiteSeed != b.WhiteSeed ||
			a.Opening != b.Opening || !a.Played || a.Moves != b.Moves || a.Outcome != b.Outcome || a.Score != b.Score || a.Winner != b.Winner {
			t.Errorf("game %d: single run %s vs %s %s %s, merged game %d %s vs %s %s %s", a.Game, a.Black, a.White, a.Moves, a.Outcome, b.Game, b.Black, b.White, b.Moves, b.Outcome)
		}
	}
	if hs.Fingerprint == "" || hm.Fingerprint != hs.Fingerprint || hm.Shard != nil {
		t.Errorf("fingerprints: single %q, merged %q (shard %v); want equal and no shard", hs.Fingerprint, hm.Fingerprint, hm.Shard)
	}
	for s, data := range inputs {
		if now, _ := os.ReadFile(s); !bytes.Equal(now, data) {
			t.Errorf("%s changed by the merge", s)
		}
	}
}

// fakeTournament returns the arguments of a round robin of three fake
// engines, one opening, two rounds: 12 games.
func fakeTournament(t *testing.T, dir string, seed int) []string {
	return []string{"--openings", oneOpening(t), "--rounds", "2", "--seed", strconv.Itoa(seed), "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=a seed cmd=" + fakeEngine(t, "a", "good"),
		"--engine", "name=b seed cmd=" + fakeEngine(t, "b", "good"),
		"--engine", "name=c cmd=" + fakeEngine(t, "c", "good")}
}

// A merge of shards with one missing lists its games, marks the standings
// incomplete, exits 1, and writes a results file that a single run
// resumes by playing only the missing games; mixed tournaments and
// conflicting duplicates are refused with nothing written; a shard
// resumes as a shard and no other.
func TestTournamentMergeCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	shard := func(k, seed int) string {
		file := filepath.Join(dir, "seed"+strconv.Itoa(seed)+"-shard"+strconv.Itoa(k)+".jsonl")
		args := append([]string{"--shard", strconv.Itoa(k) + "/4", "--results", file}, fakeTournament(t, dir, seed)...)
		if r := runTourney(t, ctx, args, nil); r.code != 0 {
			t.Fatalf("shard %d/4: status %d; stderr:\n%s", k, r.code, r.stderr)
		}
		return file
	}
	s0, s1, s3 := shard(0, 1), shard(1, 1), shard(3, 1)
	out := filepath.Join(dir, "merged.jsonl")
	r := runMergeCmd("--results", out, s0, s1, s3, s1)
	if r.code != 1 || !strings.Contains(r.stdout, "final standings (9 of 12 games, INCOMPLETE: 3 games missing)") ||
		!strings.Contains(r.stderr, "missing 3 games: 3, 7, 11") || !strings.Contains(r.stderr, "3 identical duplicates dropped") {
		t.Errorf("shard 2/4 missing, 1/4 given twice: status %d, stdout\n%s\nstderr\n%s\nwant status 1, 9 of 12 games INCOMPLETE, games 3, 7, 11 listed, 3 duplicates", r.code, r.stdout, r.stderr)
	}
	// The merged file is a whole tournament's: resuming it plays the rest.
	resumed := runTourney(t, ctx, append([]string{"--results", out}, fakeTournament(t, dir, 1)...), nil)
	if resumed.code != 0 || strings.Count(resumed.stderr, "\ngame ") != 3 || !strings.Contains(resumed.stdout, "final standings (12 of 12 games)") {
		t.Errorf("resuming the merge: status %d, want 0 and 3 games played; stdout\n%s\nstderr\n%s", resumed.code, resumed.stdout, resumed.stderr)
	}

	// Another seed is another tournament.
	other := shard(2, 2)
	before, _ := os.ReadFile(out)
	if r := runMergeCmd("--results", out, s0, other); r.code != 2 || !strings.Contains(r.stderr, "results of different tournaments") || !strings.Contains(r.stderr, "seed 1 and 2") {
		t.Errorf("mixed seeds: status %d, stderr %s; want 2 naming the seeds", r.code, r.stderr)
	}
	// One game, two results.
	data, _ := os.ReadFile(s1)
	lines := strings.SplitAfter(string(data), "\n")
	lines[1] = strings.Replace(lines[1], `"outcome":"`, `"outcome":"x`, 1)
	forged := filepath.Join(dir, "forged.jsonl")
	os.WriteFile(forged, []byte(strings.Join(lines, "")), 0o644)
	if r := runMergeCmd("--results", out, s1, forged); r.code != 2 || !strings.Contains(r.stderr, "forged.jsonl: line 2: game 2") {
		t.Errorf("a forged outcome: status %d, stderr %s; want 2 naming line 2", r.code, r.stderr)
	}
	lines = strings.SplitAfter(string(data), "\n")
	lines[1] = strings.Replace(strings.Replace(lines[1], `"moves":"f5d6c3d3c4`, `"moves":"f5d6c3d3c4c5`, 1), `"duration_ms"`, `"x"`, 1)
	os.WriteFile(forged, []byte(strings.Join(lines, "")), 0o644)
	// Its moves replayed, the second is no game (two games of the rules
	// that differ are tournament's TestMerge's).
	if r := runMergeCmd("--results", out, s1, forged); r.code != 2 || !strings.Contains(r.stderr, forged+": line 2: game 2 is no game of the rules: moves: move 6 (c5): illegal move") {
		t.Errorf("other moves for game 2: status %d, stderr %s; want 2 naming the forged line", r.code, r.stderr)
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(after, before) {
		t.Error("a refused merge changed its --results file")
	}
	// Never over an input, nor over a file that is not this tournament's.
	if r := runMergeCmd("--results", s0, s0, s1); r.code != 2 || !strings.Contains(r.stderr, "is one of the files to merge") {
		t.Errorf("--results an input: status %d, stderr %s", r.code, r.stderr)
	}
	if r := runMergeCmd("--results", other, s0, s1); r.code != 2 || !strings.Contains(r.stderr, "not a results file of this tournament") {
		t.Errorf("--results another tournament's file: status %d, stderr %s", r.code, r.stderr)
	}
	// A shard's file resumes as that shard only.
	wrong := runTourney(t, ctx, append([]string{"--shard", "2/4", "--results", s0}, fakeTournament(t, dir, 1)...), nil)
	if wrong.code != 1 || !strings.Contains(wrong.stderr, "results file holds shard 0/4, not shard 2/4") {
		t.Errorf("shard 0's file as shard 2: status %d, stderr %s", wrong.code, wrong.stderr)
	}
	again := runTourney(t, ctx, append([]string{"--shard", "0/4", "--results", s0}, fakeTournament(t, dir, 1)...), nil)
	if again.code != 0 || strings.Contains(again.stderr, "\ngame ") {
		t.Errorf("shard 0 run again: status %d, want 0 and no game played; stderr %s", again.code, again.stderr)
	}
}

func TestMergeCommandLine(t *testing.T) {
	r := runMergeCmd("--help")
	if r.code != 0 || !strings.Contains(r.stdout, "judge tournament merge [flags] FILE...") || !strings.Contains(r.stdout, "--results") {
		t.Errorf("--help: status %d, stdout %q", r.code, r.stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "want one or more results FILEs"},
		{[]string{"--bogus", "x"}, "unknown flag: --bogus"},
		{[]string{"missing.jsonl"}, "no such file"},
		{[]string{filepath.Join(convertData, "match.json")}, "not a tournament results header"},
	} {
		if r := runMergeCmd(c.args...); r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "3/3", "--seed", "1", "--results", "r"}, "--shard: shard \"3/3\": K must be from 0 to 2"},
		{[]string{"--shard", "0/3", "--seed", "1"}, "give the shard its --results file"},
		{[]string{"--shard", "0/3", "--results", "r"}, "give --seed"},
	} {
		args := append(c.args, "--engine", "name=a cmd=x", "--engine", "name=b cmd=y")
		if _, err := parseTournamentOptions(args, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
}

// A sequential test split in shards: each shard plays all its games, and
// the merge stops counting where a single run playing one game at a time
// stops (5 pairs against an engine that loses every game), printing the
// same standings, pairs and verdict; the games after the stop stay in the
// merged file, uncounted, and the merge says so.
func TestTournamentShardsSPRT(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	flags := []string{"--rounds", "6", "--seed", "1", "--sprt", "elo0=0,elo1=400", "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
		"--engine", "name=b cmd=" + fakeEngine(t, "b", "illegal")}
	single := runTourney(t, ctx, flags, nil)
	if single.code != 0 || !strings.Contains(single.stdout, "final standings (10 of 12 games)") {
		t.Fatalf("single run: status %d, want 0 and 10 games; stdout:\n%s", single.code, single.stdout)
	}
	var files []string
	for k := range 2 {
		file := filepath.Join(dir, "shard-"+strconv.Itoa(k)+".jsonl")
		r := runTourney(t, ctx, append([]string{"--shard", strconv.Itoa(k) + "/2", "--results", file}, flags...), nil)
		if r.code != 0 || !strings.Contains(r.stdout, "final standings (6 of 6 games)") || strings.Contains(r.stdout, "sprt ") {
			t.Fatalf("shard %d/2: status %d, want 0, all 6 games and no verdict; stdout:\n%s", k, r.code, r.stdout)
		}
		files = append(files, file)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	m := runMergeCmd(append([]string{"--results", merged}, files...)...)
	if m.code != 0 || m.stdout != finalSection(t, single.stdout) || !strings.Contains(m.stderr, "decided after game 10: the 2 games after it are kept") {
		t.Errorf("merge: status %d, stdout\n%s\nwant the single run's\n%s\nstderr %s", m.code, m.stdout, finalSection(t, single.stdout), m.stderr)
	}
	if _, recs := readResults(t, merged); len(recs) != 12 {
		t.Errorf("merged file holds %d games, want all 12", len(recs))
	}
}
