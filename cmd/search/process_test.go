package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// These tests run the real program: built once into a temporary directory,
// started as a process, and played against over loopback by a fake classic
// judge that behaves exactly as docs/protocol.md describes (one write per bare
// command, one read of up to 1023 bytes per reply, first-word check).

// fastFlags keep every search short and the arena small, so that a whole
// game takes a second or two even on a busy machine.
var fastFlags = []string{"--time", "100ms", "--playouts", "300", "--seed", "1", "--arena", "200000"}

func TestProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the program")
	}
	bin := buildSearch(t)
	t.Run("judged match", func(t *testing.T) { testJudgedMatch(t, bin) })
	t.Run("stdin session", func(t *testing.T) { testStdinSession(t, bin) })
	t.Run("documented session", func(t *testing.T) { testDocumentedSession(t, bin) })
	t.Run("judge hangs up", func(t *testing.T) { testJudgeHangsUp(t, bin) })
	t.Run("judge hangs up during genmove", func(t *testing.T) { testHangUpDuringGenmove(t, bin) })
	t.Run("judge starts late", func(t *testing.T) { testJudgeStartsLate(t, bin) })
	t.Run("no judge", func(t *testing.T) { testNoJudge(t, bin) })
	t.Run("http url", func(t *testing.T) { testHTTPURL(t, bin) })
}

// testHTTPURL: --http prints the URL a person can open once the server
// listens, with the port it got (not ":0"); an address it cannot listen
// on prints no URL and fails.
func testHTTPURL(t *testing.T, bin string) {
	cmd := exec.Command(bin, append([]string{"--http", "127.0.0.1:0"}, fastFlags...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		for sc := bufio.NewScanner(stderr); sc.Scan(); {
			lines <- sc.Text()
		}
	}()
	var url string
	timeout := time.After(20 * time.Second)
	for url == "" {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatal("search --http ended without printing its URL")
			}
			if _, u, found := strings.Cut(line, "play at "); found {
				url, _, _ = strings.Cut(u, " ")
			}
		case <-timeout:
			t.Fatal("search --http printed no URL within 20 s")
		}
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || strings.HasSuffix(url, ":0/") {
		t.Fatalf("search --http 127.0.0.1:0 prints %q, want http://127.0.0.1:PORT/ with the port it listens on", url)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET %s: status %d", url, resp.StatusCode)
	}

	// 192.0.2.1 (TEST-NET-1) is no address of this machine: the listen
	// fails, and nothing is sent anywhere.
	p := start(t, bin, nil, append([]string{"--http", "192.0.2.1:7122"}, fastFlags...)...)
	if code := p.wait(t); code == 0 || strings.Contains(p.stderr.String(), "play at") {
		t.Errorf("--http on a foreign address: exit %d, stderr %q; want a failure and no URL", code, p.stderr.String())
	}
}

func buildSearch(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "search")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// process is a running search program.
type process struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	stderr bytes.Buffer
	done   chan error
}

func start(t *testing.T, bin string, stdin io.Reader, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(bin, args...), done: make(chan error, 1)}
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = stdin, &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// wait returns the exit status, or fails if the program runs on for 20 s.
func (p *process) wait(t *testing.T) int {
	t.Helper()
	select {
	case err := <-p.done:
		p.done <- err // for the cleanup
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatalf("wait: %v", err)
		}
		return 0
	case <-time.After(20 * time.Second):
		t.Fatalf("the program did not exit within 20 s; stderr:\n%s", p.stderr.String())
		return -1
	}
}

// classicJudge is the judge's end of one connection, as the classic judge
// uses it.
type classicJudge struct {
	t    *testing.T
	conn net.Conn
}

// ask sends cmd in one write and returns what one read of up to 1023 bytes
// brings, failing the test if nothing comes within 10 s (the genmove limit).
func (j *classicJudge) ask(cmd string) string {
	j.t.Helper()
	if _, err := j.conn.Write([]byte(cmd)); err != nil {
		j.t.Fatalf("send %q: %v", cmd, err)
	}
	_ = j.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	var buf [1023]byte
	n, err := j.conn.Read(buf[:])
	if err != nil {
		j.t.Fatalf("reply to %q: %v", cmd, err)
	}
	return string(buf[:n])
}

// expect asks cmd and checks the reply as the classic judge does, by its
// first word up to a space or the end of the buffer, then checks that the
// whole reply is exactly want (when want is not empty).
func (j *classicJudge) expect(cmd, word, want string) string {
	j.t.Helper()
	reply := j.ask(cmd)
	first, _, _ := strings.Cut(reply, " ")
	if first != word {
		j.t.Fatalf("reply to %q is %q: the classic judge reads the first word %q, wants %q", cmd, reply, first, word)
	}
	if want != "" && reply != want {
		j.t.Fatalf("reply to %q is %q, want %q", cmd, reply, want)
	}
	return reply
}

// listen opens the judge's listener on a loopback port the system chooses.
func listen(t *testing.T, addr string) *net.TCPListener {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln.(*net.TCPListener)
}

func accept(t *testing.T, ln *net.TCPListener, p *process) *classicJudge {
	t.Helper()
	_ = ln.SetDeadline(time.Now().Add(15 * time.Second))
	conn, err := ln.Accept()
	if err != nil {
		t.Fatalf("accept: %v; stderr:\n%s", err, p.stderr.String())
	}
	t.Cleanup(func() { conn.Close() })
	return &classicJudge{t: t, conn: conn}
}

func portOf(ln net.Listener) string {
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// testJudgedMatch plays two complete games against the program, which is
// black in the first and white in the second, as in a classic match.
func testJudgedMatch(t *testing.T, bin string) {
	ln := listen(t, "127.0.0.1:0")
	p := start(t, bin, nil, append(fastFlags, "127.0.0.1", portOf(ln))...)
	j := accept(t, ln, p)
	j.expect("name", "name", "name gomcts")
	rnd := rand.New(rand.NewPCG(1, 2))
	total := 0
	for round := 1; round <= 2; round++ {
		engineColor := othello.Black
		if round == 2 {
			engineColor = othello.White
		}
		j.expect("clear_board", "clear_board", "clear_board")
		g := othello.NewGame()
		engineMoves := 0
		for ply := 0; !g.Over(); ply++ {
			if ply > 130 { // 60 squares, and at most two passes around each
				t.Fatalf("round %d: game not over after %d plies: %s", round, ply, g.Record())
			}
			pos := g.Position()
			if pos.Turn == engineColor {
				reply := j.expect("genmove", "genmove", "")
				m, err := othello.ParseOTP(strings.TrimPrefix(reply, "genmove "))
				if err == nil {
					err = g.Play(m)
				}
				if err != nil || reply != "genmove "+m.OTP() {
					t.Fatalf("round %d: reply %q after %s: %v", round, reply, g.Record(), err)
				}
				engineMoves++
				continue
			}
			m := randomMove(pos, rnd)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			j.expect("play "+m.OTP(), "play", "play")
		}
		// Not a classic judge command, but it proves the program's board
		// followed ours to the end.
		want := fmt.Sprintf("final_score %d", g.Position().Score())
		j.expect("final_score", "final_score", want)
		total += engineMoves
		if engineMoves < 20 {
			t.Errorf("round %d: the engine made %d moves, want a whole game's worth", round, engineMoves)
		}
	}
	j.expect("quit", "quit", "quit")
	if code := p.wait(t); code != 0 {
		t.Errorf("exit status %d after quit, want 0; stderr:\n%s", code, p.stderr.String())
	}
	logs := p.stderr.String()
	// The move-generation path is the one this test process detects: the
	// same machine and environment (OTHELLO_CPU) choose the same.
	for _, want := range []string{"search starting", `"seed": 1`, fmt.Sprintf("\"cpu\": %q", othello.CPU()), "move chosen", "stats", "quit"} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs do not mention %q:\n%s", want, logs)
		}
	}
	// One line per genmove saying what was played: the search's choice
	// with its statistics, or, on a machine so loaded that the search
	// missed its hard limit, the fallback move (a legal move in time is
	// all the protocol asks; otp's tests cover the fallback itself).
	chosen := strings.Count(logs, "\tINFO\tmove chosen\t")
	fallbacks := strings.Count(logs, "\tERROR\tsearch failed: playing a fallback move\t")
	if n := chosen + fallbacks; n != total || fallbacks > total/4 {
		t.Errorf("%d genmove lines in the log (%d fallbacks), want one per genmove (%d), most of them searched", n, fallbacks, total)
		for _, l := range strings.Split(logs, "\n") {
			if strings.Contains(l, "\tERROR\t") || strings.Contains(l, "\tWARN\t") {
				t.Log(l) // a fallback move or an overrun says why a line is missing
			}
		}
	}
	if p.stdout.Len() != 0 {
		t.Errorf("judge mode wrote to stdout: %q", p.stdout.String())
	}
}

func randomMove(pos othello.Position, rnd *rand.Rand) othello.Move {
	var legal []othello.Move
	for m := othello.Move(0); m < othello.Pass; m++ {
		if pos.IsLegal(m) {
			legal = append(legal, m)
		}
	}
	if len(legal) == 0 {
		return othello.Pass
	}
	return legal[rnd.IntN(len(legal))]
}

func testStdinSession(t *testing.T, bin string) {
	in := "name\nplay 2 3\n\ngenmove\nplay 0 0\nfinal_score\n"
	p := start(t, bin, strings.NewReader(in), fastFlags...)
	if code := p.wait(t); code != 0 {
		t.Fatalf("exit status %d at the end of the input, want 0; stderr:\n%s", code, p.stderr.String())
	}
	lines := strings.Split(p.stdout.String(), "\n")
	if len(lines) != 6 || lines[5] != "" {
		t.Fatalf("stdout %q: want 5 replies, each on its own line", p.stdout.String())
	}
	g := othello.NewGame()
	_ = g.Play(othello.MoveAt(2, 3))
	m, err := othello.ParseOTP(strings.TrimPrefix(lines[2], "genmove "))
	if err == nil {
		err = g.Play(m)
	}
	if err != nil || lines[2] != "genmove "+m.OTP() {
		t.Fatalf("reply %q to genmove: %v", lines[2], err)
	}
	want := []string{"name gomcts", "play", lines[2], "play", fmt.Sprintf("final_score %d", g.Position().Score())}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("reply %d = %q, want %q", i+1, lines[i], w)
		}
	}
	if !strings.Contains(p.stderr.String(), "move not played") {
		t.Errorf("the illegal play was not logged on stderr:\n%s", p.stderr.String())
	}
}

// testDocumentedSession runs the reproducible sessions docs/protocol.md
// shows, "$ printf '...' | bin/search FLAGS 2>/dev/null" followed by the
// replies, and compares the replies with what the page shows: with a
// playout budget and a seed they are the same on every machine, as the
// page says.
func testDocumentedSession(t *testing.T, bin string) {
	text, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	found := 0
	for i, line := range lines {
		cmd, ok := strings.CutPrefix(line, "$ printf '")
		if !ok {
			continue
		}
		input, rest, ok1 := strings.Cut(cmd, "' | bin/search ")
		flags, ok2 := strings.CutSuffix(rest, " 2>/dev/null")
		if !ok1 || !ok2 {
			t.Fatalf("cannot read the example %q", line)
		}
		var want strings.Builder
		for _, out := range lines[i+1:] {
			if strings.HasPrefix(out, "```") {
				break
			}
			want.WriteString(out + "\n")
		}
		p := start(t, bin, strings.NewReader(strings.ReplaceAll(input, `\n`, "\n")), strings.Fields(flags)...)
		if code := p.wait(t); code != 0 || p.stdout.String() != want.String() {
			t.Errorf("example %q: exit %d, stderr %q, replies\n%s\nshown\n%s", line, code, p.stderr.String(), p.stdout.String(), want.String())
		}
		found++
	}
	if found == 0 {
		t.Error("docs/protocol.md shows no reproducible session")
	}
}

func testJudgeHangsUp(t *testing.T, bin string) {
	ln := listen(t, "127.0.0.1:0")
	p := start(t, bin, nil, append(fastFlags, portOf(ln))...)
	j := accept(t, ln, p)
	j.expect("name", "name", "name gomcts")
	j.conn.Close()
	if code := p.wait(t); code == 0 {
		t.Errorf("exit status 0 after the judge hung up, want non-zero")
	}
	if msg := "the judge closed the connection without sending quit"; !strings.Contains(p.stderr.String(), msg) {
		t.Errorf("stderr does not say %q:\n%s", msg, p.stderr.String())
	}
}

// testHangUpDuringGenmove has the judge send genmove to an engine with a
// long think time and hang up while it thinks: the engine must notice at
// once, stop its search and exit 1, well before its think time is over.
func testHangUpDuringGenmove(t *testing.T, bin string) {
	const think = 30 * time.Second
	ln := listen(t, "127.0.0.1:0")
	// No book: from the start position the book would answer at once.
	p := start(t, bin, nil, "--time", think.String(), "--seed", "1", "--arena", "200000", "--log-level", "debug", "--book", "off", portOf(ln))
	j := accept(t, ln, p)
	j.expect("name", "name", "name gomcts")
	j.expect("clear_board", "clear_board", "clear_board")
	if _, err := j.conn.Write([]byte("genmove")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // the engine is thinking
	hungUp := time.Now()
	j.conn.Close()
	code := p.wait(t)
	// A few seconds cover a loaded machine; the think time is ten times more.
	if took := time.Since(hungUp); took > think/10 {
		t.Errorf("the engine exited %v after the judge hung up, want at once (think time %v)", took, think)
	}
	if code != 1 {
		t.Errorf("exit status %d after the judge hung up, want 1", code)
	}
	logs := p.stderr.String()
	for _, want := range []string{"search cancelled", "the judge hung up while the engine was answering",
		"the judge closed the connection without sending quit"} {
		if !strings.Contains(logs, want) {
			t.Errorf("stderr does not say %q:\n%s", want, logs)
		}
	}
}

// freePort returns a loopback address whose port the system just chose
// and released, for a judge that starts after the engine.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func testJudgeStartsLate(t *testing.T, bin string) {
	addr := freePort(t)
	_, port, _ := net.SplitHostPort(addr)
	p := start(t, bin, nil, append(fastFlags, "127.0.0.1", port)...)
	time.Sleep(500 * time.Millisecond) // the engine is already retrying
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("port %s was taken meanwhile: %v", addr, err)
	}
	t.Cleanup(func() { ln.Close() })
	j := accept(t, ln.(*net.TCPListener), p)
	j.expect("name", "name", "name gomcts")
	j.expect("quit", "quit", "quit")
	if code := p.wait(t); code != 0 {
		t.Errorf("exit status %d, want 0; stderr:\n%s", code, p.stderr.String())
	}
}

func testNoJudge(t *testing.T, bin string) {
	addr := freePort(t)
	_, port, _ := net.SplitHostPort(addr)
	p := start(t, bin, nil, append(fastFlags, "--connect-timeout", "300ms", port)...)
	if code := p.wait(t); code == 0 {
		t.Errorf("exit status 0 with no judge, want non-zero")
	}
	// The cause is that nothing listens; the deadline that ended the
	// retries is not news.
	for _, want := range []string{"cannot connect to the judge at " + addr, "connection refused"} {
		if !strings.Contains(p.stderr.String(), want) {
			t.Errorf("stderr does not say %q:\n%s", want, p.stderr.String())
		}
	}
	if strings.Contains(p.stderr.String(), "i/o timeout") {
		t.Errorf("stderr blames a timeout, want the real error:\n%s", p.stderr.String())
	}
}
