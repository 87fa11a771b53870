package nboard

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/syncbuf"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts from the output (then read them!)")

// stepTimeout bounds every wait for a reply.
const stepTimeout = 5 * time.Second

// flipThinker is a deterministic stand-in for the search: it values each
// legal move by the discs it flips (win rate 0.25 + flips/16, 100 visits a
// flip), chooses the one that flips most (the lowest square on a tie) and
// says it took 1.5 s. With block set it waits for its context to end first,
// after a send on started if that is not nil.
type flipThinker struct {
	block   bool
	started chan struct{}
	mu      sync.Mutex
	asked   []othello.Position
	ended   []error // the context's error when Think returned
}

func (f *flipThinker) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	pos := g.Position()
	if f.block {
		if f.started != nil {
			f.started <- struct{}{}
		}
		<-ctx.Done()
	}
	f.mu.Lock()
	f.asked = append(f.asked, pos)
	f.ended = append(f.ended, ctx.Err())
	f.mu.Unlock()
	t := thinking.Thought{Move: othello.NoMove, Elapsed: 1500 * time.Millisecond}
	best := -1
	for m := othello.Move(0); m < othello.Pass; m++ {
		if pos.Moves()&m.Bit() == 0 {
			continue
		}
		n := bits.OnesCount64(othello.Flips(pos.Player, pos.Opponent, int(m)))
		v := thinking.MoveValue{Move: m, Visits: int64(100 * n), WinRate: min(1, 0.25+float64(n)/16)}
		t.Values = append(t.Values, v)
		t.Playouts += v.Visits
		if n > best {
			best, t.Move, t.WinRate = n, m, v.WinRate
		}
	}
	return t, nil
}

// running is a session served over pipes, as NBoard runs an engine.
type running struct {
	t       *testing.T
	in      *io.PipeWriter
	replies chan string
	stderr  *syncbuf.Buffer
	done    chan error
}

func start(t *testing.T, th thinking.Thinker) *running {
	t.Helper()
	return startThinking(t, th, time.Second)
}

// startThinking is start with a think time: a test in which only a
// command may end a blocking search gives it more than the test can take,
// so that a loaded machine cannot end it first.
func startThinking(t *testing.T, th thinking.Thinker, think time.Duration) *running {
	t.Helper()
	return startConfig(t, Config{Name: "tester", Thinker: th, ThinkTime: think})
}

// startConfig serves a session of cfg, its Errors going to the running's
// stderr.
func startConfig(t *testing.T, cfg Config) *running {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &running{t: t, in: inW, replies: make(chan string, 100), stderr: &syncbuf.Buffer{}, done: make(chan error, 1)}
	cfg.Errors = r.stderr
	go func() {
		err := Serve(context.Background(), cfg, inR, outW)
		outW.Close()
		r.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			r.replies <- sc.Text()
		}
		close(r.replies)
	}()
	return r
}

func (r *running) send(line string) {
	r.t.Helper()
	if _, err := io.WriteString(r.in, line+"\n"); err != nil {
		r.t.Fatalf("send %q: %v", line, err)
	}
}

// next returns the next reply, failing the test after stepTimeout.
func (r *running) next(after string) string {
	r.t.Helper()
	select {
	case l, ok := <-r.replies:
		if !ok {
			r.t.Fatalf("after %q: the session ended its output", after)
		}
		return l
	case <-time.After(stepTimeout):
		r.t.Fatalf("after %q: no reply within %v", after, stepTimeout)
	}
	return ""
}

// step is one command of a transcript, the comments before it and the
// replies it must get.
type step struct {
	comments []string
	send     string
	replies  []string
}

// quiet returns the replies that arrive until none has for a while: for
// -update only, where the transcript does not yet say how many to expect.
func (r *running) quiet() []string {
	var ls []string
	for {
		select {
		case l, ok := <-r.replies:
			if !ok {
				return ls
			}
			ls = append(ls, l)
		case <-time.After(300 * time.Millisecond):
			return ls
		}
	}
}

// finish ends the input and returns Serve's error and any reply left.
func (r *running) finish() (error, []string) {
	r.t.Helper()
	r.in.Close()
	var err error
	select {
	case err = <-r.done:
	case <-time.After(stepTimeout):
		r.t.Fatal("Serve did not return at the end of the input")
	}
	var rest []string
	for l := range r.replies {
		rest = append(rest, l)
	}
	return err, rest
}

// TestGolden plays the transcripts of testdata: "> " lines are sent, each
// followed by the "< " replies it must get, byte for byte, before the next
// is sent; "! " lines are what stderr must hold at the end, in order; '#'
// starts a comment.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var sends []step
			var wantErr, comments []string
			for n, text := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
				switch {
				case strings.HasPrefix(text, "> "):
					sends = append(sends, step{comments: comments, send: text[2:]})
					comments = nil
				case strings.HasPrefix(text, "< "):
					if len(sends) == 0 {
						t.Fatalf("%s:%d: a reply before any command", path, n+1)
					}
					sends[len(sends)-1].replies = append(sends[len(sends)-1].replies, text[2:])
				case strings.HasPrefix(text, "! "):
					wantErr = append(wantErr, text[2:])
				case text == "" || strings.HasPrefix(text, "#"):
					comments = append(comments, text)
				default:
					t.Fatalf("%s:%d: want \"> \", \"< \", \"! \" or '#', got %q", path, n+1, text)
				}
			}
			th := &flipThinker{}
			r := start(t, th)
			var got strings.Builder
			for _, ex := range sends {
				for _, c := range ex.comments {
					got.WriteString(c + "\n")
				}
				r.send(ex.send)
				got.WriteString("> " + ex.send + "\n")
				if *update {
					for _, l := range r.quiet() {
						got.WriteString("< " + l + "\n")
					}
					continue
				}
				for i, want := range ex.replies {
					if l := r.next(ex.send); l != want {
						t.Errorf("%s: after %q reply %d = %q, want %q", path, ex.send, i+1, l, want)
					}
				}
			}
			err, rest := r.finish()
			if err != nil {
				t.Errorf("Serve = %v", err)
			}
			if len(rest) > 0 {
				t.Errorf("unexpected replies at the end: %q", rest)
			}
			gotErr := strings.Split(strings.TrimRight(r.stderr.String(), "\n"), "\n")
			if r.stderr.String() == "" {
				gotErr = nil
			}
			for _, l := range gotErr {
				got.WriteString("! " + strings.TrimPrefix(l, "nboard: ") + "\n")
			}
			if *update {
				if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for i := range max(len(gotErr), len(wantErr)) {
				var g, w string
				if i < len(gotErr) {
					g = strings.TrimPrefix(gotErr[i], "nboard: ")
				}
				if i < len(wantErr) {
					w = wantErr[i]
				}
				if g != w {
					t.Errorf("%s: stderr line %d = %q, want %q", path, i+1, g, w)
				}
			}
		})
	}
}

// TestPingStopsSearch checks that a ping during a long search (depth 60
// thinks a minute) stops it at once, answers pong after it, and writes no
// move for the abandoned search.
func TestPingStopsSearch(t *testing.T) {
	th := &flipThinker{block: true, started: make(chan struct{}, 1)}
	r := start(t, th)
	r.send("nboard 2")
	r.send("set depth 60")
	if l := r.next("set depth 60"); l != "set myname tester" {
		t.Fatalf("set depth: got %q", l)
	}
	r.send("go")
	if l := r.next("go"); l != "status tester is thinking" {
		t.Fatalf("go: got %q", l)
	}
	// Ping once the search runs: one stopped before it began never asks
	// the Thinker at all.
	select {
	case <-th.started:
	case <-time.After(stepTimeout):
		t.Fatal("the search did not start")
	}
	began := time.Now()
	r.send("ping 9")
	for _, want := range []string{"status", "pong 9"} {
		if l := r.next("ping 9"); l != want {
			t.Fatalf("after ping: got %q, want %q", l, want)
		}
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("the search took %v to stop", d)
	}
	th.mu.Lock()
	if len(th.ended) != 1 || th.ended[0] == nil {
		t.Errorf("the Thinker's context at its return: %v, want one cancelled search", th.ended)
	}
	th.mu.Unlock()
	// Commands sent during a search wait for it; the session goes on.
	r.send("ping 10")
	if l := r.next("ping 10"); l != "pong 10" {
		t.Fatalf("got %q, want pong 10", l)
	}
	if err, rest := r.finish(); err != nil || len(rest) > 0 {
		t.Errorf("finish: %v, %q", err, rest)
	}
}

// TestEndOfInputLetsSearchFinish checks that a script ending with go gets
// its move: the search runs to its think time (depth 1, 0.1 s), then the
// session ends.
func TestEndOfInputLetsSearchFinish(t *testing.T) {
	th := &flipThinker{block: true}
	r := start(t, th)
	r.send("set depth 1")
	r.next("set depth 1")
	r.send("go")
	r.next("go")
	err, rest := r.finish()
	if err != nil {
		t.Errorf("Serve = %v", err)
	}
	want := []string{"nodestats 400 1.50", "=== D3/-24.00/1.50", "status"}
	if fmt.Sprint(rest) != fmt.Sprint(want) {
		t.Errorf("replies after the end of input = %q, want %q", rest, want)
	}
}

// TestEndOfInputDuringSearchIsQuiet checks that the end of the input
// during a go or a hint ends the session without a word on stderr: the
// end is no command, known or unknown.
func TestEndOfInputDuringSearchIsQuiet(t *testing.T) {
	for _, cmd := range []string{"go", "hint 2"} {
		r := start(t, &flipThinker{block: true})
		r.send("set depth 1")
		r.next("set depth 1")
		r.send(cmd)
		if err, _ := r.finish(); err != nil {
			t.Errorf("%s: Serve = %v", cmd, err)
		}
		if got := r.stderr.String(); got != "" {
			t.Errorf("%s then the end of the input: stderr = %q, want nothing", cmd, got)
		}
	}
}

// TestLongLineDuringSearch checks that an over-long line read while a
// search runs is skipped in its turn, like any other, and does not end
// the session. Only the ping may end the search: at depth 1's 0.1 s a
// loaded machine ended it first (seen under -race), and its move came
// before the replies the test waits for.
func TestLongLineDuringSearch(t *testing.T) {
	th := &flipThinker{block: true, started: make(chan struct{}, 1)}
	r := startThinking(t, th, 10*stepTimeout) // no set depth: its time would be 0.1 s
	r.send("go")
	r.next("go")
	<-th.started
	r.send(strings.Repeat("x", maxLine+1))
	r.send("ping 5")
	for _, want := range []string{"status", "pong 5"} {
		if l := r.next("ping 5"); l != want {
			t.Fatalf("got %q, want %q", l, want)
		}
	}
	r.send("ping 6")
	if l := r.next("ping 6"); l != "pong 6" {
		t.Fatalf("got %q, want pong 6: the session ended at the long line", l)
	}
	if err, rest := r.finish(); err != nil || len(rest) > 0 {
		t.Errorf("finish: %v, %q", err, rest)
	}
	if got := r.stderr.String(); !strings.Contains(got, "longer than 65536 bytes was skipped") {
		t.Errorf("stderr = %q, want the over-long line reported", got)
	}
}

// TestEndOfInputDuringEarlierSearch checks that the end of the input, read
// while a hint searches, still lets the go queued after it answer.
func TestEndOfInputDuringEarlierSearch(t *testing.T) {
	r := start(t, &flipThinker{block: true})
	r.send("set depth 1")
	r.next("set depth 1")
	r.send("hint 1")
	r.send("go")
	err, rest := r.finish()
	if err != nil {
		t.Errorf("Serve = %v", err)
	}
	want := []string{"status tester is thinking", "nodestats 400 1.50", "search D3 -24.00 0 1 100 playouts", "status",
		"status tester is thinking", "nodestats 400 1.50", "=== D3/-24.00/1.50", "status"}
	if fmt.Sprint(rest) != fmt.Sprint(want) {
		t.Errorf("replies = %q, want %q", rest, want)
	}
}

// TestPingAlreadyQueuedStopsSearch checks that a ping read while one
// search ran stops the next search too, which it follows: commands take
// effect in the order sent.
func TestPingAlreadyQueuedStopsSearch(t *testing.T) {
	th := &flipThinker{block: true}
	r := start(t, th)
	r.send("set depth 60")
	r.next("set depth 60")
	r.send("hint 1")
	r.next("hint 1")
	r.send("go")
	r.send("ping 4")
	for _, want := range []string{"status", "status tester is thinking", "status", "pong 4"} {
		if l := r.next("ping 4"); l != want {
			t.Fatalf("got %q, want %q", l, want)
		}
	}
	if err, rest := r.finish(); err != nil || len(rest) > 0 {
		t.Errorf("finish: %v, %q", err, rest)
	}
}

func TestLongLineSkipped(t *testing.T) {
	r := start(t, &flipThinker{})
	r.send("set game (;" + strings.Repeat("PC[x]", maxLine/5+1) + ";)")
	r.send("ping 3")
	if l := r.next("ping 3"); l != "pong 3" {
		t.Fatalf("got %q, want pong 3", l)
	}
	r.finish()
	if got := r.stderr.String(); !strings.Contains(got, "longer than 65536 bytes was skipped") {
		t.Errorf("stderr = %q, want the over-long line reported", got)
	}
}

func TestThinkTime(t *testing.T) {
	for _, tc := range []struct {
		depth int
		want  time.Duration
	}{
		{1, 100 * time.Millisecond},
		{4, 200 * time.Millisecond},
		{10, 800 * time.Millisecond},
		{16, 3200 * time.Millisecond},
		{28, 51200 * time.Millisecond},
		{29, maxThink},
		{60, maxThink},
	} {
		got := ThinkTime(tc.depth)
		if d := got - tc.want; d < -time.Microsecond || d > time.Microsecond {
			t.Errorf("ThinkTime(%d) = %v, want %v", tc.depth, got, tc.want)
		}
	}
}

// TestHintOrder checks the order of hint's lines: a proven win first, a
// proven loss last, the others by simulations, whatever their means.
func TestHintOrder(t *testing.T) {
	vs := []thinking.MoveValue{
		{Move: 0, Visits: 900, WinRate: 0.4},
		{Move: 1, Visits: 5, Proven: true, Outcome: -1},
		{Move: 2, Visits: 3, WinRate: 0.9},
		{Move: 3, Visits: 7, Proven: true, Outcome: 1},
		{Move: 4, Visits: 1000, WinRate: 0.45},
	}
	th := thinkerFunc(func(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
		return thinking.Thought{Move: othello.MoveAt(2, 3), Playouts: 1915, WinRate: 0.45, Elapsed: time.Second, Values: vs}, nil
	})
	r := start(t, th)
	r.send("set depth 3")
	r.next("set depth 3")
	r.send("hint 5")
	want := []string{"status tester is thinking", "nodestats 1915 1.00",
		"search D1 64.00 0 3 7 playouts", "search E1 -6.40 0 3 1000 playouts", "search A1 -12.80 0 3 900 playouts",
		"search C1 51.20 0 3 3 playouts", "search B1 -64.00 0 3 5 playouts", "status"}
	for _, w := range want {
		if l := r.next("hint 5"); l != w {
			t.Errorf("got %q, want %q", l, w)
		}
	}
	r.finish()
}

// thinkerFunc makes a function an thinking.Thinker.
type thinkerFunc func(ctx context.Context, g *othello.Game) (thinking.Thought, error)

func (f thinkerFunc) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	return f(ctx, g)
}

// TestHintSolved checks hint after the endgame solver proved the position:
// its move first with its exact score, the other wins at most that score
// (none is better), a draw at 0, a loss at -64, every move listed.
func TestHintSolved(t *testing.T) {
	d3, c4, f5, e6 := othello.MoveAt(2, 3), othello.MoveAt(3, 2), othello.MoveAt(4, 5), othello.MoveAt(5, 4)
	vs := []thinking.MoveValue{
		{Move: d3, WinRate: 1, Proven: true, Outcome: 1},
		{Move: c4, WinRate: 1, Proven: true, Outcome: 1},
		{Move: f5, WinRate: 0.5, Proven: true, Outcome: 0},
		{Move: e6, WinRate: 0, Proven: true, Outcome: -1},
	}
	th := thinkerFunc(func(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
		return thinking.Thought{Move: d3, WinRate: 1, Elapsed: time.Second, Proof: thinking.ProofExact, Score: 6, Values: vs}, nil
	})
	r := start(t, th)
	r.send("set depth 3")
	r.next("set depth 3")
	r.send("hint 4")
	want := []string{"status tester is thinking", "nodestats 0 1.00",
		"search D3 6.00 0 3 0 playouts", "search C4 6.00 0 3 0 playouts", "search F5 0.00 0 3 0 playouts",
		"search E6 -64.00 0 3 0 playouts", "status"}
	for _, w := range want {
		if l := r.next("hint 4"); l != w {
			t.Errorf("got %q, want %q", l, w)
		}
	}
	r.finish()
}

// TestMoveIgnoresEvalAndTime checks that a move is played whatever follows
// its square: NBoard's evaluation and time are ignored, as docs/nboard.md
// says, even when they are not numbers.
func TestMoveIgnoresEvalAndTime(t *testing.T) {
	th := &flipThinker{}
	r := start(t, th)
	r.send("move f5/abc/xyz")
	r.send("move F6//")
	r.send("move e6/1e999/-3/extra")
	r.send("go")
	if l := r.next("go"); l != "status tester is thinking" {
		t.Fatalf("go: got %q", l)
	}
	if err, _ := r.finish(); err != nil {
		t.Errorf("Serve = %v", err)
	}
	if got := r.stderr.String(); got != "" {
		t.Errorf("stderr = %q, want nothing", got)
	}
	want := othello.Start()
	for _, sq := range []string{"f5", "f6", "e6"} {
		m, err := othello.ParseSquare(sq)
		if err != nil {
			t.Fatal(err)
		}
		want = want.Play(m)
	}
	th.mu.Lock()
	defer th.mu.Unlock()
	if len(th.asked) != 1 || th.asked[0] != want {
		t.Errorf("searched %v, want the position after f5 f6 e6:\n%v", th.asked, want)
	}
}
