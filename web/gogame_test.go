package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// as decodes a JSON state of any game, refusing unknown fields.
func as[T any](t *testing.T, raw []byte) T {
	t.Helper()
	var v T
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("state %s: %v", raw, err)
	}
	return v
}

// postAs sends a JSON request that must succeed and returns the state.
func postAs[T any](t *testing.T, ts *httptest.Server, path, body string) T {
	t.Helper()
	status, raw := request(t, ts, http.MethodPost, path, "application/json", body)
	if status != http.StatusOK {
		t.Fatalf("POST %s %s: status %d, want 200; body %s", path, body, status, raw)
	}
	return as[T](t, raw)
}

// getAs returns the state at path.
func getAs[T any](t *testing.T, ts *httptest.Server, path string) T {
	t.Helper()
	status, raw := request(t, ts, http.MethodGet, path, "", "")
	if status != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200; body %s", path, status, raw)
	}
	return as[T](t, raw)
}

// goScript is a 5x5 game with a capture, a refused suicide and a refused
// ko, then three passes: each step a move and, if the server must refuse
// it, the word its error must contain (the move after it is then played
// instead, by the same side).
var goScript = []struct{ move, refused string }{
	{"b4", ""}, {"c4", ""}, {"a3", ""}, {"b3", ""}, {"b2", ""}, {"d3", ""},
	{"a2", ""}, {"c2", ""}, {"b1", ""},
	{"a1", "suicide"}, // white's stone would have no liberty
	{"e5", ""},
	{"c3", ""},   // black captures b3: a ko
	{"b3", "ko"}, // white may not take back at once
	{"e1", ""},
	{"pass", ""}, {"pass", ""}, {"pass", ""},
}

// goFinal is the board after goScript, top row first.
const goFinal = "" +
	"....O" +
	".XO.." +
	"X.XO." +
	"XXO.." +
	".X..O"

// TestGoGame plays goScript through the API, marks a string dead and
// alive and another dead, and checks the count against one made by hand.
func TestGoGame(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	st := postAs[GoState](t, ts, "/api/go/new", `{"size":5,"komi":0}`)
	if st.Size != 5 || st.Board != strings.Repeat(".", 25) || st.Phase != goPlay || st.Turn != "black" || len(st.Legal) != 25 {
		t.Fatalf("new game: %+v", st)
	}
	for i, step := range goScript {
		body := `{"move":"` + step.move + `","color":"` + st.Turn + `"}`
		if step.refused != "" {
			status, msg := refused(t, ts, http.MethodPost, "/api/go/move", "application/json", body)
			after := getAs[GoState](t, ts, "/api/go/state")
			if status != http.StatusConflict || !strings.Contains(msg, step.refused) || after.Version != st.Version {
				t.Fatalf("step %d %s: status %d %q, version %d -> %d; want 409 naming %s, nothing changed",
					i, step.move, status, msg, st.Version, after.Version, step.refused)
			}
			for _, l := range after.Legal {
				if l == step.move {
					t.Errorf("step %d: %s is refused but listed as legal", i, step.move)
				}
			}
			continue
		}
		st = postAs[GoState](t, ts, "/api/go/move", body)
		if st.LastMove != step.move {
			t.Fatalf("step %d: last move %q, want %q", i, st.LastMove, step.move)
		}
		if step.move == "c3" && (st.Captures.Black != 1 || strings.Count(st.Board, "O") != 4) {
			t.Fatalf("c3 should capture b3: captures %+v board %s", st.Captures, st.Board)
		}
	}
	if st.Board != goFinal || st.Phase != goScoring || st.Passes != 3 || len(st.Legal) != 0 {
		t.Fatalf("after three passes: board %s phase %s passes %d legal %v; want %s, scoring, 3, none",
			st.Board, st.Phase, st.Passes, st.Legal, goFinal)
	}
	// Moves are refused in the scoring phase, and nothing changes.
	if status, _ := refused(t, ts, http.MethodPost, "/api/go/move", "application/json", `{"move":"d4"}`); status != http.StatusConflict {
		t.Errorf("a move in the scoring phase: status %d, want 409", status)
	}
	if st.Marking != "black" || !strings.Contains(st.Status, "Black, click each of your own dead strings") {
		t.Fatalf("scoring opens with black marking: marking %q status %q", st.Marking, st.Status)
	}
	// Each player removes his own dead strings, black first: a click on
	// another colour's string, or Done out of turn, changes nothing.
	refusedGo := func(path, body, want string) {
		t.Helper()
		before := getAs[GoState](t, ts, "/api/go/state")
		status, msg := refused(t, ts, http.MethodPost, path, "application/json", body)
		after := getAs[GoState](t, ts, "/api/go/state")
		if status != http.StatusConflict || !strings.Contains(msg, want) || after.Version != before.Version {
			t.Fatalf("POST %s %s: %d %q, version %d -> %d; want 409 naming %q, nothing changed",
				path, body, status, msg, before.Version, after.Version, want)
		}
	}
	refusedGo("/api/go/mark", `{"point":"e5"}`, "e5 is a white string: black marks his own dead strings first")
	refusedGo("/api/go/done", `{"color":"white"}`, "black marks his own dead strings and presses Done first")
	st = postAs[GoState](t, ts, "/api/go/mark", `{"point":"c3"}`)
	if strings.Join(st.Dead, " ") != "c3" {
		t.Fatalf("dead after marking c3: %v", st.Dead)
	}
	st = postAs[GoState](t, ts, "/api/go/mark", `{"point":"C3"}`)
	if len(st.Dead) != 0 {
		t.Fatalf("dead after unmarking c3: %v", st.Dead)
	}
	// Undo takes back black's last mark.
	postAs[GoState](t, ts, "/api/go/mark", `{"point":"b4"}`)
	if st = postAs[GoState](t, ts, "/api/go/undo", ``); len(st.Dead) != 0 || st.Phase != goScoring {
		t.Fatalf("undo of black's mark b4: phase %s dead %v", st.Phase, st.Dead)
	}
	st = postAs[GoState](t, ts, "/api/go/done", `{"color":"black"}`)
	if st.Phase != goScoring || !st.Done.Black || st.Done.White || st.Marking != "white" {
		t.Fatalf("after black's done: phase %s done %+v marking %q", st.Phase, st.Done, st.Marking)
	}
	refusedGo("/api/go/mark", `{"point":"c3"}`, "c3 is a black string: black is done, now white marks")
	refusedGo("/api/go/done", `{"color":"black"}`, "black has already pressed Done")
	st = postAs[GoState](t, ts, "/api/go/mark", `{"point":"e5"}`)
	if strings.Join(st.Dead, " ") != "e5" {
		t.Fatalf("dead after white marks e5: %v", st.Dead)
	}
	st = postAs[GoState](t, ts, "/api/go/done", `{"color":"white"}`)
	// By hand: with e5 removed, b3 and a1 are black's (2 points); the
	// rest of the empty points form one region touching both colours.
	// White lost b3 in play and e5 as dead.
	want := GoScore{
		Black:  GoTally{Territory: 2, Captured: 0, Dead: 0, Points: 2},
		White:  GoTally{Territory: 0, Captured: 1, Dead: 1, Points: -2},
		Winner: "black", Margin: 4,
		Territory: "....." + "....." + ".x..." + "....." + "x....",
	}
	if st.Phase != goOver || st.Score == nil || *st.Score != want || st.Result != "black" {
		t.Fatalf("over: phase %s result %q score %+v, want black by 4: %+v", st.Phase, st.Result, st.Score, want)
	}
	if st.Marking != "" {
		t.Fatalf("over: marking %q, want none", st.Marking)
	}
	refusedGo("/api/go/mark", `{"point":"e1"}`, "scoring phase")
	refusedGo("/api/go/done", `{"color":"white"}`, "scoring phase")
	// Undo walks back: white's Done, white's mark, black's Done, then the
	// third pass.
	st = postAs[GoState](t, ts, "/api/go/undo", ``)
	if st.Phase != goScoring || !st.Done.Black || st.Done.White || st.Marking != "white" || len(st.Dead) != 1 {
		t.Fatalf("undo after the end: phase %s done %+v marking %q dead %v", st.Phase, st.Done, st.Marking, st.Dead)
	}
	st = postAs[GoState](t, ts, "/api/go/undo", ``)
	if st.Phase != goScoring || st.Marking != "white" || len(st.Dead) != 0 {
		t.Fatalf("undo of white's mark: phase %s marking %q dead %v", st.Phase, st.Marking, st.Dead)
	}
	st = postAs[GoState](t, ts, "/api/go/undo", ``)
	if st.Phase != goScoring || st.Done.Black || st.Marking != "black" {
		t.Fatalf("undo of black's done: phase %s done %+v marking %q", st.Phase, st.Done, st.Marking)
	}
	st = postAs[GoState](t, ts, "/api/go/undo", ``)
	if st.Phase != goPlay || st.Passes != 2 || st.Turn != "black" {
		t.Fatalf("undo of the third pass: phase %s passes %d turn %s", st.Phase, st.Passes, st.Turn)
	}
	// Back to scoring; resume play while white marks drops the marks.
	postAs[GoState](t, ts, "/api/go/move", `{"move":"pass"}`)
	postAs[GoState](t, ts, "/api/go/done", `{"color":"black"}`)
	postAs[GoState](t, ts, "/api/go/mark", `{"point":"e5"}`)
	st = postAs[GoState](t, ts, "/api/go/resume", `{}`)
	if st.Phase != goPlay || st.Passes != 0 || len(st.Dead) != 0 || st.Turn != "white" {
		t.Fatalf("resume: phase %s passes %d dead %v turn %s", st.Phase, st.Passes, st.Dead, st.Turn)
	}
}

// TestGoSuperko: with positional superko, a move that recreates an
// earlier position is refused even where basic ko allows it: after the
// ko capture and two passes, the recapture (basic ko lifted by the
// passes) would repeat the position after white's b3.
func TestGoSuperko(t *testing.T) {
	for _, superko := range []bool{false, true} {
		_, ts := startServer(t, firstLegal{})
		body := `{"size":5,"superko":false}`
		if superko {
			body = `{"size":5,"superko":true}`
		}
		postAs[GoState](t, ts, "/api/go/new", body)
		for _, mv := range []string{"b4", "c4", "a3", "b3", "b2", "d3", "a2", "c2", "e5", "e1", "c3", "pass", "pass"} {
			postAs[GoState](t, ts, "/api/go/move", `{"move":"`+mv+`"}`)
		}
		// White to move: b3 retakes the ko, recreating the position
		// before black's c3.
		status, raw := request(t, ts, http.MethodPost, "/api/go/move", "application/json", `{"move":"b3"}`)
		if superko && (status != http.StatusConflict || !strings.Contains(string(raw), "superko")) {
			t.Errorf("superko: b3 answered %d %s, want 409 superko", status, raw)
		}
		if !superko && status != http.StatusOK {
			t.Errorf("basic ko after two passes: b3 answered %d %s, want 200", status, raw)
		}
	}
}

// TestGoRefusals sends what the API must refuse, each with its status and
// a message naming the problem, and checks that nothing changed.
func TestGoRefusals(t *testing.T) {
	s, ts := startServer(t, firstLegal{})
	base := postAs[GoState](t, ts, "/api/go/move", `{"move":"c3"}`)
	cases := []struct {
		method, path, ctype, body string
		status                    int
		want                      string
	}{
		{"GET", "/api/go/move", "", "", 405, "takes POST"},
		{"POST", "/api/go/state", "application/json", "", 405, "takes GET"},
		{"POST", "/api/go/nothing", "application/json", "{}", 404, "unknown route"},
		{"POST", "/api/go/move", "text/plain", `{"move":"d4"}`, 415, "content type"},
		{"POST", "/api/go/move", "application/json", `{"move":`, 400, "malformed JSON"},
		{"POST", "/api/go/move", "application/json", `{"move":"d4","x":1}`, 400, "unknown field"},
		{"POST", "/api/go/move", "application/json", `{"move":"z9"}`, 400, "want a point"},
		{"POST", "/api/go/move", "application/json", `{"move":"i3"}`, 400, "i skipped"},
		{"POST", "/api/go/move", "application/json", `{"move":"c3"}`, 409, "occupied"},
		{"POST", "/api/go/move", "application/json", `{"move":"d4","color":"black"}`, 409, "white's turn"},
		{"POST", "/api/go/move", "application/json", `{"move":"d4"}` + strings.Repeat(" ", maxBody), 413, "over"},
		{"POST", "/api/go/new", "application/json", `{"size":4}`, 400, "5 to 19"},
		{"POST", "/api/go/new", "application/json", `{"komi":6.3}`, 400, "halves"},
		// 9.5 is a number: say it is not a whole one.
		{"POST", "/api/go/new", "application/json", `{"size":9.5}`, 400, `field "size": want a whole number, got number 9.5`},
		{"POST", "/api/go/new", "application/json", `{"size":1e30}`, 400, `field "size": want a whole number`},
		// Two values for one field: encoding/json kept the last silently.
		{"POST", "/api/go/new", "application/json", `{"size":9,"size":13}`, 400, `field "size" given twice`},
		{"POST", "/api/go/new", "application/json", `{"size":9,"Size":13}`, 400, `field "Size" given twice`},
		{"POST", "/api/go/mark", "application/json", `{"point":"c3"}`, 409, "scoring phase"},
		{"POST", "/api/go/done", "application/json", `{"color":"green"}`, 400, "green"},
		{"POST", "/api/go/resume", "application/json", ``, 409, "scoring phase"},
	}
	for _, tc := range cases {
		status, msg := refused(t, ts, tc.method, tc.path, tc.ctype, tc.body)
		if status != tc.status || !strings.Contains(msg, tc.want) {
			t.Errorf("%s %s %q: %d %q, want %d naming %q", tc.method, tc.path, tc.body, status, msg, tc.status, tc.want)
		}
	}
	crossSiteRefused(t, serveLoopback(t, s), "api/go/move", `{"move":"d4"}`)
	if after := getAs[GoState](t, ts, "/api/go/state"); after.Version != base.Version || after.Board != base.Board {
		t.Errorf("the refusals changed the game: version %d -> %d", base.Version, after.Version)
	}
}

// crossSiteRefused posts body to path of the server at url as another
// site's page or a rebound host name would, and checks that each is
// refused with 403.
func crossSiteRefused(t *testing.T, url, path, body string) {
	t.Helper()
	for _, h := range []map[string]string{
		{"Origin": "http://evil.example"},
		{"Sec-Fetch-Site": "cross-site"},
		{"Host": "evil.example"},
	} {
		req, err := http.NewRequest(http.MethodPost, url+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		for k, v := range h {
			if k == "Host" {
				req.Host = v
			} else {
				req.Header.Set(k, v)
			}
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("POST %s with %v: status %d, want 403", path, h, resp.StatusCode)
		}
	}
}
