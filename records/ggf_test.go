package records

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
)

// parseGGFLines reads GGF.Bytes: one GGF game a line, each replayed on the
// board by othello's reader, which shares no code with match.WriteGGF.
func parseGGFLines(t *testing.T, out []byte) []othello.GGF {
	t.Helper()
	var games []othello.GGF
	for l := range strings.Lines(string(out)) {
		r, err := othello.ParseGGF(strings.TrimSuffix(l, "\n"))
		if err != nil {
			t.Fatalf("%v\n%s", err, l)
		}
		games = append(games, r)
	}
	return games
}

// addFile adds the record name of the real runs to c, returning the notes.
func addFile(t *testing.T, c *GGF, name string) ([]string, error) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(convertData, name))
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	err = c.Add(name, data, func(s string) { notes = append(notes, s) })
	return notes, err
}

// TestGGFGolden converts each record of the real runs and compares the
// games with the golden file byte for byte, and the notes with the games
// each record holds unplayed, at their lines; then all of them at once,
// which must be the golden files one after the other.
func TestGGFGolden(t *testing.T) {
	var all GGF
	var want []byte
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
		var one GGF
		notes, err := addFile(t, &one, c.file)
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		golden, err := os.ReadFile(filepath.Join(convertData, c.golden))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(one.Bytes(), golden) {
			t.Errorf("%s: GGF\n%s\nwant (%s)\n%s", c.file, one.Bytes(), c.golden, golden)
		}
		if len(notes) != len(c.skipped) {
			t.Errorf("%s: notes %q, want one for each of %q", c.file, notes, c.skipped)
			continue
		}
		for i, s := range c.skipped {
			if !strings.HasPrefix(notes[i], s) || !strings.HasSuffix(notes[i], ": skipped") {
				t.Errorf("%s: note %q, want it to start with %q and end with \": skipped\"", c.file, notes[i], s)
			}
		}
		if games := len(parseGGFLines(t, one.Bytes())); one.Written != games || one.Skipped != len(c.skipped) {
			t.Errorf("%s: %d written, %d skipped; want %d and %d", c.file, one.Written, one.Skipped, games, len(c.skipped))
		}
		if _, err := addFile(t, &all, c.file); err != nil {
			t.Fatal(err)
		}
		want = append(want, golden...)
	}
	if !bytes.Equal(all.Bytes(), want) {
		t.Errorf("all the records at once:\n%s\nwant the golden files in turn:\n%s", all.Bytes(), want)
	}
}

// TestGGFRoundTrip reads the GGF converted from a real results file back,
// and compares each game with its record read by the tournament's own
// reader: the same players, date, moves and result (black's disc
// difference, or ±64 with the flag of the forfeit), every game played
// there once, in order.
func TestGGFRoundTrip(t *testing.T) {
	var c GGF
	if _, err := addFile(t, &c, "tournament.jsonl"); err != nil {
		t.Fatal(err)
	}
	games := parseGGFLines(t, c.Bytes())
	f, err := os.Open(filepath.Join(convertData, "tournament.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, recs, err := tournament.ReadResults(f)
	if err != nil {
		t.Fatal(err)
	}
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

// TestGGFBadRecord: a record that Read refuses is an error naming the
// file and the line, or the file alone for an error about it whole
// (TestReadBadInput has the cases), and adds no game of its own.
func TestGGFBadRecord(t *testing.T) {
	var c GGF
	if _, err := addFile(t, &c, "match.json"); err != nil {
		t.Fatal(err)
	}
	before := len(c.Bytes())
	for _, tc := range []struct{ data, want string }{
		{"\n\nhello\n", "record:3: not a record of the judge: want a tournament results file (--results), a --json summary of a match or a tournament, or a text --record"},
		{"\n \n", "record: empty: not a record of the judge"},
	} {
		err := c.Add("record", []byte(tc.data), func(s string) { t.Errorf("note %q", s) })
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error starting %q", tc.data, err, tc.want)
		}
	}
	if len(c.Bytes()) != before || c.Written != 2 {
		t.Errorf("%d bytes, %d games after the bad records; want %d and 2", len(c.Bytes()), c.Written, before)
	}
}
