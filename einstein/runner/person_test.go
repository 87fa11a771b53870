package runner

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/einstein"
)

// TestDiagram: the start of layout 123456, written out by hand from the
// layout's start squares.
func TestDiagram(t *testing.T) {
	l, _ := einstein.ParseLayout("123456")
	want := "     1  2  3  4  5\n" +
		"  1 R1 R2 R3  .  .\n" +
		"  2 R4 R5  .  .  .\n" +
		"  3 R6  .  .  . B6\n" +
		"  4  .  .  . B5 B4\n" +
		"  5  .  . B3 B2 B1"
	if got := Diagram(einstein.New(l)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// firstLegal is the strategy of the people and seats of these tests.
func firstLegal(pos einstein.Position) einstein.Move {
	var buf [einstein.MaxMoves]einstein.Move
	return pos.Moves(buf[:0])[0]
}

// TestPersonPlaysARound: a person plays red from typed lines against a
// seat that plays the first legal move; a line that is no move and a move
// the dice do not allow are refused and asked again. The round ends as the
// same moves played on a board of our own end, and the end of the input
// abandons the next round.
func TestPersonPlaysARound(t *testing.T) {
	l, _ := einstein.ParseLayout("123456")
	// The lines red types: the first legal move in each position, as
	// the same game played here without the runner.
	pos := einstein.New(l)
	var typed []string
	for !pos.Over() {
		m := firstLegal(pos)
		if pos.ToMove() == einstein.Red {
			typed = append(typed, m.String())
		}
		pos.PlayLegal(m)
	}
	// A line over the bound is refused as the others are, and the person
	// asked again: the games go on.
	input := "xx\n" + strings.Repeat("q", maxLine+1) + "\n21\n" + strings.Join(typed, "\n") + "\n"
	var out strings.Builder
	term := NewTerminal(strings.NewReader(input), &out)
	person := NewPerson(1, term)
	res := PlayRound(t.Context(), l, [3]Seat{einstein.Red: person, einstein.Blue: &scripted{}}, time.Second, term.Show)
	if res.Abandoned != "" || res.Forfeit || res.Winner != pos.Winner() || len(res.Moves) != pos.Ply() {
		t.Fatalf("%+v; want %v to win in %d plies", res, pos.Winner(), pos.Ply())
	}
	text := out.String()
	for _, want := range []string{
		"\nperson 1 plays red (R, towards (5,5)) on board 123456\n",
		Diagram(einstein.New(l)) + "\nturn 1, red (person 1) to move: cube and direction (1 ",
		`red> not a legal move: "xx": `,
		"red> not a move: a line over 4096 bytes; legal: ",
		`red> not a legal move: "21": `,
		"wins: ",
		"person 1 (red) " + map[bool]string{true: "won", false: "lost"}[pos.Winner() == einstein.Red] + " the round\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the terminal lacks %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "red> "); n != 3+len(typed) {
		t.Errorf("%d prompts, want %d: three refused lines and %d moves", n, 3+len(typed), len(typed))
	}
	if person.Name() != "person 1" {
		t.Errorf("name %q", person.Name())
	}
	_, err := person.Move(t.Context(), einstein.New(l), einstein.Pass, 0)
	if !errors.Is(err, ErrAbandon) || !strings.Contains(err.Error(), "end of person 1's input") {
		t.Errorf("after the input: %v, want the games abandoned", err)
	}
}

// TestPersonInterrupted: a cancelled context abandons a person's move
// while they think.
func TestPersonInterrupted(t *testing.T) {
	l, _ := einstein.ParseLayout("654321")
	var out strings.Builder
	blocked, w := io.Pipe() // a person who types nothing
	defer w.Close()
	person := NewPerson(2, NewTerminal(blocked, &out))
	if err := person.Begin(einstein.Blue, l); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancel()
	pos := einstein.New(l)
	m := firstLegal(pos)
	pos.PlayLegal(m)
	_, err := person.Move(ctx, pos, m, 0)
	if !errors.Is(err, ErrAbandon) {
		t.Errorf("%v, want ErrAbandon", err)
	}
}
