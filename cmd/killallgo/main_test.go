package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/internal/syncbuf"
	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/mcts"
)

// runSession runs the program on input with args and returns stdout, stderr
// and the exit status.
func runSession(t *testing.T, input string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	// stderr takes the referee's log and its programs' stderr, copied by
	// goroutines of their own: it must take concurrent writes.
	var out bytes.Buffer
	var errOut syncbuf.Buffer
	code = run(args, strings.NewReader(input), &out, &errOut)
	return out.String(), errOut.String(), code
}

// fixed are the flags that make replies reproducible: a playout budget
// (far inside the time limit) and a seed; and an arena no bigger than the
// budget needs, quick to allocate.
var fixed = []string{"--playouts", "2000", "--seed", "1", "--arena", "131072"}

// TestGoldenSession replays the seed's sample session, and more, byte for
// byte: the seed's commands, think for both colours, commands in capitals,
// and nothing read after quit. testdata/session.golden was checked by
// hand: each think's reply is where its stone appears in the next
// display.
func TestGoldenSession(t *testing.T) {
	in, err := os.ReadFile("testdata/session.in")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/session.golden")
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runSession(t, string(in), fixed...)
	if code != exitOK {
		t.Fatalf("exit status %d; stderr:\n%s", code, stderr)
	}
	if out != string(want) {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
	if !strings.Contains(stderr, "think") {
		t.Errorf("no think logged on stderr:\n%s", stderr)
	}
}

// displayOf returns the reply to display after input.
func displayOf(t *testing.T, input string) string {
	t.Helper()
	out, _, _ := runSession(t, input+"\ndisplay\n", fixed...)
	i := strings.LastIndex(out, "time limit=")
	if i < 0 {
		t.Fatalf("no display in:\n%s", out)
	}
	return out[i:]
}

// TestBadInput: every malformed, unknown or illegal command gets its
// documented one-line reply and leaves the board, the time limit and the
// game as they were.
func TestBadInput(t *testing.T) {
	setup := "time 5\nput w 1 1\nput b 2 1\nput w 4 4\nput w 3 4\nput w 4 3\nput w 5 4"
	started := setup + "\nstart game\nput b 4 5"
	// A ko on the lower edge, taken by black at (2, 1) once the game has
	// started: white's immediate retake at (3, 1) repeats the position.
	ko := "put w 1 1\nput w 3 1\nput w 2 2\nput b 3 2\nput b 4 1\nput w 7 7\nstart game\nput b 2 1"
	usagePutReply := "error: usage: put b|w X Y (1 <= X, Y <= 7)"
	usageTimeReply := "error: usage: time SECONDS (an integer 1..3600)"
	suicide := "suicide: the stone would have no liberty and captures nothing"
	cases := []struct {
		before, line, reply string
	}{
		{setup, "foo", `error: unknown command "foo": want reset, time, put, display, start game, think or quit`},
		{setup, "think", "error: usage: think b|w"},
		{setup, "think x", "error: usage: think b|w"},
		{setup, "think b w", "error: usage: think b|w"},
		{setup, "think b", "error: the game has not started (start game first)"},
		{setup, "reset now", "error: usage: reset"},
		{setup, "display all", "error: usage: display"},
		{setup, "quit now", "error: usage: quit"},
		{setup, "time", usageTimeReply},
		{setup, "time 0", usageTimeReply},
		{setup, "time -3", usageTimeReply},
		{setup, "time 3601", usageTimeReply},
		{setup, "time 1.5", usageTimeReply},
		{setup, "time ten", usageTimeReply},
		{setup, "time 10 20", usageTimeReply},
		{setup, "put", usagePutReply},
		{setup, "put b", usagePutReply},
		{setup, "put b 3", usagePutReply},
		{setup, "put b 3 3 3", usagePutReply},
		{setup, "put x 3 3", usagePutReply},
		{setup, "put b 0 3", usagePutReply},
		{setup, "put b 3 8", usagePutReply},
		{setup, "put b c 3", usagePutReply},
		{setup, "put b 4 4", "error: illegal move b 4 4: the point is occupied"},
		{setup, "put w 2 1", "error: illegal move w 2 1: the point is occupied"},
		{"put w 3 4\nput w 4 3\nput w 5 4\nput w 4 5", "put b 4 4", "error: illegal move b 4 4: " + suicide},
		{"put w 1 2\nput w 2 1", "put B 1 1", "error: illegal move B 1 1: " + suicide},
		{setup, "start", "error: usage: start game"},
		{setup, "start games", "error: usage: start game"},
		{started, "start game", "error: the game has already started (reset to begin a new one)"},
		{started, "put b 4 5", "error: illegal move b 4 5: the point is occupied"},
		{ko, "put w 3 1", "error: illegal move w 3 1: ko: the single stone that just captured may not be recaptured at once"},
	}
	for _, c := range cases {
		want := displayOf(t, c.before)
		out, _, code := runSession(t, c.before+"\n"+c.line+"\ndisplay\n", fixed...)
		if code != exitOK {
			t.Fatalf("%q: exit status %d", c.line, code)
		}
		// The reply is the line before the last display.
		i := strings.LastIndex(out, "time limit=")
		replies := strings.Split(strings.TrimSuffix(out[:i], "\n"), "\n")
		if got := replies[len(replies)-1]; got != c.reply {
			t.Errorf("%q: reply %q, want %q", c.line, got, c.reply)
		}
		if got := out[i:]; got != want {
			t.Errorf("%q changed the state:\n%s\nwant:\n%s", c.line, got, want)
		}
	}
}

// TestEndOfInput: the end of the input ends the program cleanly, after
// every reply, with or without a final newline.
func TestEndOfInput(t *testing.T) {
	for _, in := range []string{"", "\n\n", "reset\nput b 4 4", "reset\r\nput b 4 4\r\n"} {
		out, stderr, code := runSession(t, in, fixed...)
		if code != exitOK {
			t.Errorf("%q: exit status %d, stderr %s", in, code, stderr)
		}
		if want := strings.Repeat("ok\n", strings.Count(in, "reset")+strings.Count(in, "put")); out != want {
			t.Errorf("%q: stdout %q, want %q", in, out, want)
		}
	}
}

// TestLineTooLong: a line too long for a command gets an error reply, is
// skipped whole, and the program goes on with the next line, the state
// unchanged (issue 25).
func TestLineTooLong(t *testing.T) {
	for _, long := range []string{
		strings.Repeat("x", console.MaxLineBytes+1),
		"put b 4 4 " + strings.Repeat(" ", 3*console.MaxLineBytes),
		strings.Repeat("y", 10*console.MaxLineBytes) + "\r",
	} {
		in := "reset\nput w 1 1\n" + long + "\nput b 2 2\ndisplay\n" + long
		out, stderr, code := runSession(t, in, fixed...)
		want := "ok\nok\n" +
			"error: a line longer than 4096 bytes is not a command of the protocol; it was skipped\n" +
			"ok\ntime limit=10\n.......\n.......\n.......\n.......\n.......\n.X.....\nO......\n" +
			"error: a line longer than 4096 bytes is not a command of the protocol; it was skipped\n"
		if code != exitOK || out != want {
			t.Errorf("a line of %d bytes: exit %d, stdout:\n%s\nwant:\n%s\nstderr %s", len(long), code, out, want, stderr)
		}
	}
	// The longest line that is a command is one.
	out, _, _ := runSession(t, "reset"+strings.Repeat(" ", console.MaxLineBytes-len("reset"))+"\n", fixed...)
	if out != "ok\n" {
		t.Errorf("a command of exactly %d bytes: stdout %q, want ok", console.MaxLineBytes, out)
	}
}

// TestThinkInTime: with no playout budget, think answers inside the time
// limit, counted from when the command was written, and uses most of it.
// The search stops at its deadline by the wall clock, so the least it
// takes holds on a loaded machine; how soon the reply arrives after the
// deadline does not: one think of three may be held up by a busy machine
// (seen: 2.2 s under -race with others compiling), so the fastest must be
// inside the limit, and every one far below the default 10 s.
func TestThinkInTime(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		// A small arena: the default 128 MiB is memory to map for nothing.
		done <- run([]string{"--seed", "3", "--log-level", "error", "--arena", "131072"}, inR, outW, io.Discard)
		outW.Close()
	}()
	replies := bufio.NewScanner(outR)
	send := func(line string) (string, time.Duration) {
		t.Helper()
		start := time.Now()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
		if !replies.Scan() {
			t.Fatalf("%q: no reply: %v", line, replies.Err())
		}
		return replies.Text(), time.Since(start)
	}
	send("time 1")
	send("put b 3 3")
	send("start game")
	fastest := time.Duration(math.MaxInt64)
	for _, c := range []string{"w", "b", "w"} {
		reply, took := send("think " + c)
		var x, y int
		if _, err := fmt.Sscanf(reply, "%d %d", &x, &y); err != nil {
			t.Fatalf("think %s: reply %q", c, reply)
		}
		if took < console.ThinkBudget(1)/2 || took >= console.DefaultTimeLimit*time.Second/2 {
			t.Errorf("think %s took %v: want most of %v, and far below the default limit", c, took, console.ThinkBudget(1))
		}
		fastest = min(fastest, took)
	}
	if fastest >= time.Second {
		t.Errorf("the fastest think took %v: want under the 1 s limit", fastest)
	}
	inW.Close()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit status %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the program did not end after the end of its input")
	}
}

// TestThinkAfterTheEnd: when the game is over by the search's rules but
// the referee asks on, think still answers with a legal move: a pass for
// black stuck in the seed's checkerboard of white eyes, a stone for white
// after black captured every white stone.
func TestThinkAfterTheEnd(t *testing.T) {
	var b strings.Builder
	for y := 1; y <= 7; y++ {
		for x := 1; x <= 7; x++ {
			if (x+y)%2 == 1 {
				fmt.Fprintf(&b, "put w %d %d\n", x, y)
			}
		}
	}
	out, _, _ := runSession(t, b.String()+"start game\nthink b\n", fixed...)
	if !strings.HasSuffix(out, "ok\n0 0\n") {
		t.Errorf("black stuck: replies end %q, want a pass", out[max(0, len(out)-20):])
	}
	out, _, _ = runSession(t, "put w 1 1\nput b 2 1\nstart game\nput b 1 2\nthink w\ndisplay\n", fixed...)
	lines := strings.Split(out, "\n")
	var x, y int
	if _, err := fmt.Sscanf(lines[4], "%d %d", &x, &y); err != nil || x < 1 || y < 1 {
		t.Fatalf("white after black's win: reply %q, want a stone", lines[4])
	}
	if row := lines[6+7-y]; row[x-1] != 'O' {
		t.Errorf("white's stone at (%d, %d) is not on the board:\n%s", x, y, out)
	}
}

// TestHelp: --help prints the usage with every flag on stdout; a bad flag
// or value is refused with status 2 and a pointer to --help.
func TestHelp(t *testing.T) {
	out, _, code := runSession(t, "", "--help")
	if code != exitOK {
		t.Fatalf("--help: exit status %d", code)
	}
	o := defaultOptions()
	newFlagSet(&o).VisitAll(func(f *pflag.Flag) {
		if !strings.Contains(out, "--"+f.Name) {
			t.Errorf("--help does not mention --%s", f.Name)
		}
	})
	for _, cmd := range []string{"reset", "time I", "put b|w X Y", "display", "start game", "think b|w", "quit"} {
		if !strings.Contains(out, cmd) {
			t.Errorf("--help does not mention the command %q", cmd)
		}
	}
	for _, args := range [][]string{
		{"--algo", "greedy"}, {"--algo", "minimax"}, {"--playouts", "-1"}, {"--log-level", "loud"},
		{"--arena", "10"}, {"--selfplay", "3"}, {"--selfplay", "3", "--playouts", "10", "--handicap", "7"},
		{"--selfplay", "3", "--playouts", "10", "--black", "human"}, {"--exploration", "-1"}, {"extra"}, {"--nope"},
		{"--pruning"}, {"--pruning", "maybe"}, {"--solver", "--reuse", "off"},
	} {
		out, stderr, code := runSession(t, "reset\n", args...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, "--help") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want status 2 and a pointer to --help", args, code, out, stderr)
		}
	}
}

// TestCoreFlags checks that the shared core's flags set their fields of
// the search's configuration, switches with on or off (and the true and
// false of the older bool flags).
func TestCoreFlags(t *testing.T) {
	o, _, err := parseOptions([]string{"--algo", "ucb", "--exploration", "0.3", "--pruning", "on", "--prune-rd", "3",
		"--prune-min-visits", "50", "--arena", "4096", "--solver", "off", "--reuse=false"})
	if err != nil {
		t.Fatal(err)
	}
	want := defaultOptions().cfg
	want.Algorithm, want.Exploration, want.Pruning, want.PruneRD = mcts.UCB, 0.3, true, 3
	want.PruneMinVisits, want.ArenaNodes, want.Solver, want.Reuse = 50, 4096, false, false
	if o.cfg != want {
		t.Errorf("config\n%+v\nwant\n%+v", o.cfg, want)
	}
}

// TestSelfplay: the table has a row a handicap whose wins add up to the
// games played.
func TestSelfplay(t *testing.T) {
	out, stderr, code := runSession(t, "", "--selfplay", "3", "--handicap", "0,6", "--playouts", "30", "--seed", "2",
		"--black", "mcts", "--white", "random", "--log-level", "error")
	if code != exitOK {
		t.Fatalf("exit status %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("want a header, a rule and two rows:\n%s", out)
	}
	for i, h := range []int{0, 6} {
		var hh, games, bw, ww int
		var black, white string
		if _, err := fmt.Sscanf(lines[2+i], "| %d | %s | %s | %d | %d | %d |", &hh, &black, &white, &games, &bw, &ww); err != nil {
			t.Fatalf("row %q: %v", lines[2+i], err)
		}
		if hh != h || black != "mcts" || white != "random" || games != 3 || bw+ww != 3 {
			t.Errorf("row %q: want handicap %d, mcts against random, 3 games", lines[2+i], h)
		}
	}
}

// TestDocumentedExamples runs the sessions shown in docs/killallgo.md,
// "$ printf '...' | bin/killallgo FLAGS 2>/dev/null" followed by the
// output, and checks the output they show. (The README shows the referee,
// which TestDocumentedReferee checks.)
func TestDocumentedExamples(t *testing.T) {
	for _, name := range []string{"docs/killallgo.md"} {
		text, err := os.ReadFile("../../" + name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(text), "\n")
		found := 0
		for i, line := range lines {
			cmd, ok := strings.CutPrefix(line, "$ printf '")
			if !ok || !strings.Contains(cmd, "killallgo") {
				continue
			}
			input, rest, ok1 := strings.Cut(cmd, "' | bin/killallgo ")
			flags, ok2 := strings.CutSuffix(rest, " 2>/dev/null")
			if !ok1 || !ok2 {
				t.Fatalf("%s: cannot read the example %q", name, line)
			}
			var want strings.Builder
			for _, out := range lines[i+1:] {
				if strings.HasPrefix(out, "```") {
					break
				}
				want.WriteString(out + "\n")
			}
			got, stderr, code := runSession(t, strings.ReplaceAll(input, `\n`, "\n"), strings.Fields(flags)...)
			if code != exitOK || got != want.String() {
				t.Errorf("%s: example %q: exit %d, stderr %q, output\n%s\nshown\n%s", name, line, code, stderr, got, want.String())
			}
			found++
		}
		if found == 0 {
			t.Errorf("%s: no killallgo example found", name)
		}
	}
}
