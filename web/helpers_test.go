package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/bits"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// firstLegal is a fast fake engine: it plays the lowest legal square and
// reports made-up statistics derived from the position.
type firstLegal struct{}

func (firstLegal) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	moves := g.Position().Moves()
	if moves == 0 {
		return thinking.Thought{Move: othello.Pass}, nil
	}
	m := othello.Move(bits.TrailingZeros64(moves))
	return thinking.Thought{
		Move:     m,
		Playouts: int64(100 * bits.OnesCount64(moves)),
		WinRate:  0.25,
		PV:       []othello.Move{m},
		Elapsed:  time.Millisecond,
		Summary:  "fake",
	}, nil
}

// gated is a fake engine that thinks until released (or until its context
// ends), so tests can act while it thinks. started receives the game it
// was given.
type gated struct {
	started chan *othello.Game
	release chan struct{}
	once    sync.Once
}

func newGated() *gated {
	return &gated{started: make(chan *othello.Game, 16), release: make(chan struct{})}
}

func (t *gated) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	t.started <- g
	select {
	case <-t.release:
	case <-ctx.Done():
	}
	return firstLegal{}.Think(ctx, g)
}

// open lets every search, running or future, return.
func (t *gated) open() { t.once.Do(func() { close(t.release) }) }

// thinkerFunc adapts a function to thinking.Thinker.
type thinkerFunc func(ctx context.Context, g *othello.Game) (thinking.Thought, error)

func (f thinkerFunc) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	return f(ctx, g)
}

// testTimeout bounds every wait of a test.
const testTimeout = 10 * time.Second

// startServer serves a new Server over httptest on 127.0.0.1:0, closed at
// the end of the test. The think time is short for fast fakes, and the
// longest possible for a gated one, so that its search ends when the test
// says and not by the clock.
func startServer(t *testing.T, th thinking.Thinker) (*Server, *httptest.Server) {
	t.Helper()
	think := 20 * time.Millisecond
	if _, ok := th.(*gated); ok {
		think = MaxThinkMillis * time.Millisecond
	}
	return serveWith(t, th, Options{ThinkTime: think})
}

// serveWith serves a new Server with opt over httptest on 127.0.0.1:0,
// closed at the end of the test.
func serveWith(t *testing.T, th thinking.Thinker, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(th, opt)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ts := httptest.NewServer(s)
	ts.Client().Timeout = testTimeout
	// Cleanups run last first: Close ends the long polls, then the
	// listener can close without waiting for them.
	t.Cleanup(ts.Close)
	t.Cleanup(s.Close)
	return s, ts
}

// request sends a request with an optional JSON body and returns the
// status and the body.
func request(t *testing.T, ts *httptest.Server, method, path, contentType, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return resp.StatusCode, raw
}

// post sends a JSON request that must succeed and returns the state.
func post(t *testing.T, ts *httptest.Server, path, body string) State {
	t.Helper()
	status, raw := request(t, ts, http.MethodPost, path, "application/json", body)
	if status != http.StatusOK {
		t.Fatalf("POST %s %s: status %d, want 200; body %s", path, body, status, raw)
	}
	return decodeState(t, raw)
}

// refused sends a request that must fail and returns its status and its
// error message.
func refused(t *testing.T, ts *httptest.Server, method, path, contentType, body string) (int, string) {
	t.Helper()
	status, raw := request(t, ts, method, path, contentType, body)
	var e map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&e); err != nil {
		t.Fatalf("%s %s: error body %q is not JSON: %v", method, path, raw, err)
	}
	msg, ok := e["error"].(string)
	if !ok || len(e) != 1 {
		t.Fatalf("%s %s: error body %s, want exactly {\"error\": \"...\"}", method, path, raw)
	}
	return status, msg
}

// getState returns the current state.
func getState(t *testing.T, ts *httptest.Server) State {
	t.Helper()
	status, raw := request(t, ts, http.MethodGet, "/api/state", "", "")
	if status != http.StatusOK {
		t.Fatalf("GET /api/state: status %d, want 200; body %s", status, raw)
	}
	return decodeState(t, raw)
}

func decodeState(t *testing.T, raw []byte) State {
	t.Helper()
	var st State
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		t.Fatalf("state %s: %v", raw, err)
	}
	return st
}

// waitFor long-polls the state until cond holds, for at most testTimeout
// and a bounded number of changes.
func waitFor(t *testing.T, ts *httptest.Server, what string, cond func(State) bool) State {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	st := getState(t, ts)
	for i := 0; i < 1000 && time.Now().Before(deadline); i++ {
		if cond(st) {
			return st
		}
		status, raw := request(t, ts, http.MethodGet, "/api/state?wait="+itoa(st.Version), "", "")
		if status != http.StatusOK {
			t.Fatalf("long poll: status %d, body %s", status, raw)
		}
		st = decodeState(t, raw)
	}
	t.Fatalf("waiting for %s: gave up; last state %+v", what, st)
	return st
}

func itoa(v uint64) string { return strconv.FormatUint(v, 10) }

// replay plays a state's record from its start position and returns the
// position reached, checking on the way that every move was legal.
func replay(t *testing.T, st State) othello.Position {
	t.Helper()
	start, err := othello.ParsePosition(st.Start)
	if err != nil {
		t.Fatalf("start %q: %v", st.Start, err)
	}
	moves, err := othello.ParseMoves(st.Record)
	if err != nil {
		t.Fatalf("record %q: %v", st.Record, err)
	}
	g := othello.NewGame()
	if err := g.SetPosition(start, 0); err != nil {
		t.Fatalf("start %q: %v", st.Start, err)
	}
	if err := g.PlayAll(moves); err != nil {
		t.Fatalf("record %q is not a legal game: %v", st.Record, err)
	}
	return g.Position()
}

// errThinker is a search that fails.
var errThinker = errors.New("search exploded")
