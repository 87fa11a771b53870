package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
)

// fastArgs are the limits of in-process tests: short, so that a forfeit is
// quick, and ample for a fake engine that answers in microseconds. The
// connect time is 5 s, which a test that waits it out shortens: engines
// started as processes (--engine) took over 1 s to connect on a loaded
// machine.
var fastArgs = []string{"--host", "127.0.0.1", "--connect-time", "5s", "--genmove-time", "400ms", "--reply-time", "300ms"}

type judgeRun struct {
	code           int
	stdout, stderr string
	addr           string
}

// runJudge runs the judge in-process with args (plus fastArgs); connect is
// called with its address once it listens, to start the players.
func runJudge(t *testing.T, args []string, connect func(addr string)) judgeRun {
	t.Helper()
	var stdout, stderr bytes.Buffer
	var r judgeRun
	h := &hooks{listening: func(a net.Addr) {
		r.addr = a.String()
		if connect != nil {
			connect(r.addr)
		}
	}}
	ctx, cancel := contextWithTimeout(t, 30*time.Second)
	defer cancel()
	r.code = run(ctx, append(append([]string{}, fastArgs...), args...), &stdout, &stderr, h)
	r.stdout, r.stderr = stdout.String(), stderr.String()
	return r
}

// startEngines connects fake engines in order (nil ones never connect) and
// arranges for them to be closed at the end of the test.
func startEngines(t *testing.T, engines ...*matchtest.Engine) func(addr string) {
	return func(addr string) {
		for _, e := range engines {
			if e == nil {
				continue
			}
			if err := e.Start(addr); err != nil {
				t.Error(err)
				return
			}
			t.Cleanup(e.Close)
		}
	}
}

var stampRE = regexp.MustCompile(`\Atime stamp: ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\n\z`)

// checkOutput checks the judge's stdout: the two lines, then a UTC time
// stamp taken between before and now.
func checkOutput(t *testing.T, got, want string, before time.Time) {
	t.Helper()
	i := strings.Index(got, "time stamp:")
	if i < 0 || got[:i] != want || !stampRE.MatchString(got[i:]) {
		t.Fatalf("stdout:\n%s\nwant:\n%stime stamp: hh:mm:ss", got, want)
	}
	stamp := got[i+len("time stamp: ") : len(got)-1]
	after := time.Now().UTC()
	if b := before.UTC().Format("15:04:05"); stamp < b && b < "23:59:59" {
		t.Errorf("time stamp %s before the match started (%s UTC)", stamp, b)
	}
	if a := after.Format("15:04:05"); stamp > a && a > "00:00:01" {
		t.Errorf("time stamp %s after the match ended (%s UTC): not UTC?", stamp, a)
	}
}

// referenceLines is the output of a well-played match of the given rounds
// between two FirstMove fake engines: the same game every round.
func referenceLines(n1, n2 string, rounds int) string {
	_, final := matchtest.Reference()
	var w, l, d [2]int
	for r := 1; r <= rounds; r++ {
		b := (r + 1) % 2
		switch s := final.Score(); {
		case s > 0:
			w[b]++
			l[1-b]++
		case s < 0:
			w[1-b]++
			l[b]++
		default:
			d[0]++
			d[1]++
		}
	}
	return fmt.Sprintf("NAME:%s QUIT:1 WIN:%d LOSE:%d DRAW:%d\nNAME:%s QUIT:1 WIN:%d LOSE:%d DRAW:%d\n",
		n1, w[0], l[0], d[0], n2, w[1], l[1], d[1])
}

func TestJudgeMatch(t *testing.T) {
	dir := t.TempDir()
	record, summary := filepath.Join(dir, "games.txt"), filepath.Join(dir, "summary.json")
	before := time.Now()
	r := runJudge(t, []string{"--record", record, "--json", summary, "0"},
		startEngines(t, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}))
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	checkOutput(t, r.stdout, referenceLines("alice", "bob", 2), before)

	moves, final := matchtest.Reference()
	rec, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"black: alice (player 1)\nwhite: bob (player 2)\nmoves: " + othello.FormatMoves(moves) + "\n",
		"black: bob (player 2)\nwhite: alice (player 1)\nmoves: " + othello.FormatMoves(moves) + "\n",
		fmt.Sprintf("score: %d-%d (%+d)\n", bits.OnesCount64(final.Black()), bits.OnesCount64(final.White()), final.Score()),
	} {
		if !strings.Contains(string(rec), want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
	var s match.Summary
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("summary is not JSON: %v", err)
	}
	if len(s.Games) != 2 || len(s.Players) != 2 || s.Players[0].Name != "alice" || s.Games[1].Moves != othello.FormatMoves(moves) || s.End.Before(s.Start) {
		t.Errorf("summary %+v, want 2 games, alice first, the reference moves, end after start", s)
	}
	for _, want := range []string{"round 1/2: alice (black)", "round 2/2: bob (black)"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks the progress line %q:\n%s", want, r.stderr)
		}
	}
}

// A record that can no longer be written when the match ends (its
// directory removed while the match is played: the judge checked it
// before) fails the judge with status 1 saying the match was played,
// after the result lines.
func TestJudgeFilesFailAfterTheMatch(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	start := startEngines(t, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"})
	r := runJudge(t, []string{"--record", filepath.Join(dir, "games.txt"), "0", "1"}, func(addr string) {
		if err := os.Remove(dir); err != nil {
			t.Error(err)
		}
		start(addr)
	})
	if r.code != 1 || !strings.Contains(r.stdout, "NAME:alice QUIT:1") ||
		!strings.Contains(r.stderr, "match played, but its files were not all written") || strings.Contains(r.stderr, "match not played") {
		t.Errorf("status %d, stdout %q, stderr:\n%s\nwant 1, the result lines, and the match said played", r.code, r.stdout, r.stderr)
	}
}

func TestJudgeForfeits(t *testing.T) {
	illegal := func(c matchtest.Call) matchtest.Action {
		if strings.HasPrefix(c.Command, "genmove") {
			return matchtest.Action{Writes: []string{"genmove " + matchtest.IllegalMove(c.Position).OTP()}}
		}
		return matchtest.Normal(c)
	}
	hangUp := func(c matchtest.Call) matchtest.Action {
		if c.N == 6 {
			return matchtest.Action{Close: true}
		}
		return matchtest.Normal(c)
	}
	tests := []struct {
		name   string
		args   []string // before PORT
		e1, e2 *matchtest.Engine
		lines  string
		logged []string
		code   int // 1 when a player never played a game
	}{
		{name: "never connects", e1: &matchtest.Engine{Name: "alice"}, args: []string{"--connect-time", "1s"},
			lines:  "NAME:alice QUIT:1 WIN:2 LOSE:0 DRAW:0\nNAME:unknown QUIT:0 WIN:0 LOSE:2 DRAW:0\n",
			logged: []string{`"reason": "no connection"`, "match played without a player"}, code: 1},
		{name: "says nothing", e1: &matchtest.Engine{Name: "alice", Behave: func(matchtest.Call) matchtest.Action { return matchtest.Action{} }},
			e2:     &matchtest.Engine{Name: "bob"},
			lines:  "NAME:unknown QUIT:0 WIN:0 LOSE:2 DRAW:0\nNAME:bob QUIT:1 WIN:2 LOSE:0 DRAW:0\n",
			logged: []string{`"reason": "timeout"`, `"command": "name"`, "match played without a player"}, code: 1},
		{name: "illegal move", e1: &matchtest.Engine{Name: "alice"}, e2: &matchtest.Engine{Name: "bob", Behave: illegal},
			lines:  "NAME:alice QUIT:1 WIN:2 LOSE:0 DRAW:0\nNAME:bob QUIT:0 WIN:0 LOSE:2 DRAW:0\n",
			logged: []string{`"reason": "illegal move"`, `genmove 2 3`}},
		{name: "hangs up", e1: &matchtest.Engine{Name: "alice", Behave: hangUp}, e2: &matchtest.Engine{Name: "bob"},
			lines:  "NAME:alice QUIT:0 WIN:0 LOSE:2 DRAW:0\nNAME:bob QUIT:1 WIN:2 LOSE:0 DRAW:0\n",
			logged: []string{`"reason": "disconnected"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each waits out a limit: a connect time, a reply time
			before := time.Now()
			r := runJudge(t, append(tc.args, "0"), startEngines(t, tc.e1, tc.e2))
			if r.code != tc.code {
				t.Fatalf("status %d, want %d; stderr:\n%s", r.code, tc.code, r.stderr)
			}
			checkOutput(t, r.stdout, tc.lines, before)
			for _, want := range append(tc.logged, "player disqualified") {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("log lacks %q:\n%s", want, r.stderr)
				}
			}
		})
	}
}

// A third client is accepted and closed at once; the match goes on.
func TestJudgeRefusesThird(t *testing.T) {
	third := make(chan error, 1)
	r := runJudge(t, []string{"0", "1"}, func(addr string) {
		// Bob thinks 20 ms a move, so the match lasts long enough for the
		// third client to knock while it runs.
		slow := func(c matchtest.Call) matchtest.Action {
			a := matchtest.Normal(c)
			if strings.HasPrefix(c.Command, "genmove") {
				a.Delay = 20 * time.Millisecond
			}
			return a
		}
		e1, e2 := &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob", Behave: slow}
		startEngines(t, e1, e2)(addr)
		go func() {
			// Wait until both players are seated: the judge asks names
			// only then.
			for i := 0; i < 500 && (len(e1.Commands()) == 0 || len(e2.Commands()) == 0); i++ {
				time.Sleep(10 * time.Millisecond)
			}
			c, err := net.Dial("tcp", addr)
			if err != nil {
				third <- err
				return
			}
			defer c.Close()
			c.SetReadDeadline(time.Now().Add(3 * time.Second))
			n, err := c.Read(make([]byte, 64))
			if n != 0 || err == nil {
				err = fmt.Errorf("read %d bytes, %v; want the connection closed", n, err)
			} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
				err = fmt.Errorf("the connection was left open: %v", err)
			} else {
				err = nil
			}
			third <- err
		}()
	})
	if err := <-third; err != nil {
		t.Errorf("third client: %v", err)
	}
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	checkOutput(t, r.stdout, referenceLines("alice", "bob", 1), time.Time{})
	if !strings.Contains(r.stderr, "connection refused") {
		t.Errorf("the refused connection was not logged:\n%s", r.stderr)
	}
}

// The port is free again the moment a match ends, although the judge closed
// its connections first and left them in TIME_WAIT (SO_REUSEADDR).
func TestJudgePortReuse(t *testing.T) {
	first := runJudge(t, []string{"0", "1"}, startEngines(t, &matchtest.Engine{Name: "a"}, &matchtest.Engine{Name: "b"}))
	if first.code != 0 {
		t.Fatalf("first match: status %d; stderr:\n%s", first.code, first.stderr)
	}
	_, port, _ := net.SplitHostPort(first.addr)
	second := runJudge(t, []string{port, "1"}, startEngines(t, &matchtest.Engine{Name: "c"}, &matchtest.Engine{Name: "d"}))
	if second.code != 0 {
		t.Fatalf("second match on port %s: status %d; stderr:\n%s", port, second.code, second.stderr)
	}
	if second.addr != first.addr {
		t.Errorf("second judge on %s, want %s", second.addr, first.addr)
	}
	checkOutput(t, second.stdout, referenceLines("c", "d", 1), time.Time{})
}

func TestJudgePortTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	r := runJudge(t, []string{port}, nil)
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "address already in use") {
		t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing, and the reason", r.code, r.stdout, r.stderr)
	}
}

// A name with bytes that are not printable (a right-to-left override,
// invalid UTF-8, a terminal's CSI) is printed, logged and recorded in one
// safe form, the same in every output.
func TestJudgeNameSafeEverywhere(t *testing.T) {
	dir := t.TempDir()
	record, summary := filepath.Join(dir, "games.txt"), filepath.Join(dir, "summary.json")
	const raw, safe = "\u202eevil\xff\xc2\x9b", `\u202eevil\xff\u009b`
	r := runJudge(t, []string{"--record", record, "--json", summary, "0", "1"},
		startEngines(t, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: raw}))
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	if want := "\nNAME:" + safe + " QUIT:1 "; !strings.Contains(r.stdout, want) {
		t.Errorf("stdout:\n%s\nwant a line starting %q", r.stdout, want[1:])
	}
	var s match.Summary
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil || s.Players[1].Name != safe || s.Games[0].White != safe {
		t.Errorf("summary names %q and %q (%v), want %q", s.Players[1].Name, s.Games[0].White, err, safe)
	}
	rec, _ := os.ReadFile(record)
	if !strings.Contains(string(rec), "white: "+safe+" (player 2)\n") {
		t.Errorf("record:\n%s\nwant white named %q", rec, safe)
	}
	for _, out := range []string{r.stdout, r.stderr, string(data), string(rec)} {
		if strings.ContainsAny(out, "\u202e\u009b") || strings.Contains(out, "\xff") {
			t.Errorf("an output holds the raw name:\n%q", out)
		}
	}
}

// --openings starts the rounds of a classic match from the file's
// openings, two rounds each, colours swapped; a bad file is refused before
// anything starts.
func TestJudgeOpenings(t *testing.T) {
	dir := t.TempDir()
	openings, record := filepath.Join(dir, "openings.txt"), filepath.Join(dir, "games.txt")
	if err := os.WriteFile(openings, []byte("# two openings\nf5d6c3\nf5 f4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runJudge(t, []string{"--openings", openings, "--record", record, "0", "4"},
		startEngines(t, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}))
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	rec, _ := os.ReadFile(record)
	for i, op := range []string{"f5d6c3", "f5d6c3", "f5f4", "f5f4"} {
		want := fmt.Sprintf("round %d\nopening: %s\n", i+1, op)
		if !strings.Contains(string(rec), want) || !strings.Contains(r.stderr, fmt.Sprintf("round %d/4: ", i+1)) {
			t.Errorf("record or progress lines lack round %d from %s:\n%s\n%s", i+1, op, rec, r.stderr)
		}
	}
	moves := regexp.MustCompile(`(?m)^moves: (\S+)$`).FindAllStringSubmatch(string(rec), -1)
	if len(moves) != 4 || !strings.HasPrefix(moves[0][1], "f5d6c3") || !strings.HasPrefix(moves[3][1], "f5f4") || moves[0][1] == moves[2][1] {
		t.Errorf("moves %q, want rounds 1-2 from f5d6c3 and 3-4 from f5f4, different games", moves)
	}
	if err := os.WriteFile(openings, []byte("f5d6\na1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runJudge(t, []string{"--openings", openings, "0"}, nil)
	if r.code != 1 || !strings.Contains(r.stderr, "line 2") || strings.Contains(r.stderr, "listening") {
		t.Errorf("a bad openings file: status %d, want 1 naming line 2 before listening; stderr:\n%s", r.code, r.stderr)
	}
}
