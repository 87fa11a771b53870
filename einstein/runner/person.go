package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/internal/lineread"
)

// Terminal is where people play: lines in, boards and prompts out. Both
// people of a two-person game share it.
type Terminal struct {
	out   io.Writer
	lines chan inputLine
	// err is why lines was closed (nil at the end of the input); written
	// before the close, read after it.
	err error
}

// maxLine bounds an input line, so that a runaway input cannot fill the
// memory.
const maxLine = 4096

// inputLine is a line typed at the terminal, or word that a line was over
// maxLine (and dropped), which the person is told of and asked again.
type inputLine struct {
	text    string
	tooLong bool
}

// NewTerminal returns a terminal reading lines from in as they come and
// writing to out. Its reader runs until in ends.
func NewTerminal(in io.Reader, out io.Writer) *Terminal {
	t := &Terminal{out: out, lines: make(chan inputLine)}
	go func() {
		defer close(t.lines)
		lr := lineread.New(in, maxLine)
		for {
			line, err := lr.Next()
			switch {
			case errors.Is(err, lineread.ErrTooLong):
				t.lines <- inputLine{tooLong: true}
			case errors.Is(err, io.EOF):
				return
			case err != nil:
				t.err = err
				return
			default:
				t.lines <- inputLine{text: line}
			}
		}
	}()
	return t
}

// Show prints the board of pos (Diagram) and a caption under it: PlayRound's
// show for the people watching.
func (t *Terminal) Show(pos einstein.Position, caption string) {
	fmt.Fprintln(t.out, Diagram(pos))
	fmt.Fprintln(t.out, caption)
}

// Diagram returns the board of pos as rows of three-character squares
// under column numbers and beside row numbers.
func Diagram(pos einstein.Position) string {
	var sb strings.Builder
	sb.WriteString("   ")
	for col := 1; col <= einstein.Size; col++ {
		fmt.Fprintf(&sb, "%3d", col)
	}
	for row := 1; row <= einstein.Size; row++ {
		fmt.Fprintf(&sb, "\n%3d", row)
		for col := 1; col <= einstein.Size; col++ {
			switch c, n := pos.At(einstein.Sq(row, col)); c {
			case einstein.Red:
				fmt.Fprintf(&sb, " R%d", n)
			case einstein.Blue:
				fmt.Fprintf(&sb, " B%d", n)
			default:
				sb.WriteString("  .")
			}
		}
	}
	return sb.String()
}

// Person is a person's seat: moves typed at the terminal, asked again
// until legal, with no time limit.
type Person struct {
	n    int
	term *Terminal
	side einstein.Color
}

// NewPerson returns the seat of person n (1 or 2) at the terminal t.
func NewPerson(n int, t *Terminal) *Person { return &Person{n: n, term: t} }

// Name returns "person N".
func (p *Person) Name() string { return fmt.Sprintf("person %d", p.n) }

// Begin tells the person the side and the board of the round.
func (p *Person) Begin(side einstein.Color, l einstein.Layout) error {
	p.side = side
	fmt.Fprintf(p.term.out, "\n%s plays %v (%s, towards %v) on board %v\n", p.Name(), side, sideLetter(side), einstein.Goal(side), l)
	return nil
}

// sideLetter is the letter of a side's cubes on the board.
func sideLetter(c einstein.Color) string {
	if c == einstein.Red {
		return "R"
	}
	return "B"
}

// Move tells the person the opponent's last move, shows the board and
// the legal moves, and reads a move until it is legal. The end of the
// input or ctx abandons the games.
func (p *Person) Move(ctx context.Context, pos einstein.Position, last einstein.Move, _ time.Duration) (einstein.Move, error) {
	if pos.Ply() > 0 {
		o := p.side.Other()
		if last == einstein.Pass {
			fmt.Fprintf(p.term.out, "\n%v passed\n", o)
		} else {
			fmt.Fprintf(p.term.out, "\n%v played %v: cube %d %s\n", o, last, last.Cube(), last.Dir().Name(o))
		}
	}
	var buf [einstein.MaxMoves]einstein.Move
	var legal []string
	for _, m := range pos.Moves(buf[:0]) {
		legal = append(legal, m.String())
	}
	dirs := fmt.Sprintf("1 %s, 2 %s, 3 %s", einstein.Horizontal.Name(p.side), einstein.Vertical.Name(p.side), einstein.Diagonal.Name(p.side))
	p.term.Show(pos, fmt.Sprintf("turn %d, %v (%s) to move: cube and direction (%s), or 00 to pass; legal: %s",
		pos.Turn(), p.side, p.Name(), dirs, strings.Join(legal, " ")))
	for {
		fmt.Fprintf(p.term.out, "%v> ", p.side)
		var line inputLine
		var ok bool
		select {
		case line, ok = <-p.term.lines:
		case <-ctx.Done():
			return einstein.Pass, fmt.Errorf("%w: %v", ErrAbandon, ctx.Err())
		}
		if !ok {
			fmt.Fprintln(p.term.out)
			if p.term.err != nil {
				return einstein.Pass, fmt.Errorf("%w: reading %s's input: %v", ErrAbandon, p.Name(), p.term.err)
			}
			return einstein.Pass, fmt.Errorf("%w: end of %s's input", ErrAbandon, p.Name())
		}
		if line.tooLong {
			fmt.Fprintf(p.term.out, "not a move: a line over %d bytes; legal: %s\n", maxLine, strings.Join(legal, " "))
			continue
		}
		text := strings.TrimSpace(line.text)
		m, err := einstein.ParseMove(text)
		if err == nil {
			err = pos.Check(m)
		}
		if err != nil {
			fmt.Fprintf(p.term.out, "not a legal move: %q: %v; legal: %s\n", text, err, strings.Join(legal, " "))
			continue
		}
		return m, nil
	}
}

// Finish tells the person the round's result.
func (p *Person) Finish(won bool) {
	verdict := "lost"
	if won {
		verdict = "won"
	}
	fmt.Fprintf(p.term.out, "%s (%v) %s the round\n", p.Name(), p.side, verdict)
}

// Fault never happens to a person: Move asks again until the move is
// legal.
func (p *Person) Fault() {}

// Abandon does nothing: the person is told by the games' summary.
func (p *Person) Abandon() {}

// Close does nothing: the terminal's reader ends with its input.
func (p *Person) Close() {}
