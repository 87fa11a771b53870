package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/sgf"
)

// sgfBody is the JSON body of a load of record.
func sgfBody(record string) string {
	b, _ := json.Marshal(map[string]string{"sgf": record})
	return string(b)
}

// TestGoSGFRoundTrip: a game saved as SGF and loaded again is the same
// game: board, record, captures, turn and phase; the record read by the
// sgf package has the game's size, komi and moves, and its result once
// the game is over.
func TestGoSGFRoundTrip(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	postAs[GoState](t, ts, "/api/go/new", `{"size":5,"komi":0.5}`)
	var st GoState
	for _, step := range goScript {
		if step.refused == "" {
			st = postAs[GoState](t, ts, "/api/go/move", `{"move":"`+step.move+`"}`)
		}
	}
	rec, err := sgf.Parse([]byte(st.SGF))
	if err != nil {
		t.Fatalf("the state's SGF does not parse: %v\n%s", err, st.SGF)
	}
	if rec.Size != 5 || rec.Komi != 0.5 || len(rec.Moves) != len(st.Record) || rec.Result != "" {
		t.Errorf("record: size %d komi %v %d moves result %q; want 5, 0.5, %d, none", rec.Size, rec.Komi, len(rec.Moves), rec.Result, len(st.Record))
	}
	saved := st
	postAs[GoState](t, ts, "/api/go/new", `{"size":9,"komi":0}`)
	got := postAs[GoState](t, ts, "/api/go/load", sgfBody(saved.SGF))
	if got.Board != saved.Board || strings.Join(got.Record, " ") != strings.Join(saved.Record, " ") ||
		got.Captures != saved.Captures || got.Turn != saved.Turn || got.Phase != saved.Phase || got.Komi != 0.5 || got.SGF != saved.SGF {
		t.Fatalf("loaded %+v\nsaved %+v", got, saved)
	}
	postAs[GoState](t, ts, "/api/go/done", `{"color":"black"}`)
	postAs[GoState](t, ts, "/api/go/mark", `{"point":"e5"}`) // white's own dead string
	over := postAs[GoState](t, ts, "/api/go/done", `{"color":"white"}`)
	if rec, err := sgf.Parse([]byte(over.SGF)); err != nil || rec.Result != "B+3.5" {
		t.Errorf("the finished game's record has result %q (error %v), want B+3.5 (black 2, white -2 + 0.5)", rec.Result, err)
	}
	// The finished game, saved and loaded again, is over with its result
	// and its dead string: it used to come back in the scoring phase with
	// no mark and no result.
	postAs[GoState](t, ts, "/api/go/new", `{"size":9,"komi":0}`)
	back := postAs[GoState](t, ts, "/api/go/load", sgfBody(over.SGF))
	if back.Phase != goOver || back.Result != "black" || back.Status != over.Status || back.SGF != over.SGF ||
		strings.Join(back.Dead, " ") != strings.Join(over.Dead, " ") || *back.Score != *over.Score {
		t.Errorf("the finished game loaded again:\n%+v\nwant as saved:\n%+v", back, over)
	}
	// Undo reopens white's marks, as in the game saved.
	if u := postAs[GoState](t, ts, "/api/go/undo", ""); u.Phase != goScoring || u.Marking != "white" {
		t.Errorf("undo after loading a finished game: phase %s, marking %q; want scoring, white", u.Phase, u.Marking)
	}
	// A record whose result the count does not give (another program's
	// rules, or a result edited) loads for counting: its marks, no result.
	edited := strings.Replace(over.SGF, "RE[B+3.5]", "RE[W+0.5]", 1)
	if st := postAs[GoState](t, ts, "/api/go/load", sgfBody(edited)); st.Phase != goScoring || st.Result != "" || len(st.Dead) != len(over.Dead) {
		t.Errorf("a record with another result: phase %s result %q dead %v; want scoring, none, %v", st.Phase, st.Result, st.Dead, over.Dead)
	}
}

// TestSameSGFResult compares results as SGF writes them.
func TestSameSGFResult(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"B+4", "B+4", true}, {"B+4.0", "B+4", true}, {"0", "Draw", true}, {"W+0.5", "W+.5", true},
		{"B+4", "W+4", false}, {"B+R", "B+4", false}, {"W+3.5", "W+4.5", false}, {"", "0", false},
	} {
		if got := sameSGFResult(c.a, c.b); got != c.same {
			t.Errorf("sameSGFResult(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// TestGoSGFSetup: handicap stones (AB) are set up, and white plays first
// after them unless PL says otherwise.
func TestGoSGFSetup(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	st := postAs[GoState](t, ts, "/api/go/load", sgfBody("(;GM[1]FF[4]SZ[9]KM[0.5]PB[Ann]PW[Bob]AB[cc][gg];W[ee];B[ce])"))
	if st.Size != 9 || st.Board[2*9+2] != 'X' || st.Board[6*9+6] != 'X' || st.Board[4*9+4] != 'O' || st.Board[4*9+2] != 'X' || st.Turn != "white" {
		t.Fatalf("loaded: %+v", st)
	}
	if !strings.Contains(st.SGF, "AB[cc][gg]") || !strings.Contains(st.SGF, "PB[Ann]") || !strings.Contains(st.SGF, "PL[W]") {
		t.Errorf("the saved record lost the set-up, the names or who plays first:\n%s", st.SGF)
	}
}

// TestGoSGFRefused: records the page cannot play are refused with the
// reason, and the game is unchanged.
func TestGoSGFRefused(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	before := postAs[GoState](t, ts, "/api/go/move", `{"move":"c3"}`)
	for record, want := range map[string]string{
		"(;GM[1]SZ[4])":                                     "this page plays 5 to 19",
		"(;GM[1]SZ[5]AB[ab][ba];W[aa])":                     "suicide",
		"(;GM[1]SZ[5];B[aa];B[bb])":                         "alternates",
		"(;GM[1]SZ[5]KM[6.3])":                              "komi",
		"not a record":                                      "sgf:",
		"(;GM[1]SZ[5]AB[aa][ab][ba][bb]AW[ac][bc][ca][cb])": "no liberty",
	} {
		status, msg := refused(t, ts, http.MethodPost, "/api/go/load", "application/json", sgfBody(record))
		if status != http.StatusBadRequest || !strings.Contains(msg, want) {
			t.Errorf("load %s: %d %q, want 400 naming %q", record, status, msg, want)
		}
	}
	if status, _ := refused(t, ts, http.MethodPost, "/api/go/load", "application/json", sgfBody(strings.Repeat(" ", maxSGFBody))); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a record over %d bytes: status %d, want 413", maxSGFBody, status)
	}
	if after := getAs[GoState](t, ts, "/api/go/state"); after.Version != before.Version || after.Board != before.Board {
		t.Errorf("the refused loads changed the game: version %d -> %d", before.Version, after.Version)
	}
}
