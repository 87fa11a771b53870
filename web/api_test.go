package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/thinking"
)

// TestRefusals sends every kind of bad request and checks the status, the
// message, and that the game did not change.
func TestRefusals(t *testing.T) {
	const js = "application/json"
	cases := []struct {
		name, method, path, ctype, body string
		status                          int
		msg                             string
	}{
		{"occupied square", "POST", "/api/move", js, `{"move":"d4"}`, 409, "illegal move"},
		{"no flip", "POST", "/api/move", js, `{"move":"a1"}`, 409, "illegal move: a1 (x y = 0 0) is not a legal move for black"},
		{"pass with moves", "POST", "/api/move", js, `{"move":"pass"}`, 409, "pass while a legal move exists"},
		{"off the board", "POST", "/api/move", js, `{"move":"z9"}`, 400, `square "z9"`},
		{"missing move", "POST", "/api/move", js, `{}`, 400, "move is missing"},
		{"truncated JSON", "POST", "/api/move", js, `{"move":`, 400, "malformed JSON"},
		{"trailing data", "POST", "/api/move", js, `{"move":"d3"} {}`, 400, "more data after the object"},
		{"unknown field", "POST", "/api/move", js, `{"mov":"d3"}`, 400, `unknown field "mov"`},
		{"wrong type", "POST", "/api/move", js, `{"move":5}`, 400, `field "move": want a string`},
		{"not an object", "POST", "/api/move", js, `["d3"]`, 400, "want a JSON object"},
		{"a field twice", "POST", "/api/move", js, `{"move":"d3","move":"c4"}`, 400, `malformed JSON: field "move" given twice`},
		{"a field twice, apart", "POST", "/api/new", js, `{"color":"white","thinkMillis":50,"color":"black"}`, 400, `field "color" given twice`},
		{"empty body", "POST", "/api/move", js, ``, 400, "body is empty"},
		{"no content type", "POST", "/api/move", "", `{"move":"d3"}`, 415, "Content-Type: application/json"},
		{"form post", "POST", "/api/move", "text/plain", `{"move":"d3"}`, 415, `content type "text/plain"`},
		{"too large", "POST", "/api/move", js, `{"move":"` + strings.Repeat(" ", maxBody) + `"}`, 413, "over 4096 bytes"},
		{"GET a POST route", "GET", "/api/move", "", "", 405, "/api/move takes POST, not GET"},
		{"POST the state", "POST", "/api/state", js, `{}`, 405, "/api/state takes GET, not POST"},
		{"unknown route", "GET", "/api/nope", "", "", 404, "unknown route /api/nope"},
		{"bad wait", "GET", "/api/state?wait=soon", "", "", 400, `wait="soon"`},
		{"bad colour", "POST", "/api/new", js, `{"color":"green"}`, 400, `color "green"`},
		{"think too short", "POST", "/api/new", js, `{"thinkMillis":0}`, 400, "thinkMillis 0 is out of range"},
		{"think too long", "POST", "/api/settings", js, `{"thinkMillis":3600000}`, 400, "out of range"},
		{"no think time", "POST", "/api/settings", js, `{}`, 400, "thinkMillis is missing"},
		{"short board", "POST", "/api/load", js, `{"board":"XO","side":"X"}`, 400, "board string has 2 characters, want 64"},
		{"bad board character", "POST", "/api/load", js, `{"board":"` + strings.Repeat("Z", 64) + `","side":"X"}`, 400, `is 'Z', want X, O or -`},
		{"bad side", "POST", "/api/load", js, `{"board":"` + strings.Repeat("-", 64) + `","side":"Q"}`, 400, `side "Q"`},
		{"no side", "POST", "/api/load", js, `{"board":"` + strings.Repeat("-", 64) + `"}`, 400, "side is missing"},
		{"load bad colour", "POST", "/api/load", js, `{"board":"` + strings.Repeat("-", 64) + `","side":"X","color":"red"}`, 400, `color "red"`},
		{"nothing to undo", "POST", "/api/undo", js, "", 409, "nothing to undo"},
		{"analyze with a field", "POST", "/api/analyze", js, `{"thinkMillis":5}`, 400, `unknown field "thinkMillis"`},
		{"analyze as a form", "POST", "/api/analyze", "application/x-www-form-urlencoded", "", 415, "even with an empty body"},
		{"GET analyze", "GET", "/api/analyze", "", "", 405, "/api/analyze takes POST, not GET"},
		{"stop, nothing to stop", "POST", "/api/analyze/stop", js, "", 409, "no analysis to stop"},
		{"stop, malformed", "POST", "/api/analyze/stop", js, "{", 400, "malformed JSON"},
	}
	_, ts := startServer(t, firstLegal{})
	// Make the state not the initial one, so a reset would show.
	post(t, ts, "/api/move", `{"move":"d3"}`)
	before := waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	post(t, ts, "/api/undo", "")
	before = getState(t, ts)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, msg := refused(t, ts, c.method, c.path, c.ctype, c.body)
			if status != c.status || !strings.Contains(msg, c.msg) {
				t.Errorf("%s %s %s: %d %q, want %d and a message containing %q", c.method, c.path, c.body, status, msg, c.status, c.msg)
			}
			if msg != strings.TrimSpace(msg) || msg == "" {
				t.Errorf("message %q, want a clean sentence", msg)
			}
			if after := getState(t, ts); !reflect.DeepEqual(after, before) {
				t.Errorf("state changed:\n got %+v\nwant %+v", after, before)
			}
		})
	}
}

func TestMethodNotAllowedHeader(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	resp, err := ts.Client().Get(ts.URL + "/api/new")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
		t.Errorf("GET /api/new: %d Allow %q, want 405 and POST", resp.StatusCode, resp.Header.Get("Allow"))
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("content type %q, want JSON", ct)
	}
}

// TestMoveWhileEngineToMove refuses a move when the engine is to move.
func TestMoveWhileEngineToMove(t *testing.T) {
	th := newGated()
	_, ts := startServer(t, th)
	before := post(t, ts, "/api/new", `{"color":"white"}`)
	if !before.Thinking || before.Turn != "black" {
		t.Fatalf("new game as white: thinking %v turn %q, want the engine (black) thinking", before.Thinking, before.Turn)
	}
	status, msg := refused(t, ts, http.MethodPost, "/api/move", "application/json", `{"move":"d3"}`)
	if status != http.StatusConflict || !strings.Contains(msg, "engine is thinking") {
		t.Errorf("move on the engine's turn: %d %q, want 409 \"engine is thinking\"", status, msg)
	}
	// Undo with nothing to undo must not stop the search either.
	if status, _ := refused(t, ts, http.MethodPost, "/api/undo", "application/json", ""); status != http.StatusConflict {
		t.Errorf("undo: status %d, want 409", status)
	}
	if after := getState(t, ts); !reflect.DeepEqual(after, before) {
		t.Errorf("state changed:\n got %+v\nwant %+v", after, before)
	}
}

// TestNewGameDuringSearch starts a new game while the engine thinks: the
// old search's move must not land on the new game.
func TestNewGameDuringSearch(t *testing.T) {
	th := newGated()
	s, ts := startServer(t, th)
	post(t, ts, "/api/move", `{"move":"c4"}`)
	st := post(t, ts, "/api/new", `{"color":"black","thinkMillis":500}`)
	if st.Thinking || st.Record != "" || st.ThinkMillis != 500 || !st.YourTurn || st.Version <= 1 {
		t.Fatalf("new game: thinking %v record %q think %d yourTurn %v", st.Thinking, st.Record, st.ThinkMillis, st.YourTurn)
	}
	th.open()
	s.Close()
	if got := getState(t, ts); got.Record != "" || got.Version != st.Version {
		t.Errorf("after the old search returned: record %q version %d, want \"\" and %d", got.Record, got.Version, st.Version)
	}
}

// TestCancelledSearchLogged cancels the engine's search in each way the
// person can (new game, undo, load) with a search that fails when it is
// cancelled, and checks that the log calls it a cancellation, at debug
// level, not a failed search.
func TestCancelledSearchLogged(t *testing.T) {
	started := make(chan struct{}, 8)
	th := thinkerFunc(func(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
		started <- struct{}{}
		<-ctx.Done()
		return thinking.Thought{}, ctx.Err()
	})
	core, logs := observer.New(zapcore.DebugLevel)
	s, ts := serveWith(t, th, Options{ThinkTime: MaxThinkMillis * time.Millisecond, Logger: zap.New(core)})
	startPos := `"board":"` + othello.Start().Board64() + `","side":"X"`
	for _, c := range []struct{ path, body string }{
		{"/api/new", `{}`},
		{"/api/undo", ``},
		{"/api/load", `{` + startPos + `}`},
	} {
		post(t, ts, "/api/move", `{"move":"f5"}`)
		select {
		case <-started:
		case <-time.After(testTimeout):
			t.Fatal("the engine did not start thinking")
		}
		if st := post(t, ts, c.path, c.body); st.Thinking || st.Record != "" {
			t.Fatalf("POST %s while thinking: thinking %v record %q, want the search stopped", c.path, st.Thinking, st.Record)
		}
	}
	s.Close() // waits for the cancelled searches to return and log
	for _, e := range logs.All() {
		if e.Level >= zapcore.WarnLevel {
			t.Errorf("logged %v %q %v; a cancelled search is not a failure", e.Level, e.Message, e.ContextMap())
		}
	}
	if n := logs.FilterMessageSnippet("search cancelled").FilterLevelExact(zapcore.DebugLevel).Len(); n != 3 {
		t.Errorf("%d debug lines \"search cancelled\", want 3", n)
	}
}

func TestSettings(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	before := getState(t, ts)
	st := post(t, ts, "/api/settings", `{"thinkMillis":2500}`)
	if st.ThinkMillis != 2500 || st.Version <= before.Version || st.Board != before.Board {
		t.Errorf("settings: think %d version %d board %s, want 2500, > %d, unchanged", st.ThinkMillis, st.Version, st.Board, before.Version)
	}
}

// TestThinkDeadline checks that the engine gets the think time as its
// context deadline and a copy of the game.
func TestThinkDeadline(t *testing.T) {
	got := make(chan time.Duration, 1)
	th := thinkerFunc(func(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
		d, ok := ctx.Deadline()
		if !ok {
			got <- -1
		} else {
			got <- time.Until(d)
		}
		g.Reset() // a copy: the server's game must not change
		return firstLegal{}.Think(ctx, othello.NewGame())
	})
	_, ts := startServer(t, th)
	post(t, ts, "/api/new", `{"color":"white","thinkMillis":60000}`)
	select {
	case d := <-got:
		if d <= 50*time.Second || d > 60*time.Second {
			t.Errorf("deadline in %v, want within the 60 s think time", d)
		}
	case <-time.After(testTimeout):
		t.Fatal("the engine was not asked to think")
	}
	st := waitFor(t, ts, "the engine's move", func(s State) bool { return s.YourTurn })
	if len(st.Record) != 2 {
		t.Errorf("record %q, want the engine's one move", st.Record)
	}
}

// TestSearchFailures checks that a failing engine still moves (its first
// legal square) and that the page is told why.
func TestSearchFailures(t *testing.T) {
	cases := []struct {
		name string
		th   thinkerFunc
		msg  string
	}{
		{"error", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{}, errThinker
		}, "search exploded"},
		{"illegal move", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{Move: othello.MoveAt(0, 0)}, nil
		}, "chose a1 (x y = 0 0), which is not legal"},
		{"pass", func(context.Context, *othello.Game) (thinking.Thought, error) {
			return thinking.Thought{Move: othello.Pass}, nil
		}, "chose pass (x y = 8 0), which is not legal"},
		{"panic", func(context.Context, *othello.Game) (thinking.Thought, error) {
			panic("boom")
		}, "the search panicked: boom"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, ts := startServer(t, c.th)
			post(t, ts, "/api/move", `{"move":"d3"}`)
			st := waitFor(t, ts, "the fallback move", func(s State) bool { return s.YourTurn })
			pos := othello.Start().Play(othello.MoveAt(2, 3))
			want := otp.FallbackMove(pos).String()
			if st.Record != "d3"+want {
				t.Errorf("record %q, want d3%s", st.Record, want)
			}
			if st.Thought == nil || !strings.Contains(st.Thought.Error, c.msg) || st.Thought.WinRate != nil ||
				!reflect.DeepEqual(st.Thought.PV, []string{st.Thought.Move}) {
				t.Errorf("thought %+v, want an error containing %q, no win rate and the pv its move", st.Thought, c.msg)
			}
		})
	}
}

func TestWinRateOutOfRange(t *testing.T) {
	for _, rate := range []float64{-0.5, 1.5, nan()} {
		v := newThoughtView(othello.White, thinking.Thought{Move: othello.MoveAt(2, 3), WinRate: rate})
		if v.WinRate != nil {
			t.Errorf("win rate %v shown as %v, want null", rate, *v.WinRate)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Errorf("win rate %v: %v", rate, err)
		}
	}
}

func nan() float64 { var z float64; return z / z }

// TestLongPoll waits for the engine's move with ?wait=.
func TestLongPoll(t *testing.T) {
	th := newGated()
	_, ts := startServer(t, th)
	st := post(t, ts, "/api/move", `{"move":"e6"}`)
	type answer struct {
		st  State
		err error
	}
	done := make(chan answer, 1)
	go func() {
		resp, err := ts.Client().Get(ts.URL + "/api/state?wait=" + itoa(st.Version))
		if err != nil {
			done <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		var a answer
		a.err = json.NewDecoder(resp.Body).Decode(&a.st)
		done <- a
	}()
	select {
	case a := <-done:
		t.Fatalf("the long poll answered before any change: %+v %v", a.st, a.err)
	case <-time.After(50 * time.Millisecond):
	}
	th.open()
	select {
	case a := <-done:
		if a.err != nil {
			t.Fatal(a.err)
		}
		if a.st.Version <= st.Version || a.st.Thinking || len(a.st.Record) != 4 {
			t.Errorf("long poll: version %d thinking %v record %q, want > %d, false, two moves", a.st.Version, a.st.Thinking, a.st.Record, st.Version)
		}
	case <-time.After(testTimeout):
		t.Fatal("the long poll did not answer after the engine moved")
	}
}

func TestPage(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	// Each path, its type, and a string only its own file has.
	for path, want := range map[string][2]string{
		"/":          {"text/html", `href="/einstein"`},
		"/othello":   {"text/html", "<title>Othello"},
		"/go":        {"text/html", "<title>Go:"},
		"/killallgo": {"text/html", "<title>Kill-All Go"},
		"/einstein":  {"text/html", "<title>Einstein"},
		"/app.js":    {"text/javascript", "function renderPlot"},
		"/common.js": {"text/javascript", "function goBoard"},
		"/style.css": {"text/css", "--felt"},
		"/games.css": {"text/css", ".gboard"},
	} {
		resp, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), want[0]) || !strings.Contains(string(body), want[1]) {
			t.Errorf("GET %s: %d %q, %d bytes; want 200 %s with %q", path, resp.StatusCode, resp.Header.Get("Content-Type"), len(body), want[0], want[1])
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q, want default-src 'self'", path, csp)
		}
	}
}

// TestNoExternalRequests checks that no asset names another host: the page
// must work without a network.
func TestNoExternalRequests(t *testing.T) {
	n := 0
	err := fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, path)
		if err != nil {
			return err
		}
		n++
		for _, bad := range []string{"http:", "https:", "//cdn", "@import"} {
			if strings.Contains(string(b), bad) {
				t.Errorf("%s contains %q: the page must not load anything from elsewhere", path, bad)
			}
		}
		return nil
	})
	if err != nil || n < 12 {
		t.Fatalf("walked %d assets, error %v; want the list, the four games' pages and scripts, and the style sheets", n, err)
	}
}

func TestNew(t *testing.T) {
	if _, err := New(nil, Options{}); err == nil {
		t.Error("New(nil): no error, want one")
	}
	if _, err := New(firstLegal{}, Options{ThinkTime: time.Microsecond}); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("New with 1 µs: error %v, want out of range", err)
	}
	s, err := New(firstLegal{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if st := s.snapshot(); st.ThinkMillis != DefaultThinkTime.Milliseconds() || st.Human != "black" || st.Board != othello.Start().Board64() || !st.YourTurn {
		t.Errorf("new server: %+v, want the start, the person black, the default think time", st)
	}
}

// TestServe serves on a real loopback listener and shuts down when the
// context ends, even with a long poll open.
func TestServe(t *testing.T) {
	s, err := New(firstLegal{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	client := &http.Client{Timeout: testTimeout}
	url := "http://" + ln.Addr().String()
	resp, err := client.Get(url + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	var st State
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || st.Board != othello.Start().Board64() {
		t.Fatalf("state over loopback: %+v %v", st, err)
	}
	polled := make(chan error, 1)
	go func() {
		resp, err := client.Get(url + "/api/state?wait=" + itoa(st.Version))
		if err == nil {
			resp.Body.Close()
		}
		polled <- err
	}()
	time.Sleep(20 * time.Millisecond) // let the poll start waiting
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v, want nil after the context ended", err)
		}
	case <-time.After(testTimeout):
		t.Fatal("Serve did not return after the context ended")
	}
	select {
	case <-polled:
	case <-time.After(testTimeout):
		t.Fatal("the long poll was not ended by the shutdown")
	}
	if _, err := client.Get(url + "/api/state"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

func TestListenAndServeBadAddr(t *testing.T) {
	s, err := New(firstLegal{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.ListenAndServe(context.Background(), "127.0.0.1:99999")
	if err == nil || !strings.HasPrefix(err.Error(), "web: ") {
		t.Errorf("ListenAndServe on a bad port: %v, want a web: error", err)
	}
	var ae *net.AddrError
	var oe *net.OpError
	if !errors.As(err, &ae) && !errors.As(err, &oe) {
		t.Errorf("error %v does not wrap the net error", err)
	}
}

// stubborn is a fake engine that returns only when released, whatever its
// context says, and records whether two calls ever overlapped.
type stubborn struct {
	inflight atomic.Int32
	overlap  atomic.Bool
	started  chan struct{}
	release  chan struct{}
}

func (t *stubborn) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	if t.inflight.Add(1) > 1 {
		t.overlap.Store(true)
	}
	defer t.inflight.Add(-1)
	t.started <- struct{}{}
	<-t.release
	return firstLegal{}.Think(ctx, g)
}

// TestOneSearchAtATime abandons a search that does not return at once and
// starts another: the thinker must not be called twice at the same time,
// as thinking.Thinker promises.
func TestOneSearchAtATime(t *testing.T) {
	th := &stubborn{started: make(chan struct{}, 4), release: make(chan struct{})}
	_, ts := startServer(t, th)
	post(t, ts, "/api/new", `{"color":"white"}`)
	select {
	case <-th.started:
	case <-time.After(testTimeout):
		t.Fatal("the first search did not start")
	}
	post(t, ts, "/api/new", `{"color":"white"}`)
	select {
	case <-th.started: // the second call overlaps: reported below
	case <-time.After(100 * time.Millisecond):
	}
	close(th.release)
	st := waitFor(t, ts, "the engine's opening", func(s State) bool { return s.YourTurn })
	if th.overlap.Load() {
		t.Error("the thinker was called while an abandoned search still ran")
	}
	if len(st.Record) != 2 {
		t.Errorf("record %q, want the engine's one opening move", st.Record)
	}
}

func TestRunBadThinker(t *testing.T) {
	err := Run(context.Background(), "127.0.0.1:0", nil, Options{})
	if err == nil || !strings.Contains(err.Error(), "needs a thinker") {
		t.Errorf("Run without a thinker: %v, want \"needs a thinker\"", err)
	}
}

// TestProofShown checks that what the endgame solver proved reaches the
// page's JSON, and that an unproven move says so.
func TestProofShown(t *testing.T) {
	for _, c := range []struct {
		proof     thinking.Proof
		score     int
		wantProof string
		wantScore int
	}{
		{thinking.ProofExact, 6, "exact", 6},
		{thinking.ProofWLD, -1, "wld", -1},
		{thinking.ProofNone, 9, "", 0},
	} {
		v := newThoughtView(othello.White, thinking.Thought{Move: othello.MoveAt(2, 3), WinRate: 1, Proof: c.proof, Score: c.score})
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Proof string `json:"proof"`
			Score int    `json:"score"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if got.Proof != c.wantProof || got.Score != c.wantScore {
			t.Errorf("proof %v %+d: JSON %s; want proof %q score %d", c.proof, c.score, b, c.wantProof, c.wantScore)
		}
	}
}

// TestDuplicateKey checks the scan for a key given twice against objects
// written out by hand: nested, in arrays, and keys that only look alike.
func TestDuplicateKey(t *testing.T) {
	for text, want := range map[string]string{
		`{}`:                                  "",
		`{"a":1,"b":2}`:                       "",
		`{"a":{"a":1},"b":[{"a":1},{"a":2}]}`: "",
		`{"a":"a","b":"a"}`:                   "",
		`{"a":1,"a":2}`:                       "a",
		`{"a":{"b":1,"b":2}}`:                 "b",
		`{"x":[1,{"c":[],"c":{}}]}`:           "c",
		`{"a":{"b":1},"a":3}`:                 "a",
		`{"move":"d3","MOVE":"c4"}`:           "MOVE",
	} {
		if got := duplicateKey([]byte(text)); got != want {
			t.Errorf("duplicateKey(%s) = %q, want %q", text, got, want)
		}
	}
}
