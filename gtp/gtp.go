// Package gtp is the Go Text Protocol, version 2 (GTP, Gunnar Farnebäck's
// specification, draft 2), on the engine's side, for any program of the Go
// family, and a small controller to talk to such an engine.
//
// A Session reads commands, one a line, and answers each with "=[id]
// result" or "?[id] error" followed by an empty line. It implements the
// protocol's administrative commands itself (protocol_version, name,
// version, known_command, list_commands, quit), keeps the time settings
// (time_settings, time_left) and turns them into a deadline for genmove,
// and passes the game's commands to an Engine: boardsize, clear_board,
// komi, play, genmove, undo, showboard, final_score, and set_free_handicap
// when the engine implements Handicapper.
//
// The package knows nothing of a game's rules: an Engine decides what is
// legal. Points are Vertex values, columns A-Z without I from the left and
// rows from 1 at the bottom, as GTP writes them.
package gtp

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxSize is the largest board GTP can name: 25 columns, A to Z without I.
const MaxSize = 25

// Color is the colour of a player.
type Color uint8

// The colours.
const (
	Black Color = 1
	White Color = 2
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return 3 - c }

// String returns "B" or "W", as genmove's and play's arguments may be
// written.
func (c Color) String() string {
	switch c {
	case Black:
		return "B"
	case White:
		return "W"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// ParseColor parses a colour as GTP writes it: b, black, w or white, in
// any case.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return Black, nil
	case "w", "white":
		return White, nil
	}
	return 0, fmt.Errorf("color %q: want b, black, w or white", s)
}

// Vertex is a point of the board or a pass: X the column from 1 at the
// left, Y the row from 1 at the bottom.
type Vertex struct {
	X, Y int
	Pass bool
}

// PassVertex returns the vertex of a pass. It is a function, not a
// variable, so that no caller can change what a pass is for every other.
func PassVertex() Vertex { return Vertex{Pass: true} }

// columns are GTP's column letters: I is left out.
const columns = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// String returns the vertex as GTP writes it: "pass", or a column letter
// and a row ("C3").
func (v Vertex) String() string {
	if v.Pass {
		return "pass"
	}
	if v.X < 1 || v.X > MaxSize {
		return fmt.Sprintf("Vertex(%d,%d)", v.X, v.Y)
	}
	return string(columns[v.X-1]) + strconv.Itoa(v.Y)
}

// ErrOffBoard is ParseVertex's error for a well-formed vertex that is not
// on the board.
var ErrOffBoard = errors.New("off the board")

// ParseVertex parses a vertex of a board of side size: "pass", or a
// column letter (not I) and a row, in any case; an error wrapping
// ErrOffBoard for a vertex beyond the board.
func ParseVertex(s string, size int) (Vertex, error) {
	if strings.EqualFold(s, "pass") {
		return PassVertex(), nil
	}
	if len(s) < 2 {
		return Vertex{}, fmt.Errorf("vertex %q: want a column letter and a row, or pass", s)
	}
	x := strings.IndexByte(columns, upper(s[0])) + 1
	y, err := strconv.Atoi(s[1:])
	if x == 0 || err != nil || s[1] == '+' || s[1] == '-' {
		return Vertex{}, fmt.Errorf("vertex %q: want a column letter and a row, or pass", s)
	}
	if x > size || y < 1 || y > size {
		return Vertex{}, fmt.Errorf("vertex %q: %w (%dx%d)", s, ErrOffBoard, size, size)
	}
	return Vertex{X: x, Y: y}, nil
}

// upper returns an ASCII letter in upper case.
func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// The standard error messages of GTP version 2, which controllers may
// compare with. An Engine's error wraps one of them (fmt.Errorf("%w: ...",
// ErrIllegalMove)) and the session answers with the whole message.
var (
	ErrUnknownCommand = errors.New("unknown command")
	ErrSyntax         = errors.New("syntax error")
	ErrUnacceptable   = errors.New("unacceptable size")
	ErrIllegalMove    = errors.New("illegal move")
	ErrCannotUndo     = errors.New("cannot undo")
	ErrCannotScore    = errors.New("cannot score")
	ErrBoardNotEmpty  = errors.New("board not empty")
	ErrBadVertexList  = errors.New("bad vertex list")
)
