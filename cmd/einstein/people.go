package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/einstein/runner"
)

// terminal is where people play: lines in, boards and prompts out. Both
// people of a two-person game share it.
type terminal struct {
	out   io.Writer
	lines chan string
	// err is why lines was closed (nil at the end of the input); written
	// before the close, read after it.
	err error
}

// maxLine bounds an input line, so that a runaway input cannot fill the
// memory.
const maxLine = 4096

// newTerminal returns a terminal reading lines from in as they come.
func newTerminal(in io.Reader, out io.Writer) *terminal {
	t := &terminal{out: out, lines: make(chan string)}
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, maxLine), maxLine)
		for sc.Scan() {
			t.lines <- sc.Text()
		}
		t.err = sc.Err()
		close(t.lines)
	}()
	return t
}

// show prints the board of pos (diagram) and a caption under it.
func (t *terminal) show(pos einstein.Position, caption string) {
	fmt.Fprintln(t.out, diagram(pos))
	fmt.Fprintln(t.out, caption)
}

// diagram returns the board of pos as rows of three-character squares
// under column numbers and beside row numbers.
func diagram(pos einstein.Position) string {
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

// human is a person's seat: moves typed at the terminal, asked again
// until legal, with no time limit.
type human struct {
	n    int
	term *terminal
	side einstein.Color
}

func (h *human) Name() string { return fmt.Sprintf("person %d", h.n) }

func (h *human) Begin(side einstein.Color, l einstein.Layout) error {
	h.side = side
	fmt.Fprintf(h.term.out, "\n%s plays %v (%s, towards %v) on board %v\n", h.Name(), side, sideLetter(side), einstein.Goal(side), l)
	return nil
}

// sideLetter is the letter of a side's cubes on the board.
func sideLetter(c einstein.Color) string {
	if c == einstein.Red {
		return "R"
	}
	return "B"
}

func (h *human) Move(ctx context.Context, pos einstein.Position, last einstein.Move, _ time.Duration) (einstein.Move, error) {
	if pos.Ply() > 0 {
		o := h.side.Other()
		if last == einstein.Pass {
			fmt.Fprintf(h.term.out, "\n%v passed\n", o)
		} else {
			fmt.Fprintf(h.term.out, "\n%v played %v: cube %d %s\n", o, last, last.Cube(), last.Dir().Name(o))
		}
	}
	var buf [einstein.MaxMoves]einstein.Move
	var legal []string
	for _, m := range pos.Moves(buf[:0]) {
		legal = append(legal, m.String())
	}
	dirs := fmt.Sprintf("1 %s, 2 %s, 3 %s", einstein.Horizontal.Name(h.side), einstein.Vertical.Name(h.side), einstein.Diagonal.Name(h.side))
	h.term.show(pos, fmt.Sprintf("turn %d, %v (%s) to move: cube and direction (%s), or 00 to pass; legal: %s",
		pos.Turn(), h.side, h.Name(), dirs, strings.Join(legal, " ")))
	for {
		fmt.Fprintf(h.term.out, "%v> ", h.side)
		var line string
		var ok bool
		select {
		case line, ok = <-h.term.lines:
		case <-ctx.Done():
			return einstein.Pass, fmt.Errorf("%w: %v", runner.ErrAbandon, ctx.Err())
		}
		if !ok {
			fmt.Fprintln(h.term.out)
			if h.term.err != nil {
				return einstein.Pass, fmt.Errorf("%w: reading %s's input: %v", runner.ErrAbandon, h.Name(), h.term.err)
			}
			return einstein.Pass, fmt.Errorf("%w: end of %s's input", runner.ErrAbandon, h.Name())
		}
		text := strings.TrimSpace(line)
		m, err := einstein.ParseMove(text)
		if err == nil {
			err = pos.Check(m)
		}
		if err != nil {
			fmt.Fprintf(h.term.out, "not a legal move: %q: %v; legal: %s\n", text, err, strings.Join(legal, " "))
			continue
		}
		return m, nil
	}
}

func (h *human) Finish(won bool) {
	verdict := "lost"
	if won {
		verdict = "won"
	}
	fmt.Fprintf(h.term.out, "%s (%v) %s the round\n", h.Name(), h.side, verdict)
}

// Fault never happens to a person: move asks again until the move is
// legal.
func (h *human) Fault() {}

func (h *human) Abandon() {}

func (h *human) Close() {}
