package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/einstein"
)

// startEngineServer serves a server whose Kill-All Go and Einstein
// engines search 200 playouts a move, seeded, so that a whole game takes
// a second or so.
func startEngineServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	return serveWith(t, firstLegal{}, Options{ThinkTime: 5 * time.Second, Engines: Engines{Playouts: 200, Seed: 1}})
}

// waitGame long-polls a game's state at path until cond holds, for at
// most a minute and a bounded number of changes.
func waitGame[T any](t *testing.T, ts *httptest.Server, path string, version func(T) uint64, cond func(T) bool) T {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	st := getAs[T](t, ts, path)
	for i := 0; i < 1000 && time.Now().Before(deadline); i++ {
		if cond(st) {
			return st
		}
		st = getAs[T](t, ts, path+"?wait="+strconv.FormatUint(version(st), 10))
	}
	t.Fatalf("waiting on %s: gave up; last state %+v", path, st)
	return st
}

// TestKillAllGoGame plays a whole game against the engine through the
// API, the person as black with two handicap stones, always its first
// legal point, and checks the end: a winner and a reason the rules give.
func TestKillAllGoGame(t *testing.T) {
	_, ts := startEngineServer(t)
	postAs[KillAllState](t, ts, "/api/killallgo/new", `{"color":"black"}`)
	postAs[KillAllState](t, ts, "/api/killallgo/put", `{"move":"c3"}`)
	st := postAs[KillAllState](t, ts, "/api/killallgo/put", `{"move":"e5"}`)
	if st.Handicap != 2 || st.Phase != kagSetup || strings.Count(st.Board, "X") != 2 {
		t.Fatalf("after two handicap stones: %+v", st)
	}
	if status, msg := refused(t, ts, http.MethodPost, "/api/killallgo/put", "application/json", `{"move":"c3"}`); status != 409 || !strings.Contains(msg, "occupied") {
		t.Errorf("a stone on a stone: %d %q", status, msg)
	}
	if status, _ := refused(t, ts, http.MethodPost, "/api/killallgo/move", "application/json", `{"move":"d4"}`); status != 409 {
		t.Errorf("a move before the start: %d, want 409", status)
	}
	postAs[KillAllState](t, ts, "/api/killallgo/start", ``)
	ready := func(s KillAllState) bool { return s.Over || s.YourTurn }
	version := func(s KillAllState) uint64 { return s.Version }
	for i := 0; i < 300; i++ {
		st = waitGame(t, ts, "/api/killallgo/state", version, ready)
		if st.Over {
			break
		}
		if i == 0 {
			// A move out of turn is refused while the engine has not
			// answered yet: here, a pass, which black may never make.
			if status, msg := refused(t, ts, http.MethodPost, "/api/killallgo/move", "application/json", `{"move":"pass"}`); status != 409 || !strings.Contains(msg, "pass") {
				t.Errorf("black's pass: %d %q, want 409", status, msg)
			}
		}
		st = postAs[KillAllState](t, ts, "/api/killallgo/move", `{"move":"`+st.Legal[0]+`"}`)
	}
	if !st.Over || (st.Winner != "black" && st.Winner != "white") || st.Reason == "" {
		t.Fatalf("the game did not end with a winner and a reason: %+v", st)
	}
	if st.Winner == "black" && strings.Contains(st.Board, "O") {
		t.Errorf("black won with white stones on the board: %s", st.Board)
	}
	if st.Winner == "white" && !strings.Contains(st.Reason, "no legal move") && !strings.Contains(st.Reason, "cap") {
		t.Errorf("white won for %q", st.Reason)
	}
	if status, _ := refused(t, ts, http.MethodPost, "/api/killallgo/move", "application/json", `{"move":"a1"}`); status != 409 {
		t.Errorf("a move after the end: %d, want 409", status)
	}
}

// TestEinsteinGame plays a whole game against the agent through the API,
// the person as blue (the agent opens), always its first legal move.
func TestEinsteinGame(t *testing.T) {
	_, ts := startEngineServer(t)
	st := postAs[EinsteinState](t, ts, "/api/einstein/new", `{"color":"blue","layout":"123456"}`)
	if st.Layout != "123456" || st.Human != "blue" {
		t.Fatalf("new game: %+v", st)
	}
	ready := func(s EinsteinState) bool { return s.Over || s.YourTurn }
	version := func(s EinsteinState) uint64 { return s.Version }
	for i := 0; i < 200; i++ {
		st = waitGame(t, ts, "/api/einstein/state", version, ready)
		if st.Over {
			break
		}
		// The cubes that may move are the turn's: odd numbers in odd
		// turns.
		for _, m := range st.Moves {
			if m.Cube%2 != st.Turn%2 {
				t.Fatalf("turn %d offers cube %d", st.Turn, m.Cube)
			}
		}
		m := st.Moves[0]
		st = postAs[EinsteinState](t, ts, "/api/einstein/move", `{"from":"`+m.From+`","to":"`+m.To+`"}`)
	}
	if !st.Over || (st.Winner != "red" && st.Winner != "blue") {
		t.Fatalf("the game did not end with a winner: %+v", st)
	}
}

// TestEngineGamesRefusals sends what the Kill-All Go and Einstein APIs
// must refuse and checks the status, the message and that nothing changed.
func TestEngineGamesRefusals(t *testing.T) {
	s, ts := startEngineServer(t)
	// The person moves second in both, so the engines open: wait for it.
	kag := postAs[KillAllState](t, ts, "/api/killallgo/new", `{"color":"white"}`)
	ein := postAs[EinsteinState](t, ts, "/api/einstein/new", `{"color":"red","layout":"654321"}`)
	cases := []struct {
		method, path, ctype, body string
		status                    int
		want                      string
	}{
		{"GET", "/api/killallgo/move", "", "", 405, "takes POST"},
		{"GET", "/api/einstein/move", "", "", 405, "takes POST"},
		{"POST", "/api/killallgo/put", "text/plain", `{"move":"c3"}`, 415, "content type"},
		{"POST", "/api/einstein/move", "text/plain", `{"from":"a5","to":"b5"}`, 415, "content type"},
		{"POST", "/api/killallgo/put", "application/json", `{"move":`, 400, "malformed JSON"},
		{"POST", "/api/einstein/move", "application/json", `{"from":"a5"`, 400, "malformed JSON"},
		{"POST", "/api/killallgo/put", "application/json", `{"move":"h8"}`, 400, "a1..g7"},
		{"POST", "/api/einstein/move", "application/json", `{"from":"f1","to":"a1"}`, 400, "a1..e5"},
		{"POST", "/api/killallgo/put", "application/json", `{"move":"c3"}` + strings.Repeat(" ", maxBody), 413, "over"},
		{"POST", "/api/einstein/move", "application/json", `{"from":"a5","to":"b5"}` + strings.Repeat(" ", maxBody), 413, "over"},
		{"POST", "/api/killallgo/move", "application/json", `{"move":"c3"}`, 409, "not started"},
		{"POST", "/api/einstein/move", "application/json", `{"from":"e1","to":"d1"}`, 409, "no red cube"},
		{"POST", "/api/einstein/move", "application/json", `{"from":"a5","to":"c3"}`, 409, "one step"},
		{"POST", "/api/einstein/new", "application/json", `{"layout":"112345"}`, 400, "layout"},
		{"POST", "/api/einstein/new", "application/json", `{"color":"green"}`, 400, "green"},
		{"POST", "/api/killallgo/undo", "application/json", ``, 409, "nothing to undo"},
		{"POST", "/api/einstein/undo", "application/json", ``, 409, "nothing to undo"},
	}
	for _, tc := range cases {
		status, msg := refused(t, ts, tc.method, tc.path, tc.ctype, tc.body)
		if status != tc.status || !strings.Contains(msg, tc.want) {
			t.Errorf("%s %s %q: %d %q, want %d naming %q", tc.method, tc.path, tc.body, status, msg, tc.status, tc.want)
		}
	}
	url := serveLoopback(t, s)
	crossSiteRefused(t, url, "api/killallgo/put", `{"move":"c3"}`)
	crossSiteRefused(t, url, "api/einstein/new", `{}`)
	if after := getAs[KillAllState](t, ts, "/api/killallgo/state"); after.Version != kag.Version {
		t.Errorf("the refusals changed the Kill-All Go game: version %d -> %d", kag.Version, after.Version)
	}
	if after := getAs[EinsteinState](t, ts, "/api/einstein/state"); after.Version != ein.Version {
		t.Errorf("the refusals changed the Einstein game: version %d -> %d", ein.Version, after.Version)
	}
}

// TestEngineSearchAbandoned: a new game while an engine thinks (for up to
// a minute) stops its search at once and drops its move: the server
// closes promptly and the new game is as it was made.
func TestEngineSearchAbandoned(t *testing.T) {
	s, ts := serveWith(t, firstLegal{}, Options{ThinkTime: MaxThinkMillis * time.Millisecond, Engines: Engines{Seed: 1}})

	postAs[KillAllState](t, ts, "/api/killallgo/new", `{"color":"black"}`)
	if st := postAs[KillAllState](t, ts, "/api/killallgo/start", ``); !st.Thinking {
		t.Fatalf("after the start the engine (white) should think: %+v", st)
	}
	kag := postAs[KillAllState](t, ts, "/api/killallgo/new", `{}`)
	if st := postAs[EinsteinState](t, ts, "/api/einstein/new", `{"color":"blue"}`); !st.Thinking {
		t.Fatalf("with the person blue the agent (red) should think: %+v", st)
	}
	ein := postAs[EinsteinState](t, ts, "/api/einstein/new", `{"color":"red"}`)
	if kag.Thinking || ein.Thinking {
		t.Fatalf("a new game left an engine thinking: %v %v", kag.Thinking, ein.Thinking)
	}
	closed := make(chan struct{})
	go func() {
		s.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(testTimeout):
		t.Fatal("the abandoned searches (a minute each) did not stop within 10 s")
	}
	if st := getAs[KillAllState](t, ts, "/api/killallgo/state"); st.Version != kag.Version || st.Plies != 0 || st.Board != kag.Board {
		t.Errorf("the abandoned Kill-All Go search changed the new game: %+v", st)
	}
	if st := getAs[EinsteinState](t, ts, "/api/einstein/state"); st.Version != ein.Version || st.Record != "" {
		t.Errorf("the abandoned Einstein search changed the new game: %+v", st)
	}
}

// TestEinsteinStatusNamesMovableCubes: the status names the cubes the
// person can move, not the turn's three. Red to move in turn 1 (cubes 1,
// 3 and 5): cube 3 is captured and cube 5, in the north-east corner, has
// its own cube 2 on its one step (south), so only cube 1 can move.
func TestEinsteinStatusNamesMovableCubes(t *testing.T) {
	s, ts := startEngineServer(t)
	pos, err := einstein.Parse("R1 . . . R5\n. . . . R2\n. . . . .\n. . . . .\n. . . . B1\nturn 1 red\n")
	if err != nil {
		t.Fatal(err)
	}
	e := s.einstein
	e.mu.Lock()
	e.m.pos, e.m.moves, e.m.human = pos, nil, einstein.Red
	e.mu.Unlock()
	st := getAs[EinsteinState](t, ts, "/api/einstein/state")
	if want := "Your move (red), turn 1: cube 1."; st.Status != want {
		t.Errorf("status %q, want %q", st.Status, want)
	}
	for _, m := range st.Moves {
		if m.Cube != 1 {
			t.Errorf("the moves offer cube %d (%s to %s), which cannot move", m.Cube, m.From, m.To)
		}
	}
	if fmt.Sprint(st.Cubes) != "[1 3 5]" {
		t.Errorf("the turn's cubes are %v, want [1 3 5] (the Kari die)", st.Cubes)
	}
	for _, c := range []struct {
		cubes []int
		want  string
	}{{[]int{1, 1, 5}, "cube 1 or 5"}, {[]int{2, 4, 4, 6}, "cube 2, 4 or 6"}, {[]int{3}, "cube 3"}} {
		var ms []EinsteinMove
		for _, n := range c.cubes {
			ms = append(ms, EinsteinMove{Cube: n})
		}
		if got := cubeChoice(ms); got != c.want {
			t.Errorf("cubeChoice(%v) = %q, want %q", c.cubes, got, c.want)
		}
	}
}
