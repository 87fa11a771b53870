package client

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/syncbuf"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// scripted is an NBoard engine played by the test: every line the judge
// sends is recorded and handed to react, which writes the engine's
// answer to out (and may close it, as an engine that exits).
type scripted struct {
	mu   sync.Mutex
	got  strings.Builder
	done chan struct{}
}

// received returns every byte the judge sent so far.
func (s *scripted) received() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.got.String()
}

// startScripted returns the judge's view of an engine that answers as
// react says, and the script, which the test's end closes.
func startScripted(t *testing.T, react func(line string, out *io.PipeWriter)) (*Engine, *scripted) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &scripted{done: make(chan struct{})}
	go func() {
		defer close(s.done)
		br := bufio.NewReader(inR)
		for {
			l, err := br.ReadString('\n')
			s.mu.Lock()
			s.got.WriteString(l)
			s.mu.Unlock()
			if err != nil {
				outW.Close()
				return
			}
			react(strings.TrimSuffix(l, "\n"), outW)
		}
	}()
	e := New(inW, outR, nil)
	t.Cleanup(func() {
		e.Close()
		inR.Close()
		<-s.done
	})
	return e, s
}

// answer writes lines to the judge.
func answer(out *io.PipeWriter, lines ...string) {
	for _, l := range lines {
		io.WriteString(out, l+"\n")
	}
}

// pongs answers every ping as the protocol asks.
func pongs(line string, out *io.PipeWriter) bool {
	if n, ok := strings.CutPrefix(line, "ping "); ok {
		answer(out, "pong "+n)
		return true
	}
	return false
}

// startGGF is the standard start position as GGF's BO writes it (NBoard's
// own example session has the same board), black to move.
const startGGF = "BO[8 ---------------------------O*------*O--------------------------- *]"

// A session as the GUI holds one: the hello with the depth, then each move
// asked with the whole game, exactly these bytes; the engine's name and
// both styles of move line (Edax's "=== d6 -1.00 0.0" and NBoard's
// "=== D3/1.5/0.2") are read, the lines around them ignored.
func TestSession(t *testing.T) {
	replies := [][]string{
		{"status Fake is thinking", "nodestats 35805 0.00", "=== d6 -1.00 0.0", "status Fake is waiting"},
		{"=== D3/1.5/0.2"},
	}
	gos := 0
	e, s := startScripted(t, func(line string, out *io.PipeWriter) {
		switch {
		case line == "set depth 8":
			answer(out, "set myname Fake 1.0")
		case pongs(line, out):
		case line == "go":
			answer(out, replies[gos]...)
			gos++
		}
	})
	ctx := t.Context()
	if err := e.Hello(ctx, 8, time.Now().Add(5*time.Second)); err != nil {
		t.Fatalf("Hello: %v", err)
	}
	if e.Name() != "Fake 1.0" {
		t.Errorf("name %q, want Fake 1.0", e.Name())
	}
	// Black's first move is the opening's; white is asked.
	if err := e.ClearBoard(ctx, time.Second); err != nil {
		t.Fatal(err)
	}
	if err := e.Play(ctx, mustSquare(t, "f5"), time.Second); err != nil {
		t.Fatal(err)
	}
	ex, err := e.GenMove(ctx, 5*time.Second)
	if err != nil || ex.Move != mustSquare(t, "d6") || ex.Command != "go" {
		t.Fatalf("first go: %+v, %v; want d6", ex, err)
	}
	if want := "pong 2\nstatus Fake is thinking\nnodestats 35805 0.00\n=== d6 -1.00 0.0\n"; ex.Received != want {
		t.Errorf("received %q, want %q", ex.Received, want)
	}
	if err := e.Play(ctx, mustSquare(t, "c3"), time.Second); err != nil {
		t.Fatal(err)
	}
	if ex, err := e.GenMove(ctx, 5*time.Second); err != nil || ex.Move != mustSquare(t, "d3") {
		t.Fatalf("second go: %+v, %v; want d3", ex, err)
	}
	want := "nboard 2\nset depth 8\nping 1\n" +
		"set game (;GM[Othello]TY[8]RE[?]" + startGGF + "B[F5];)\nping 2\ngo\n" +
		"set game (;GM[Othello]TY[8]RE[?]" + startGGF + "B[F5]W[D6]B[C3];)\nping 3\ngo\n"
	if got := s.received(); got != want {
		t.Errorf("the engine received\n%s\nwant\n%s", got, want)
	}
}

// Without a depth none is sent: the engine keeps its own setting.
func TestHelloWithoutDepth(t *testing.T) {
	e, s := startScripted(t, func(line string, out *io.PipeWriter) { pongs(line, out) })
	if err := e.Hello(t.Context(), 0, time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if got := s.received(); got != "nboard 2\nping 1\n" {
		t.Errorf("received %q, want nboard 2 and ping 1 only", got)
	}
}

// A side without a move is not asked: its pass is played at once, also
// on a finished board, which the judge's game asks twice (it ends with
// two passes).
func TestPassNotAsked(t *testing.T) {
	e, s := startScripted(t, func(line string, out *io.PipeWriter) { pongs(line, out) })
	ctx := t.Context()
	if err := e.Hello(ctx, 0, time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	sent := s.received()
	// A whole game, each side playing its lowest legal square, passing
	// when it must: at most 60 moves and as many passes.
	g := othello.NewGame()
	for ply := 0; ply < 120 && !g.Position().GameOver(); ply++ {
		m := othello.Pass
		if moves := g.Position().Moves(); moves != 0 {
			m = othello.Move(bitsTrailing(moves))
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if err := e.Play(ctx, m, time.Second); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	if !g.Position().GameOver() {
		t.Fatal("the game did not end within 120 plies")
	}
	for i := range 2 {
		ex, err := e.GenMove(ctx, time.Second)
		if err != nil || ex.Move != othello.Pass || ex.Received != "" {
			t.Errorf("pass %d: %+v, %v; want a pass, nothing received", i+1, ex, err)
		}
	}
	if got := s.received(); got != sent {
		t.Errorf("sent %q for the passes, want nothing", strings.TrimPrefix(got, sent))
	}
}

// bitsTrailing returns the index of the lowest set bit of b (not 0).
func bitsTrailing(b uint64) int {
	n := 0
	for b&1 == 0 {
		b >>= 1
		n++
	}
	return n
}

// An engine that breaks the protocol forfeits with the reason and what
// it sent quoted; a move the judge must judge (an occupied square) is
// returned, not played on the engine's game.
func TestForfeits(t *testing.T) {
	long := strings.Repeat("x", MaxReply+1)
	cases := []struct {
		name     string
		onGo     func(out *io.PipeWriter)
		reason   otp.ForfeitReason
		received string
	}{
		{"garbage move", func(out *io.PipeWriter) { answer(out, "=== hello/0/0") }, otp.ForfeitMalformed, "pong 2\n=== hello/0/0\n"},
		{"no move", func(out *io.PipeWriter) { answer(out, "===") }, otp.ForfeitMalformed, "pong 2\n===\n"},
		{"silence", func(out *io.PipeWriter) { answer(out, "thinking hard") }, otp.ForfeitTimeout, "pong 2\nthinking hard\n"},
		{"exit", func(out *io.PipeWriter) { answer(out, "bye"); out.Close() }, otp.ForfeitDisconnected, "pong 2\nbye\n"},
		{"over-long line", func(out *io.PipeWriter) { answer(out, long) }, otp.ForfeitTooLong, "pong 2\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e, _ := startScripted(t, func(line string, out *io.PipeWriter) {
				if !pongs(line, out) && line == "go" {
					c.onGo(out)
				}
			})
			ctx := t.Context()
			if err := e.Hello(ctx, 0, time.Now().Add(5*time.Second)); err != nil {
				t.Fatal(err)
			}
			limit := 5 * time.Second
			if c.reason == otp.ForfeitTimeout {
				limit = 200 * time.Millisecond
			}
			ex, err := e.GenMove(ctx, limit)
			f := otp.AsForfeit(err)
			if f == nil || f.Reason != c.reason || f.Command != "go" || f.Received != c.received {
				t.Fatalf("%+v, %v; want a forfeit for %s on go, received %q", ex, err, c.reason, c.received)
			}
			// The engine is gone or disqualified: the next command says so
			// if its output ended.
			if c.reason == otp.ForfeitDisconnected {
				if f := otp.AsForfeit(e.Play(ctx, mustSquare(t, "f5"), time.Second)); f == nil || f.Reason != otp.ForfeitDisconnected {
					t.Errorf("after the exit, play: %v; want disconnected", f)
				}
			}
		})
	}
}

// A move sent before the pong that precedes go was sent unasked: it
// cannot answer this position.
func TestMoveBeforePong(t *testing.T) {
	e, _ := startScripted(t, func(line string, out *io.PipeWriter) {
		if strings.HasPrefix(line, "set game") {
			answer(out, "=== F5")
			return
		}
		pongs(line, out)
	})
	ctx := t.Context()
	if err := e.Hello(ctx, 0, time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	_, err := e.GenMove(ctx, 5*time.Second)
	if f := otp.AsForfeit(err); f == nil || f.Reason != otp.ForfeitExtraData || f.Received != "=== F5\n" || !strings.Contains(f.Detail, "pong 2") {
		t.Fatalf("%v; want extra data quoting === F5 before pong 2", err)
	}
}

// An illegal move is the caller's to judge: it is returned as sent and
// not played on the engine's game, whose next set game is unchanged.
func TestIllegalMoveReturned(t *testing.T) {
	e, s := startScripted(t, func(line string, out *io.PipeWriter) {
		if !pongs(line, out) && line == "go" {
			answer(out, "=== A1/0/0")
		}
	})
	ctx := t.Context()
	if err := e.Hello(ctx, 0, time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		ex, err := e.GenMove(ctx, 5*time.Second)
		if err != nil || ex.Move != mustSquare(t, "a1") {
			t.Fatalf("%+v, %v; want a1 returned", ex, err)
		}
	}
	game := "set game (;GM[Othello]TY[8]RE[?]" + startGGF + ";)\n"
	if got := s.received(); strings.Count(got, game) != 2 {
		t.Errorf("received %q, want the start position twice", got)
	}
}

// An engine that never answers its first ping, or exits first, fails the
// hello; the judge's deadline holds.
func TestHelloFails(t *testing.T) {
	t.Run("no pong", func(t *testing.T) {
		t.Parallel()
		e, _ := startScripted(t, func(line string, out *io.PipeWriter) { answer(out, "loading") })
		start := time.Now()
		err := e.Hello(t.Context(), 0, start.Add(200*time.Millisecond))
		if f := otp.AsForfeit(err); f == nil || f.Reason != otp.ForfeitTimeout || f.Command != "ping" || !strings.Contains(f.Received, "loading") {
			t.Fatalf("%v; want a timeout on ping quoting what came", err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %v for a 200ms deadline", d)
		}
	})
	t.Run("exit", func(t *testing.T) {
		t.Parallel()
		e, _ := startScripted(t, func(line string, out *io.PipeWriter) { out.Close() })
		err := e.Hello(t.Context(), 0, time.Now().Add(5*time.Second))
		if f := otp.AsForfeit(err); f == nil || f.Reason != otp.ForfeitDisconnected {
			t.Fatalf("%v; want disconnected", err)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		t.Parallel()
		e, _ := startScripted(t, func(string, *io.PipeWriter) {})
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		if err := e.Hello(ctx, 0, time.Now().Add(5*time.Second)); err != context.Canceled {
			t.Fatalf("%v; want the context's error", err)
		}
	})
}

func mustSquare(t *testing.T, s string) othello.Move {
	t.Helper()
	m, err := othello.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// An engine that writes after the judge has said quit and closed it (a
// last status line on its way out) still finds its output read, and the
// line in its log: closing the pipe at once killed such an engine with
// SIGPIPE, which the judge then recorded as an unclean exit.
func TestOutputReadAfterClose(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var transcript syncbuf.Buffer
	e := New(inW, outR, &transcript)
	closed := make(chan struct{})
	lastWrite := make(chan error, 1)
	sawEOF := make(chan bool, 1)
	go func() {
		br := bufio.NewReader(inR)
		for {
			l, err := br.ReadString('\n')
			if err != nil {
				sawEOF <- errors.Is(err, io.EOF)
				outW.Close()
				return
			}
			if l == "quit\n" {
				<-closed
				_, err := io.WriteString(outW, "status Fake is leaving\n")
				lastWrite <- err
			}
		}
	}()
	if err := e.Quit(t.Context(), time.Second); err != nil {
		t.Fatal(err)
	}
	e.Close()
	close(closed)
	select {
	case err := <-lastWrite:
		if err != nil {
			t.Fatalf("the engine's write after quit: %v; want it read", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the engine's write after quit did not complete in 5 s")
	}
	select {
	case eof := <-sawEOF:
		if !eof {
			t.Error("the engine's input did not end with EOF")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the engine's input was not closed")
	}
	// The reader ends at the output's end, having logged every line.
	ended := time.After(5 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-e.lines:
		case <-ended:
			t.Fatal("the output's reader did not end 5 s after the engine closed it")
		}
	}
	if got, want := transcript.String(), "status Fake is leaving\n"; got != want {
		t.Errorf("transcript %q, want %q", got, want)
	}
}

// The output of an engine that never closes it (a child process holding
// the pipe) is closed after the drain time, so no reader is left behind.
func TestOutputClosedAfterDrain(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	defer inR.Close()
	e := New(inW, outR, nil)
	e.drain = 50 * time.Millisecond
	e.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := io.WriteString(outW, "status still here\n"); err != nil {
			if !errors.Is(err, io.ErrClosedPipe) {
				t.Fatalf("write: %v, want io.ErrClosedPipe", err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the output was still read 5 s after Close with a 50 ms drain")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
