package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/internal/plural"
)

// maxLine bounds one input line: a 19-point row with generous spacing is a
// few dozen bytes, so anything near this is not a board.
const maxLine = 64 << 10

// inputError is a mistake in the input, at a line (counted from 1) or at
// its end (line 0).
type inputError struct {
	line int
	msg  string
}

func (e *inputError) Error() string {
	if e.line == 0 {
		return e.msg
	}
	return fmt.Sprintf("line %d: %s", e.line, e.msg)
}

// row is one row of the board as it was written.
type row struct {
	text   string // the line without its ending
	ending string // "\n" or "\r\n"
	cells  []int  // byte offsets in text of the row's points, left to right
	line   int    // its line in the input, for messages
}

// problem is a parsed input: the board's rows as written and whose move it
// is.
type problem struct {
	rows []row
	side goban.Color
	bom  bool // the input began with a UTF-8 byte-order mark, written back
}

// byteOrderMark is what some editors put at the start of a UTF-8 file; it
// is not part of the board.
const byteOrderMark = "\uFEFF"

// parse reads an n x n array of 0, B and W, one row a line with or without
// spaces between points, n taken from the first row, then a line B or W
// naming the side to move. Blank lines are ignored anywhere.
func parse(r io.Reader) (*problem, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	sc.Split(scanLines)
	var p problem
	sideSeen := false
	line, firstLine := 0, 0
	for sc.Scan() {
		line++
		raw := sc.Text()
		if line == 1 {
			raw, p.bom = strings.CutPrefix(raw, byteOrderMark)
		}
		text, ending := strings.TrimSuffix(raw, "\n"), "\n"
		if strings.HasSuffix(text, "\r") {
			text, ending = text[:len(text)-1], "\r\n"
		}
		trimmed := strings.Trim(text, " \t")
		switch {
		case trimmed == "":
			continue
		case sideSeen:
			return nil, &inputError{line, "unexpected text after the side to move"}
		case p.rows != nil && len(p.rows) == len(p.rows[0].cells):
			switch trimmed {
			case "B":
				p.side = goban.Black
			case "W":
				p.side = goban.White
			default:
				return nil, &inputError{line, fmt.Sprintf("want the side to move, B or W, after the %s; got %q", plural.Of(len(p.rows), "row"), trimmed)}
			}
			sideSeen = true
			continue
		}
		if p.rows != nil && (trimmed == "B" || trimmed == "W") {
			// A row of one point where more are wanted: the side line
			// came early, and a row is missing above it.
			return nil, &inputError{line, fmt.Sprintf("%q names the side to move after only %d of the %s; a row is missing (n is %s, from the first row, line %d)",
				trimmed, len(p.rows), plural.Of(len(p.rows[0].cells), "row"), plural.Of(len(p.rows[0].cells), "point"), firstLine)}
		}
		cells, err := parseRow(text)
		if err != nil {
			return nil, &inputError{line, err.Error()}
		}
		if p.rows == nil {
			if len(cells) > goban.MaxSize {
				return nil, &inputError{line, fmt.Sprintf("the first row has %s; a board has at most %d", plural.Of(len(cells), "point"), goban.MaxSize)}
			}
			firstLine = line
		} else if n := len(p.rows[0].cells); len(cells) != n {
			return nil, &inputError{line, fmt.Sprintf("%s in row %d, want %d like the first row (line %d)", plural.Of(len(cells), "point"), len(p.rows)+1, n, firstLine)}
		}
		p.rows = append(p.rows, row{text, ending, cells, line})
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, &inputError{line + 1, fmt.Sprintf("longer than %d bytes", maxLine)}
		}
		return nil, err
	}
	switch {
	case p.rows == nil:
		return nil, &inputError{0, "empty input: want an n x n board of 0, B and W (one row a line), then B or W"}
	case len(p.rows) < len(p.rows[0].cells):
		return nil, &inputError{0, fmt.Sprintf("the input ends after %d of %d rows (line %d), before the side to move", len(p.rows), len(p.rows[0].cells), line)}
	case !sideSeen:
		return nil, &inputError{0, fmt.Sprintf("the input ends after the board (line %d): want a line B or W naming the side to move", line)}
	}
	if err := p.checkLiberties(); err != nil {
		return nil, err
	}
	return &p, nil
}

// checkLiberties refuses a board with a string without liberties: no game
// of Go leaves one (a move captures it, or is suicide), so the input is
// not a position. It names the first such string in reading order.
func (p *problem) checkLiberties() error {
	b, err := p.board()
	if err != nil {
		return err
	}
	for r, rw := range p.rows {
		for c := range rw.cells {
			pt, _ := b.Point(r, c)
			if b.At(pt) == goban.Empty || b.Liberties(pt) > 0 {
				continue
			}
			what := "stone"
			if n := b.StringSize(pt); n > 1 {
				what = fmt.Sprintf("string of %d stones", n)
			}
			return &inputError{rw.line, fmt.Sprintf("the %s %s at point %d of row %d has no liberty; no game of Go leaves one on the board", b.At(pt), what, c+1, r+1)}
		}
	}
	return nil
}

// scanLines splits at newlines and keeps them, so that a final line
// without one is told apart from one with it.
func scanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i+1], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// parseRow returns the offsets of the points of one row: every character
// other than a space or a tab is a point, and must be 0, B or W.
func parseRow(text string) ([]int, error) {
	var cells []int
	for i := 0; i < len(text); {
		switch text[i] {
		case ' ', '\t':
		case '0', 'B', 'W':
			cells = append(cells, i)
		default:
			// A byte that is not UTF-8 is shown in hex ('\xff'), not as
			// the U+FFFD that decoding gives it.
			shown := fmt.Sprintf(`'\x%02x'`, text[i])
			if r, n := utf8.DecodeRuneInString(text[i:]); r != utf8.RuneError || n > 1 {
				shown = strconv.QuoteRune(r)
			}
			return nil, fmt.Errorf("column %d: unknown character %s: want 0 (empty), B or W", utf8.RuneCountInString(text[:i])+1, shown)
		}
		i++
	}
	return cells, nil
}

// board sets up the position of the problem.
func (p *problem) board() (*goban.Board, error) {
	b, err := goban.New(len(p.rows))
	if err != nil {
		return nil, err
	}
	for r, rw := range p.rows {
		for c, off := range rw.cells {
			color := goban.Empty
			switch rw.text[off] {
			case 'B':
				color = goban.Black
			case 'W':
				color = goban.White
			}
			if color == goban.Empty {
				continue
			}
			pt, _ := b.Point(r, c)
			if err := b.Place(pt, color); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

// answer writes the rows as they were given, with every 0 replaced by L
// where the side to move may play and by I where it may not.
func (p *problem) answer(w io.Writer) error {
	b, err := p.board()
	if err != nil {
		return err
	}
	var out strings.Builder
	if p.bom {
		out.WriteString(byteOrderMark)
	}
	for r, rw := range p.rows {
		text := []byte(rw.text)
		for c, off := range rw.cells {
			if text[off] != '0' {
				continue
			}
			pt, _ := b.Point(r, c)
			if b.IsLegal(pt, p.side) {
				text[off] = 'L'
			} else {
				text[off] = 'I'
			}
		}
		out.Write(text)
		out.WriteString(rw.ending)
	}
	_, err = io.WriteString(w, out.String())
	return err
}
