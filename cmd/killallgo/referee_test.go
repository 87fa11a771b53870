package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/shell"

	"github.com/tcgothello/mcts/sgf"
)

// asProgramEnv makes the test binary run as killallgo itself, so that the
// referee can start it as a program without a build.
const asProgramEnv = "KILLALLGO_TEST_AS_PROGRAM"

func TestMain(m *testing.M) {
	if os.Getenv(asProgramEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestReferee plays our engine against itself under `killallgo referee`,
// and a program that exits at once against it: the result line, the SGF
// record read back, the transcript.
func TestReferee(t *testing.T) {
	t.Setenv(asProgramEnv, "1")
	dir := t.TempDir()
	engine := "'" + os.Args[0] + "' --playouts 200 --arena 65536 --log-level warn --seed "
	record, transcript := filepath.Join(dir, "game.sgf"), filepath.Join(dir, "game.txt")
	// The sandbox passes the engines no variable it is not told to.
	out, stderr, code := runSession(t, "", "referee", "--sandbox-env", asProgramEnv, "--time", "10", "--handicap", "3", "--sgf", record,
		"--transcript", transcript, "--log-level", "warn", engine+"1", engine+"2")
	if code != exitOK || !strings.HasPrefix(out, `black "`) || !strings.Contains(out, "handicap 3: ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sgf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	winner := map[string]string{"B+": "black wins", "W+": "white wins"}[g.Result]
	if g.Size != 7 || len(g.AddBlack) != 3 || g.Handicap != 3 || winner == "" || !strings.Contains(out, winner) {
		t.Errorf("record %+v does not match the result %q", g, out)
	}
	// With playout budgets and seeds the whole conversation is the same
	// on every machine. testdata/referee.golden was checked by hand at
	// its set-up, its first moves and its end (each think's move sent
	// to the other program by put, a pass sent nothing; the final
	// position, replayed, leaves black only suicides: two white eyes and
	// the last liberty of its own string); the referee checked every
	// move between.
	tr, err := os.ReadFile(transcript)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/referee.golden")
	if err != nil {
		t.Fatal(err)
	}
	if string(tr) != string(want) {
		t.Errorf("transcript:\n%s\nwant:\n%s", tr, want)
	}

	// A program that exits at once could not play: it forfeits at its
	// first command, the game is not played, and the referee exits 1
	// naming it, as the judge does for an engine that never connects.
	gone := `to "reset" it closed its output: it exited (exit status 3)`
	out, stderr, code = runSession(t, "", "referee", "--sandbox-env", asProgramEnv, "--sgf", "-", "--log-level", "warn", "sh -c 'exit 3'", engine+"1")
	if code != exitError || !strings.Contains(out, `handicap 0: not played: black forfeits: `+gone) ||
		!strings.Contains(out, "RE[W+Forfeit]") ||
		!strings.Contains(stderr, `killallgo referee: never played the game: black (sh -c 'exit 3'): `+gone) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	// Two that exit at once: a void game, both named.
	out, stderr, code = runSession(t, "", "referee", "--sgf", "-", "--log-level", "warn", "sh -c 'exit 3'", "sh -c 'exit 3'")
	if code != exitError || !strings.Contains(out, `not played: neither program could play: black forfeits: `+gone+`; white forfeits: `+gone) ||
		!strings.Contains(out, "RE[Void]") || strings.Count(stderr, gone) != 2 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// TestRefereeUsage: --help, and bad command lines refused with status 2.
func TestRefereeUsage(t *testing.T) {
	out, _, code := runSession(t, "", "referee", "--help")
	if code != exitOK || !strings.Contains(out, `killallgo referee [flags] "BLACK PROGRAM" "WHITE PROGRAM"`) ||
		!strings.Contains(out, "Exit status: 0 when a game was played") || !strings.Contains(out, "1 when it was not played") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
	for _, flag := range []string{"--time", "--handicap", "--grace", "--sgf", "--transcript", "--log-level"} {
		if !strings.Contains(out, flag) {
			t.Errorf("--help does not name %s", flag)
		}
	}
	for _, args := range [][]string{
		{"referee", "one"},
		{"referee", "a", "b", "c"},
		{"referee", "--time", "0", "a", "b"},
		{"referee", "--handicap", "7", "a", "b"},
		{"referee", "--grace", "-1s", "a", "b"},
		{"referee", "--bogus", "a", "b"},
	} {
		_, stderr, code := runSession(t, "", args...)
		if code != exitUsage || !strings.Contains(stderr, "killallgo referee --help") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
	// A file that cannot be written is named before the programs start
	// (the missing programs are never reached).
	missing := filepath.Join(t.TempDir(), "missing")
	for _, flag := range []string{"--sgf", "--transcript"} {
		path := filepath.Join(missing, "f")
		_, stderr, code := runSession(t, "", "referee", flag, path, "./no-such-program", "./no-such-program")
		if want := "killallgo referee: " + flag + " " + path + ": stat " + missing + ": no such file or directory\n"; code != exitError || stderr != want {
			t.Errorf("%s in a missing directory: exit %d, stderr %q; want %d and %q alone", flag, code, stderr, exitError, want)
		}
	}
	_, stderr, code := runSession(t, "", "referee", "./no-such-program", "./no-such-program")
	if code != exitError || !strings.Contains(stderr, "no-such-program") {
		t.Errorf("a missing program: exit %d, stderr %q", code, stderr)
	}
}

// TestDocumentedReferee runs the referee examples of the README and
// docs/killallgo.md
// ("$ bin/killallgo referee ...", continued over lines ending in "\"),
// with this test binary as bin/killallgo, and compares what they print
// with what the page shows, up to the next command or the end of the
// block, the date of a record aside, and its exit status with what the
// page implies (1 for a game not played).
func TestDocumentedReferee(t *testing.T) {
	if testing.Short() {
		// Whole games of the engine, this test binary re-executed; under
		// the race detector they take half a minute, and the plain run has
		// already checked the pages.
		t.Skip("plays the documented games")
	}
	t.Setenv(asProgramEnv, "1")
	var text []byte
	for _, name := range []string{"../../README.md", "../../docs/killallgo.md"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text = append(text, b...)
	}
	lines := strings.Split(string(text), "\n")
	date := regexp.MustCompile(`DT\[[0-9-]+\]`)
	found := 0
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "$ bin/killallgo referee ")
		if !ok {
			continue
		}
		for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
			i++
			cmd = strings.TrimSuffix(cmd, `\`) + " " + strings.TrimSpace(lines[i])
		}
		args, err := shell.Fields(cmd, nil)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		for j, a := range args {
			if rest, ok := strings.CutPrefix(a, "bin/killallgo"); ok {
				args[j] = "'" + os.Args[0] + "'" + rest
			}
			if j > 0 && args[j-1] == "--sgf" && a != "-" {
				args[j] = filepath.Join(dir, a)
			}
		}
		var want strings.Builder
		for _, out := range lines[i+1:] {
			if strings.HasPrefix(out, "```") || strings.HasPrefix(out, "$ ") {
				break
			}
			want.WriteString(out + "\n")
		}
		got, stderr, code := runSession(t, "", append([]string{"referee", "--sandbox-env", asProgramEnv}, args...)...)
		got = strings.ReplaceAll(date.ReplaceAllString(got, "DT[]"), "'"+os.Args[0]+"'", "bin/killallgo")
		// A game shown not played exits 1 (its programs named on
		// stderr); any other, 0.
		wantCode := exitOK
		if strings.Contains(want.String(), ": not played: ") {
			wantCode = exitError
		}
		if code != wantCode || got != date.ReplaceAllString(want.String(), "DT[]") {
			t.Errorf("example %q: exit %d, stderr %q, output\n%s\nshown\n%s", cmd, code, stderr, got, want.String())
		}
		found++
	}
	if found < 3 {
		t.Errorf("found %d referee examples, want 3 (README, docs/killallgo.md)", found)
	}
}
