package agent

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/einstein"
)

// script is a player that makes the moves it is given, in order.
type script struct {
	t     *testing.T
	moves []string
}

func (s *script) Move(p einstein.Position) einstein.Move {
	if len(s.moves) == 0 {
		s.t.Fatalf("the script has no move left for\n%v", p)
	}
	m, err := einstein.ParseMove(s.moves[0])
	if err != nil {
		s.t.Fatal(err)
	}
	s.moves = s.moves[1:]
	return m
}

// byteReader is a reader that records the largest read asked of it.
type byteReader struct {
	r       *strings.Reader
	largest int
}

func (b *byteReader) Read(p []byte) (int, error) {
	b.largest = max(b.largest, len(p))
	return b.r.Read(p)
}

// TestTranscript is a golden session of two rounds: red (first) and then
// blue (second), each ended by the runner, then 'e'.
func TestTranscript(t *testing.T) {
	in := "f123456" + "32" + "ll" + // round 1: red 53, blue 32, red 61, then lost
		"s123456" + "53" + "41" + "ww" + // round 2: red 53, blue 53 (takes it), red 41, blue 22, then won
		"e" + "not for us"
	r := &byteReader{r: strings.NewReader(in)}
	var out bytes.Buffer
	w := bufio.NewWriter(&out) // never flushed here: Serve must flush
	p := &script{t: t, moves: []string{"53", "61", "53", "22"}}
	if err := Serve(r, w, p, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "53"+"61"+"53"+"22"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	if len(p.moves) != 0 {
		t.Errorf("moves left in the script: %v", p.moves)
	}
	rest, _ := io.ReadAll(r.r)
	if string(rest) != "not for us" {
		t.Errorf("left unread %q, want %q", rest, "not for us")
	}
	if r.largest != 1 {
		t.Errorf("a read of %d bytes; the protocol reads one byte at a time", r.largest)
	}
}

// simulate plays a random game from layout l and returns its moves and
// its winner.
func simulate(l einstein.Layout, seed uint64) ([]string, einstein.Color) {
	p := einstein.New(l)
	src := rand.NewPCG(seed, 0)
	var ms []string
	for !p.Over() {
		m := p.RandomMove(src)
		ms = append(ms, m.String())
		p.PlayLegal(m)
	}
	return ms, p.Winner()
}

// gameEndingIn returns a random game won by the side the caller wants.
func gameEndingIn(t *testing.T, l einstein.Layout, winner einstein.Color) []string {
	for seed := range uint64(100) {
		if ms, w := simulate(l, seed); w == winner {
			return ms
		}
	}
	t.Fatalf("no random game won by %v", winner)
	return nil
}

// split returns the moves of red (even plies) and of blue.
func split(ms []string) (red, blue []string) {
	for i, m := range ms {
		if i%2 == 0 {
			red = append(red, m)
		} else {
			blue = append(blue, m)
		}
	}
	return red, blue
}

// TestWholeGames plays whole random games through Serve on both sides:
// the agent's output is exactly its side's moves.
func TestWholeGames(t *testing.T) {
	l, _ := einstein.ParseLayout("462513")
	for seed := range uint64(20) {
		ms, w := simulate(l, seed)
		red, blue := split(ms)
		// The loser never sees the winning move: "ll" comes instead.
		toRed, toBlue, redEnd, blueEnd := blue[:len(blue)-1], red, "ll", "ww"
		if w == einstein.Red {
			toRed, toBlue, redEnd, blueEnd = blue, red[:len(red)-1], "ww", "ll"
		}
		var out bytes.Buffer
		in := "f" + l.String() + strings.Join(toRed, "") + redEnd + "s" + l.String() + strings.Join(toBlue, "") + blueEnd + "e"
		p := &script{t: t, moves: append(append([]string(nil), red...), blue...)}
		if err := Serve(strings.NewReader(in), &out, p, nil); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got, want := out.String(), strings.Join(red, "")+strings.Join(blue, ""); got != want {
			t.Fatalf("seed %d: output %q, want %q", seed, got, want)
		}
	}
}

func TestBadInput(t *testing.T) {
	l, _ := einstein.ParseLayout("123456")
	blueWins := gameEndingIn(t, l, einstein.Blue)
	redWins := gameEndingIn(t, l, einstein.Red)
	bRed, bBlue := split(blueWins)
	rRed, rBlue := split(redWins)
	cases := []struct {
		name, in string
		moves    []string
		want     string
	}{
		{"empty", "", nil, ErrNoEnd.Error()},
		{"no e after a round", "f123456ll", []string{"53"}, ErrNoEnd.Error()},
		{"bad R1", "x", nil, `round 1: R1 is "x": want 'e', 'f' or 's'`},
		{"newline R1", "\n", nil, `round 1: R1 is "\n": want 'e', 'f' or 's'`},
		{"short R2", "f123", nil, "round 1: the input ended in R2 after 3 of 6 bytes"},
		{"bad R2", "f123455", nil, `round 1: R2: syntax error: layout "123455": want 6 digits, a permutation of 123456`},
		{"short R3", "s1234565", nil, "round 1, turn 1: the input ended in R3 after 1 of 2 bytes"},
		{"bad R3", "s123456x3", nil, `round 1, turn 1: R3: syntax error: move "x3": want 00 (pass) or a cube 1-6 and a direction 1-3`},
		{"wrong cube", "s12345623", nil, "round 1, turn 1: the opponent's move 23: the cube may not move in this turn: cube 2 in turn 1 (cubes 1, 3, 5)"},
		{"own cube", "s12345611", nil, "round 1, turn 1: the opponent's move 11: the move lands on a cube of its own side: red cube 2 on (1,2)"},
		{"false pass", "s12345600", nil, "round 1, turn 1: the opponent's move 00: a pass while a cube can move: red may move 31"},
		{"second round", "f123456ll" + "s123456", []string{"53"}, "round 2, turn 1: the input ended in R3 after 0 of 2 bytes"},
		{"move after our win", "f123456" + strings.Join(rBlue, "") + "12", rRed,
			`round 1, turn ` + strconv.Itoa(len(redWins)/2+1) + `: R3 is "12", but the game is over (red won): want ww or ll`},
		{"the opponent's winning move", "f123456" + strings.Join(bBlue, ""), bRed,
			"round 1, turn " + strconv.Itoa(len(blueWins)/2+1) + ": the game is over (blue won) but no ww or ll came"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := Serve(strings.NewReader(c.in), &out, &script{t: t, moves: c.moves}, nil)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("boom") }

func TestWriteError(t *testing.T) {
	err := Serve(strings.NewReader("f123456ww"), failingWriter{}, &script{t: t, moves: []string{"53"}}, nil)
	if err == nil || err.Error() != "round 1, turn 1: writing 53: boom" {
		t.Errorf("error %v", err)
	}
}
