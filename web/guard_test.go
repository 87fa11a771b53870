package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"
)

// send sends req and returns the status and the body.
func send(t *testing.T, c *http.Client, req *http.Request) (int, []byte) {
	t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", req.Method, req.URL.Path, err)
	}
	return resp.StatusCode, raw
}

// TestCrossSiteRefused sends what another web site's page can make a
// browser send, and checks that none of it changes the game, while the
// page's own requests still pass.
func TestCrossSiteRefused(t *testing.T) {
	const js = "application/json"
	_, ts := startServer(t, firstLegal{})
	// A game with a move to undo, so that an accepted undo or new game
	// would show.
	post(t, ts, "/api/move", `{"move":"d3"}`)
	before := waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	self := ts.URL // the page's own origin, http://127.0.0.1:PORT
	cases := []struct {
		name, method, path, ctype, body string
		header                          map[string]string
		status                          int
		msg                             string
	}{
		// A form, or a fetch without preflight, cannot send JSON's type.
		{"bodiless undo, no type", "POST", "/api/undo", "", "", nil, 415, `content type ""`},
		{"bodiless new, form type", "POST", "/api/new", "application/x-www-form-urlencoded", "", nil, 415, "even with an empty body"},
		{"bodiless undo, text", "POST", "/api/undo", "text/plain", "", map[string]string{"Origin": "http://evil.example"}, 403, "cross-site"},
		{"foreign origin", "POST", "/api/new", js, `{}`, map[string]string{"Origin": "http://evil.example"}, 403, `Origin "http://evil.example"`},
		{"other port, same host", "POST", "/api/undo", js, ``, map[string]string{"Origin": "http://127.0.0.1:1"}, 403, "cross-site"},
		{"sandboxed origin", "POST", "/api/undo", js, ``, map[string]string{"Origin": "null"}, 403, "cross-site"},
		{"cross-site fetch", "POST", "/api/new", js, `{}`, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, `Sec-Fetch-Site "cross-site"`},
		{"same-site fetch", "POST", "/api/undo", js, ``, map[string]string{"Sec-Fetch-Site": "same-site"}, 403, "cross-site"},
		{"fetch metadata wins", "POST", "/api/undo", js, ``, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": self}, 403, "cross-site"},
		{"bodiless analyze, no type", "POST", "/api/analyze", "", "", nil, 415, `content type ""`},
		{"cross-site analyze", "POST", "/api/analyze", js, `{}`, map[string]string{"Origin": "http://evil.example"}, 403, "cross-site"},
		{"cross-site stop", "POST", "/api/analyze/stop", js, ``, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross-site"},
		{"post to the page", "POST", "/", js, `{}`, nil, 405, "/ takes GET, not POST"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, err := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
			if err != nil {
				t.Fatal(err)
			}
			if c.ctype != "" {
				req.Header.Set("Content-Type", c.ctype)
			}
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			status, raw := send(t, ts.Client(), req)
			var e errorBody
			if err := json.Unmarshal(raw, &e); err != nil {
				t.Fatalf("body %q is not a JSON error: %v", raw, err)
			}
			if status != c.status || !strings.Contains(e.Error, c.msg) {
				t.Errorf("%d %q, want %d and a message containing %q", status, e.Error, c.status, c.msg)
			}
			if after := getState(t, ts); !reflect.DeepEqual(after, before) {
				t.Errorf("state changed:\n got %+v\nwant %+v", after, before)
			}
		})
	}

	// The page's own requests: same-origin fetch metadata, or an Origin
	// equal to the Host.
	for _, h := range []map[string]string{{"Sec-Fetch-Site": "same-origin"}, {"Origin": self}} {
		req, err := http.NewRequest("POST", ts.URL+"/api/undo", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", js)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		if status, raw := send(t, ts.Client(), req); status != http.StatusOK {
			t.Fatalf("undo with %v: %d %s, want 200", h, status, raw)
		}
		if st := getState(t, ts); st.Record != "" {
			t.Fatalf("undo with %v: record %q, want the move taken back", h, st.Record)
		}
		post(t, ts, "/api/move", `{"move":"d3"}`)
		waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	}
}

// TestLoopbackHostOnly serves on 127.0.0.1 and checks that a request
// naming another host, as after DNS rebinding, is refused, page and API
// alike, while the loopback names pass.
func TestLoopbackHostOnly(t *testing.T) {
	s, err := New(firstLegal{}, Options{ThinkTime: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	port := u.Port()
	client := &http.Client{Timeout: testTimeout}
	cases := []struct {
		method, path, host string
		status             int
	}{
		{"GET", "/api/state", "evil.example:" + port, 403},
		{"GET", "/", "evil.example:" + port, 403},
		{"GET", "/app.js", "evil.example", 403},
		{"POST", "/api/undo", "rebind.evil.example:" + port, 403},
		{"GET", "/api/state", "localhost.evil.example:" + port, 403},
		{"GET", "/api/state", "127.0.0.1.evil.example", 403},
		{"GET", "/api/state", "127.0.0.1:" + port, 200},
		{"GET", "/api/state", "localhost:" + port, 200},
		{"GET", "/", "LOCALHOST", 200},
		{"GET", "/api/state", "[::1]:" + port, 200},
		{"GET", "/api/state", "127.0.0.2:" + port, 200},
	}
	for _, c := range cases {
		req, err := http.NewRequest(c.method, base+strings.TrimPrefix(c.path, "/"), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = c.host
		if c.method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		status, raw := send(t, client, req)
		if status != c.status {
			t.Errorf("%s %s with Host %q: %d %s, want %d", c.method, c.path, c.host, status, raw, c.status)
		}
		if status == http.StatusForbidden && !strings.Contains(string(raw), "answers only to localhost") {
			t.Errorf("%s %s with Host %q: body %s, want the reason", c.method, c.path, c.host, raw)
		}
	}
	if st := s.snapshot(); st.Record != "" || st.Version != 0 {
		t.Errorf("after the refused requests: record %q version %d, want an untouched game", st.Record, st.Version)
	}
}

func TestIsLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "localhost:7122": true, "LocalHost.:80": true, "127.0.0.1": true,
		"127.8.9.10:7122": true, "[::1]:7122": true, "[::1]": true, "::1": true,
		"": false, "evil.example": false, "localhost.evil.example": false, "10.0.0.1:7122": false,
		"[::2]:7122": false, "0.0.0.0:7122": false, "127.0.0.1.nip.io": false,
	} {
		if got := isLoopbackHost(host); got != want {
			t.Errorf("isLoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}
