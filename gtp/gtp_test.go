package gtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
)

// toy is an Engine on a board with no rules but one: a point holds one
// stone. It records what the session passed to it.
type toy struct {
	size     int
	komi     float64
	moves    []Vertex
	colors   []Color
	deadline time.Duration // genmove's time to its deadline; -1 without
}

func newToy() *toy { return &toy{size: 19} }

func (e *toy) BoardSize() int { return e.size }
func (e *toy) SetBoardSize(n int) error {
	if n%2 == 0 {
		return fmt.Errorf("%w: %d is even", ErrUnacceptable, n)
	}
	e.size = n
	e.ClearBoard()
	return nil
}
func (e *toy) ClearBoard()       { e.moves, e.colors = nil, nil }
func (e *toy) SetKomi(k float64) { e.komi = k }
func (e *toy) Play(c Color, v Vertex) error {
	for _, m := range e.moves {
		if !v.Pass && m == v {
			return fmt.Errorf("%w: %v is occupied", ErrIllegalMove, v)
		}
	}
	e.moves, e.colors = append(e.moves, v), append(e.colors, c)
	return nil
}
func (e *toy) GenMove(ctx context.Context, c Color) (Vertex, bool) {
	e.deadline = -1
	if d, ok := ctx.Deadline(); ok {
		e.deadline = time.Until(d)
	}
	if len(e.moves) >= 4 {
		return Vertex{}, true
	}
	v := Vertex{X: len(e.moves) + 1, Y: 1}
	_ = e.Play(c, v)
	return v, false
}
func (e *toy) Undo() error {
	if len(e.moves) == 0 {
		return ErrCannotUndo
	}
	e.moves, e.colors = e.moves[:len(e.moves)-1], e.colors[:len(e.colors)-1]
	return nil
}
func (e *toy) ShowBoard() string {
	return fmt.Sprintf("%d stones\non %dx%d", len(e.moves), e.size, e.size)
}
func (e *toy) FinalScore() (string, error) {
	if len(e.moves) == 0 {
		return "", ErrCannotScore
	}
	return "0", nil
}

// handicapToy is a toy that takes free handicap stones.
type handicapToy struct{ toy }

func (e *handicapToy) SetFreeHandicap(vs []Vertex) error {
	if len(e.moves) > 0 {
		return ErrBoardNotEmpty
	}
	for _, v := range vs {
		_ = e.Play(Black, v)
	}
	return nil
}

// serve runs a session on e with input and returns its output.
func serve(t *testing.T, e Engine, input string) string {
	t.Helper()
	var out strings.Builder
	s := NewSession(e, Config{Name: "toy", Version: "0.1"}, &out, zap.NewNop())
	if err := s.Serve(strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestScriptedSession checks a session byte for byte against the
// specification: "=[id] result" or "?[id] message", each response ended by
// an empty line; ids echoed; comments, tabs, carriage returns and other
// control characters removed before parsing; empty lines unanswered; the
// standard error messages; nothing read after quit.
func TestScriptedSession(t *testing.T) {
	in := "protocol_version\n" +
		"1 name\n" +
		"\n   \t \n# a comment line\n" +
		"22 version # trailing comment\n" +
		"3\tknown_command\tplay\r\n" +
		"known_command set_free_handicap\n" +
		"known_command frobnicate\n" +
		"4 frobnicate\n" +
		"5 boardsize 8\n" +
		"6 boardsize 9\n" +
		"boardsize x\n" +
		"7 komi 6.5\n" +
		"komi NaN\n" +
		"8 play b C3\n" +
		"9 play white c3\n" +
		"10 play black J9\n" +
		"11 play black I3\n" +
		"12 play black K3\n" +
		"13 play green C4\n" +
		"14 play b\n" +
		"15 genmove w\n" +
		"16 showboard\n" +
		"17 undo\n" +
		"18 final_score\n" +
		"19 play b pass\n" +
		"20 genmove b\n" +
		"21 genmove b\n" +
		"23\n" +
		"c\x01lear_board\n" +
		"24 final_score\n" +
		"25 undo\n" +
		"26 quit\n" +
		"name\n"
	want := "= 2\n\n" +
		"=1 toy\n\n" +
		"=22 0.1\n\n" +
		"=3 true\n\n" +
		"= false\n\n" +
		"= false\n\n" +
		"?4 unknown command\n\n" +
		"?5 unacceptable size\n\n" +
		"=6 \n\n" +
		"? syntax error\n\n" +
		"=7 \n\n" +
		"? syntax error\n\n" +
		"=8 \n\n" +
		"?9 illegal move\n\n" +
		"=10 \n\n" +
		"?11 syntax error\n\n" +
		"?12 illegal move\n\n" +
		"?13 syntax error\n\n" +
		"?14 syntax error\n\n" +
		"=15 C1\n\n" +
		"=16 \n3 stones\non 9x9\n\n" +
		"=17 \n\n" +
		"=18 0\n\n" +
		"=19 \n\n" +
		"=20 D1\n\n" +
		"=21 resign\n\n" +
		"?23 syntax error\n\n" +
		"= \n\n" +
		"?24 cannot score\n\n" +
		"?25 cannot undo\n\n" +
		"=26 \n\n"
	e := newToy()
	if got := serve(t, e, in); got != want {
		t.Errorf("session:\n%s\nwant:\n%s", got, want)
	}
	if e.komi != 6.5 {
		t.Errorf("komi %v, want 6.5", e.komi)
	}
}

// TestHandicapCommand: set_free_handicap exists only for a Handicapper,
// and checks its vertex list.
func TestHandicapCommand(t *testing.T) {
	in := "known_command set_free_handicap\n" +
		"1 set_free_handicap C3\n" +
		"2 set_free_handicap C3 C3\n" +
		"3 set_free_handicap C3 pass\n" +
		"4 set_free_handicap C3 Z9\n" +
		"5 set_free_handicap C3 D4 E5\n" +
		"6 set_free_handicap F6 G7\n"
	want := "= true\n\n?1 bad vertex list\n\n?2 bad vertex list\n\n?3 bad vertex list\n\n?4 bad vertex list\n\n" +
		"=5 \n\n?6 board not empty\n\n"
	e := &handicapToy{toy: *newToy()}
	if got := serve(t, e, in); got != want {
		t.Errorf("session:\n%s\nwant:\n%s", got, want)
	}
	if len(e.moves) != 3 || e.moves[2] != (Vertex{X: 5, Y: 5}) || e.colors[0] != Black {
		t.Errorf("stones %v %v, want black C3 D4 E5", e.moves, e.colors)
	}
	list := serve(t, e, "list_commands\n")
	if !strings.Contains(list, "\nset_free_handicap\n") || !strings.HasPrefix(list, "= boardsize\nclear_board\n") {
		t.Errorf("list_commands:\n%s", list)
	}
	if list := serve(t, newToy(), "list_commands\n"); strings.Contains(list, "handicap") {
		t.Errorf("list_commands of an engine without handicaps:\n%s", list)
	}
}

// TestCommandTable: every command listed has a handler, and every
// handler is listed, in order.
func TestCommandTable(t *testing.T) {
	if len(commandNames) != len(commands) {
		t.Errorf("%d names, %d handlers", len(commandNames), len(commands))
	}
	for i, n := range commandNames {
		if commands[n] == nil {
			t.Errorf("%s has no handler", n)
		}
		if i > 0 && commandNames[i-1] >= n {
			t.Errorf("%s listed after %s", n, commandNames[i-1])
		}
	}
	for _, n := range []string{"protocol_version", "name", "version", "known_command", "list_commands", "quit",
		"boardsize", "clear_board", "komi", "play", "genmove"} {
		if commands[n] == nil {
			t.Errorf("required command %s missing", n)
		}
	}
}

// TestLongLine: a line over the bound gets a syntax error and the session
// goes on.
func TestLongLine(t *testing.T) {
	got := serve(t, newToy(), "1 name\n"+strings.Repeat("x", MaxLineBytes+10)+"\n2 name\n")
	if want := "=1 toy\n\n? syntax error\n\n=2 toy\n\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestPreprocess(t *testing.T) {
	for in, want := range map[string]string{
		"":                    "",
		"  # only a comment":  "",
		"\t1\tplay\tb c3\r":   "1 play b c3",
		"na\x00me\x7f":        "name",
		"genmove w #b":        "genmove w",
		"   showboard   \x1b": "showboard",
	} {
		if got := Preprocess(in); got != want {
			t.Errorf("Preprocess(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVertex(t *testing.T) {
	for x := 1; x <= MaxSize; x++ {
		for _, y := range []int{1, 13, MaxSize} {
			v := Vertex{X: x, Y: y}
			back, err := ParseVertex(strings.ToLower(v.String()), MaxSize)
			if err != nil || back != v {
				t.Errorf("%+v -> %q -> %+v, %v", v, v.String(), back, err)
			}
		}
	}
	if s := (Vertex{X: 8, Y: 1}).String(); s != "H1" {
		t.Errorf("column 8 is %q, want H1", s)
	}
	if s := (Vertex{X: 9, Y: 9}).String(); s != "J9" {
		t.Errorf("column 9 is %q, want J9 (no I)", s)
	}
	if v, err := ParseVertex("PASS", 7); err != nil || !v.Pass {
		t.Errorf("PASS: %+v, %v", v, err)
	}
	for _, s := range []string{"", "c", "i3", "3c", "c0", "c-1", "c+3", "h1", "a8", "cc", "c3x"} {
		if v, err := ParseVertex(s, 7); err == nil {
			t.Errorf("ParseVertex(%q, 7) = %+v, want an error", s, v)
		}
	}
	for _, s := range []string{"b", "BLACK", "w", "White"} {
		if _, err := ParseColor(s); err != nil {
			t.Errorf("ParseColor(%q): %v", s, err)
		}
	}
	if _, err := ParseColor("x"); err == nil {
		t.Error("ParseColor(x) accepted")
	}
}

// TestClock checks the time a move may take under each kind of time
// setting, worked out by hand: the share of the time, less a tenth of it
// and at least 250 ms, and never less than half of it.
func TestClock(t *testing.T) {
	s, ms := time.Second, time.Millisecond
	cases := []struct {
		name     string
		settings []int // main, byo-yomi, stones; nil: none
		left     []int // time, stones; nil: none
		want     time.Duration
		limited  bool
	}{
		{"no settings", nil, nil, 0, false},
		{"byo-yomi without stones: no limit", []int{60, 10, 0}, nil, 0, false},
		{"no time at all: no limit", []int{0, 0, 0}, nil, 0, false},
		{"main time only: a 30th", []int{300, 0, 0}, nil, 9 * s, true},
		{"byo-yomi only: a period's share", []int{0, 30, 5}, nil, 5400 * ms, true},
		{"main time with a byo-yomi floor", []int{30, 20, 1}, nil, 18 * s, true},
		{"time left in main time", []int{300, 0, 0}, []int{60, 0}, 1750 * ms, true},
		{"time left in byo-yomi", []int{300, 30, 10}, []int{20, 4}, 4500 * ms, true},
		{"main time used up, byo-yomi next", []int{300, 30, 10}, []int{0, 0}, 2700 * ms, true},
		{"nothing left, nothing next", []int{300, 0, 0}, []int{0, 0}, 0, true},
		{"a share under the margin: half of it", []int{0, 1, 5}, nil, 100 * ms, true},
	}
	for _, c := range cases {
		var clk Clock
		clk.movesToPlan = DefaultMovesToPlan
		if c.settings != nil {
			clk.Settings(seconds(c.settings[0]), seconds(c.settings[1]), c.settings[2])
		}
		if c.left != nil {
			clk.Left(Black, seconds(c.left[0]), c.left[1])
		}
		got, limited := clk.Budget(Black)
		if got != c.want || limited != c.limited {
			t.Errorf("%s: %v, %v; want %v, %v", c.name, got, limited, c.want, c.limited)
		}
		if c.left != nil {
			// White's time was not given: white plans from the settings.
			clk.NewGame()
			w, _ := clk.Budget(White)
			b, _ := clk.Budget(Black)
			if w != b {
				t.Errorf("%s: after NewGame black %v, white %v, want the same", c.name, b, w)
			}
		}
	}
}

// TestGenMoveDeadline: genmove gets a deadline from the time settings,
// counted from when its line was read, and none without them.
func TestGenMoveDeadline(t *testing.T) {
	e := newToy()
	serve(t, e, "genmove b\n")
	if e.deadline != -1 {
		t.Errorf("no time settings: deadline in %v, want none", e.deadline)
	}
	serve(t, e, "clear_board\ntime_settings 0 10 1\ngenmove b\n")
	if want := 9 * time.Second; e.deadline > want || e.deadline < want-time.Second {
		t.Errorf("10 s a move: deadline in %v, want just under %v", e.deadline, want)
	}
	got := serve(t, e, "time_settings 1 2\ntime_left b 10\ntime_left x 1 1\ntime_settings 1 2 -3\n")
	if strings.Count(got, "? syntax error\n\n") != 4 {
		t.Errorf("bad time commands: %q, want four syntax errors", got)
	}
}

// TestClient drives a session through the controller's side, over pipes.
func TestClient(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		s := NewSession(newToy(), Config{Name: "toy", Version: "0.1"}, outW, zap.NewNop())
		done <- s.Serve(inR)
		inR.Close()
		outW.Close()
	}()
	c := NewClient(outR, inW)
	for _, step := range []struct{ cmd, want, fail string }{
		{"name", "toy", ""},
		{"boardsize 9", "", ""},
		{"play b a1", "", ""},
		{"play w a1", "", "illegal move"},
		{"showboard", "\n1 stones\non 9x9", ""},
		{"genmove w", "B1", ""},
		{"quit", "", ""},
	} {
		got, err := c.Send(step.cmd)
		var f *Failure
		switch {
		case step.fail != "" && (!errors.As(err, &f) || f.Message != step.fail):
			t.Errorf("%s: %q, %v; want the failure %q", step.cmd, got, err, step.fail)
		case step.fail == "" && (err != nil || got != step.want):
			t.Errorf("%s: %q, %v; want %q", step.cmd, got, err, step.want)
		}
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := c.Send("name"); err == nil {
		t.Error("a command after quit got an answer")
	}
	inW.Close()
}

// TestClientRefuses: responses that are not GTP's are errors naming them.
func TestClientRefuses(t *testing.T) {
	for resp, want := range map[string]string{
		"=2 ok\n\n":     "want '=1' or '?1' first",
		"ok\n\n":        "want '=1' or '?1' first",
		"=1ok\n\n":      "want a space after the id",
		"=1 ok\n":       "EOF",
		"\n\n=1 ok\n\n": "",
	} {
		c := NewClient(strings.NewReader(resp), io.Discard)
		got, err := c.Send("name")
		if want == "" {
			if err != nil || got != "ok" {
				t.Errorf("%q: %q, %v; want ok", resp, got, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %q, %v; want an error with %q", resp, got, err, want)
		}
	}
}

// endless is an engine's output that never ends its line: '=', then x
// forever, counting what the client read, up to limit bytes (then EOF, so
// that a client without a bound still returns).
type endless struct{ read, limit int }

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.limit {
		return 0, io.EOF
	}
	n := min(len(p), e.limit-e.read)
	for i := range n {
		p[i] = 'x'
	}
	if e.read == 0 {
		p[0] = '='
	}
	e.read += n
	return n, nil
}

// TestClientBoundsLines: an engine that sends an endless line gets an
// error naming the bound as soon as its line passes it, and the client
// neither reads nor keeps much more than the bound; so does one that
// sends endless short lines.
func TestClientBoundsLines(t *testing.T) {
	e := &endless{limit: 64 << 20}
	_, err := NewClient(e, io.Discard).Send("name")
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("a line longer than %d bytes", MaxLineBytes)) {
		t.Errorf("endless line: %v, want an error naming the bound of %d bytes", err, MaxLineBytes)
	}
	if e.read > 4*MaxLineBytes {
		t.Errorf("endless line: the client read %d bytes before it stopped, want at most %d", e.read, 4*MaxLineBytes)
	}

	// A response of many short lines: a bound of its own.
	lines := strings.Repeat("=1 ok\n", MaxResponseBytes/6+10) + "\n"
	if _, err := NewClient(strings.NewReader(lines), io.Discard).Send("name"); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("longer than %d bytes", MaxResponseBytes)) {
		t.Errorf("endless response: %v, want an error naming the bound of %d bytes", err, MaxResponseBytes)
	}
	over := "=1 " + strings.Repeat("y", MaxLineBytes-2) // one byte too many
	if _, err := NewClient(strings.NewReader(over+"\n\n"), io.Discard).Send("name"); err == nil || !strings.Contains(err.Error(), "a line longer than") {
		t.Errorf("a line of %d bytes: %v, want an error naming the bound", len(over), err)
	}
	// The longest line allowed is read whole.
	long := "=1 " + strings.Repeat("y", MaxLineBytes-3)
	if got, err := NewClient(strings.NewReader(long+"\r\n\n"), io.Discard).Send("name"); err != nil || got != long[3:] {
		t.Errorf("a line of %d bytes: %d bytes, %v; want it whole", len(long), len(got), err)
	}
}
