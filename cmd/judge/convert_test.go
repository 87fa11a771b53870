package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
)

var updateConvert = flag.Bool("update-convert", false, "rewrite testdata/convert/*.ggf from judge convert's output (then read them!)")

// convertData is where the records of real runs live (docs/judge.md says
// how they were made): a gauntlet of search engines with a clean pair of
// games, two lost by a timeout and two not played; a match of two rounds
// from an opening; a match lost by a timeout in round 1 and not played
// after.
const convertData = "testdata/convert"

// runConvertCmd runs judge convert in-process.
func runConvertCmd(args ...string) judgeRun {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"convert"}, args...), &stdout, &stderr, nil)
	return judgeRun{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// parseGGFLines reads judge convert's output: one GGF game a line, each
// replayed on the board by the reader.
func parseGGFLines(t *testing.T, out string) []othello.GGF {
	t.Helper()
	var games []othello.GGF
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l == "" {
			continue
		}
		r, err := othello.ParseGGF(l)
		if err != nil {
			t.Fatalf("%v\n%s", err, l)
		}
		games = append(games, r)
	}
	return games
}

// TestConvertGolden converts each record of the real runs and compares
// the output with the golden file byte for byte, and stderr's notes with
// the games each record holds unplayed, at their lines.
func TestConvertGolden(t *testing.T) {
	for _, c := range []struct {
		file    string
		golden  string
		skipped []string
	}{
		{"tournament.jsonl", "tournament.ggf", []string{"tournament.jsonl:6: game 5 (uct vs gone) not played", "tournament.jsonl:7: game 6 (gone vs uct) not played"}},
		{"tournament.json", "tournament.ggf", []string{"tournament.json:262: game 5 (uct vs gone)", "tournament.json:291: game 6 (gone vs uct)"}},
		{"tournament.txt", "tournament-nodate.ggf", []string{"tournament.txt:34: game 5 (uct vs gone)", "tournament.txt:41: game 6 (gone vs uct)"}},
		{"match.json", "match.ggf", nil},
		{"match.txt", "match.ggf", nil},
		{"forfeit.json", "forfeit.ggf", []string{"forfeit.json:56: round 2 (slow vs uct) not played (player 2 (slow) is out since round 1: timeout): skipped", "forfeit.json:72: round 3 (uct vs slow)"}},
		{"forfeit.txt", "forfeit.ggf", []string{"forfeit.txt:11: round 2 (slow vs uct)", "forfeit.txt:17: round 3 (uct vs slow)"}},
	} {
		r := runConvertCmd(filepath.Join(convertData, c.file))
		if r.code != 0 {
			t.Errorf("%s: status %d; stderr:\n%s", c.file, r.code, r.stderr)
			continue
		}
		golden := filepath.Join(convertData, c.golden)
		if *updateConvert {
			if err := os.WriteFile(golden, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if r.stdout != string(want) {
			t.Errorf("%s: output\n%s\nwant (%s)\n%s", c.file, r.stdout, c.golden, want)
		}
		notes := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		if len(notes) != len(c.skipped)+1 {
			t.Errorf("%s: stderr\n%s\nwant a note for each of %q and a count", c.file, r.stderr, c.skipped)
			continue
		}
		for i, s := range c.skipped {
			if !strings.HasPrefix(notes[i], "judge convert: testdata/convert/"+s) || !strings.HasSuffix(notes[i], ": skipped") {
				t.Errorf("%s: note %q, want it to start with %q and end with \": skipped\"", c.file, notes[i], s)
			}
		}
		if games := len(parseGGFLines(t, r.stdout)); !strings.HasSuffix(r.stderr, "judge convert: "+countOf(games, "game")+" written, "+countOf(len(c.skipped), "game")+" not played skipped\n") {
			t.Errorf("%s: stderr ends\n%s\nwant the count of %d written, %d skipped", c.file, r.stderr, games, len(c.skipped))
		}
	}
}

// TestConvertRoundTrip reads the GGF converted from a real results file
// back, and compares each game with its record read by the tournament's
// own reader: the same players, date, moves and result (black's disc
// difference, or ±64 with the flag of the forfeit), every game played
// there once, in order.
func TestConvertRoundTrip(t *testing.T) {
	path := filepath.Join(convertData, "tournament.jsonl")
	r := runConvertCmd(path)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	games := parseGGFLines(t, r.stdout)
	_, recs := readResults(t, path)
	var played []tournament.Record
	for _, rec := range recs {
		if rec.Played {
			played = append(played, rec)
		}
	}
	if len(games) != len(played) || len(played) != 4 {
		t.Fatalf("%d games converted, want the %d played", len(games), len(played))
	}
	timeouts := 0
	for i, g := range games {
		rec := played[i]
		replay, err := g.Game()
		if err != nil {
			t.Fatal(err)
		}
		want := othello.GGFResult(rec.Score)
		if rec.Forfeit != nil {
			// Hand-written: the winner's full margin, t for a timeout.
			want = map[string]string{"black": "-64.00:t", "white": "+64.00:t"}[rec.ForfeitBy]
			timeouts++
		}
		if g.Black != rec.Black || g.White != rec.White || g.Date != rec.Start.Format("2006.01.02_15:04:05.UTC") ||
			othello.FormatMoves(replay.Moves()) != rec.Moves || g.Result != want || g.Start != othello.Start() || g.Place != "tcgothello judge" {
			t.Errorf("game %d read back as %+v; want %s vs %s on %v, moves %s, result %s", rec.Game, g, rec.Black, rec.White, rec.Start, rec.Moves, want)
		}
		for _, m := range g.Moves {
			if m.HasTime || m.HasEval {
				t.Errorf("game %d: move %v has a time or an evaluation, which no record holds", rec.Game, m)
			}
		}
	}
	if timeouts != 2 {
		t.Errorf("%d games lost by a timeout, want the 2 of the slow engine", timeouts)
	}
}

// withoutDates returns games without what differs between two runs of the
// same games: the dates and the moves' reply times.
func withoutDates(games []othello.GGF) []othello.GGF {
	out := slices.Clone(games)
	for i := range out {
		out[i].Date = ""
		out[i].Moves = slices.Clone(out[i].Moves)
		for j := range out[i].Moves {
			out[i].Moves[j].Time, out[i].Moves[j].HasTime = 0, false
		}
	}
	return out
}

// TestConvertAgreesWithRecordGGF plays the same games twice in-process
// with deterministic fake engines, once recorded as text, JSON summary and
// results file, once as GGF by --record-format ggf: every conversion of
// the first must be the second, but for the dates and reply times. The
// match has a clean round, a round lost by an illegal move (RE :r) and a
// round not played.
func TestConvertAgreesWithRecordGGF(t *testing.T) {
	illegal := func() *matchtest.Engine {
		seen := 0
		return &matchtest.Engine{Name: "bob", Behave: func(c matchtest.Call) matchtest.Action {
			if c.Command == "genmove" {
				// bob plays about 30 moves a game: this one is in round 2.
				if seen++; seen == 40 {
					return matchtest.Action{Writes: []string{"genmove " + matchtest.IllegalMove(c.Position).OTP()}}
				}
			}
			return matchtest.Normal(c)
		}}
	}
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	r := runJudge(t, []string{"--record", file("m.txt"), "--json", file("m.json"), "0", "3"},
		startEngines(t, &matchtest.Engine{Name: "alice"}, illegal()))
	if r.code != 0 {
		t.Fatalf("match: status %d; stderr:\n%s", r.code, r.stderr)
	}
	r = runJudge(t, []string{"--record", file("m.ggf"), "--record-format", "ggf", "0", "3"},
		startEngines(t, &matchtest.Engine{Name: "alice"}, illegal()))
	if r.code != 0 {
		t.Fatalf("match: status %d; stderr:\n%s", r.code, r.stderr)
	}

	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	tourney := func(args ...string) {
		args = append(args, "--openings", oneOpening(t), "--rounds", "1", "--seed", "1", "--engine-log-dir", file("logs"),
			"--engine", "name=alice cmd="+fakeEngine(t, "alice", "good"), "--engine", "name=bob cmd="+fakeEngine(t, "bob", "good"))
		if r := runTourney(t, ctx, args, nil); r.code != 0 {
			t.Fatalf("tournament: status %d; stderr:\n%s", r.code, r.stderr)
		}
	}
	tourney("--results", file("t.jsonl"), "--json", file("t.json"), "--record", file("t.txt"))
	tourney("--record", file("t.ggf"), "--record-format", "ggf")

	for _, c := range []struct {
		ggf   string
		from  []string
		games int
	}{
		{"m.ggf", []string{"m.txt", "m.json"}, 2},
		{"t.ggf", []string{"t.txt", "t.json", "t.jsonl"}, 2},
	} {
		want := readGGF(t, file(c.ggf))
		if len(want) != c.games {
			t.Fatalf("%s: %d games, want %d", c.ggf, len(want), c.games)
		}
		for _, f := range c.from {
			r := runConvertCmd(file(f))
			if r.code != 0 {
				t.Fatalf("convert %s: status %d; stderr:\n%s", f, r.code, r.stderr)
			}
			if got := parseGGFLines(t, r.stdout); !reflect.DeepEqual(withoutDates(got), withoutDates(want)) {
				t.Errorf("convert %s:\n%s\nwant, but for dates and times, %s:\n%+v", f, r.stdout, c.ggf, want)
			}
		}
	}
	if ms := readGGF(t, file("m.ggf")); ms[1].Result != "-64.00:r" {
		t.Errorf("round 2 of the match: RE %s, want -64.00:r (bob, black, played an illegal move)", ms[1].Result)
	}
}

// testRecord returns a record of the real runs with old replaced by new
// once (the test fails if old is not there).
func testRecord(t *testing.T, name, old, new string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(convertData, name))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", name, old)
	}
	return strings.Replace(string(data), old, new, 1)
}

// lineOf returns the line of text that s starts on.
func lineOf(t *testing.T, text, s string) int {
	t.Helper()
	i := strings.Index(text, s)
	if i < 0 {
		t.Fatalf("no %q", s)
	}
	return 1 + strings.Count(text[:i], "\n")
}

// TestConvertBadInput gives judge convert records that are not the judge's
// or that contradict themselves: each is refused with status 2, the file
// and line and what is wrong, and nothing on stdout.
func TestConvertBadInput(t *testing.T) {
	results := testRecord(t, "tournament.jsonl", "", "")
	header, _, _ := strings.Cut(results, "\n")
	lines := strings.Split(results, "\n")
	game1 := lines[1]
	summary := testRecord(t, "match.json", "", "")
	round1 := lineOf(t, summary, `"round": 1,`) - 1 // its opening brace
	text := testRecord(t, "match.txt", "", "")
	forfeitText := testRecord(t, "forfeit.txt", "", "")
	for _, c := range []struct {
		name, content string
		line          int // 0: the message names the file alone
		want          string
	}{
		{"empty", "\n \n", 0, "empty: not a record of the judge"},
		{"prose", "\n\nhello\n", 3, "not a record of the judge"},
		{"ggf", "(;GM[Othello];)\n", 1, "a GGF game already"},
		{"results, a line not JSON", header + "\n" + game1 + "\n{oops\n" + game1 + "\n", 3, "not a game of a results file"},
		{"results, a wrong type", header + "\n" + `{"game":"one"}` + "\n", 2, "field game: a JSON string where a number belongs"},
		{"results, no game number", header + "\n{}\n", 2, "game number 0: not a game of a tournament"},
		{"results, an illegal move", header + "\n" + strings.Replace(game1, `"moves":"f5d6c3f3e3f4g3`, `"moves":"f5d6c3f3e3f4a1`, 1) + "\n", 2,
			"game 1: moves: move 7 (a1)"},
		{"results, a forged winner", header + "\n" + strings.Replace(game1, `"outcome":"black wins"`, `"outcome":"white wins"`, 1) + "\n", 2,
			`game 1: outcome "white wins", but the score +16 makes it "black wins"`},
		{"summary, discs", strings.Replace(summary, `"black_discs": 51`, `"black_discs": 50`, 1), round1, "round 1: discs 50-13 (+38), but the moves end with 51-13 (+38)"},
		{"summary, cut short", summary[:len(summary)/2], 1 + strings.Count(summary[:len(summary)/2], "\n"), "not a JSON summary: the file ends inside the JSON"},
		{"summary, a wrong type", strings.Replace(summary, `"round": 1,`, `"round": [1],`, 1), round1 + 1, "field round: a JSON array where a number belongs"},
		{"summary, data after it", summary + "{}\n", lineOf(t, summary+"{}", "{}"), "data after the JSON object"},
		{"JSON of something else", `{"games": []}`, 1, "neither a match summary's players nor a tournament summary's standings"},
		{"summary, an embedded field's type", strings.Replace(summary, `"black_discs": 51`, `"black_discs": "x"`, 1), lineOf(t, summary, `"black_discs": 51`), "field black_discs: a JSON string where a number belongs"},
		{"text, a bad score", strings.Replace(text, "score: 51-13 (+38)", "score: 51-13 (38)", 1), lineOf(t, text, "score: 51-13"), "round 1: score \"51-13 (38)\""},
		{"text, a line unknown", strings.Replace(text, "score: 51-13 (+38)\n", "score: 51-13 (+38)\ncomment: nice\n", 1), lineOf(t, text, "result: black (uct) wins"), `round 1: "comment: nice": not a line of a game's record`},
		{"text, no result", strings.Replace(text, "result: black (uct) wins\n", "", 1), lineOf(t, text, "round 1"), "round 1: no result line"},
		{"text, a result for another name", strings.Replace(text, "result: black (uct) wins", "result: black (ucb) wins", 1), lineOf(t, text, "round 1"), `result "black (ucb) wins"`},
		{"text, a rule unknown", testRecord(t, "forfeit.txt", "genmove: timeout", "genmove: boredom"), lineOf(t, forfeitText, "round 1"), `forfeit "genmove: boredom`},
		{"text, a forfeit by nobody", testRecord(t, "forfeit.txt", "forfeit: white (slow)", "forfeit: white (who)"), lineOf(t, forfeitText, "round 1"), "want black (NAME) or white (NAME)"},
		{"text, a tournament's line in a match", testRecord(t, "forfeit.txt", "forfeit: white (slow)", "exit: white (slow)"), lineOf(t, forfeitText, "forfeit: white"), `"exit: white (slow)`},
		{"text, no forfeit line", forfeitText[:strings.Index(forfeitText, "forfeit: white")] + forfeitText[strings.Index(forfeitText, "\n\nround 2"):],
			lineOf(t, forfeitText, "round 1"), `result "black (uct) wins by forfeit" with 0 forfeit lines`},
		{"text, not a game's first line", "game one\nblack: a\n", 1, `"game one": want a game's first line, game N, round R, opening ...`},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "record")
		if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
			t.Fatal(err)
		}
		// A good record first: its games must not be written either.
		r := runConvertCmd(filepath.Join(convertData, "match.json"), path)
		at := path + ": "
		if c.line > 0 {
			at = path + ":" + strconv.Itoa(c.line) + ": "
		}
		if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, "judge convert: "+at) || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want status 2, nothing on stdout, and an error at %q with %q", c.name, r.code, r.stdout, r.stderr, at, c.want)
		}
	}
}

// TestConvertCutLastLine converts a results file whose last line a killed
// judge left cut short: the games before it are converted, the line is
// noted and skipped, as a resumed tournament skips it.
func TestConvertCutLastLine(t *testing.T) {
	results := testRecord(t, "tournament.jsonl", "", "")
	lines := strings.SplitAfter(results, "\n")
	cut := strings.Join(lines[:3], "") + lines[3][:40]
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runConvertCmd(path)
	golden, err := os.ReadFile(filepath.Join(convertData, "tournament.ggf"))
	if err != nil {
		t.Fatal(err)
	}
	first2 := strings.Join(strings.SplitAfter(string(golden), "\n")[:2], "")
	if r.code != 0 || r.stdout != first2 || !strings.Contains(r.stderr, path+":4: the last line is cut short") {
		t.Errorf("status %d, stdout\n%s\nstderr %s; want the first 2 games and a note on line 4", r.code, r.stdout, r.stderr)
	}
	// The same line with its newline is no cut: it is an error.
	if err := os.WriteFile(path, []byte(cut+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runConvertCmd(path); r.code != 2 || !strings.Contains(r.stderr, path+":4: not a game of a results file") {
		t.Errorf("a broken line with its newline: status %d, stderr %s; want status 2 at line 4", r.code, r.stderr)
	}
}

// TestConvertOutput checks --output: the games of every file, in order,
// replacing the file whole; a bad file leaves the old one as it was, and
// no temporary file behind.
func TestConvertOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "games.ggf")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	match, tourney := filepath.Join(convertData, "match.json"), filepath.Join(convertData, "tournament.jsonl")
	r := runConvertCmd("--output", out, match, bad)
	if data, _ := os.ReadFile(out); r.code != 2 || string(data) != "old\n" {
		t.Errorf("a bad second file: status %d, output file %q; want 2 and the old file", r.code, data)
	}
	r = runConvertCmd("-o", out, match, tourney)
	var want []byte
	for _, g := range []string{"match.ggf", "tournament.ggf"} {
		data, err := os.ReadFile(filepath.Join(convertData, g))
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, data...)
	}
	if data, _ := os.ReadFile(out); r.code != 0 || r.stdout != "" || !bytes.Equal(data, want) {
		t.Errorf("status %d, stdout %q, output file\n%s\nwant 0, nothing on stdout and\n%s", r.code, r.stdout, data, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the directory, want games.ggf and bad.txt: a temporary file was left", len(entries))
	}
}

// TestConvertCommandLine checks --help and the command-line errors.
func TestConvertCommandLine(t *testing.T) {
	r := runConvertCmd("--help")
	if r.code != 0 || !strings.Contains(r.stdout, "judge convert [flags] FILE...") || !strings.Contains(r.stdout, "--output") {
		t.Errorf("--help: status %d, stdout %q", r.code, r.stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "want one or more FILEs"},
		{[]string{"--to", "pgn", "x"}, `--to "pgn": want ggf`},
		{[]string{"--bogus", "x"}, "unknown flag: --bogus"},
		{[]string{filepath.Join(convertData, "missing.jsonl")}, "no such file"},
	} {
		if r := runConvertCmd(c.args...); r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
