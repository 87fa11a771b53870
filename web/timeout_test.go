package web

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// TestSlowRequestsDropped sends requests that never finish, a body promised
// and not sent, headers never ended, and checks that the server lets go of
// the connection once its read timeout has passed, not when the client
// gives up.
func TestSlowRequestsDropped(t *testing.T) {
	s, err := New(firstLegal{}, Options{ThinkTime: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	const timeout = 300 * time.Millisecond
	s.readTimeout = timeout
	u, err := url.Parse(serveLoopback(t, s))
	if err != nil {
		t.Fatal(err)
	}
	// clientPatience is how long the client waits: far beyond the
	// timeout, far below the 40 s a stuck connection used to last.
	const clientPatience = 5 * time.Second
	cases := []struct {
		name, request, reply string
	}{
		{"body promised", "POST /api/move HTTP/1.1\r\nHost: " + u.Host +
			"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"mo",
			"HTTP/1.1 408 "},
		{"headers unfinished", "GET /api/state HTTP/1.1\r\nHost: " + u.Host + "\r\nX-Slow: 1", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The server's read timeout runs from its accept, which comes
			// after the dial starts and may come before it returns: timed
			// from the dial's start, the hold is never short of it.
			start := time.Now()
			conn, err := net.DialTimeout("tcp", u.Host, testTimeout)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, c.request); err != nil {
				t.Fatal(err)
			}
			_ = conn.SetReadDeadline(start.Add(clientPatience))
			reply, err := io.ReadAll(conn)
			held := time.Since(start)
			if errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatalf("the server still held the connection after %v (read timeout %v); it sent %q", held, timeout, reply)
			}
			if held < timeout {
				t.Errorf("the server dropped the connection after %v, before its read timeout %v", held, timeout)
			}
			if !strings.HasPrefix(string(reply), c.reply) {
				t.Errorf("reply %q, want it to start with %q", reply, c.reply)
			}
		})
	}
	if st := s.snapshot(); st.Record != "" {
		t.Errorf("record %q after requests that never finished, want none", st.Record)
	}
}

// TestLongPollOutlivesReadTimeout checks that the read timeout bounds the
// reading of a request, not the answer: a long poll still waits for the
// change that comes after the timeout.
func TestLongPollOutlivesReadTimeout(t *testing.T) {
	s, err := New(firstLegal{}, Options{ThinkTime: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	const timeout = 200 * time.Millisecond
	s.readTimeout = timeout
	base := serveLoopback(t, s)
	client := &http.Client{Timeout: testTimeout}
	type answer struct {
		st  State
		err error
	}
	got := make(chan answer, 1)
	go func() {
		resp, err := client.Get(base + "api/state?wait=0")
		if err != nil {
			got <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			got <- answer{err: errors.Join(err, errors.New(resp.Status+" "+string(raw)))}
			return
		}
		var a answer
		a.err = json.Unmarshal(raw, &a.st)
		got <- a
	}()
	select {
	case a := <-got:
		t.Fatalf("the long poll returned before any change: %+v %v", a.st, a.err)
	case <-time.After(3 * timeout):
	}
	req, err := http.NewRequest(http.MethodPost, base+"api/move", strings.NewReader(`{"move":"d3"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if status, raw := send(t, client, req); status != http.StatusOK {
		t.Fatalf("move: %d %s", status, raw)
	}
	select {
	case a := <-got:
		if a.err != nil || a.st.Version == 0 || !strings.HasPrefix(a.st.Record, "d3") {
			t.Errorf("long poll answered %+v, %v; want the state after d3", a.st, a.err)
		}
	case <-time.After(testTimeout):
		t.Fatal("the long poll did not return after the move")
	}
}
