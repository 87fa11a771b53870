package samegame

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// NewBoard builds a board from its rows, top row first, each a string of
// colour digits 0..9 or '.' for an empty cell (no spaces). It returns the
// same errors as ParseBoards, with line numbers counted from 1 within
// rows.
func NewBoard(rows []string) (Board, error) {
	lines := make([]numberedLine, len(rows))
	for i, r := range rows {
		lines[i] = numberedLine{text: r, line: i + 1}
	}
	return buildBoard(lines)
}

// MustBoard is NewBoard for boards written in code (tests, examples): it
// panics on an error, which there is a bug in the program.
func MustBoard(rows ...string) Board {
	b, err := NewBoard(rows)
	if err != nil {
		panic(err)
	}
	return b
}

// numberedLine is a board row with its line number in the file.
type numberedLine struct {
	text string
	line int
}

// BoardError is a board file error: which board (from 1), which line of
// the file (from 1) and what is wrong.
type BoardError struct {
	Name  string // the file's name, as given to ParseBoards
	Board int
	Line  int
	Msg   string
}

// Error names the board file, the board and the line, then the problem.
func (e *BoardError) Error() string {
	return fmt.Sprintf("%s: board %d, line %d: %s", e.Name, e.Board, e.Line, e.Msg)
}

// byteOrderMark is U+FEFF in UTF-8, as a file may start with it.
const byteOrderMark = "\ufeff"

// ParseBoards reads a board file: boards one after another, separated by
// blank lines, '#' lines ignored; a board is its rows, top row first, of
// colour digits 0..9 or '.' for an empty cell, with or without spaces
// between them. name is used in error messages, which name the board
// (from 1) and the file line: rows of unequal length, other characters,
// a floating cell (a colour above an empty cell), a gap column (an empty
// column with cells to its right), or more than MaxSize rows or columns.
// A UTF-8 byte order mark at the start of the file is skipped.
func ParseBoards(r io.Reader, name string) ([]Board, error) {
	sc := bufio.NewScanner(r)
	var boards []Board
	var cur []numberedLine
	flush := func() error {
		if len(cur) == 0 {
			return nil
		}
		b, err := buildBoard(cur)
		cur = cur[:0]
		if err != nil {
			var be *BoardError
			if errors.As(err, &be) {
				be.Name = name
				be.Board = len(boards) + 1
			}
			return err
		}
		boards = append(boards, b)
		return nil
	}
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimRight(sc.Text(), "\r")
		if n == 1 {
			// A byte order mark, which some editors on Windows write at
			// the start of a UTF-8 file, is not part of the first row.
			text = strings.TrimPrefix(text, byteOrderMark)
		}
		trimmed := strings.TrimSpace(text)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if trimmed == "" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		cur = append(cur, numberedLine{text: text, line: n})
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		// The scanner's own message names neither the line nor the rule.
		return nil, &BoardError{Name: name, Board: len(boards) + 1, Line: n + 1,
			Msg: fmt.Sprintf("over %d bytes, more than %d columns", bufio.MaxScanTokenSize, MaxSize)}
	} else if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(boards) == 0 {
		return nil, fmt.Errorf("%s: no board", name)
	}
	return boards, nil
}

// buildBoard makes a board of rows (top row first), checking them.
func buildBoard(rows []numberedLine) (Board, error) {
	var b Board
	fail := func(line int, format string, args ...any) (Board, error) {
		return Board{}, &BoardError{Board: 1, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	if len(rows) > MaxSize {
		return fail(rows[MaxSize].line, "more than %d rows", MaxSize)
	}
	h := len(rows)
	width := -1
	for i, r := range rows {
		// Spaces go byte by byte: strings.Map would turn an invalid byte
		// into U+FFFD, and the message would show that instead of it.
		cells := strings.NewReplacer(" ", "", "\t", "").Replace(r.text)
		for x := 0; x < len(cells); x++ {
			if ch := cells[x]; ch != '.' && (ch < '0' || ch > '9') {
				return fail(r.line, "character %s is neither a colour digit 0-9 nor '.'", quoteChar(cells[x:]))
			}
		}
		if width < 0 {
			width = len(cells)
			if width > MaxSize {
				return fail(r.line, "%d columns, more than %d", width, MaxSize)
			}
		} else if len(cells) != width {
			return fail(r.line, "row of %d cells, the board's first row has %d", len(cells), width)
		}
		y := h - 1 - i // rows are given top first
		for x := 0; x < len(cells); x++ {
			if ch := cells[x]; ch != '.' {
				b.cells[x*MaxSize+y] = ch - '0' + 1
				b.counts[ch-'0']++
			}
		}
	}
	// Heights, and floating cells: a column's cells must be contiguous
	// from the bottom.
	for x := 0; x < width; x++ {
		top := 0
		for y := 0; y < h; y++ {
			if b.cells[x*MaxSize+y] != 0 {
				if top != y {
					return fail(rows[h-1-y].line, "cell %s floats above the empty cell %s", Cell{uint8(x), uint8(y)}, Cell{uint8(x), uint8(top)})
				}
				top++
			}
		}
		b.heights[x] = uint8(top)
	}
	cols := 0
	for x := 0; x < width; x++ {
		if b.heights[x] == 0 {
			continue
		}
		if cols != x {
			return fail(rows[h-1].line, "column %c is empty but column %c to its right has cells", 'a'+cols, 'a'+x)
		}
		cols++
	}
	b.cols = uint8(cols)
	b.width, b.height = uint8(width), uint8(h)
	return b, nil
}

// quoteChar quotes the character that s starts with, as Go writes a rune
// ('é'), or the byte in hex ('\xff') when s does not start with UTF-8.
func quoteChar(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf(`'\x%02x'`, s[0])
	}
	return strconv.QuoteRune(r)
}

// String prints the board in the file format: Height rows of Width
// characters, top row first, a digit per cell and '.' for an empty one,
// each row ending in a newline.
func (b *Board) String() string {
	var sb strings.Builder
	for y := int(b.height) - 1; y >= 0; y-- {
		for x := 0; x < int(b.width); x++ {
			if c := b.At(x, y); c >= 0 {
				sb.WriteByte(byte('0' + c))
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// String writes the cell as a move: its column letter ('a' = leftmost)
// and its row number counted from the bottom (1 = bottom row), e.g. "c1".
func (c Cell) String() string {
	return fmt.Sprintf("%c%d", 'a'+c.Col, int(c.Row)+1)
}

// ParseMove reads a move written as Cell.String writes it, e.g. "o15",
// the column letter in either case ("O15"). It checks the syntax and the
// MaxSize limits only; whether the cell is a move on a board is Play's
// business.
func ParseMove(s string) (Cell, error) {
	col := byte(0)
	if len(s) > 0 {
		col = s[0] | 0x20 // ASCII lower case; other bytes stay out of a..o
	}
	if len(s) < 2 || col < 'a' || col >= 'a'+MaxSize {
		return Cell{}, fmt.Errorf("move %q: want a column letter a-%c and a row number from 1", s, 'a'+MaxSize-1)
	}
	row := 0
	for _, ch := range s[1:] {
		if ch < '0' || ch > '9' || row > MaxSize {
			return Cell{}, fmt.Errorf("move %q: want a column letter a-%c and a row number 1-%d", s, 'a'+MaxSize-1, MaxSize)
		}
		row = row*10 + int(ch-'0')
	}
	if row < 1 || row > MaxSize {
		return Cell{}, fmt.Errorf("move %q: row %d is not in 1-%d", s, row, MaxSize)
	}
	return Cell{Col: col - 'a', Row: uint8(row - 1)}, nil
}

// ParseMoves reads a sequence of moves joined by commas, or "-" for none.
// Spaces around the moves are ignored.
func ParseMoves(s string) ([]Cell, error) {
	s = strings.TrimSpace(s)
	if s == "-" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	moves := make([]Cell, 0, len(parts))
	for i, p := range parts {
		c, err := ParseMove(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		moves = append(moves, c)
	}
	return moves, nil
}

// FormatMoves writes a sequence of moves joined by commas, "-" for none.
func FormatMoves(moves []Cell) string {
	if len(moves) == 0 {
		return "-"
	}
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(m.String())
	}
	return sb.String()
}

// ReplayError is the first illegal move of a replayed sequence.
type ReplayError struct {
	Index int  // the move's place in the sequence, from 1
	Move  Cell // the move as given
	Why   string
}

// Error names the move by its place and cell, then why it is illegal.
func (e *ReplayError) Error() string {
	return fmt.Sprintf("move %d (%s): %s", e.Index, e.Move, e.Why)
}

// Replay plays moves on a copy of b, each on the board as it is when the
// move is played, and returns the score: the moves' points, plus the end
// adjustment (EndAdjustment) when the sequence ends the game. The bool
// reports whether it did. The first illegal move gives a *ReplayError.
func Replay(b Board, moves []Cell, penalty bool) (score int, over bool, err error) {
	for i, m := range moves {
		if b.Terminal() {
			return 0, false, &ReplayError{Index: i + 1, Move: m, Why: "the game is already over"}
		}
		p, ok := b.Play(m)
		if !ok {
			return 0, false, &ReplayError{Index: i + 1, Move: m, Why: b.whyIllegal(m)}
		}
		score += p
	}
	if b.Terminal() {
		return score + b.EndAdjustment(penalty), true, nil
	}
	return score, false, nil
}

// ShowReplay writes b, headed "board n:", then each move of moves with
// its points and the board after it, up to the first illegal move, which
// Replay reports with its place in the sequence.
func ShowReplay(w io.Writer, n int, b Board, moves []Cell) {
	fmt.Fprintf(w, "board %d:\n%s", n, b.String())
	for i, m := range moves {
		if _, _, err := Replay(b, moves[i:i+1], false); err != nil {
			break
		}
		p, _ := b.Play(m)
		fmt.Fprintf(w, "after %s (+%d):\n%s", m, p, b.String())
	}
}

// whyIllegal explains why Play refused c.
func (b *Board) whyIllegal(c Cell) string {
	switch {
	case int(c.Col) >= int(b.width) || int(c.Row) >= int(b.height):
		return fmt.Sprintf("outside the %dx%d board", b.width, b.height)
	case b.At(int(c.Col), int(c.Row)) < 0:
		return "empty cell"
	default:
		return fmt.Sprintf("a single cell of colour %d, not a group of two or more", b.At(int(c.Col), int(c.Row)))
	}
}

// RandomBoard returns a full board of w columns and h rows (1..MaxSize)
// whose cells are colours 0..colours-1 (1..NumColours) drawn uniformly
// from r, for tests and measurements.
func RandomBoard(r *rand.Rand, w, h, colours int) Board {
	var b Board
	for x := range w {
		for y := range h {
			c := r.IntN(colours)
			b.cells[x*MaxSize+y] = uint8(c + 1)
			b.counts[c]++
		}
		b.heights[x] = uint8(h)
	}
	b.cols, b.width, b.height = uint8(w), uint8(w), uint8(h)
	return b
}
