package director

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/tournament"
)

// TestMain lets the test binary double as an OTP engine for the
// tournaments of the tests (matchtest.ProcessMain).
func TestMain(m *testing.M) { matchtest.ProcessTestMain(m) }

// fakeEngine returns the spec of the engine name: the fake engine in
// mode, given a seed when seed.
func fakeEngine(t *testing.T, name, mode string, seed bool) string {
	argv, err := matchtest.ProcessArgv(name, mode)
	if err != nil {
		t.Fatal(err)
	}
	flag := ""
	if seed {
		flag = "seed "
	}
	return fmt.Sprintf("name=%s %scmd=%s", name, flag, strings.Join(argv, " "))
}

// config returns a tournament of the engines of specs, rounds rounds,
// with its seed, its results file and engines' logs in dir, and the time
// limits of the tests: ample for processes starting on a busy machine,
// short enough that a hung test ends.
func config(t *testing.T, dir string, rounds int, seed uint64, specs ...string) Config {
	t.Helper()
	cfg := Config{Game: tournament.GameOthello, Mode: tournament.RoundRobin, Rounds: rounds, Seed: seed, SeedGiven: true, Concurrency: 1,
		Results: filepath.Join(dir, "r.jsonl"), EngineLogDir: filepath.Join(dir, "logs"), Host: "127.0.0.1",
		Limits: match.Limits{Connect: 10 * time.Second, GenMove: 5 * time.Second, Reply: 2 * time.Second}}
	for _, s := range specs {
		e, err := tournament.ParseEngineSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		argv, err := engineproc.SplitCommand(e.Command)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Engines, cfg.EngineArgs = append(cfg.Engines, e), append(cfg.EngineArgs, argv)
	}
	return cfg
}

// outcome is what a run of a tournament returned and wrote.
type outcome struct {
	err      error
	stdout   string
	progress string // the progress lines and the log, as judge tournament's stderr
}

// play runs the tournament cfg within a minute; onGame may be nil.
func play(t *testing.T, ctx context.Context, cfg Config, onGame func(tournament.Record)) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	// The runner calls OnRound, which writes stdout, one call at a time;
	// the log and the progress lines share the locked stderr.
	var stdout, stderr bytes.Buffer
	errw := zapcore.Lock(zapcore.AddSync(&stderr))
	log := zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(zap.NewDevelopmentEncoderConfig()), errw, zapcore.InfoLevel))
	err := Run(ctx, cfg, Output{Stdout: &stdout, Progress: errw, Log: log, OnGame: onGame})
	return outcome{err: err, stdout: stdout.String(), progress: stderr.String()}
}

// readResults reads a results file.
func readResults(t *testing.T, path string) (tournament.Header, []tournament.Record) {
	t.Helper()
	h, recs, err := tournament.ReadResultsFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return h, recs
}

// gameIDs returns the games of recs, sorted.
func gameIDs(recs []tournament.Record) []int {
	var ids []int
	for _, r := range recs {
		ids = append(ids, r.Game)
	}
	slices.Sort(ids)
	return ids
}

var progressRE = regexp.MustCompile(`(?m)^game \d+/12 \(#(\d+),`)

// A tournament stopped after four games and started again with its
// results file plays only the eight games left, with the seed of the
// file, warning once of an engine whose command changed; another seed is
// another tournament, refused.
func TestRunResumes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := config(t, dir, 2, 3, fakeEngine(t, "a", "good", true), fakeEngine(t, "b", "good", true), fakeEngine(t, "c", "good", true))
	ctx := t.Context()
	stopCtx, stop := context.WithCancel(ctx)
	n := 0
	first := play(t, stopCtx, cfg, func(tournament.Record) {
		if n++; n == 4 {
			stop()
		}
	})
	stop()
	if !errors.Is(first.err, context.Canceled) {
		t.Fatalf("interrupted run: %v, want the context's error", first.err)
	}
	if _, recs := readResults(t, cfg.Results); len(recs) != 4 {
		t.Fatalf("%d games saved after the interruption, want 4", len(recs))
	}
	// The same program named another way: a changed command.
	resumed := cfg
	resumed.Seed, resumed.SeedGiven = 0, false
	resumed.Engines = slices.Clone(cfg.Engines)
	oldC := cfg.Engines[2].Command
	resumed.Engines[2].Command = strings.Replace(oldC, string(filepath.Separator), string(filepath.Separator)+"."+string(filepath.Separator), 1)
	second := play(t, ctx, resumed, nil)
	if second.err != nil {
		t.Fatalf("resumed run: %v; log:\n%s", second.err, second.progress)
	}
	if n := strings.Count(second.progress, "resuming with a changed engine command"); n != 1 || !strings.Contains(second.progress, "engine c: command") ||
		!strings.Contains(second.progress, oldC) {
		t.Errorf("resumed with c's command changed: %d warnings, want 1 naming c and its old command; log:\n%s", n, second.progress)
	}
	played := progressRE.FindAllStringSubmatch(second.progress, -1)
	h, recs := readResults(t, cfg.Results)
	if len(played) != 8 || !slices.Equal(gameIDs(recs), []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}) || h.Seed != 3 {
		t.Errorf("resumed run played %d games, results hold %v with seed %d; want 8 games, 1..12 once each, seed 3", len(played), gameIDs(recs), h.Seed)
	}
	// Round 1 (6 games) was cut short: announced now, with its 6 games
	// only; round 2 with all 12.
	for _, want := range []string{"standings after round 1/2 (6 games)", "standings after round 2/2 (12 games)", "final standings (12 of 12 games)"} {
		if !strings.Contains(second.stdout, want) {
			t.Errorf("stdout:\n%s\nwant %q", second.stdout, want)
		}
	}
	other := cfg
	other.Seed = 4
	if r := play(t, ctx, other, nil); r.err == nil || !strings.Contains(r.err.Error(), "cannot resume") {
		t.Errorf("resume with another seed: %v, want cannot resume", r.err)
	}
}

// Extending a tournament with more rounds records them in the results
// file's header, so that a later resume with fewer rounds is refused
// rather than dropping the games beyond them.
func TestRunExtendThenShrink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := config(t, dir, 1, 2, fakeEngine(t, "a", "good", true), fakeEngine(t, "b", "good", true))
	ctx := t.Context()
	for _, rounds := range []int{1, 2} {
		cfg.Rounds = rounds
		if r := play(t, ctx, cfg, nil); r.err != nil {
			t.Fatalf("%d rounds: %v", rounds, r.err)
		}
	}
	h, recs := readResults(t, cfg.Results)
	if h.Rounds != 2 || len(recs) != 4 {
		t.Fatalf("after extending: header rounds %d, %d games; want 2 and 4", h.Rounds, len(recs))
	}
	cfg.Rounds = 1
	if r := play(t, ctx, cfg, nil); r.err == nil || !strings.Contains(r.err.Error(), "cannot resume") {
		t.Errorf("resume with fewer rounds: %v, want cannot resume", r.err)
	}
	if _, after := readResults(t, cfg.Results); len(after) != 4 {
		t.Errorf("%d games after the refused resume, want the 4 kept", len(after))
	}
}

// A results file whose header line was cut short holds no game: the
// tournament starts afresh over it. A different seed flag is refused.
func TestRunResultsEdgeCases(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := config(t, dir, 1, 2, fakeEngine(t, "a", "good", false), fakeEngine(t, "b", "good", false))
	if err := os.WriteFile(cfg.Results, []byte(`{"version":1,"mode":"round-ro`), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if r := play(t, ctx, cfg, nil); r.err != nil || !strings.Contains(r.progress, "starting afresh") {
		t.Fatalf("over a cut header: %v, want none and starting afresh; log:\n%s", r.err, r.progress)
	}
	if h, recs := readResults(t, cfg.Results); h.Seed != 2 || len(recs) != 2 {
		t.Errorf("results: seed %d, %d games; want 2 and 2", h.Seed, len(recs))
	}
	seeded := config(t, dir, 2, 2, fakeEngine(t, "a", "good", true), fakeEngine(t, "b", "good", false))
	seeded.Results = cfg.Results
	if r := play(t, ctx, seeded, nil); r.err == nil || !strings.Contains(r.err.Error(), "seed flag") {
		t.Errorf("resume with a seed flag added: %v, want one naming the seed flag", r.err)
	}
}

// Resuming checks every record against the schedule: a forged record, put
// before the real one, is refused with its line, and the file is kept.
func TestRunRefusesForgedRecord(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := config(t, dir, 1, 5, fakeEngine(t, "a", "good", false), fakeEngine(t, "b", "good", false))
	ctx := t.Context()
	if r := play(t, ctx, cfg, nil); r.err != nil {
		t.Fatal(r.err)
	}
	data, err := os.ReadFile(cfg.Results)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n") // header, game 1, game 2, ""
	if len(lines) != 4 {
		t.Fatalf("results file:\n%s\nwant a header and 2 games", data)
	}
	cfg.Rounds = 2
	for _, forged := range []struct{ content, want string }{
		{lines[0] + `{"game":1,"round":1,"black_engine":0,"white_engine":0,"black":"a","white":"a","outcome":"black wins","winner":0}` + "\n" +
			lines[1] + lines[2], "line 2: game 1: engines 0 (black) and 0 (white), the schedule says"},
		{lines[0] + lines[1] + lines[2] + lines[2], "line 4: game 2 again (first on line 3)"},
	} {
		if err := os.WriteFile(cfg.Results, []byte(forged.content), 0o644); err != nil {
			t.Fatal(err)
		}
		if r := play(t, ctx, cfg, nil); r.err == nil || !strings.Contains(r.err.Error(), "cannot resume") || !strings.Contains(r.err.Error(), forged.want) {
			t.Errorf("resume with a forged record: %v, want cannot resume and %q", r.err, forged.want)
		}
		if after, _ := os.ReadFile(cfg.Results); string(after) != forged.content {
			t.Errorf("the refused file was changed:\n%s\nwant:\n%s", after, forged.content)
		}
	}
}

// --results never overwrites a file that is not a results file, even one
// without a newline, which could otherwise pass for a header cut short;
// nor a file another judge holds.
func TestRunKeepsOthersFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := t.Context()
	cfg := config(t, dir, 1, 1, fakeEngine(t, "a", "good", false), fakeEngine(t, "b", "good", false))
	cfg.Results = filepath.Join(dir, "notes.txt")
	for _, content := range []string{"my precious notes", "my precious notes\nline two\n"} {
		if err := os.WriteFile(cfg.Results, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if r := play(t, ctx, cfg, nil); r.err == nil || !strings.Contains(r.err.Error(), "not a tournament results header") {
			t.Errorf("over %q: %v, want not a results header", content, r.err)
		}
		if data, _ := os.ReadFile(cfg.Results); string(data) != content {
			t.Errorf("the file now holds %q, want %q kept", data, content)
		}
	}
	if runtime.GOOS == "windows" {
		return // no flock on Windows: the results file is not locked there
	}
	unlock, err := tournament.LockResults(cfg.Results)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if r := play(t, ctx, cfg, nil); !errors.Is(r.err, tournament.ErrResultsLocked) {
		t.Errorf("a results file another judge holds: %v, want it refused", r.err)
	}
}

// Every engine's program is checked before the first game: a missing or
// non-executable one stops the tournament before any game is played or
// any file created.
func TestRunChecksEnginesFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notExec := filepath.Join(dir, "not-executable")
	if err := os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	for _, bad := range []string{filepath.Join(dir, "no-such-engine"), notExec, "no-such-engine-on-the-path"} {
		cfg := config(t, dir, 1, 1, fakeEngine(t, "a", "good", false), fakeEngine(t, "b", "good", false), "name=broken cmd='"+bad+"' --flag")
		cfg.Results = filepath.Join(t.TempDir(), "r.jsonl")
		r := play(t, ctx, cfg, nil)
		if r.err == nil || !strings.Contains(r.err.Error(), "engine broken") || !strings.Contains(r.err.Error(), filepath.Base(bad)) {
			t.Errorf("%s: %v, want an error naming engine broken and its program", bad, r.err)
		}
		if strings.Contains(r.progress, "game 1/") {
			t.Errorf("%s: a game was played before the check:\n%s", bad, r.progress)
		}
		if _, err := os.Stat(cfg.Results); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: the results file was created (%v)", bad, err)
		}
	}
}

// A --json summary that cannot be written stops the tournament before
// any game is played or file created, naming it: it is written at the
// end, and the games would be played for nothing.
func TestRunChecksSummaryFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := config(t, dir, 1, 1, fakeEngine(t, "a", "good", false), fakeEngine(t, "b", "good", false))
	cfg.JSON = filepath.Join(dir, "missing", "summary.json")
	r := play(t, t.Context(), cfg, nil)
	if want := "json summary " + cfg.JSON + ": stat " + filepath.Join(dir, "missing"); r.err == nil || !strings.Contains(r.err.Error(), want) {
		t.Errorf("%v, want an error with %q", r.err, want)
	}
	if strings.Contains(r.progress, "game 1/") {
		t.Errorf("a game was played before the check:\n%s", r.progress)
	}
	if _, err := os.Stat(cfg.Results); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the results file was created (%v)", err)
	}
}

// A game neither engine can play is a draw in which both forfeit, both
// forfeits count, and the tournament ends in a NeverPlayedError naming
// both engines.
func TestRunNeitherEngineCanPlay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := config(t, dir, 1, 1, fakeEngine(t, "x", "exit", false), fakeEngine(t, "y", "exit", false))
	cfg.Record = filepath.Join(dir, "r.txt")
	ctx := t.Context()
	r := play(t, ctx, cfg, nil)
	if want := NeverPlayedError("x (2 games, all unplayed), y (2 games, all unplayed)"); !errors.Is(r.err, want) {
		t.Fatalf("%v, want %v", r.err, want)
	}
	_, recs := readResults(t, cfg.Results)
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
	if rec, _ := os.ReadFile(cfg.Record); strings.Count(string(rec), "\nforfeit: ") != 4 {
		t.Errorf("record:\n%s\nwant both forfeits of both games", rec)
	}
}

// --sprt stops a two-engine match as soon as the test decides, with the
// ratio in every progress line and the verdict at the end: an engine that
// loses every game is soon shown weaker, by more than 0 Elo rather than
// 200; two equal engines are soon shown equal rather than 200 apart. A
// test the rounds do not decide says so.
func TestRunSPRT(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	for _, c := range []struct {
		second, verdict string
	}{
		{"illegal", "H1 accepted (a is +200 Elo stronger than b rather than +0)"},
		{"good", "H0 accepted (a is +0 Elo stronger than b rather than +200)"},
	} {
		dir := t.TempDir()
		cfg := config(t, dir, 50, 1, fakeEngine(t, "a", "good", false), fakeEngine(t, "b", c.second, false))
		cfg.SPRT = &tournament.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
		cfg.JSON = filepath.Join(dir, "s.json")
		r := play(t, ctx, cfg, nil)
		if r.err != nil {
			t.Fatalf("b %s: %v", c.second, r.err)
		}
		var s tournament.Summary
		data, _ := os.ReadFile(cfg.JSON)
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
		if n := strings.Count(r.progress, ", LLR "); n != len(s.Games) || !strings.Contains(r.progress, " [-2.94, 2.94]\n") {
			t.Errorf("b %s: %d progress lines with the LLR and its bounds, want %d:\n%s", c.second, n, len(s.Games), r.progress)
		}
		want := fmt.Sprintf("sprt elo0=0,elo1=200,alpha=0.05,beta=0.05: a vs b, %s (pentanomial ", plural.Of(pairs, "pair"))
		if !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, c.verdict) {
			t.Errorf("b %s: stdout lacks %q and %q:\n%s", c.second, want, c.verdict, r.stdout)
		}
	}
	cfg := config(t, t.TempDir(), 1, 1, fakeEngine(t, "a", "good", false), fakeEngine(t, "b", "good", false))
	cfg.SPRT = &tournament.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	r := play(t, ctx, cfg, nil)
	if r.err != nil || !strings.Contains(r.stdout, "a vs b, 1 pair (pentanomial 0 0 1 0 0): LLR ") ||
		!strings.Contains(r.stdout, ": not decided: the rounds ran out first") {
		t.Errorf("%v, want no error and not decided; stdout:\n%s", r.err, r.stdout)
	}
}
