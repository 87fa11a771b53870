package othello

// This file reads and writes GGF, the Generic Game Format of the GGS game
// server, which the NBoard GUI also uses for its games and its "set game"
// command. A GGF Othello game is one bracketed list of properties:
//
//	(;GM[Othello]PC[place]DT[date]PB[black]PW[white]RB[rating]RW[rating]
//	  TI[clock]TY[8]RE[+12.00]BO[8 <64 squares> <side>]B[d3//1.2]W[PA]...;)
//
// BO is the start position: the board size, 64 squares row by row from a1
// ('*' black, 'O' white, '-' empty) and the side to move ('*' or 'O'). The
// moves follow in order, B for black and W for white, each a square or PA
// for a pass, optionally followed by "/eval/time".

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tcgothello/mcts/internal/plural"
)

// GGF is one Othello game record in GGF: the headers, the start position and
// the moves. ParseGGF replays the moves on the board, so a parsed GGF is a
// legal game.
type GGF struct {
	Place       string // PC: where the game was played
	Date        string // DT: when, in whatever form the writer chose
	Black       string // PB: black's name
	White       string // PW: white's name
	BlackRating string // RB
	WhiteRating string // RW
	Clock       string // TI: the thinking time, as the server wrote it
	// Result is RE: black's disc difference at the end ("+12.00",
	// "-3.00:r" with a flag r, t or s for resigned, timeout or mutual
	// score); "" when unknown (RE absent or "?").
	Result string
	Start  Position // BO; the standard start position when BO is absent
	Moves  []GGFMove
}

// GGFMove is one move of a GGF record, with its optional annotations.
type GGFMove struct {
	Move Move
	// Eval is the mover's evaluation, when HasEval; Time the seconds the
	// move took, when HasTime.
	Eval, Time       float64
	HasEval, HasTime bool
}

// ggfBoardSize is the only board size this package plays.
const ggfBoardSize = "8"

// NewGGF returns the record of g: its start position and moves, with no
// headers.
func NewGGF(g *Game) GGF {
	moves := g.Moves()
	r := GGF{Start: g.Start(), Moves: make([]GGFMove, len(moves))}
	for i, m := range moves {
		r.Moves[i].Move = m
	}
	return r
}

// GGFResult returns the RE value of a game that ended with black's disc
// difference score, as GGS writes it ("+12.00", "-3.00", "0.00").
func GGFResult(score int) string {
	if score == 0 {
		return "0.00"
	}
	return fmt.Sprintf("%+d.00", score)
}

// Game replays the record on a new Game: its start position, then its moves.
// It fails, naming the move, if one is illegal.
func (r *GGF) Game() (*Game, error) {
	g := NewGame()
	if err := g.SetPosition(r.Start, 0); err != nil {
		return nil, fmt.Errorf("ggf: start position: %w", err)
	}
	for i, gm := range r.Moves {
		if err := g.Play(gm.Move); err != nil {
			return nil, fmt.Errorf("ggf: move %d (%s): %w", i+1, gm.Move, err)
		}
	}
	return g, nil
}

// ParseGGF parses one GGF Othello game (white space around it and between
// properties is allowed) and checks every move on the board. Unknown
// properties are skipped; a game of another kind (GM), another board size
// (TY, BO), a variant this package does not play (anti, synchro, komi), a
// malformed property, a move out of turn or an illegal move is an error that
// names what is wrong.
func ParseGGF(s string) (GGF, error) {
	var r GGF
	body := strings.TrimSpace(s)
	if !strings.HasPrefix(body, "(") {
		return r, errors.New("ggf: a game must start with \"(;\"")
	}
	body = strings.TrimLeft(body[1:], " \t\r\n")
	if !strings.HasPrefix(body, ";") {
		return r, errors.New("ggf: a game must start with \"(;\"")
	}
	body = body[1:]
	r.Start = Start()
	g := NewGame()
	seen := make(map[string]bool)
	for {
		body = strings.TrimLeft(body, " \t\r\n")
		if body == "" {
			return GGF{}, errors.New("ggf: the game does not end with \";)\"")
		}
		if strings.HasPrefix(body, ";)") {
			if rest := strings.TrimSpace(body[2:]); rest != "" {
				return GGF{}, fmt.Errorf("ggf: text after the end of the game: %.20q", rest)
			}
			break
		}
		key, value, rest, err := nextProperty(body)
		if err != nil {
			return GGF{}, err
		}
		body = rest
		if key == "B" || key == "W" {
			if err := r.addMove(g, key, value); err != nil {
				return GGF{}, err
			}
			continue
		}
		if len(r.Moves) > 0 && key == "BO" {
			return GGF{}, errors.New("ggf: BO after the first move")
		}
		if seen[key] {
			return GGF{}, fmt.Errorf("ggf: property %s given twice", key)
		}
		seen[key] = true
		if err := r.setHeader(g, key, value); err != nil {
			return GGF{}, err
		}
	}
	return r, nil
}

// nextProperty splits the first property KEY[value] off s, which starts
// with it.
func nextProperty(s string) (key, value, rest string, err error) {
	n := 0
	for n < len(s) && s[n] >= 'A' && s[n] <= 'Z' {
		n++
	}
	if n == 0 {
		return "", "", "", fmt.Errorf("ggf: want a property name in capitals, got %.20q", s)
	}
	key = s[:n]
	if n == len(s) || s[n] != '[' {
		return "", "", "", fmt.Errorf("ggf: property %s: want '[' after the name", key)
	}
	end := strings.IndexByte(s[n+1:], ']')
	if end < 0 {
		return "", "", "", fmt.Errorf("ggf: property %s: no closing ']'", key)
	}
	return key, s[n+1 : n+1+end], s[n+1+end+1:], nil
}

// setHeader stores a property other than a move. BO also resets g to the
// start position.
func (r *GGF) setHeader(g *Game, key, value string) error {
	switch key {
	case "GM":
		if !strings.EqualFold(strings.TrimSpace(value), "othello") {
			return fmt.Errorf("ggf: GM[%s]: not an Othello game", value)
		}
	case "PC":
		r.Place = value
	case "DT":
		r.Date = value
	case "PB":
		r.Black = value
	case "PW":
		r.White = value
	case "RB":
		r.BlackRating = value
	case "RW":
		r.WhiteRating = value
	case "TI":
		r.Clock = value
	case "TY":
		return checkGGFType(value)
	case "RE":
		if err := checkGGFResult(value); err != nil {
			return err
		}
		if value != "?" {
			r.Result = value
		}
	case "BO":
		pos, err := parseGGFBoard(value)
		if err != nil {
			return err
		}
		r.Start = pos
		return g.SetPosition(pos, 0)
	case "KB", "KW", "KM":
		return fmt.Errorf("ggf: %s: komi games are not supported", key)
	}
	return nil
}

// checkGGFType accepts the game types of 8x8 Othello: "8", optionally
// followed by r and a number (a random start, which BO gives). The prefixes
// a (anti-Othello), s (synchro) and k (komi) mark variants that score or
// move differently.
func checkGGFType(t string) error {
	t = strings.TrimSpace(t)
	i := 0
	for i < len(t) && t[i] >= 'a' && t[i] <= 'z' {
		switch t[i] {
		case 'a':
			return fmt.Errorf("ggf: TY[%s]: anti-Othello is not supported", t)
		case 's':
			return fmt.Errorf("ggf: TY[%s]: synchro games are not supported", t)
		case 'k':
			return fmt.Errorf("ggf: TY[%s]: komi games are not supported", t)
		}
		return fmt.Errorf("ggf: TY[%s]: unknown game type", t)
	}
	j := i
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	if size := t[i:j]; size != ggfBoardSize {
		return fmt.Errorf("ggf: TY[%s]: board size %q is not supported, want 8", t, size)
	}
	if rest := t[j:]; rest != "" && (rest[0] != 'r' || strings.Trim(rest[1:], "0123456789") != "") {
		return fmt.Errorf("ggf: TY[%s]: unknown game type", t)
	}
	return nil
}

// checkGGFResult accepts "?", "" or a number with an optional flag.
func checkGGFResult(re string) error {
	if re == "" || re == "?" {
		return nil
	}
	num, flag, hasFlag := strings.Cut(re, ":")
	if hasFlag && flag != "r" && flag != "t" && flag != "s" {
		return fmt.Errorf("ggf: RE[%s]: flag %q: want r, t or s", re, flag)
	}
	if _, err := parseGGFNumber(num); err != nil {
		return fmt.Errorf("ggf: RE[%s]: want black's disc difference, like +12.00", re)
	}
	return nil
}

// parseGGFBoard parses BO: "8", 64 squares (white space between them is
// allowed) and the side to move.
func parseGGFBoard(v string) (Position, error) {
	f := strings.Fields(v)
	if len(f) < 3 {
		return Position{}, fmt.Errorf("ggf: BO[%s]: want the size 8, 64 squares and the side to move", v)
	}
	if f[0] != ggfBoardSize {
		return Position{}, fmt.Errorf("ggf: BO: board size %q is not supported, want 8", f[0])
	}
	squares := strings.Join(f[1:len(f)-1], "")
	if len(squares) != 64 {
		return Position{}, fmt.Errorf("ggf: BO: %s, want 64", plural.Of(len(squares), "square"))
	}
	var black, white uint64
	for i := 0; i < 64; i++ {
		switch squares[i] {
		case '*':
			black |= 1 << i
		case 'O', 'o':
			white |= 1 << i
		case '-':
		default:
			return Position{}, fmt.Errorf("ggf: BO: square %d (%s) is %q, want *, O or -", i+1, Move(i), squares[i])
		}
	}
	var turn Color
	switch f[len(f)-1] {
	case "*":
		turn = Black
	case "O", "o":
		turn = White
	default:
		return Position{}, fmt.Errorf("ggf: BO: side to move %q: want * (black) or O (white)", f[len(f)-1])
	}
	return NewPosition(black, white, turn)
}

// addMove parses a B or W property, checks it on g and plays it.
func (r *GGF) addMove(g *Game, key, value string) error {
	n := len(r.Moves) + 1
	gm, err := ParseGGFMove(value)
	if err != nil {
		return fmt.Errorf("ggf: move %d %s[%s]: %w", n, key, value, err)
	}
	color := Black
	if key == "W" {
		color = White
	}
	if turn := g.Position().Turn; color != turn {
		return fmt.Errorf("ggf: move %d %s[%s]: %s to move, not %s", n, key, value, turn, color)
	}
	if err := g.Play(gm.Move); err != nil {
		return fmt.Errorf("ggf: move %d %s[%s]: %w", n, key, value, err)
	}
	r.Moves = append(r.Moves, gm)
	return nil
}

// ParseGGFMove parses a move as GGF and NBoard write it: a square ("d3",
// case-insensitive) or a pass ("PA"), optionally followed by "/eval" and
// "/time", either of which may be empty ("f5//3.1").
func ParseGGFMove(s string) (GGFMove, error) {
	parts := strings.Split(s, "/")
	if len(parts) > 3 {
		return GGFMove{}, errors.New("want move/eval/time, with at most two '/'")
	}
	var gm GGFMove
	m, err := ParseSquare(strings.TrimSpace(parts[0]))
	if err != nil {
		return GGFMove{}, err
	}
	gm.Move = m
	if len(parts) > 1 && parts[1] != "" {
		if gm.Eval, err = parseGGFNumber(parts[1]); err != nil {
			return GGFMove{}, fmt.Errorf("evaluation %q is not a number", parts[1])
		}
		gm.HasEval = true
	}
	if len(parts) > 2 && parts[2] != "" {
		if gm.Time, err = parseGGFNumber(parts[2]); err != nil || gm.Time < 0 {
			return GGFMove{}, fmt.Errorf("time %q is not a number of seconds", parts[2])
		}
		gm.HasTime = true
	}
	return gm, nil
}

// parseGGFNumber parses a finite decimal number; NaN and infinities have no
// place in a record.
func parseGGFNumber(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return v, nil
}

// String writes the move as GGF does: the square in capitals ("D3") or PA,
// then "/eval/time" as far as they are given.
func (gm GGFMove) String() string {
	s := "PA"
	if gm.Move != Pass {
		s = strings.ToUpper(gm.Move.String())
	}
	switch {
	case gm.HasTime:
		s += "/" + formatGGFNumber(gm.Eval, gm.HasEval) + "/" + formatGGFNumber(gm.Time, true)
	case gm.HasEval:
		s += "/" + formatGGFNumber(gm.Eval, true)
	}
	return s
}

// formatGGFNumber writes v in the fewest digits that read back exactly, or
// nothing when it is absent.
func formatGGFNumber(v float64, has bool) string {
	if !has {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Format writes the record as one line of GGF: GM, the headers that are set,
// TY, RE ("?" when unknown), BO and the moves. It fails if a header holds
// a ']' or a line break, which GGF cannot carry, or if the moves are not a
// legal game from Start.
func (r *GGF) Format() (string, error) {
	if _, err := r.Game(); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("(;GM[Othello]")
	headers := []struct{ key, value string }{
		{"PC", r.Place}, {"DT", r.Date}, {"PB", r.Black}, {"PW", r.White},
		{"RB", r.BlackRating}, {"RW", r.WhiteRating}, {"TI", r.Clock},
	}
	for _, h := range headers {
		if h.value == "" {
			continue
		}
		if strings.ContainsAny(h.value, "]\r\n") {
			return "", fmt.Errorf("ggf: %s[%q]: a value may not hold ']' or a line break", h.key, h.value)
		}
		b.WriteString(h.key + "[" + h.value + "]")
	}
	re := r.Result
	if re == "" {
		re = "?"
	}
	if err := checkGGFResult(re); err != nil {
		return "", err
	}
	b.WriteString("TY[8]RE[" + re + "]BO[8 ")
	for i := 0; i < 64; i++ {
		b.WriteByte("-*O"[r.Start.at(i)])
	}
	if r.Start.Turn == Black {
		b.WriteString(" *]")
	} else {
		b.WriteString(" O]")
	}
	turn := r.Start.Turn
	for _, gm := range r.Moves {
		if turn == Black {
			b.WriteString("B[")
		} else {
			b.WriteString("W[")
		}
		b.WriteString(gm.String() + "]")
		turn = turn.Other()
	}
	b.WriteString(";)")
	return b.String(), nil
}
