package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
	h, recs, err := tournament.ReadResultsFile(path)
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

// buildProgram builds the project's program cmd/NAME into a temporary
// directory; -short skips the test, for the reason it gives.
func buildProgram(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		// The race detector does not instrument the built program, and
		// the plain run has already played these games.
		t.Skip("builds and runs cmd/" + name)
	}
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

// TestTournamentSearchEngines plays tournaments between real search
// processes, the program built once for both.
func TestTournamentSearchEngines(t *testing.T) {
	withProgram(t, "search", []programTest{{"round robin", searchRoundRobin}, {"shards merge like one run", searchShardsMergeLikeOneRun},
		{"an NBoard engine against an OTP one", searchNBoardAgainstOTP}})
}

// programTest is a test of a program of the project, given its path.
type programTest struct {
	name string
	test func(t *testing.T, bin string)
}

// withProgram builds cmd/NAME once and runs tests with it, all at once,
// as subtests of t, itself run in parallel with the other tests.
func withProgram(t *testing.T, name string, tests []programTest) {
	t.Parallel()
	bin := buildProgram(t, name)
	for _, pt := range tests {
		t.Run(pt.name, func(t *testing.T) {
			t.Parallel()
			pt.test(t, bin)
		})
	}
}

// searchRoundRobin plays a round robin between three search processes of
// bin with small budgets over loopback, two games at a time. The endgame
// solver is off: it thinks by time, not playouts, and would spend up to
// --time on a move of every game.
func searchRoundRobin(t *testing.T, bin string) {
	search := bin + " --playouts 200 --arena 100000 --time 4s --solver off"
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

// searchNBoardAgainstOTP plays search --nboard (proto=nboard, depth 13)
// against search over OTP, both at 200 playouts a move, one round of
// the one opening: two clean games to two passes, the NBoard engine's
// protocol and depth in the results file's header, the depth received
// by the engine (its log says so) and its moves read from its "===" lines.
func searchNBoardAgainstOTP(t *testing.T, bin string) {
	search := bin + " --playouts 200 --arena 100000 --time 4s --solver off"
	dir := t.TempDir()
	results, record := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt")
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--openings", oneOpening(t), "--rounds", "1", "--seed", "3",
		"--results", results, "--record", record, "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=otp seed cmd=" + search,
		"--engine", "name=nb seed proto=nboard depth=13 cmd=" + search + " --nboard"}, nil)
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	h, recs := readResults(t, results)
	if len(recs) != 2 || h.Engines[0].Protocol != "" || h.Engines[1].Protocol != tournament.ProtocolNBoard || h.Engines[1].Depth != 13 {
		t.Fatalf("results: engines %+v, %d games; want otp, then nb over NBoard at depth 13, 2 games", h.Engines, len(recs))
	}
	for _, rec := range recs {
		if rec.Forfeit != nil || !rec.Played || !strings.HasPrefix(rec.Moves, "f5d6c3d3c4") || !strings.HasSuffix(rec.Moves, "papa") ||
			rec.BlackExit != "" || rec.WhiteExit != "" {
			t.Errorf("game %d: %+v; want a clean game from the opening to two passes, clean exits", rec.Game, rec)
		}
	}
	checkStandings(t, []string{"otp", "nb"}, recs, 2)
	// Game 1: otp black, nb white (engine2.log).
	log, err := os.ReadFile(filepath.Join(dir, "logs", "game-0001", "engine2.log"))
	if err != nil {
		t.Fatal(err)
	}
	moves := strings.TrimPrefix(findRec(recs, 1).Moves, "f5d6c3d3c4")
	white := 0
	for ply := 0; ply < len(moves)/2; ply += 2 { // white moves first after the 5-ply opening
		m := moves[2*ply : 2*ply+2]
		if m == "pa" {
			continue // played for it: the engine is not asked to pass
		}
		white++
		if !strings.Contains(string(log), "=== "+strings.ToUpper(m)+"/") {
			t.Errorf("white's move %s at ply %d is not among the NBoard engine's === lines", m, 6+ply)
		}
	}
	if white < 10 || !strings.Contains(string(log), `"depth": 13`) {
		t.Errorf("%d white moves checked; the NBoard engine's log should show depth 13:\n%s", white, log)
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
	t.Parallel()
	dir := t.TempDir()
	results, record := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "r.txt")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	// Unsandboxed: the broken engine marks its crash in a file of the
	// host's, for its next start to see.
	r := runTourney(t, ctx, []string{"--sandbox", "off", "--openings", oneOpening(t), "--rounds", "1", "--seed", "1",
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

// A gauntlet pairs the first engine with each other one; the seed fixes
// the openings and the engines' seeds, which reach the engines.
func TestTournamentGauntletAndSeed(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	schedule := func(seed string) ([]tournament.Record, string) {
		dir := t.TempDir()
		results := filepath.Join(dir, "r.jsonl")
		r := runTourney(t, ctx, []string{"--mode", "gauntlet", "--rounds", "1", "--concurrency", "3", "--seed", seed,
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
	if len(recs) != 6 {
		t.Fatalf("%d games, want 6 (3 pairs, 1 round, 2 colours)", len(recs))
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
	if count["hero"] != 6 || count["b"] != 2 || count["c"] != 2 || count["d"] != 2 {
		t.Errorf("games per engine %v, want hero 6, the others 2", count)
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
	t.Parallel()
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

// A tournament interrupted without --results does not claim that a results
// file keeps its games.
func TestTournamentInterruptedWithoutResults(t *testing.T) {
	t.Parallel()
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
