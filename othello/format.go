package othello

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tcgothello/mcts/internal/plural"
)

// Contents of a square, as indexes into each format's alphabet.
const (
	emptySquare = 0
	blackSquare = 1
	whiteSquare = 2
)

// at returns what square sq (0..63) holds: emptySquare, blackSquare or
// whiteSquare. Each format maps it through its own alphabet.
func (p Position) at(sq int) int {
	bit := uint64(1) << sq
	switch {
	case p.Black()&bit != 0:
		return blackSquare
	case p.White()&bit != 0:
		return whiteSquare
	}
	return emptySquare
}

// Board64 returns the 64-character board string of docs/data.md: 'X'
// black, 'O' white, '-' empty, square a1 first and h8 last.
func (p Position) Board64() string {
	var b [64]byte
	for i := range b {
		b[i] = "-XO"[p.at(i)]
	}
	return string(b[:])
}

// String returns the board string and the side to move, as in
// "---...OX...--- X".
func (p Position) String() string {
	return p.Board64() + " " + string(p.Turn.Symbol())
}

// ParseBoard64 parses a 64-character board string ('X' or 'x' black, 'O' or
// 'o' white, '-' or '.' empty, square a1 first) with the given side to move.
func ParseBoard64(board string, turn Color) (Position, error) {
	if len(board) != 64 {
		return Position{}, fmt.Errorf("board string has %s, want 64", plural.Of(len(board), "character"))
	}
	var black, white uint64
	for i := 0; i < 64; i++ {
		switch board[i] {
		case 'X', 'x':
			black |= 1 << i
		case 'O', 'o':
			white |= 1 << i
		case '-', '.':
		default:
			// As a rune ('é'), or a byte that is not UTF-8 in hex ('\xff'):
			// %q of the byte would show it as the Latin-1 letter 'ÿ'.
			shown := fmt.Sprintf(`'\x%02x'`, board[i])
			if r, n := utf8.DecodeRuneInString(board[i:]); r != utf8.RuneError || n > 1 {
				shown = strconv.QuoteRune(r)
			}
			return Position{}, fmt.Errorf("board string: character %d (%s) is %s, want X, O or -", i+1, Move(i), shown)
		}
	}
	return NewPosition(black, white, turn)
}

// ParsePosition parses a board string followed by the side to move, as
// printed by Position.String: 64 board characters, optional white space, and
// 'X' (black) or 'O' (white).
func ParsePosition(s string) (Position, error) {
	s = strings.Join(strings.Fields(s), "")
	if len(s) != 65 {
		return Position{}, fmt.Errorf("position %q: want 64 board characters and the side to move (X or O)", s)
	}
	turn, err := parseSide(s[64])
	if err != nil {
		return Position{}, err
	}
	return ParseBoard64(s[:64], turn)
}

func parseSide(c byte) (Color, error) {
	switch c {
	case 'X', 'x', 'B', 'b':
		return Black, nil
	case 'O', 'o', 'W', 'w':
		return White, nil
	}
	return Black, fmt.Errorf("side to move %q: want X (black) or O (white)", c)
}

// CodeLen is the length of the classic code string.
const CodeLen = 66

// Code returns the classic 66-digit form of the position: 64 digits row by
// row ('0' empty, '1' black, '2' white), the side to move ('1' black, '2'
// white) and the pass counter, which the protocol keeps in 0..2 (a value
// outside is clamped to that range).
func (p Position) Code(passes int) string {
	var b [CodeLen]byte
	for i := 0; i < 64; i++ {
		b[i] = "012"[p.at(i)]
	}
	b[64] = '2'
	if p.Turn == Black {
		b[64] = '1'
	}
	b[65] = byte('0' + min(max(passes, 0), 2))
	return string(b[:])
}

// ParseCode parses the classic 66-digit form: 64 digits for the squares
// ('0' empty, '1' black, '2' white), the side to move (an odd digit is
// black, an even one white, as in the classic engine) and the pass counter
// (0, 1 or 2). It returns the position and the pass counter.
func ParseCode(code string) (Position, int, error) {
	if len(code) != CodeLen {
		return Position{}, 0, fmt.Errorf("code has %s, want %d digits", plural.Of(len(code), "character"), CodeLen)
	}
	var black, white uint64
	for i := 0; i < CodeLen; i++ {
		if code[i] < '0' || code[i] > '9' {
			return Position{}, 0, fmt.Errorf("code: character %d is %q, want a digit", i+1, code[i])
		}
	}
	for i := 0; i < 64; i++ {
		switch code[i] {
		case '0':
		case '1':
			black |= 1 << i
		case '2':
			white |= 1 << i
		default:
			return Position{}, 0, fmt.Errorf("code: square %s is %q, want 0 (empty), 1 (black) or 2 (white)", Move(i), code[i])
		}
	}
	turn := White
	if (code[64]-'0')%2 == 1 {
		turn = Black
	}
	passes := int(code[65] - '0')
	if passes > 2 {
		return Position{}, 0, fmt.Errorf("code: %w, got %d", ErrPassesTooBig, passes)
	}
	pos, err := NewPosition(black, white, turn)
	return pos, passes, err
}

// ClassicBoard returns the board in the classic engine's showboard layout:
// whose turn it is, a header of column numbers, and each row between lines
// of dashes, with 'X' black, 'O' white and '.' empty.
func (p Position) ClassicBoard() string {
	const rule = "------------------\n"
	var b strings.Builder
	b.WriteByte(p.Turn.Symbol())
	b.WriteString("'s turn\n.|0|1|2|3|4|5|6|7|\n")
	b.WriteString(rule)
	for x := 0; x < 8; x++ {
		b.WriteByte(byte('0' + x))
		b.WriteByte('|')
		for y := 0; y < 8; y++ {
			b.WriteByte(".XO"[p.at(x*8+y)])
			b.WriteByte('|')
		}
		b.WriteByte('\n')
		b.WriteString(rule)
	}
	return b.String()
}

// Pretty returns a board for people: columns a-h, rows 1-8, 'X' black, 'O'
// white, '*' the legal moves of the side to move, '.' other empty squares,
// then the disc count and whose turn it is.
func (p Position) Pretty() string {
	var b strings.Builder
	b.WriteString("  a b c d e f g h\n")
	moves := p.Moves()
	for x := 0; x < 8; x++ {
		b.WriteByte(byte('1' + x))
		for y := 0; y < 8; y++ {
			sq := x*8 + y
			c := ".XO"[p.at(sq)]
			if moves&(1<<sq) != 0 {
				c = '*'
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		fmt.Fprintf(&b, " %d\n", x+1)
	}
	b.WriteString("  a b c d e f g h\n")
	nb, nw := bits.OnesCount64(p.Black()), bits.OnesCount64(p.White())
	switch {
	case p.GameOver():
		fmt.Fprintf(&b, "X (black) %d, O (white) %d: game over, %s\n", nb, nw, resultText(nb-nw))
	case moves == 0:
		fmt.Fprintf(&b, "X (black) %d, O (white) %d: %c (%s) has no move and must pass\n", nb, nw, p.Turn.Symbol(), p.Turn)
	default:
		fmt.Fprintf(&b, "X (black) %d, O (white) %d: %c (%s) to move\n", nb, nw, p.Turn.Symbol(), p.Turn)
	}
	return b.String()
}

func resultText(score int) string {
	switch {
	case score > 0:
		return fmt.Sprintf("black wins by %d", score)
	case score < 0:
		return fmt.Sprintf("white wins by %d", -score)
	}
	return "draw"
}
