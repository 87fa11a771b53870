package otp

import (
	"context"
	"errors"
	"net"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

func TestSplitMessage(t *testing.T) {
	cases := []struct {
		msg  string
		want []string
	}{
		{"name", []string{"name"}},
		{"name\n", []string{"name"}},
		{"genmove \r\n", []string{"genmove"}},
		{"", []string{""}},
		{"\n\r\n", []string{""}},
		{"  play 2 3", []string{"  play 2 3"}},
		{"name\nclear_board", []string{"name", "clear_board"}},
		{"undo\r\n\r\nfinal_score \nquit\n", []string{"undo", "final_score", "quit"}},
		// strlen+1 bytes: the NUL of a C string.
		{"name\x00", []string{"name"}},
		{"play 2 3\r\n\x00", []string{"play 2 3"}},
		{"name\x00\nquit\x00", []string{"name", "quit"}},
		{"pl\x00ay 2 3", []string{"pl\x00ay 2 3"}},
	}
	for _, c := range cases {
		if got := splitMessage(c.msg); !reflect.DeepEqual(got, c.want) {
			t.Errorf("splitMessage(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
}

// TestServeLinesOverlongLine checks that a line far longer than any command
// gets one "unknown command" and that the next line is read normally.
func TestServeLinesOverlongLine(t *testing.T) {
	s, _ := testSession(t, &fakeThinker{}, nil)
	in := "play 2 3 " + strings.Repeat("9", 100_000) + "\nname\n"
	var out strings.Builder
	if err := ServeLines(context.Background(), s, strings.NewReader(in), &out); err != nil {
		t.Fatalf("ServeLines: %v", err)
	}
	if want := "unknown command\nname golden\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	if s.Game().Len() != 0 {
		t.Errorf("%d plies played, want 0", s.Game().Len())
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestServeLinesWriteError(t *testing.T) {
	s, _ := testSession(t, &fakeThinker{}, nil)
	err := ServeLines(context.Background(), s, strings.NewReader("name\n"), failingWriter{})
	if err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Errorf("ServeLines to a failing writer: %v, want the write error", err)
	}
}

func TestServeConnOverlongMessage(t *testing.T) {
	s, _ := testSession(t, &fakeThinker{}, nil)
	judge, done := startConnSession(t, s)
	msg := "name " + strings.Repeat("x", 4000)
	if _, err := judge.Write([]byte(msg)); err != nil {
		t.Fatal(err)
	}
	if got, want := readN(t, judge, len("unknown command")), "unknown command"; got != want {
		t.Errorf("reply to a %d-byte message: %q, want %q", len(msg), got, want)
	}
	judge.Write([]byte("quit"))
	if got := readN(t, judge, 4); got != "quit" {
		t.Errorf("reply to quit: %q", got)
	}
	if err := waitDone(t, done); err != nil {
		t.Errorf("ServeConn: %v, want nil after quit", err)
	}
}

func TestServeConnStopsWithContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	s, _ := testSession(t, &fakeThinker{}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		conn, err := DialJudge(ctx, ln.Addr().String(), 5*time.Second, nil)
		if err != nil {
			done <- err
			return
		}
		defer conn.Close()
		done <- ServeConn(ctx, s, conn)
	}()
	judge, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer judge.Close()
	cancel()
	if err := waitDone(t, done); !errors.Is(err, context.Canceled) {
		t.Errorf("ServeConn after cancel: %v, want context.Canceled", err)
	}
}

// freeAddr returns a loopback address whose port the system just chose and
// released, for a judge that starts late. Another program could take the
// port in between; on a test machine that is rare enough.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestDialJudgeRetriesUntilJudgeListens(t *testing.T) {
	addr := freeAddr(t)
	type result struct {
		conn net.Conn
		err  error
	}
	got := make(chan result, 1)
	go func() {
		c, err := DialJudge(context.Background(), addr, 10*time.Second, nil)
		got <- result{c, err}
	}()
	time.Sleep(300 * time.Millisecond) // the judge starts a moment after the engine
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("port of %s was taken meanwhile: %v", addr, err)
	}
	defer ln.Close()
	select {
	case r := <-got:
		if r.err != nil {
			t.Fatalf("DialJudge: %v, want a connection once the judge listens", r.err)
		}
		r.conn.Close()
	case <-time.After(10 * time.Second):
		t.Fatal("DialJudge did not connect within 10 s of the judge listening")
	}
}

func TestDialJudgeGivesUp(t *testing.T) {
	addr := freeAddr(t)
	_, err := DialJudge(context.Background(), addr, 300*time.Millisecond, nil)
	if err == nil {
		t.Fatal("DialJudge to a closed port succeeded, want an error")
	}
	for _, want := range []string{addr, "gave up"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	// Every attempt was refused; the last one, cut short by the deadline,
	// must not hide that behind a timeout.
	if !errors.Is(err, syscall.ECONNREFUSED) || strings.Contains(err.Error(), "timeout") {
		t.Errorf("error %q, want the real cause, connection refused, and no timeout", err)
	}
}

func TestDialJudgeBadAddress(t *testing.T) {
	if _, err := DialJudge(context.Background(), "no-port-here", time.Minute, nil); err == nil {
		t.Error("DialJudge(\"no-port-here\") succeeded, want an address error")
	}
}

// TestServeConnHangUpDuringGenmove has the judge send genmove and hang up
// while the engine thinks: the search must be cancelled at once, not when
// its think time runs out, and ServeConn must report the hang-up.
func TestServeConnHangUpDuringGenmove(t *testing.T) {
	started := make(chan struct{})
	cancelled := make(chan time.Time, 1)
	th := &fakeThinker{think: func(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
		close(started)
		<-ctx.Done() // a search that stops only when told
		cancelled <- time.Now()
		return thinking.Thought{Move: highestMove(g.Position())}, nil
	}}
	const think = time.Minute
	core, logs := observer.New(zapcore.DebugLevel)
	s, err := NewSession(SessionConfig{Name: "watcher", Thinker: th, ThinkTime: think, Logger: zap.New(core)})
	if err != nil {
		t.Fatal(err)
	}
	judge, done := startConnSession(t, s)
	if _, err := judge.Write([]byte("genmove")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-time.After(5 * time.Second):
		t.Fatal("the engine did not start thinking")
	}
	hungUp := time.Now()
	judge.Close()
	// waitDone gives up after 5 s, far below the minute of think time.
	if err := waitDone(t, done); !errors.Is(err, ErrClosedByJudge) {
		t.Errorf("ServeConn after the judge hung up during genmove: %v, want ErrClosedByJudge", err)
	}
	select {
	case at := <-cancelled:
		if lag := at.Sub(hungUp); lag > 2*time.Second {
			t.Errorf("the search was cancelled %v after the hang-up, want at once", lag)
		}
	default:
		t.Error("ServeConn returned but the search was never cancelled")
	}
	if n := logs.FilterMessageSnippet("the judge hung up while the engine was answering").Len(); n != 1 {
		t.Errorf("%d log lines about the hang-up, want 1: %v", n, logs.All())
	}
}

// TestServeConnQuitThenHangUp has the judge send quit and close at once,
// without reading the reply: the session still ends cleanly.
func TestServeConnQuitThenHangUp(t *testing.T) {
	s, _ := testSession(t, &fakeThinker{}, nil)
	judge, done := startConnSession(t, s)
	if _, err := judge.Write([]byte("quit")); err != nil {
		t.Fatal(err)
	}
	judge.Close()
	if err := waitDone(t, done); err != nil {
		t.Errorf("ServeConn after quit and a hang-up: %v, want nil", err)
	}
}
