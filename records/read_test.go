package records

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/match"
)

var update = flag.Bool("update", false, "rewrite testdata/*.ggf from what Read and match.WriteGGF make of the records (then read them!)")

// convertData is where the records of real runs live (docs/judge.md says
// how they were made): a gauntlet of search engines with a clean pair of
// games, two lost by a timeout and two not played; a match of two rounds
// from an opening; a match lost by a timeout in round 1 and not played
// after.
const convertData = "testdata"

// readFile reads a record of the real runs with Read.
func readFile(t *testing.T, name string) ([]Game, []Note, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(convertData, name))
	if err != nil {
		t.Fatal(err)
	}
	return Read(data)
}

// TestReadGolden reads each record of the real runs: its games played,
// written by match.WriteGGF, are the golden file byte for byte, and its
// games not played are the ones the record holds so, at their lines.
func TestReadGolden(t *testing.T) {
	for _, c := range []struct {
		file     string
		golden   string
		unplayed []string // LINE LABEL
	}{
		{"tournament.jsonl", "tournament.ggf", []string{"6 game 5", "7 game 6"}},
		{"tournament.json", "tournament.ggf", []string{"262 game 5", "291 game 6"}},
		{"tournament.txt", "tournament-nodate.ggf", []string{"34 game 5", "41 game 6"}},
		{"match.json", "match.ggf", nil},
		{"match.txt", "match.ggf", nil},
		{"forfeit.json", "forfeit.ggf", []string{"56 round 2", "72 round 3"}},
		{"forfeit.txt", "forfeit.ggf", []string{"11 round 2", "17 round 3"}},
	} {
		games, notes, err := readFile(t, c.file)
		if err != nil || len(notes) != 0 {
			t.Errorf("%s: %v, notes %v; want neither", c.file, err, notes)
			continue
		}
		var out bytes.Buffer
		var unplayed []string
		for i := range games {
			g := &games[i]
			if !g.Game.Played {
				unplayed = append(unplayed, strconv.Itoa(g.Line)+" "+g.Label)
				continue
			}
			if err := match.WriteGGF(&out, &g.Game); err != nil {
				t.Fatalf("%s: %s: %v", c.file, g.Label, err)
			}
		}
		golden := filepath.Join(convertData, c.golden)
		if *update {
			if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != string(want) {
			t.Errorf("%s: GGF\n%s\nwant (%s)\n%s", c.file, out.String(), c.golden, want)
		}
		if strings.Join(unplayed, "; ") != strings.Join(c.unplayed, "; ") {
			t.Errorf("%s: games not played %q, want %q", c.file, unplayed, c.unplayed)
		}
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

// TestReadBadInput gives Read records that are not the judge's or that
// contradict themselves: each is refused with the line (0: the file as a
// whole) and what is wrong, and no game.
func TestReadBadInput(t *testing.T) {
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
		{"results of a Kill-All Go tournament", strings.Replace(header, `{"version":1,`, `{"version":1,"game":"killallgo",`, 1) + "\n" + game1 + "\n", 1, "a results file of a killallgo tournament, not Othello"},
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
		games, _, err := Read([]byte(c.content))
		var le *LineError
		if games != nil || !errors.As(err, &le) || le.Line != c.line || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: games %v, error %v (at %+v); want none, and an error at line %d with %q", c.name, games, err, le, c.line, c.want)
		}
	}
}

// TestReadCutLastLine reads a results file whose last line a killed judge
// left cut short: the games before it are read, the line is noted and
// skipped, as a resumed tournament skips it; the same line with its
// newline is no cut but an error.
func TestReadCutLastLine(t *testing.T) {
	results := testRecord(t, "tournament.jsonl", "", "")
	lines := strings.SplitAfter(results, "\n")
	cut := strings.Join(lines[:3], "") + lines[3][:40]
	games, notes, err := Read([]byte(cut))
	if err != nil || len(games) != 2 || games[1].Label != "game 2" || len(notes) != 1 || notes[0].Line != 4 || !strings.Contains(notes[0].Text, "the last line is cut short") {
		t.Errorf("%d games, notes %+v, %v; want games 1 and 2 and a note on line 4", len(games), notes, err)
	}
	var le *LineError
	if _, _, err := Read([]byte(cut + "\n")); !errors.As(err, &le) || le.Line != 4 || !strings.Contains(err.Error(), "not a game of a results file") {
		t.Errorf("a broken line with its newline: %v, want an error on line 4", err)
	}
}
