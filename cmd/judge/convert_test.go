package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
)

// convertData is where the records of real runs live, beside package
// records, which reads and converts them (records/read_test.go says what
// they hold, records/ggf_test.go checks each conversion against its
// golden file); the tests here check the command around it.
const convertData = "../../records/testdata"

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

// TestConvertBadFile: a record that Read refuses ends judge convert with
// status 2, the file and line and what is wrong, and nothing written,
// also for a good record given before it (TestReadBadInput has the cases).
func TestConvertBadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "record")
	if err := os.WriteFile(path, []byte("\n\nhello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runConvertCmd(filepath.Join(convertData, "match.json"), path)
	if r.code != 2 || r.stdout != "" || r.stderr != "judge convert: "+path+":3: not a record of the judge: want a tournament results file (--results), a --json summary of a match or a tournament, or a text --record\n" {
		t.Errorf("status %d, stdout %q, stderr %q; want 2, nothing, and the error at line 3", r.code, r.stdout, r.stderr)
	}
}

// TestConvertStdin: "-" reads the record from stdin, named so in the
// notes, and converts it as the file.
func TestConvertStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(convertData, "tournament.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(convertData, "tournament.ggf"))
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"convert", "-"}, &stdout, &stderr, &hooks{stdin: bytes.NewReader(data)})
	if code != 0 || stdout.String() != string(want) || !strings.Contains(stderr.String(), "judge convert: stdin:6: game 5 (uct vs gone) not played") {
		t.Errorf("convert -: status %d, stdout\n%s\nstderr %s; want 0, tournament.ggf, and notes naming stdin", code, stdout.String(), stderr.String())
	}
	// stdin is read once: a second - finds it empty.
	stderr.Reset()
	if code := run(context.Background(), []string{"convert", "-", "-"}, &bytes.Buffer{}, &stderr, &hooks{stdin: bytes.NewReader(data)}); code != 2 ||
		!strings.Contains(stderr.String(), "stdin: empty") {
		t.Errorf("convert - -: status %d, stderr %q; want 2 and stdin: empty", code, stderr.String())
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
