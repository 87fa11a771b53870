package otp

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A transcript (testdata/lines/*.txt, testdata/conn/*.txt) is a whole
// session: "> " lines are what the person or judge sends, "< " lines the
// replies expected, byte for byte. A plain text after the marker is one line
// of a person (a newline is added) or one bare message of a judge; a
// Go-quoted string is those exact bytes. Lines starting with '#' are
// comments. For the lines transport, a file NAME.board beside the
// transcript holds the exact text expected on the board stream.

// exchange is one message sent and the replies it must get.
type exchange struct {
	line    int
	send    string
	replies []string
}

func readTranscript(t *testing.T, path string, addNewline bool) []exchange {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ex []exchange
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if len(text) < 2 || (text[:2] != "> " && text[:2] != "< ") {
			t.Fatalf("%s:%d: want a line starting with \"> \", \"< \" or \"#\", got %q", path, n, text)
		}
		body := text[2:]
		if strings.HasPrefix(body, `"`) {
			if body, err = strconv.Unquote(body); err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
		} else if addNewline {
			body += "\n"
		}
		if text[0] == '>' {
			ex = append(ex, exchange{line: n, send: body})
			continue
		}
		if len(ex) == 0 {
			t.Fatalf("%s:%d: a reply before any message", path, n)
		}
		last := &ex[len(ex)-1]
		last.replies = append(last.replies, body)
	}
	if len(ex) == 0 {
		t.Fatalf("%s: empty transcript", path)
	}
	return ex
}

func transcripts(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in testdata/%s: %v", dir, err)
	}
	return files
}

var updateBoards = flag.Bool("update-boards", false, "rewrite the .board files of the lines transcripts")

// TestGoldenLines runs each lines transcript through ServeLines as one
// input stream and compares everything written, byte for byte.
func TestGoldenLines(t *testing.T) {
	for _, path := range transcripts(t, "lines") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var in, want strings.Builder
			for _, e := range readTranscript(t, path, true) {
				in.WriteString(e.send)
				for _, r := range e.replies {
					want.WriteString(r)
				}
			}
			var board strings.Builder
			s, _ := testSession(t, &fakeThinker{}, &board)
			var out bytes.Buffer
			if err := ServeLines(context.Background(), s, strings.NewReader(in.String()), &out); err != nil {
				t.Fatalf("ServeLines: %v", err)
			}
			if got := out.String(); got != want.String() {
				t.Errorf("replies differ\ngot:\n%s\nwant:\n%s", got, want.String())
			}
			boardFile := strings.TrimSuffix(path, ".txt") + ".board"
			if *updateBoards {
				if err := os.WriteFile(boardFile, []byte(board.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if wantBoard, err := os.ReadFile(boardFile); err == nil && board.String() != string(wantBoard) {
				t.Errorf("board stream differs\ngot:\n%s\nwant:\n%s", board.String(), wantBoard)
			}
		})
	}
}

// TestGoldenConn plays each conn transcript as a judge over loopback: one
// write per message, then it reads until the expected replies have arrived
// and compares them byte for byte. A transcript that ends with quit must
// end the session cleanly; one that does not is ended by the judge hanging
// up, which the engine must report.
func TestGoldenConn(t *testing.T) {
	for _, path := range transcripts(t, "conn") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ex := readTranscript(t, path, false)
			s, _ := testSession(t, &fakeThinker{}, nil)
			judge, done := startConnSession(t, s)
			for _, e := range ex {
				if _, err := judge.Write([]byte(e.send)); err != nil {
					t.Fatalf("line %d: write %q: %v", e.line, e.send, err)
				}
				want := strings.Join(e.replies, "")
				if got := readN(t, judge, len(want)); got != want {
					t.Fatalf("line %d: sent %q, got %q, want %q", e.line, e.send, got, want)
				}
				// Reading exactly len(want) bytes cannot see a byte too
				// many (a newline after the last reply, say): nothing
				// more may arrive.
				if extra := readExtra(t, judge); extra != "" {
					t.Fatalf("line %d: sent %q, got %q and then %q, want nothing after the reply", e.line, e.send, want, extra)
				}
			}
			quitted := strings.EqualFold(strings.TrimSpace(ex[len(ex)-1].send), "quit")
			if !quitted {
				judge.Close()
			}
			err := waitDone(t, done)
			switch {
			case quitted && err != nil:
				t.Errorf("ServeConn after quit: %v, want nil", err)
			case !quitted && !errors.Is(err, ErrClosedByJudge):
				t.Errorf("ServeConn after the judge hung up: %v, want ErrClosedByJudge", err)
			}
			if quitted {
				// The engine closes after quit: nothing more may arrive.
				_ = judge.SetReadDeadline(time.Now().Add(5 * time.Second))
				if rest, err := io.ReadAll(judge); len(rest) != 0 || err != nil {
					t.Errorf("after quit read %q, %v; want nothing and EOF", rest, err)
				}
			}
		})
	}
}

// startConnSession starts a judge's listener on a loopback port chosen by
// the system, connects s to it with DialJudge and ServeConn in a goroutine,
// and returns the judge's end of the connection and the channel that
// receives ServeConn's result.
func startConnSession(t *testing.T, s *Session) (net.Conn, <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	done := make(chan error, 1)
	go func() {
		conn, err := DialJudge(context.Background(), ln.Addr().String(), 5*time.Second, nil)
		if err != nil {
			done <- err
			return
		}
		defer conn.Close()
		done <- ServeConn(context.Background(), s, conn)
	}()
	_ = ln.(*net.TCPListener).SetDeadline(time.Now().Add(5 * time.Second))
	judge, err := ln.Accept()
	if err != nil {
		t.Fatalf("accept: %v", err)
	}
	t.Cleanup(func() { judge.Close() })
	return judge, done
}

// readN reads exactly n bytes, or fails after 5 s.
func readN(t *testing.T, c net.Conn, n int) string {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, n)
	if _, err := io.ReadFull(c, buf); err != nil {
		t.Fatalf("reading %d bytes: %v (got %q)", n, err, buf)
	}
	return string(buf)
}

// silence is how long readExtra waits for bytes that should not come. A
// reply is written in one call, so its last bytes arrive together with the
// rest on loopback; the wait only needs to cover scheduling.
const silence = 30 * time.Millisecond

// readExtra returns whatever arrives on c within silence: "" when the other
// side stays silent or closes.
func readExtra(t *testing.T, c net.Conn) string {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(silence))
	buf := make([]byte, 1024)
	n, err := c.Read(buf)
	if n == 0 && err != nil && !errors.Is(err, os.ErrDeadlineExceeded) && !errors.Is(err, io.EOF) {
		t.Fatalf("reading after the reply: %v", err)
	}
	return string(buf[:n])
}

func waitDone(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatal("the session did not end within 5 s")
		return nil
	}
}
