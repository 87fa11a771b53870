package web

import (
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestLoadEmptyBoard: an empty board is no position of a game; the load
// is refused with a message naming that, and the game is unchanged.
func TestLoadEmptyBoard(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	before := getState(t, ts)
	status, msg := refused(t, ts, http.MethodPost, "/api/load", "application/json",
		`{"board":"`+strings.Repeat("-", 64)+`","side":"X"}`)
	if status != http.StatusBadRequest || !strings.Contains(msg, "no discs") {
		t.Errorf("loading an empty board: %d %q, want 400 naming \"no discs\"", status, msg)
	}
	if after := getState(t, ts); after.Version != before.Version || after.Board != before.Board {
		t.Errorf("the refused load changed the game: version %d -> %d", before.Version, after.Version)
	}
}

// TestThinkTimeRange: a think time out of range, however written, is
// refused with the range and its unit, not a complaint about its type.
func TestThinkTimeRange(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	for _, path := range []string{"/api/settings", "/api/new", "/api/killallgo/settings", "/api/einstein/settings"} {
		for _, v := range []string{"1e12", "5", "-1", "60001"} {
			status, msg := refused(t, ts, http.MethodPost, path, "application/json", `{"thinkMillis":`+v+`}`)
			if status != http.StatusBadRequest || !strings.Contains(msg, "out of range: want the engine's think time in milliseconds, 10 to 60000") {
				t.Errorf("%s thinkMillis %s: %d %q, want 400 with the range in milliseconds", path, v, status, msg)
			}
		}
	}
	// A fraction is a time too: rounded to the millisecond.
	if st := post(t, ts, "/api/settings", `{"thinkMillis":1500.4}`); st.ThinkMillis != 1500 {
		t.Errorf("thinkMillis 1500.4 gives %d ms, want 1500", st.ThinkMillis)
	}
}

// TestPageURL: the URL printed for a listener is one a person can open.
func TestPageURL(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:7122": "http://127.0.0.1:7122/",
		"0.0.0.0:7122":   "http://127.0.0.1:7122/",
		"[::]:7122":      "http://127.0.0.1:7122/",
		"[::1]:80":       "http://[::1]:80/",
		"10.1.2.3:8080":  "http://10.1.2.3:8080/",
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := PageURL(a); got != want {
			t.Errorf("PageURL(%s) = %q, want %q", addr, got, want)
		}
	}
}
