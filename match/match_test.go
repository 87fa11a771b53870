package match

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// testLimits are short enough to keep the suite fast and long enough for a
// fake engine on a busy machine: it answers in microseconds.
var testLimits = Limits{Connect: 500 * time.Millisecond, GenMove: 2 * time.Second, Reply: 1500 * time.Millisecond}

type matchRun struct {
	res   Result
	logs  *observer.ObservedLogs
	lines string
}

// runMatch plays a match over loopback between fake engines, player 1
// connecting first; a nil engine never connects.
func runMatch(t *testing.T, rounds int, e1, e2 *matchtest.Engine) matchRun {
	t.Helper()
	return runMatchOf(t, Match{Rounds: rounds}, e1, e2)
}

// runMatchOf is runMatch for the match m, given its rounds and any
// openings: it sets the limits and the log.
func runMatchOf(t *testing.T, m Match, e1, e2 *matchtest.Engine) matchRun {
	t.Helper()
	core, logs := observer.New(zap.DebugLevel)
	log := zap.New(core)
	gate, addr := openTestGate(t, log)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	deadline := time.Now().Add(testLimits.Connect)
	var remotes [2]*otp.Remote
	for i, e := range []*matchtest.Engine{e1, e2} {
		if e == nil {
			continue
		}
		if err := e.Start(addr); err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		c, err := gate.Next(ctx, deadline)
		if err != nil {
			t.Fatalf("player %d did not connect: %v", i+1, err)
		}
		remotes[i] = otp.NewRemote(c)
		defer remotes[i].Close()
	}
	if e1 == nil || e2 == nil {
		// Wait out the connect limit, as the judge does for a missing player.
		if _, err := gate.Next(ctx, deadline); err != ErrNoPlayer {
			t.Fatalf("Next with no player = %v, want ErrNoPlayer", err)
		}
	}
	gate.Seal()
	m.Limits, m.Log = testLimits, log
	res, err := m.Run(ctx, remotes[0], remotes[1])
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	var b bytes.Buffer
	res.Lines(&b, time.Now())
	return matchRun{res: res, logs: logs, lines: b.String()}
}

// wantLines builds the classic result lines without the time stamp.
func wantLines(n1 string, q1, w1, l1, d1 int, n2 string, q2, w2, l2, d2 int) string {
	return fmt.Sprintf("NAME:%s QUIT:%d WIN:%d LOSE:%d DRAW:%d\nNAME:%s QUIT:%d WIN:%d LOSE:%d DRAW:%d\n",
		n1, q1, w1, l1, d1, n2, q2, w2, l2, d2)
}

var stampRE = regexp.MustCompile(`^time stamp: ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\n$`)

func checkLines(t *testing.T, got, want string) {
	t.Helper()
	i := strings.Index(got, "time stamp:")
	if i < 0 || got[:i] != want || !stampRE.MatchString(got[i:]) {
		t.Errorf("result lines:\n%s\nwant:\n%stime stamp: hh:mm:ss", got, want)
	}
}

// normalLines returns the result lines of a well-played match of n rounds
// between two FirstMove engines: the same game every round, colours
// swapped.
func normalLines(n1, n2 string, rounds int) string {
	_, final := matchtest.Reference()
	var p [2][3]int // win, lose, draw
	for r := 1; r <= rounds; r++ {
		b := (r + 1) % 2 // index of black: player 1 in odd rounds
		switch s := final.Score(); {
		case s > 0:
			p[b][0]++
			p[1-b][1]++
		case s < 0:
			p[1-b][0]++
			p[b][1]++
		default:
			p[0][2]++
			p[1][2]++
		}
	}
	return wantLines(n1, 1, p[0][0], p[0][1], p[0][2], n2, 1, p[1][0], p[1][1], p[1][2])
}

func TestMatchNormal(t *testing.T) {
	e1, e2 := &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}
	run := runMatch(t, 3, e1, e2)
	checkLines(t, run.lines, normalLines("alice", "bob", 3))
	moves, final := matchtest.Reference()
	if len(run.res.Games) != 3 {
		t.Fatalf("%d games, want 3", len(run.res.Games))
	}
	for i, g := range run.res.Games {
		wantBlack := 1 + i%2
		if g.BlackPlayer != wantBlack {
			t.Errorf("round %d: black is player %d, want %d", g.Round, g.BlackPlayer, wantBlack)
		}
		if g.Record() != othello.FormatMoves(moves) || g.Final != final {
			t.Errorf("round %d: moves %s, want %s", g.Round, g.Record(), othello.FormatMoves(moves))
		}
		if g.Forfeit != nil {
			t.Errorf("round %d: unexpected forfeit %v", g.Round, g.Forfeit)
		}
	}
	// Commands are bare, black is asked first, and both get quit.
	for i, e := range []*matchtest.Engine{e1, e2} {
		cmds := e.Commands()
		for _, c := range cmds {
			if strings.TrimSpace(c) != c || strings.ContainsAny(c, "\x00\n") {
				t.Errorf("player %d received %q, want a bare command", i+1, c)
			}
		}
		if len(cmds) < 3 || cmds[0] != "name" || cmds[1] != "clear_board" || cmds[len(cmds)-1] != "quit" {
			t.Fatalf("player %d commands %q, want name, clear_board ... quit", i+1, cmds)
		}
		want := "genmove"
		if i == 1 {
			want = "play " + moves[0].OTP()
		}
		if len(cmds) > 2 && cmds[2] != want {
			t.Errorf("player %d: third command %q, want %q", i+1, cmds[2], want)
		}
	}
}

// onCommand returns a Behaviour that replaces the answer to the n-th
// command starting with word (n from 1) and answers everything else
// correctly.
func onCommand(word string, n int, act func(c matchtest.Call) matchtest.Action) func(matchtest.Call) matchtest.Action {
	seen := 0
	return func(c matchtest.Call) matchtest.Action {
		if strings.HasPrefix(c.Command, word) {
			seen++
			if seen == n {
				return act(c)
			}
		}
		return matchtest.Normal(c)
	}
}

func always(act func(c matchtest.Call) matchtest.Action) func(matchtest.Call) matchtest.Action {
	return act
}

func silent(matchtest.Call) matchtest.Action { return matchtest.Action{} }

func TestMatchAcceptsLenientReplies(t *testing.T) {
	tests := []struct {
		name   string
		behave func(matchtest.Call) matchtest.Action
	}{
		{"trailing newline", always(func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{c.Reply + "\r\n"}}
		})},
		{"split over two writes", always(func(c matchtest.Call) matchtest.Action {
			h := len(c.Reply) / 2
			return matchtest.Action{Writes: []string{c.Reply[:h], c.Reply[h:]}, Gap: 5 * time.Millisecond}
		})},
		// The classic judge lowers a reply's first word before comparing
		// it: "NAME bob", "CLEAR_BOARD", "PLAY", "GENMOVE 2 3", "QUIT".
		{"upper-case first words", always(func(c matchtest.Call) matchtest.Action {
			word, rest, _ := strings.Cut(c.Reply, " ")
			if rest != "" {
				rest = " " + rest
			}
			return matchtest.Action{Writes: []string{strings.ToUpper(word) + rest}}
		})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			run := runMatch(t, 2, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob", Behave: tc.behave})
			checkLines(t, run.lines, normalLines("alice", "bob", 2))
			if n := run.logs.FilterMessage("player disqualified").Len(); n != 0 {
				t.Errorf("%d disqualifications logged, want none", n)
			}
		})
	}
}

func TestMatchForfeits(t *testing.T) {
	late := func(c matchtest.Call) matchtest.Action {
		return matchtest.Action{Delay: testLimits.GenMove + 200*time.Millisecond, Writes: []string{c.Reply}}
	}
	tests := []struct {
		name     string
		bad      int // the misbehaving player, 1 or 2
		behave   func(matchtest.Call) matchtest.Action
		reason   otp.ForfeitReason
		round    int
		received string // a part of the quoted reply the log must show
		unnamed  bool   // the culprit never told its name
	}{
		{name: "says nothing", bad: 2, behave: always(silent), reason: otp.ForfeitTimeout, round: 0, unnamed: true},
		{name: "replies late", bad: 1, behave: onCommand("genmove", 2, late), reason: otp.ForfeitTimeout, round: 1},
		{name: "two replies at once", bad: 2, behave: onCommand("play", 1, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"play\nplay\n"}}
		}), reason: otp.ForfeitExtraData, round: 1, received: `play\nplay\n`},
		{name: "never answers play", bad: 1, behave: onCommand("play", 1, silent), reason: otp.ForfeitTimeout, round: 1},
		{name: "illegal move", bad: 2, behave: onCommand("genmove", 1, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"genmove " + matchtest.IllegalMove(c.Position).OTP()}}
		}), reason: otp.ForfeitIllegalMove, round: 1, received: "genmove 2 3"}, // d3, black's first move
		{name: "pass with a move", bad: 1, behave: onCommand("genmove", 3, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"genmove 8 0"}}
		}), reason: otp.ForfeitIllegalPass, round: 1, received: "genmove 8 0"},
		{name: "garbage", bad: 2, behave: onCommand("genmove", 2, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"\x00\x01garbage\xff"}}
		}), reason: otp.ForfeitWrongReply, round: 1, received: `\x00\x01garbage\xff`},
		{name: "over-long", bad: 1, behave: onCommand("genmove", 1, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"genmove" + strings.Repeat(" ", 3000)}}
		}), reason: otp.ForfeitTooLong, round: 1},
		{name: "over-long name", bad: 2, behave: onCommand("name", 1, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"name " + strings.Repeat("n", 600)}}
		}), reason: otp.ForfeitTooLong, round: 0, unnamed: true},
		{name: "wrong reply to clear_board", bad: 1, behave: onCommand("clear_board", 2, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"unknown command"}}
		}), reason: otp.ForfeitWrongReply, round: 2, received: "unknown command"},
		{name: "disconnects mid-game", bad: 2, behave: onCommand("genmove", 3, func(c matchtest.Call) matchtest.Action {
			return matchtest.Action{Writes: []string{"genm"}, Close: true}
		}), reason: otp.ForfeitDisconnected, round: 1, received: "genm"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := [2]*matchtest.Engine{{Name: "alice"}, {Name: "bob"}}
			e[tc.bad-1].Behave = tc.behave
			start := time.Now()
			run := runMatch(t, 2, e[0], e[1])
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("match took %v, want a quick verdict", took)
			}
			b, g := tc.bad-1, 2-tc.bad
			names := [2]string{"alice", "bob"}
			if tc.unnamed {
				names[b] = DefaultName
			}
			var p [2][4]int // quit, win, lose, draw
			p[g][0] = 1
			p[g][1], p[b][2] = 2, 2
			if tc.round == 2 {
				// Round 1 was played normally, player 1 black.
				p[g][1], p[b][2] = 1, 1
				switch _, final := matchtest.Reference(); {
				case final.Score() > 0:
					p[0][1]++
					p[1][2]++
				case final.Score() < 0:
					p[1][1]++
					p[0][2]++
				default:
					p[0][3]++
					p[1][3]++
				}
			}
			checkLines(t, run.lines, wantLines(names[0], p[0][0], p[0][1], p[0][2], p[0][3], names[1], p[1][0], p[1][1], p[1][2], p[1][3]))
			pr := run.res.Players[b]
			// A player out before round 1 never played; one out later did.
			var never []int
			if tc.round == 0 {
				never = []int{b}
			}
			if got := run.res.NeverPlayed(); !slices.Equal(got, never) {
				t.Errorf("NeverPlayed() = %v, want %v", got, never)
			}
			if pr.Forfeit == nil || pr.Forfeit.Reason != tc.reason || pr.ForfeitRound != tc.round {
				t.Fatalf("player %d forfeit %v in round %d, want %q in round %d", tc.bad, pr.Forfeit, pr.ForfeitRound, tc.reason, tc.round)
			}
			if run.res.Players[1-b].Forfeit != nil {
				t.Errorf("the good player was disqualified: %v", run.res.Players[1-b].Forfeit)
			}
			entries := run.logs.FilterMessage("player disqualified").AllUntimed()
			if len(entries) != 1 {
				t.Fatalf("%d disqualifications logged, want 1", len(entries))
			}
			fields := entries[0].ContextMap()
			if fields["reason"] != string(tc.reason) || fields["player"] != int64(tc.bad) {
				t.Errorf("logged player %v reason %v, want %d %q", fields["player"], fields["reason"], tc.bad, tc.reason)
			}
			if !strings.Contains(fmt.Sprint(fields["received"]), tc.received) {
				t.Errorf("logged received %v, want it to quote %q", fields["received"], tc.received)
			}
			for _, c := range e[b].Commands() {
				if c == "quit" {
					t.Errorf("the disqualified player was sent quit")
				}
			}
			if cmds := e[1-b].Commands(); len(cmds) == 0 || cmds[len(cmds)-1] != "quit" {
				t.Errorf("the good player's last command is not quit: %q", cmds)
			}
		})
	}
}

func TestMatchNeverConnects(t *testing.T) {
	e1 := &matchtest.Engine{Name: "alice"}
	run := runMatch(t, 2, e1, nil)
	checkLines(t, run.lines, wantLines("alice", 1, 2, 0, 0, DefaultName, 0, 0, 2, 0))
	if f := run.res.Players[1].Forfeit; f == nil || f.Reason != otp.ForfeitNoConnection {
		t.Errorf("absent player's forfeit %v, want %q", f, otp.ForfeitNoConnection)
	}
	if got := run.res.NeverPlayed(); !slices.Equal(got, []int{1}) {
		t.Errorf("NeverPlayed() = %v, want [1]", got)
	}
	for _, g := range run.res.Games {
		if g.Played {
			t.Errorf("round %d was played against an absent player", g.Round)
		}
	}
	if cmds := e1.Commands(); strings.Join(cmds, ",") != "name,quit" {
		t.Errorf("present player received %q, want name then quit", cmds)
	}
}

// If both players are out, the remaining rounds are draws.
func TestMatchBothOut(t *testing.T) {
	e2 := &matchtest.Engine{Name: "bob", Behave: always(silent)}
	run := runMatch(t, 2, nil, e2)
	checkLines(t, run.lines, wantLines(DefaultName, 0, 0, 0, 2, DefaultName, 0, 0, 0, 2))
	if cmds := e2.Commands(); strings.Join(cmds, ",") != "name" {
		t.Errorf("silent player received %q, want only name", cmds)
	}
}

// A third client is turned away at once, and the match goes on unharmed.
func TestGateRefusesThird(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	gate, addr := openTestGate(t, zap.New(core))
	ctx := context.Background()
	e1, e2 := &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}
	for _, e := range []*matchtest.Engine{e1, e2} {
		if err := e.Start(addr); err != nil {
			t.Fatal(err)
		}
		defer e.Close()
	}
	conns, err := gate.Players(ctx, time.Now().Add(2*time.Second))
	if err != nil || conns[0] == nil || conns[1] == nil {
		t.Fatalf("Players = %v, %v, want two connections", conns, err)
	}
	p1, p2 := otp.NewRemote(conns[0]), otp.NewRemote(conns[1])
	defer p1.Close()
	defer p2.Close()

	third, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer third.Close()
	third.SetReadDeadline(time.Now().Add(2 * time.Second))
	if n, err := third.Read(make([]byte, 16)); n != 0 || err == nil || isTimeoutErr(err) {
		t.Errorf("third client read %d bytes, %v; want the connection closed", n, err)
	}
	m := Match{Rounds: 1, Limits: testLimits}
	res, err := m.Run(ctx, p1, p2)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	res.Lines(&b, time.Now())
	// Player numbers follow arrival order, which two goroutines race for.
	want := normalLines(res.Players[0].Name, res.Players[1].Name, 1)
	checkLines(t, b.String(), want)
	if logs.FilterMessage("connection refused: the match already has its players").Len() != 1 {
		t.Errorf("the refused connection was not logged")
	}
}

// openTestGate opens a Gate on a free loopback port, closed when the test
// ends, and returns it with the address the engines dial.
func openTestGate(tb testing.TB, log *zap.Logger) (*Gate, string) {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	g := OpenGate(ln, log)
	tb.Cleanup(func() { g.Close() })
	return g, ln.Addr().String()
}

func isTimeoutErr(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

func TestMatchCancel(t *testing.T) {
	gate, addr := openTestGate(t, nil)
	e1, e2 := &matchtest.Engine{Name: "a", Behave: onCommand("genmove", 1, silent)}, &matchtest.Engine{Name: "b"}
	for _, e := range []*matchtest.Engine{e1, e2} {
		if err := e.Start(addr); err != nil {
			t.Fatal(err)
		}
		defer e.Close()
	}
	conns, _ := gate.Players(context.Background(), time.Now().Add(2*time.Second))
	if conns[0] == nil || conns[1] == nil {
		t.Fatal("players did not connect")
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	m := Match{Rounds: 2, Limits: Limits{Connect: time.Second, GenMove: 10 * time.Second, Reply: 10 * time.Second}}
	start := time.Now()
	_, err := m.Run(ctx, otp.NewRemote(conns[0]), otp.NewRemote(conns[1]))
	if err != context.Canceled {
		t.Errorf("Run error %v, want context.Canceled", err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("Run took %v after cancel, want prompt return", took)
	}
}

// A name reply with more than one token, or a second line, passes the
// classic judge, which reads the first token after "name": ours keeps that
// token as the name and logs the rest.
func TestMatchNameWithExtraData(t *testing.T) {
	for reply, ignored := range map[string]string{"name bob the builder": "the builder", "name bob\nmore": "more"} {
		t.Run(reply, func(t *testing.T) {
			e2 := &matchtest.Engine{Name: "bob", Behave: onCommand("name", 1, func(matchtest.Call) matchtest.Action {
				return matchtest.Action{Writes: []string{reply}}
			})}
			run := runMatch(t, 2, &matchtest.Engine{Name: "alice"}, e2)
			checkLines(t, run.lines, normalLines("alice", "bob", 2))
			if n := run.logs.FilterMessage("player disqualified").Len(); n != 0 {
				t.Errorf("%d disqualifications logged, want none", n)
			}
			warned := run.logs.FilterMessageSnippet("ignored the rest").FilterField(zap.String("ignored", fmt.Sprintf("%q", ignored)))
			if warned.Len() != 1 {
				t.Errorf("no warning quoting the ignored %q; logs: %v", ignored, run.logs.All())
			}
		})
	}
}
