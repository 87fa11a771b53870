package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/tournament"
)

// tourneyArgs are the limits of tournament tests: ample for processes
// starting on a busy machine, short enough that a hung test ends.
var tourneyArgs = []string{"tournament", "--connect-time", "10s", "--genmove-time", "5s", "--reply-time", "2s"}

// runTourney runs judge tournament in-process; h may be nil.
func runTourney(t *testing.T, ctx context.Context, args []string, h *hooks) judgeRun {
	t.Helper()
	// A fake engine is this test binary; built with -race it would sleep a
	// second at exit (the race detector's default), a second per game.
	t.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	var stdout, stderr bytes.Buffer
	code := run(ctx, append(slices.Clone(tourneyArgs), args...), &stdout, &stderr, h)
	return judgeRun{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// oneOpening writes an openings file holding f5d6c3d3c4 only.
func oneOpening(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(path, []byte("# test\nf5d6c3d3c4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readResults reads a results file.
func readResults(t *testing.T, path string) (tournament.Header, []tournament.Record) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, recs, err := tournament.ReadResults(f)
	if err != nil {
		t.Fatalf("results file: %v", err)
	}
	return h, recs
}

// checkStandings checks what must hold of any set of finished games: each
// engine's colours, standings adding up to one point a game, and pairwise
// results that mirror each other.
func checkStandings(t *testing.T, names []string, recs []tournament.Record, gamesEach int) {
	t.Helper()
	black, white := map[string]int{}, map[string]int{}
	for _, r := range recs {
		black[r.Black]++
		white[r.White]++
	}
	st := tournament.Standings(names, recs)
	points := 0.0
	for _, s := range st {
		points += s.Points()
		if s.Games() != gamesEach || black[s.Name] != gamesEach/2 || white[s.Name] != gamesEach/2 {
			t.Errorf("%s: %d games, %d black, %d white; want %d, half each", s.Name, s.Games(), black[s.Name], white[s.Name], gamesEach)
		}
	}
	if points != float64(len(recs)) {
		t.Errorf("standings add up to %v points, want %d (one a game)", points, len(recs))
	}
	m := tournament.Pairwise(len(names), recs)
	for i := range m {
		for j := range m {
			if a, b := m[i][j], m[j][i]; a.Wins != b.Losses || a.Draws != b.Draws {
				t.Errorf("%s vs %s %+v does not mirror %+v", names[i], names[j], a, b)
			}
		}
	}
}

// buildSearch builds the engine program into a temporary directory.
func buildSearch(t *testing.T) string { return buildProgram(t, "search") }

// buildProgram builds the project's program cmd/NAME into a temporary
// directory.
func buildProgram(t *testing.T, name string) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	bin := filepath.Join(t.TempDir(), name)
	cmd := exec.Command(goBin, "build", "-o", bin, "./cmd/"+name)
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/%s: %v\n%s", name, err, out)
	}
	return bin
}

// TestTournamentSearchEngines plays a round robin between three real search
// processes with small budgets over loopback, two games at a time.
func TestTournamentSearchEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the engine")
	}
	search := buildSearch(t) + " --playouts 200 --arena 100000 --time 4s"
	dir := t.TempDir()
	results, record, summary := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt"), filepath.Join(dir, "r.json")
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--openings", oneOpening(t), "--rounds", "1", "--concurrency", "2", "--seed", "7",
		"--results", results, "--record", record, "--json", summary, "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=uct seed cmd=" + search,
		"--engine", "name=ucb seed cmd=" + search + " --algo ucb",
		"--engine", "name=pruning seed cmd=" + search + " --pruning on"}, nil)
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	names := []string{"uct", "ucb", "pruning"}
	h, recs := readResults(t, results)
	if h.Seed != 7 || !slices.Equal(h.Names(), names) || len(recs) != 6 {
		t.Fatalf("results: seed %d, engines %v, %d games; want 7, %v, 6", h.Seed, h.Names(), len(recs), names)
	}
	for _, rec := range recs {
		if rec.Forfeit != nil || !rec.Played || !strings.HasPrefix(rec.Moves, "f5d6c3d3c4") || !strings.HasSuffix(rec.Moves, "papa") ||
			rec.BlackExit != "" || rec.WhiteExit != "" || rec.BlackSeed == 0 {
			t.Errorf("game %d: %+v; want a clean game from the opening to two passes, clean exits, seeds given", rec.Game, rec)
		}
		if rec.BlackDiscs-rec.WhiteDiscs != rec.Score {
			t.Errorf("game %d: score %d, discs %d-%d", rec.Game, rec.Score, rec.BlackDiscs, rec.WhiteDiscs)
		}
	}
	checkStandings(t, names, recs, 4)
	// The engine got its seed: the search logs the one it uses.
	log1, err := os.ReadFile(filepath.Join(dir, "logs", "game-0001", "engine1.log"))
	if seed := findRec(recs, 1).BlackSeed; err != nil || !strings.Contains(string(log1), fmt.Sprint(seed)) {
		t.Errorf("game 1's black engine log does not show its seed %d: %v\n%s", seed, err, log1)
	}
	rec, _ := os.ReadFile(record)
	if n := strings.Count(string(rec), "\nmoves: f5d6c3d3c4"); n != 6 {
		t.Errorf("record holds %d games, want 6:\n%s", n, rec)
	}
	var s tournament.Summary
	data, _ := os.ReadFile(summary)
	if err := json.Unmarshal(data, &s); err != nil || !s.Complete || len(s.Games) != 6 || len(s.Standings) != 3 || len(s.Pairs) != 3 {
		t.Errorf("summary: %v; complete %v, %d games, %d standings, %d pairs; want complete, 6, 3, 3", err, s.Complete, len(s.Games), len(s.Standings), len(s.Pairs))
	}
	for _, p := range s.Pairs {
		if p.Wins+p.Draws+p.Losses != 2 {
			t.Errorf("pair %s-%s played %d games, want 2", p.A, p.B, p.Wins+p.Draws+p.Losses)
		}
	}
	for _, want := range []string{"standings after round 1/1 (6 games)", "final standings (6 of 6 games)", "uct vs ucb", "rank"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
}

func findRec(recs []tournament.Record, game int) tournament.Record {
	for _, r := range recs {
		if r.Game == game {
			return r
		}
	}
	return tournament.Record{}
}

// An engine that crashes in its first game forfeits that game only, is
// started afresh for its next one, and both facts are recorded.
func TestTournamentRestartsBrokenEngine(t *testing.T) {
	dir := t.TempDir()
	results, record := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--openings", oneOpening(t), "--rounds", "1", "--seed", "1",
		"--results", results, "--record", record, "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=alice cmd=" + fakeEngine(t, "alice", "good"),
		"--engine", "name=broken cmd=" + fakeEngine(t, "broken", "crash-once:"+filepath.Join(dir, "crashed")),
		"--engine", "name=bob cmd=" + fakeEngine(t, "bob", "good")}, nil)
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	names := []string{"alice", "broken", "bob"}
	_, recs := readResults(t, results)
	if len(recs) != 6 {
		t.Fatalf("%d games, want 6", len(recs))
	}
	checkStandings(t, names, recs, 4)
	var forfeits, restarts []int
	for _, rec := range recs {
		if rec.Forfeit != nil {
			forfeits = append(forfeits, rec.Game)
			exit := rec.BlackExit
			if rec.ForfeitBy == "white" {
				exit = rec.WhiteExit
			}
			if !slices.Equal(rec.Faulted(), []int{1}) || rec.Forfeit.Reason != "disconnected" || exit != "exit status 3" || rec.Winner == 1 {
				t.Errorf("game %d: %+v; want broken's loss on a disconnection, exit status 3", rec.Game, rec)
			}
		}
		if len(rec.Restarted) > 0 {
			restarts = append(restarts, rec.Game)
			if !slices.Equal(rec.Restarted, []string{"broken"}) {
				t.Errorf("game %d restarted %v, want [broken]", rec.Game, rec.Restarted)
			}
		}
	}
	// Games run one at a time in schedule order: broken first plays in
	// game 1 (alice-broken) and next in game 2 (broken-alice).
	if !slices.Equal(forfeits, []int{1}) || !slices.Equal(restarts, []int{2}) {
		t.Errorf("forfeits in games %v, restarts in %v; want [1] and [2]", forfeits, restarts)
	}
	if st := tournament.Standings(names, recs); st[2].Name != "broken" || st[2].Forfeits != 1 {
		t.Errorf("last in the standings %+v, want broken with 1 forfeit", st[2])
	}
	if !strings.Contains(r.stderr, "restarting engine after its forfeit") || !strings.Contains(r.stderr, ": disconnected]") {
		t.Errorf("the log does not tell of the forfeit and the restart:\n%s", r.stderr)
	}
	rec, _ := os.ReadFile(record)
	for _, want := range []string{"exit: ", "(broken): exit status 3", "restarted after a forfeit: broken", "forfeit: "} {
		if !strings.Contains(string(rec), want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
}

var progressRE = regexp.MustCompile(`(?m)^game \d+/12 \(#(\d+),`)

// A tournament stopped after four games and started again with its results
// file plays only the eight games left.
func TestTournamentResume(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	args := []string{"--rounds", "2", "--seed", "3", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=a seed cmd=" + fakeEngine(t, "a", "good"),
		"--engine", "name=b seed cmd=" + fakeEngine(t, "b", "good"),
		"--engine", "name=c seed cmd=" + fakeEngine(t, "c", "good")}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	stopCtx, stop := context.WithCancel(ctx)
	n := 0
	first := runTourney(t, stopCtx, args, &hooks{gameEnded: func(tournament.Record) {
		if n++; n == 4 {
			stop()
		}
	}})
	stop()
	if first.code != 1 {
		t.Fatalf("interrupted run: status %d, want 1; stderr:\n%s", first.code, first.stderr)
	}
	_, recs := readResults(t, results)
	if len(recs) != 4 {
		t.Fatalf("%d games saved after the interruption, want 4", len(recs))
	}
	// --seed is taken from the results file when not given. Engine c's
	// program is named another way: the same program, a changed command,
	// which is allowed and warned of once.
	resumeArgs := slices.Delete(slices.Clone(args), 2, 4)
	oldC := resumeArgs[len(resumeArgs)-1]
	resumeArgs[len(resumeArgs)-1] = "name=c seed cmd=" + strings.Replace(fakeEngine(t, "c", "good"), string(filepath.Separator), string(filepath.Separator)+"."+string(filepath.Separator), 1)
	second := runTourney(t, ctx, resumeArgs, nil)
	if second.code != 0 {
		t.Fatalf("resumed run: status %d, want 0; stderr:\n%s", second.code, second.stderr)
	}
	if n := strings.Count(second.stderr, "resuming with a changed engine command"); n != 1 || !strings.Contains(second.stderr, "engine c: command") ||
		!strings.Contains(second.stderr, strings.TrimPrefix(oldC, "name=c seed cmd=")) {
		t.Errorf("resumed with c's command changed: %d warnings, want 1 naming c and its old command; stderr:\n%s", n, second.stderr)
	}
	var played []string
	for _, m := range progressRE.FindAllStringSubmatch(second.stderr, -1) {
		played = append(played, m[1])
	}
	h, recs := readResults(t, results)
	var ids []int
	for _, r := range recs {
		ids = append(ids, r.Game)
	}
	slices.Sort(ids)
	if len(played) != 8 || !slices.Equal(ids, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}) || h.Seed != 3 {
		t.Errorf("resumed run played games %v, results hold %v with seed %d; want 8 games, 1..12 once each, seed 3", played, ids, h.Seed)
	}
	checkStandings(t, h.Names(), recs, 8)
	if !strings.Contains(second.stdout, "final standings (12 of 12 games)") {
		t.Errorf("stdout:\n%s\nwant the final standings of 12 games", second.stdout)
	}
	// Round 1 (6 games) was cut short: announced now, with its 6 games
	// only; round 2 with all 12.
	if !strings.Contains(second.stdout, "standings after round 1/2 (6 games)") || !strings.Contains(second.stdout, "standings after round 2/2 (12 games)") {
		t.Errorf("stdout:\n%s\nwant standings after round 1 (6 games) and 2 (12 games)", second.stdout)
	}
	// Another seed is another tournament: refused.
	third := runTourney(t, ctx, append(slices.Clone(args), "--seed", "4"), nil)
	if third.code != 1 || !strings.Contains(third.stderr, "cannot resume") {
		t.Errorf("resume with another seed: status %d, want 1 and cannot resume; stderr:\n%s", third.code, third.stderr)
	}
}

// A gauntlet pairs the first engine with each other one; the seed fixes
// the openings and the engines' seeds, which reach the engines.
func TestTournamentGauntletAndSeed(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	schedule := func(seed string) ([]tournament.Record, string) {
		dir := t.TempDir()
		results := filepath.Join(dir, "r.jsonl")
		r := runTourney(t, ctx, []string{"--mode", "gauntlet", "--rounds", "2", "--concurrency", "3", "--seed", seed,
			"--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
			"--engine", "name=hero seed cmd=" + fakeEngine(t, "hero", "good"),
			"--engine", "name=b seed cmd=" + fakeEngine(t, "b", "good"),
			"--engine", "name=c seed cmd=" + fakeEngine(t, "c", "good"),
			"--engine", "name=d cmd=" + fakeEngine(t, "d", "good")}, nil)
		if r.code != 0 {
			t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
		}
		_, recs := readResults(t, results)
		slices.SortFunc(recs, func(a, b tournament.Record) int { return a.Game - b.Game })
		return recs, dir
	}
	recs, dir := schedule("5")
	if len(recs) != 12 {
		t.Fatalf("%d games, want 12 (3 pairs, 2 rounds, 2 colours)", len(recs))
	}
	count := map[string]int{}
	for _, r := range recs {
		count[r.Black]++
		count[r.White]++
		if r.Black != "hero" && r.White != "hero" {
			t.Errorf("game %d: %s vs %s, want hero in every game", r.Game, r.Black, r.White)
		}
		if (r.Black == "d" && r.BlackSeed != 0) || (r.White == "d" && r.WhiteSeed != 0) {
			t.Errorf("game %d: d takes no seed but was given one: %+v", r.Game, r)
		}
	}
	if count["hero"] != 12 || count["b"] != 4 || count["c"] != 4 || count["d"] != 4 {
		t.Errorf("games per engine %v, want hero 12, the others 4", count)
	}
	// Engine b, with seed, was started with its game's seed.
	for _, r := range recs {
		if r.Black != "b" {
			continue
		}
		log, err := os.ReadFile(filepath.Join(dir, "logs", fmt.Sprintf("game-%04d", r.Game), "engine1.log"))
		if want := fmt.Sprintf("fake engine b seed %d\n", r.BlackSeed); err != nil || !strings.Contains(string(log), want) {
			t.Errorf("game %d: black's log %q, want %q", r.Game, log, want)
		}
		break
	}
	again, _ := schedule("5")
	other, _ := schedule("6")
	key := func(rs []tournament.Record) string {
		var b strings.Builder
		for _, r := range rs {
			fmt.Fprintf(&b, "%d %s %s %s %d %d;", r.Game, r.Black, r.White, r.Opening, r.BlackSeed, r.WhiteSeed)
		}
		return b.String()
	}
	if key(again) != key(recs) {
		t.Errorf("seed 5 twice gave different schedules:\n%s\n%s", key(recs), key(again))
	}
	if key(other) == key(recs) {
		t.Error("seeds 5 and 6 gave the same schedule and engine seeds")
	}
}

// An engine that exits without connecting loses its games unplayed, with
// its exit status recorded, and its opponent does not wait out the
// connect time.
func TestTournamentEngineExits(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	start := time.Now()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--connect-time", "20s", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=alice cmd=" + fakeEngine(t, "alice", "good"),
		"--engine", "name=dead cmd=" + fakeEngine(t, "dead", "exit")}, nil)
	// Every game was recorded, but dead never played one: status 1, and
	// the log says why, quoting the end of its output.
	if r.code != 1 || !strings.Contains(r.stderr, "tournament played without an engine") || !strings.Contains(r.stderr, "dead (2 games, all unplayed)") {
		t.Fatalf("status %d, want 1 naming dead as never playing; stderr:\n%s", r.code, r.stderr)
	}
	if n := strings.Count(r.stderr, "engine exited before connecting"); n != 2 || !strings.Contains(r.stderr, `"status": "exit status 3"`) ||
		!strings.Contains(r.stderr, `"last_output": ["fake engine dead on stderr", "fake engine pid `) {
		t.Errorf("%d messages of dead exiting, want 2 with its status and its last output; stderr:\n%s", n, r.stderr)
	}
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("took %v, want well under the 20 s connect time", took)
	}
	_, recs := readResults(t, results)
	if len(recs) != 2 {
		t.Fatalf("%d games, want 2", len(recs))
	}
	for _, rec := range recs {
		exit, aliceExit := rec.BlackExit, rec.WhiteExit
		if rec.White == "dead" {
			exit, aliceExit = rec.WhiteExit, rec.BlackExit
		}
		if rec.Played || !slices.Equal(rec.Faulted(), []int{1}) || rec.Forfeit.Reason != "no connection" || exit != "exit status 3" || rec.Winner != 0 {
			t.Errorf("game %d: %+v; want alice winning unplayed, dead's exit status 3", rec.Game, rec)
		}
		// alice, in good standing, got quit as the rules say and exited
		// cleanly (the fake engine exits 4 when hung up on without it).
		if aliceExit != "" {
			t.Errorf("game %d: alice exited with %q, want a clean exit after quit", rec.Game, aliceExit)
		}
	}
	if !slices.Equal(recs[1].Restarted, []string{"dead"}) {
		t.Errorf("game 2 restarted %v, want [dead]", recs[1].Restarted)
	}
}

// An engine that neither connects nor exits must not cost its opponent the
// game: both engines are awaited at once, so the opponent connects in time
// and wins, whichever colour the hanging engine has.
func TestTournamentHangingEngine(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--concurrency", "2", "--connect-time", "3s", "--results", results,
		"--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=hung cmd=" + fakeEngine(t, "hung", "hang"),
		"--engine", "name=alice cmd=" + fakeEngine(t, "alice", "good")}, nil)
	if r.code != 1 || !strings.Contains(r.stderr, "hung (2 games, all unplayed)") || !strings.Contains(r.stderr, "engine did not connect in time") {
		t.Fatalf("status %d, want 1 naming hung as never playing; stderr:\n%s", r.code, r.stderr)
	}
	_, recs := readResults(t, results)
	if len(recs) != 2 {
		t.Fatalf("%d games, want 2", len(recs))
	}
	for _, rec := range recs {
		if rec.Winner != 1 || rec.Played || !slices.Equal(rec.Faulted(), []int{0}) || rec.Forfeit.Reason != "no connection" {
			t.Errorf("game %d (%s black): winner %d, played %v, faulted %v, forfeit %v; want alice (1) winning unplayed, hung without connection",
				rec.Game, rec.Black, rec.Winner, rec.Played, rec.Faulted(), rec.Forfeit)
		}
	}
	checkDead(t, filepath.Join(dir, "logs"))
}

// A game neither engine can play is a draw in which both forfeit, and
// both forfeits count.
func TestTournamentNeitherEngineCanPlay(t *testing.T) {
	dir := t.TempDir()
	results, record := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--results", results, "--record", record, "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=x cmd=" + fakeEngine(t, "x", "exit"),
		"--engine", "name=y cmd=" + fakeEngine(t, "y", "exit")}, nil)
	if r.code != 1 || !strings.Contains(r.stderr, "x (2 games, all unplayed), y (2 games, all unplayed)") {
		t.Fatalf("status %d, want 1 naming x and y as never playing; stderr:\n%s", r.code, r.stderr)
	}
	_, recs := readResults(t, results)
	if len(recs) != 2 {
		t.Fatalf("%d games, want 2", len(recs))
	}
	for _, rec := range recs {
		if rec.Winner != -1 || rec.ForfeitBy != "both" || len(rec.Faulted()) != 2 || rec.Forfeit == nil || rec.WhiteForfeit == nil {
			t.Errorf("game %d: winner %d, forfeit by %q, faulted %v, forfeits %v %v; want a draw both forfeited",
				rec.Game, rec.Winner, rec.ForfeitBy, rec.Faulted(), rec.Forfeit, rec.WhiteForfeit)
		}
	}
	for _, s := range tournament.Standings([]string{"x", "y"}, recs) {
		if s.Forfeits != 2 || s.Draws != 2 {
			t.Errorf("%s: %d forfeits, %d draws; want 2 and 2", s.Name, s.Forfeits, s.Draws)
		}
	}
	if rec, _ := os.ReadFile(record); strings.Count(string(rec), "\nforfeit: ") != 4 {
		t.Errorf("record:\n%s\nwant both forfeits of both games", rec)
	}
}

// Extending a tournament with more rounds records them in the results
// file's header, so that a later resume with fewer rounds is refused
// rather than dropping the games beyond them.
func TestTournamentExtendThenShrink(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	args := func(rounds string) []string {
		return []string{"--rounds", rounds, "--seed", "2", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
			"--engine", "name=a seed cmd=" + fakeEngine(t, "a", "good"),
			"--engine", "name=b seed cmd=" + fakeEngine(t, "b", "good")}
	}
	for _, rounds := range []string{"1", "2"} {
		if r := runTourney(t, ctx, args(rounds), nil); r.code != 0 {
			t.Fatalf("--rounds %s: status %d; stderr:\n%s", rounds, r.code, r.stderr)
		}
	}
	h, recs := readResults(t, results)
	if h.Rounds != 2 || len(recs) != 4 {
		t.Fatalf("after extending: header rounds %d, %d games; want 2 and 4", h.Rounds, len(recs))
	}
	r := runTourney(t, ctx, args("1"), nil)
	if r.code != 1 || !strings.Contains(r.stderr, "cannot resume") {
		t.Errorf("resume with fewer rounds: status %d, want 1 and cannot resume; stderr:\n%s", r.code, r.stderr)
	}
	if _, after := readResults(t, results); len(after) != 4 {
		t.Errorf("%d games after the refused resume, want the 4 kept", len(after))
	}
}

// A results file whose header line was cut short holds no game: the
// tournament starts afresh over it. A different seed flag is refused.
func TestTournamentResultsEdgeCases(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	if err := os.WriteFile(results, []byte(`{"version":1,"mode":"round-ro`), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	args := func(seedA string) []string {
		return []string{"--rounds", "1", "--seed", "2", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
			"--engine", "name=a " + seedA + "cmd=" + fakeEngine(t, "a", "good"),
			"--engine", "name=b cmd=" + fakeEngine(t, "b", "good")}
	}
	r := runTourney(t, ctx, args(""), nil)
	if r.code != 0 || !strings.Contains(r.stderr, "starting afresh") {
		t.Fatalf("over a cut header: status %d, want 0 and starting afresh; stderr:\n%s", r.code, r.stderr)
	}
	if h, recs := readResults(t, results); h.Seed != 2 || len(recs) != 2 {
		t.Errorf("results: seed %d, %d games; want 2 and 2", h.Seed, len(recs))
	}
	r = runTourney(t, ctx, append(args("seed "), "--rounds", "2"), nil)
	if r.code != 1 || !strings.Contains(r.stderr, "seed flag") {
		t.Errorf("resume with a seed flag added: status %d, want 1 naming the seed flag; stderr:\n%s", r.code, r.stderr)
	}
}

// Every engine's program is checked before the first game: a missing or
// non-executable one stops the tournament before any game is played.
func TestTournamentChecksEnginesFirst(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "not-executable")
	if err := os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	for _, bad := range []string{filepath.Join(dir, "no-such-engine"), notExec, "no-such-engine-on-the-path"} {
		results := filepath.Join(t.TempDir(), "r.jsonl")
		r := runTourney(t, ctx, []string{"--rounds", "1", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
			"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
			"--engine", "name=b cmd=" + fakeEngine(t, "b", "good"),
			"--engine", "name=broken cmd='" + bad + "' --flag"}, nil)
		if r.code != 1 || !strings.Contains(r.stderr, "engine broken") || !strings.Contains(r.stderr, filepath.Base(bad)) {
			t.Errorf("%s: status %d, want 1 naming engine broken and its program; stderr:\n%s", bad, r.code, r.stderr)
		}
		if strings.Contains(r.stderr, "game 1/") {
			t.Errorf("%s: a game was played before the check:\n%s", bad, r.stderr)
		}
		if _, err := os.Stat(results); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: the results file was created (%v)", bad, err)
		}
	}
}

// --results never overwrites a file that is not a results file, even one
// without a newline, which could otherwise pass for a header cut short.
func TestTournamentKeepsForeignResultsFile(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	for _, content := range []string{"my precious notes", "my precious notes\nline two\n"} {
		results := filepath.Join(dir, "notes.txt")
		if err := os.WriteFile(results, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runTourney(t, ctx, []string{"--rounds", "1", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
			"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
			"--engine", "name=b cmd=" + fakeEngine(t, "b", "good")}, nil)
		if r.code != 1 || !strings.Contains(r.stderr, "not a tournament results header") {
			t.Errorf("over %q: status %d, want 1 and not a results header; stderr:\n%s", content, r.code, r.stderr)
		}
		if data, _ := os.ReadFile(results); string(data) != content {
			t.Errorf("the file now holds %q, want %q kept", data, content)
		}
	}
}

// Resuming checks every record against the schedule: a forged record, put
// before the real one, is refused with its line, and the file is kept.
func TestTournamentResumeRefusesForgedRecord(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "r.jsonl")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	args := func(rounds string) []string {
		return []string{"--rounds", rounds, "--seed", "5", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
			"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
			"--engine", "name=b cmd=" + fakeEngine(t, "b", "good")}
	}
	if r := runTourney(t, ctx, args("1"), nil); r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n") // header, game 1, game 2, ""
	if len(lines) != 4 {
		t.Fatalf("results file:\n%s\nwant a header and 2 games", data)
	}
	for _, forged := range []struct{ content, want string }{
		{lines[0] + `{"game":1,"round":1,"black_engine":0,"white_engine":0,"black":"a","white":"a","outcome":"black wins","winner":0}` + "\n" +
			lines[1] + lines[2], "line 2: game 1: engines 0 (black) and 0 (white), the schedule says"},
		{lines[0] + lines[1] + lines[2] + lines[2], "line 4: game 2 again (first on line 3)"},
	} {
		content := forged.content
		if err := os.WriteFile(results, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runTourney(t, ctx, args("2"), nil)
		if r.code != 1 || !strings.Contains(r.stderr, "cannot resume") || !strings.Contains(r.stderr, forged.want) {
			t.Errorf("resume with a forged record: status %d, want 1 and %q; stderr:\n%s", r.code, forged.want, r.stderr)
		}
		if after, _ := os.ReadFile(results); string(after) != content {
			t.Errorf("the refused file was changed:\n%s\nwant:\n%s", after, content)
		}
	}
}

// A tournament interrupted without --results does not claim that a results
// file keeps its games.
func TestTournamentInterruptedWithoutResults(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	stopCtx, stop := context.WithCancel(ctx)
	defer stop()
	r := runTourney(t, stopCtx, []string{"--rounds", "2", "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
		"--engine", "name=b cmd=" + fakeEngine(t, "b", "good")}, &hooks{gameEnded: func(tournament.Record) { stop() }})
	if r.code != 1 || !strings.Contains(r.stderr, "tournament interrupted: without --results the finished games are not kept") ||
		strings.Contains(r.stderr, "results file") {
		t.Errorf("status %d, want 1 and no claim of a results file; stderr:\n%s", r.code, r.stderr)
	}
}

// --sprt stops a two-engine match as soon as the test decides, with the
// ratio in every progress line and the verdict at the end: an engine that
// loses every game is soon shown weaker, by more than 0 Elo rather than
// 200; two equal engines are soon shown equal rather than 200 apart.
func TestTournamentSPRT(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	for _, c := range []struct {
		second, verdict string
	}{
		{"illegal", "H1 accepted (a is +200 Elo stronger than b rather than +0)"},
		{"good", "H0 accepted (a is +0 Elo stronger than b rather than +200)"},
	} {
		dir := t.TempDir()
		summary := filepath.Join(dir, "s.json")
		r := runTourney(t, ctx, []string{"--rounds", "50", "--seed", "1", "--sprt", "elo0=0,elo1=200", "--json", summary,
			"--engine-log-dir", filepath.Join(dir, "logs"),
			"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
			"--engine", "name=b cmd=" + fakeEngine(t, "b", c.second)}, nil)
		if r.code != 0 {
			t.Fatalf("b %s: status %d; stderr:\n%s", c.second, r.code, r.stderr)
		}
		var s tournament.Summary
		data, _ := os.ReadFile(summary)
		if err := json.Unmarshal(data, &s); err != nil || s.SPRT == nil {
			t.Fatalf("summary %v, sprt %v", err, s.SPRT)
		}
		pairs := s.SPRT.Pentanomial.Pairs()
		if !strings.HasPrefix(c.verdict, s.SPRT.Verdict) || pairs == 0 || len(s.Games) != 2*pairs || len(s.Games) >= 100 || !s.Complete {
			t.Errorf("b %s: verdict %q after %d pairs, %d games, complete %v; want %q before the 100 games, 2 a pair, complete",
				c.second, s.SPRT.Verdict, pairs, len(s.Games), s.Complete, c.verdict)
		}
		// The test stopped at the first pair whose ratio crossed a bound.
		if s.SPRT.LLR > s.SPRT.Lower && s.SPRT.LLR < s.SPRT.Upper {
			t.Errorf("b %s: LLR %v inside [%v, %v] at the stop", c.second, s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper)
		}
		if n := strings.Count(r.stderr, ", LLR "); n != len(s.Games) || !strings.Contains(r.stderr, " [-2.94, 2.94]\n") {
			t.Errorf("b %s: %d progress lines with the LLR and its bounds, want %d:\n%s", c.second, n, len(s.Games), r.stderr)
		}
		want := fmt.Sprintf("sprt elo0=0,elo1=200,alpha=0.05,beta=0.05: a vs b, %s (pentanomial ", countOf(pairs, "pair"))
		if !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, c.verdict) {
			t.Errorf("b %s: stdout lacks %q and %q:\n%s", c.second, want, c.verdict, r.stdout)
		}
	}
}

// A test the rounds do not decide says so.
func TestTournamentSPRTUndecided(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--sprt", "elo0=0,elo1=5", "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
		"--engine", "name=b cmd=" + fakeEngine(t, "b", "good")}, nil)
	if r.code != 0 || !strings.Contains(r.stdout, "a vs b, 1 pair (pentanomial 0 0 1 0 0): LLR ") ||
		!strings.Contains(r.stdout, ": not decided: the rounds ran out first") {
		t.Errorf("status %d, want 0 and not decided; stdout:\n%s", r.code, r.stdout)
	}
}

// A second judge on a results file another judge holds is refused at once,
// and the file is left as it was.
func TestTournamentRefusesLockedResults(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock on Windows: the results file is not locked there")
	}
	dir := t.TempDir()
	results := filepath.Join(dir, "results.jsonl")
	const content = "kept as it is\n"
	if err := os.WriteFile(results, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	unlock, err := tournament.LockResults(results)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--rounds", "1", "--results", results, "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=a cmd=" + fakeEngine(t, "a", "good"),
		"--engine", "name=b cmd=" + fakeEngine(t, "b", "good")}, nil)
	if r.code != 1 || !strings.Contains(r.stderr, "another judge is writing this results file") {
		t.Errorf("status %d, want 1 and the lock named; stderr:\n%s", r.code, r.stderr)
	}
	if data, _ := os.ReadFile(results); string(data) != content {
		t.Errorf("the file now holds %q, want %q kept", data, content)
	}
}
