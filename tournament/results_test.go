package tournament

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

func testHeader() Header {
	return Header{Mode: "round-robin", Seed: 9, Rounds: 2,
		Engines:  []EngineInfo{{Name: "a", Command: "./a", SeedFlag: "--seed"}, {Name: "b", Command: "./b"}},
		Openings: []string{"f5d6c3"}, Start: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
}

// A results file holds the header and each game added, read back as
// written; a last line cut short is dropped and then cut off on append.
func TestResultsFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	h := testHeader()
	rf, err := CreateResults(path, h)
	if err != nil {
		t.Fatal(err)
	}
	recs := []Record{
		{Game: 1, Round: 1, Black: "a", White: "b", BlackEngine: 0, WhiteEngine: 1, Winner: 0, GameFacts: match.GameFacts{Moves: "f5d6", Played: true}, Start: h.Start},
		{Game: 2, Round: 1, Black: "b", White: "a", BlackEngine: 1, WhiteEngine: 0, Winner: -1, Restarted: []string{"a"}, Start: h.Start},
	}
	for _, r := range recs {
		if err := rf.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	rf.Close()
	// A judge killed in the middle of writing game 3.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"game":3,"rou`)
	f.Close()

	data, _ := os.ReadFile(path)
	gotH, gotRecs, err := ReadResults(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("ReadResults: %v", err)
	}
	h.Version, h.Fingerprint = resultsVersion, h.ComputeFingerprint()
	if !reflect.DeepEqual(gotH, h) {
		t.Errorf("header %+v, want %+v", gotH, h)
	}
	if !reflect.DeepEqual(gotRecs, recs) {
		t.Errorf("records %+v, want %+v", gotRecs, recs)
	}

	rf, err = AppendResults(path)
	if err != nil {
		t.Fatal(err)
	}
	recs = append(recs, Record{Game: 3, Round: 2, Winner: 1, WhiteEngine: 1, Start: h.Start})
	if err := rf.Add(recs[2]); err != nil {
		t.Fatal(err)
	}
	rf.Close()
	data, _ = os.ReadFile(path)
	if _, gotRecs, err = ReadResults(bytes.NewReader(data)); err != nil || !reflect.DeepEqual(gotRecs, recs) {
		t.Errorf("after append: %+v, %v; want %+v", gotRecs, err, recs)
	}
	if n := strings.Count(string(data), "\n"); n != 4 {
		t.Errorf("%d lines, want 4 (header and 3 games):\n%s", n, data)
	}
}

func TestReadResultsErrors(t *testing.T) {
	for in, want := range map[string]string{
		"{\"game\":1}\n":       "header",
		"not json\n":           "header",
		"{\"version\":1}\nx\n": "line 2",
	} {
		if _, _, err := ReadResults(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadResults(%q) = %v, want an error with %q", in, err, want)
		}
	}
}

// A line longer than any the judge writes is an error naming the file and
// the line, even when it is valid JSON (a results file edited or made by
// hand), and a header may be longer than a game's line; lines at the
// bound are read.
func TestReadResultsLongLine(t *testing.T) {
	h := testHeader()
	h.Version = resultsVersion
	header, _ := json.Marshal(h)
	record := func(n int) []byte {
		line, _ := json.Marshal(Record{Game: 1, Round: 1, Winner: 0, BlackEngine: 0, WhiteEngine: 1})
		return append(line[:len(line)-1], []byte(`,"pad":"`+strings.Repeat("x", n-len(line)-9)+`"}`)...)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		lines [][]byte
		err   string // "" for none
	}{
		{"at.jsonl", [][]byte{header, record(maxRecordLine)}, ""},
		{"over.jsonl", [][]byte{header, record(maxRecordLine + 1), record(1000)}, "over.jsonl: line 2: over 1048576 bytes"},
		{"last.jsonl", [][]byte{header, record(1000), record(maxRecordLine + 1)}, "last.jsonl: line 3: over 1048576 bytes"},
		{"header.jsonl", [][]byte{append(header[:len(header)-1], []byte(`,"pad":"`+strings.Repeat("x", maxRecordLine)+`"}`)...), record(1000)}, ""},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, append(bytes.Join(c.lines, []byte("\n")), '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		if n := len(c.lines[1]); c.err == "" && n > maxRecordLine || c.name == "at.jsonl" && n != maxRecordLine {
			t.Fatalf("%s: a record of %d bytes, want at most %d", c.name, n, maxRecordLine)
		}
		_, recs, err := ReadResultsFile(path)
		switch {
		case c.err == "" && (err != nil || len(recs) != len(c.lines)-1):
			t.Errorf("%s: %d records, %v; want %d and no error", c.name, len(recs), err, len(c.lines)-1)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		}
	}
}

// A file without a whole first line holds no game (the judge was stopped
// while creating it): ReadResults says so with ErrNoHeader, which the
// judge takes as leave to start afresh.
func TestReadResultsNoHeader(t *testing.T) {
	for _, in := range []string{"", `{`, `{"vers`, `{"version":`, `{"version":1,"mode":"round-ro`} {
		if _, recs, err := ReadResults(strings.NewReader(in)); !errors.Is(err, ErrNoHeader) || recs != nil {
			t.Errorf("ReadResults(%q) = %v, %v; want no records and ErrNoHeader", in, recs, err)
		}
	}
	// A file without a newline that does not start as a header does is
	// no results file cut short, and must not be overwritten.
	for _, in := range []string{"my notes", "x", `{"game":1}`, ` {"version":1`, `{"versionx`} {
		if _, _, err := ReadResults(strings.NewReader(in)); err == nil || errors.Is(err, ErrNoHeader) || !strings.Contains(err.Error(), "not a tournament results header") {
			t.Errorf("ReadResults(%q) error %v, want not a results header", in, err)
		}
	}
}

// Every header starts with headerStart, which ReadResults relies on to
// tell a header cut short from another file.
func TestHeaderStart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	rf, err := CreateResults(path, testHeader())
	if err != nil {
		t.Fatal(err)
	}
	rf.Close()
	if data, _ := os.ReadFile(path); !bytes.HasPrefix(data, []byte(headerStart)) {
		t.Errorf("header line %q does not start with %q", data, headerStart)
	}
}

// RewriteHeader replaces the header and keeps every game.
func TestRewriteHeader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	h := testHeader()
	rf, err := CreateResults(path, h)
	if err != nil {
		t.Fatal(err)
	}
	recs := []Record{{Game: 1, Round: 1, Winner: 0, Start: h.Start}, {Game: 2, Round: 2, Winner: -1, Start: h.Start}}
	for _, r := range recs {
		if err := rf.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	rf.Close()
	h.Rounds = 40
	if err := RewriteHeader(path, h); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	gotH, gotRecs, err := ReadResults(bytes.NewReader(data))
	if err != nil || gotH.Rounds != 40 || !reflect.DeepEqual(gotRecs, recs) {
		t.Errorf("after RewriteHeader: rounds %d, records %+v, %v; want 40 and %+v", gotH.Rounds, gotRecs, err, recs)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode after rewrite: %v, %v; want 0644 kept", fi.Mode(), err)
	}
	if left, _ := filepath.Glob(path + ".*"); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestHeaderCompatible(t *testing.T) {
	h := testHeader()
	h.Version = resultsVersion
	same := testHeader()
	same.Engines[1].Command = "/elsewhere/b" // a moved program is the same engine
	same.Rounds++                            // more rounds extend the tournament
	if err := h.Compatible(&same); err != nil {
		t.Errorf("Compatible with a moved command and one more round: %v, want nil", err)
	}
	for what, change := range map[string]func(*Header){
		"seed":     func(x *Header) { x.Seed++ },
		"rounds":   func(x *Header) { x.Rounds-- },
		"mode":     func(x *Header) { x.Mode = "gauntlet" },
		"engines":  func(x *Header) { x.Engines = x.Engines[:1] },
		"openings": func(x *Header) { x.Openings = []string{"f5f6"} },
		// A seed flag added or changed changes the recorded seeds.
		"seed flag": func(x *Header) { x.Engines[1].SeedFlag = "--seed" },
		// Another part of the tournament, or the whole of it.
		"shard 1/2": func(x *Header) { x.Shard = &Shard{1, 2} },
	} {
		other := testHeader()
		change(&other)
		if err := h.Compatible(&other); err == nil || !strings.Contains(err.Error(), what) {
			t.Errorf("a different %s: %v, want an error naming it", what, err)
		}
	}
}

// ChangedCommands names each engine whose command changed, with both
// commands, and nothing when none did.
func TestChangedCommands(t *testing.T) {
	h, now := testHeader(), testHeader()
	if got := h.ChangedCommands(&now); got != nil {
		t.Errorf("same commands: %q, want none", got)
	}
	now.Engines[1].Command = "/elsewhere/b --fast"
	want := []string{`engine b: command "./b" in the results file, "/elsewhere/b --fast" now`}
	if got := h.ChangedCommands(&now); !slices.Equal(got, want) {
		t.Errorf("b moved: %q, want %q", got, want)
	}
	// Another protocol or depth is named too, as a command is.
	now = testHeader()
	now.Engines[0].Protocol, now.Engines[0].Depth = ProtocolNBoard, 8
	want = []string{`engine a: OTP in the results file, nboard at depth 8 now`}
	if got := h.ChangedCommands(&now); !slices.Equal(got, want) {
		t.Errorf("a speaks NBoard: %q, want %q", got, want)
	}
}

// An OTP engine's header line is as it was before engines could speak
// another protocol, byte for byte; an NBoard engine's says so.
func TestEngineInfoJSON(t *testing.T) {
	for _, c := range []struct {
		e    EngineInfo
		want string
	}{
		{EngineInfo{Name: "a", Command: "./a", SeedFlag: "--seed"}, `{"name":"a","command":"./a","seed_flag":"--seed"}`},
		{EngineInfo{Name: "z", Command: "./z", Protocol: ProtocolNBoard, Depth: 10}, `{"name":"z","command":"./z","protocol":"nboard","depth":10}`},
	} {
		b, err := json.Marshal(c.e)
		if err != nil || string(b) != c.want {
			t.Errorf("%+v: %s, %v; want %s", c.e, b, err, c.want)
		}
	}
}

// CheckRecords accepts the records of a schedule's games, in any order,
// and refuses, naming the line, any that the schedule does not hold.
func TestCheckRecords(t *testing.T) {
	names := []string{"a", "b", "c"}
	ops := []Opening{{Moves: mustMoves(t, "f5d6c3")}, {Moves: mustMoves(t, "f5f4")}}
	schedule := Schedule(RoundRobin, 3, 2, ops, 4)
	played := &Played{Game: match.GameResult{Played: true, Outcome: match.WhiteWins}}
	good := func(game int) Record { return newRecord(schedule[game-1], names, played) }
	ok := []Record{good(3), good(5), good(12), good(7)}
	if err := CheckRecords(ok, schedule, names, anyMoves); err != nil {
		t.Fatalf("CheckRecords of scheduled games: %v", err)
	}
	forge := func(game int, f func(*Record)) Record {
		r := good(game)
		f(&r)
		return r
	}
	p := schedule[1]
	cases := []struct {
		bad  Record
		want string
	}{
		// The forgery: game 1 between engine 0 and itself.
		{forge(1, func(r *Record) { r.WhiteEngine = r.BlackEngine; r.White = r.Black }), "engines 0 (black) and 0 (white)"},
		{forge(2, func(r *Record) { r.BlackEngine, r.WhiteEngine = r.WhiteEngine, r.BlackEngine }), "engines"},
		{forge(2, func(r *Record) { r.Black = "z" }), "names"},
		{forge(2, func(r *Record) { r.Round = 2 }), "round 2, the schedule says 1"},
		{forge(2, func(r *Record) { r.Opening = "f5f6" }), "opening f5f6"},
		{forge(2, func(r *Record) { r.OpeningIndex = 1 - p.Opening }), "opening"},
		{forge(2, func(r *Record) { r.BlackSeed++ }), "seeds"},
		{forge(2, func(r *Record) { r.Winner = p.Black }), "but the outcome"}, // white won
		{forge(2, func(r *Record) { r.Winner = 2 }), "winner 2"},              // c did not play game 2
		{forge(2, func(r *Record) { r.Outcome = "nobody" }), "outcome"},
		{forge(2, func(r *Record) { r.ForfeitBy = "judge" }), "forfeit by"},
		{forge(2, func(r *Record) { r.Game = 0 }), "game 0 is not in the schedule of 12 games"},
		{forge(2, func(r *Record) { r.Game = 13 }), "game 13 is not in the schedule"},
		{good(7), "line 6: game 7 again (first on line 5)"},
	}
	for _, c := range cases {
		recs := append(slices.Clone(ok), c.bad)
		err := CheckRecords(recs, schedule, names, anyMoves)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "line 6: ") {
			t.Errorf("CheckRecords with %+v on line 6: %v; want an error on line 6 with %q", c.bad, err, c.want)
		}
	}
}

func mustMoves(t *testing.T, s string) []othello.Move {
	t.Helper()
	m, err := othello.ParseMoves(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A record read back from a results file rebuilds the game it was made
// from: names, round, opening, start, moves and final board; and a game
// that neither engine could play comes back unplayed, without the two
// forfeits a match.GameResult cannot hold.
func TestRecordGameResult(t *testing.T) {
	op := mustMoves(t, "f5d6c3")
	game := othello.NewGame()
	for !game.Over() {
		// Each side plays its first legal square in square order.
		m := othello.Pass
		if moves := game.Position().Moves(); moves != 0 {
			m = othello.Move(bits.TrailingZeros64(moves))
		}
		if game.Len() < len(op) {
			m = op[game.Len()]
		}
		if err := game.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	g := match.GameResult{Played: true, Moves: game.Moves(), Opening: len(op), Final: game.Position(), Start: start}
	if s := g.Score(); s < 0 {
		g.Outcome = match.WhiteWins
	} else if s > 0 {
		g.Outcome = match.BlackWins
	}
	p := Pairing{Game: 4, Round: 2, Black: 1, White: 0, Opening: 0, Moves: op}
	rec := newRecord(p, []string{"a", "b"}, &Played{Game: g})
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	got, err := back.GameResult()
	if err != nil {
		t.Fatal(err)
	}
	if got.Black != "b" || got.White != "a" || got.Round != 2 || !got.Start.Equal(start) || got.Opening != 3 ||
		got.Record() != g.Record() || got.Final != g.Final || got.Outcome != g.Outcome || !got.Played {
		t.Errorf("rebuilt %+v, want %+v between b (black) and a in round 2", got, g)
	}

	both := newRecord(p, []string{"a", "b"}, &Played{Game: match.GameResult{Note: "neither engine connected"},
		Forfeits: [2]*otp.Forfeit{{Reason: otp.ForfeitNoConnection}, {Reason: otp.ForfeitNoConnection}}})
	if got, err := both.GameResult(); err != nil || got.Played || got.Forfeit != nil || got.Note != "neither engine connected" {
		t.Errorf("a game neither engine played: %+v, %v; want it unplayed", got, err)
	}
}
