package sgf

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxRecordBytes bounds what Read reads: a Go game's record is a few
// kilobytes, and a hundred games with long comments fit in far less.
const MaxRecordBytes = 16 << 20

// maxDepth bounds the nesting of game trees, so that hostile input cannot
// grow the parser's stack without end. Editors write a main line as one
// sequence of nodes; even one that nested every move of a long game in
// its own tree stays far below.
const maxDepth = 10000

// Error is a syntax or content error of a record, with the place where it
// was found.
type Error struct {
	Line, Column int // from 1; Column counts bytes
	Msg          string
}

// Error returns "sgf: line L, column C: what is wrong".
func (e *Error) Error() string {
	return fmt.Sprintf("sgf: line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// Read reads one record from r, at most MaxRecordBytes, and returns its
// first game (see Parse).
func Read(r io.Reader) (*Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecordBytes+1))
	if err != nil {
		return nil, fmt.Errorf("sgf: reading: %w", err)
	}
	if len(data) > MaxRecordBytes {
		return nil, fmt.Errorf("sgf: the record is longer than %d bytes", MaxRecordBytes)
	}
	return Parse(data)
}

// Parse returns the first game of an SGF collection, its main line only.
// The rest of the collection must be well-formed too.
func Parse(data []byte) (*Game, error) {
	games, err := ParseAll(data)
	if err != nil {
		return nil, err
	}
	return games[0], nil
}

// ParseAll returns every game of an SGF collection, each its main line
// only. A collection has at least one game.
func ParseAll(data []byte) ([]*Game, error) {
	p := &parser{data: data}
	if bytes.HasPrefix(data, bomUTF8) {
		p.pos = len(bomUTF8)
	}
	var games []*Game
	for {
		p.skipSpace()
		if p.pos == len(p.data) {
			break
		}
		if p.data[p.pos] != '(' {
			return nil, p.errorf("want '(' to begin a game, got %s", p.here())
		}
		nodes, err := p.tree(0)
		if err != nil {
			return nil, err
		}
		g, err := p.game(nodes)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, p.errorf("no game: the record is empty")
	}
	return games, nil
}

// bomUTF8 is the byte-order mark some editors put first.
var bomUTF8 = []byte{0xEF, 0xBB, 0xBF}

// property is one property of a node, its values unescaped.
type property struct {
	id   string
	vals []string
	at   int // the offset of its identifier, for errors
}

// node is a node's properties, in the order read.
type node struct {
	props []property
	at    int // the offset of its ';'
}

// get returns the property id of n, or nil.
func (n *node) get(id string) *property {
	for i := range n.props {
		if n.props[i].id == id {
			return &n.props[i]
		}
	}
	return nil
}

// parser reads the syntax of a collection.
type parser struct {
	data []byte
	pos  int
}

// errorf returns an Error at the current position.
func (p *parser) errorf(format string, args ...any) error {
	return p.errorAt(p.pos, format, args...)
}

// errorAt returns an Error at offset off.
func (p *parser) errorAt(off int, format string, args ...any) error {
	line := 1 + bytes.Count(p.data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(p.data[:off], '\n')
	return &Error{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// here describes the byte at the current position, or the end.
func (p *parser) here() string {
	if p.pos >= len(p.data) {
		return "the end of the record"
	}
	return strconv.QuoteRune(rune(p.data[p.pos]))
}

// skipSpace skips white space between tokens.
func (p *parser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			p.pos++
		default:
			return
		}
	}
}

// tree reads a game tree, "(" sequence tree* ")", at nesting depth, and
// returns its main line: its own sequence, then the main line of its
// first subtree. The other subtrees are read and dropped.
func (p *parser) tree(depth int) ([]node, error) {
	if depth >= maxDepth {
		return nil, p.errorf("game trees nested deeper than %d", maxDepth)
	}
	p.pos++ // '('
	var line []node
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ';' {
			break
		}
		n, err := p.node()
		if err != nil {
			return nil, err
		}
		line = append(line, n)
	}
	if len(line) == 0 {
		return nil, p.errorf("want ';' to begin a node, got %s", p.here())
	}
	first := true
	for {
		p.skipSpace()
		if p.pos >= len(p.data) {
			return nil, p.errorf("the record ends inside a game tree: want ')'")
		}
		switch p.data[p.pos] {
		case ')':
			p.pos++
			return line, nil
		case '(':
			sub, err := p.tree(depth + 1)
			if err != nil {
				return nil, err
			}
			if first {
				line = append(line, sub...)
				first = false
			}
		default:
			return nil, p.errorf("want '(', ';' or ')', got %s", p.here())
		}
	}
}

// node reads ";" and the node's properties.
func (p *parser) node() (node, error) {
	n := node{at: p.pos}
	p.pos++ // ';'
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || !isUpper(p.data[p.pos]) {
			if p.pos < len(p.data) && isLower(p.data[p.pos]) {
				return n, p.errorf("property identifiers are upper-case letters, got %s", p.here())
			}
			return n, nil
		}
		at := p.pos
		for p.pos < len(p.data) && isUpper(p.data[p.pos]) {
			p.pos++
		}
		id := string(p.data[at:p.pos])
		if n.get(id) != nil {
			return n, p.errorAt(at, "property %s twice in one node", id)
		}
		prop := property{id: id, at: at}
		for {
			p.skipSpace()
			if p.pos >= len(p.data) || p.data[p.pos] != '[' {
				break
			}
			v, err := p.value()
			if err != nil {
				return n, err
			}
			prop.vals = append(prop.vals, v)
		}
		if len(prop.vals) == 0 {
			return n, p.errorf("property %s without a value: want '[', got %s", id, p.here())
		}
		n.props = append(n.props, prop)
	}
}

// value reads "[" value "]" and returns the value unescaped: a backslash
// and a line break after it (a soft line break) are removed, a backslash
// and another character give that character, and line breaks become
// "\n".
func (p *parser) value() (string, error) {
	start := p.pos
	p.pos++ // '['
	var b strings.Builder
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		p.pos++
		switch c {
		case ']':
			return b.String(), nil
		case '\\':
			if p.pos >= len(p.data) {
				return "", p.errorAt(start, "the record ends inside a value: want ']'")
			}
			if n := p.lineBreak(); n > 0 {
				p.pos += n
				continue
			}
			b.WriteByte(p.data[p.pos])
			p.pos++
		case '\r', '\n':
			p.pos--
			p.pos += p.lineBreak()
			b.WriteByte('\n')
		default:
			b.WriteByte(c)
		}
	}
	return "", p.errorAt(start, "the record ends inside a value: want ']' (a ']' in a value is written '\\]')")
}

// lineBreak returns the length of the line break at the current position
// ("\n", "\r", "\r\n" or "\n\r"), or 0.
func (p *parser) lineBreak() int {
	rest := p.data[p.pos:]
	switch {
	case len(rest) == 0:
		return 0
	case len(rest) >= 2 && (rest[0] == '\r' && rest[1] == '\n' || rest[0] == '\n' && rest[1] == '\r'):
		return 2
	case rest[0] == '\r' || rest[0] == '\n':
		return 1
	}
	return 0
}

func isUpper(b byte) bool { return b >= 'A' && b <= 'Z' }
func isLower(b byte) bool { return b >= 'a' && b <= 'z' }

// errSetupAfterRoot is the message for set-up in a node after the root.
const errSetupAfterRoot = "set-up property %s after the root node: not supported (only the root's set-up stones are read)"

// game interprets a main line of nodes.
func (p *parser) game(nodes []node) (*Game, error) {
	g := &Game{Size: DefaultSize}
	root := &nodes[0]
	if err := p.rootInfo(g, root); err != nil {
		return nil, err
	}
	for i := range nodes {
		n := &nodes[i]
		if i > 0 {
			for _, id := range []string{"AB", "AW", "AE", "SZ", "GM"} {
				if pr := n.get(id); pr != nil {
					if id == "SZ" || id == "GM" {
						return nil, p.errorAt(pr.at, "root property %s after the root node", id)
					}
					return nil, p.errorAt(pr.at, errSetupAfterRoot, id)
				}
			}
		}
		m, ok, err := p.move(g.Size, n)
		if err != nil {
			return nil, err
		}
		if tb, tw := n.get("TB"), n.get("TW"); tb != nil || tw != nil {
			// A later node's count replaces an earlier one's.
			if g.TerritoryBlack, err = p.territoryList(g.Size, tb); err != nil {
				return nil, err
			}
			if g.TerritoryWhite, err = p.territoryList(g.Size, tw); err != nil {
				return nil, err
			}
		}
		comment := ""
		if pr := n.get("C"); pr != nil {
			comment = text(pr.vals[0])
		}
		switch {
		case ok:
			m.Comment = comment
			if i == 0 {
				// A move in the root: the comment belongs to the game.
				m.Comment = ""
			}
			g.Moves = append(g.Moves, m)
		case i > 0 && comment != "":
			// A node without a move: its comment joins the last move's
			// (or the game's), so that no text is lost.
			dst := &g.Comment
			if len(g.Moves) > 0 {
				dst = &g.Moves[len(g.Moves)-1].Comment
			}
			if *dst != "" {
				*dst += "\n"
			}
			*dst += comment
		}
	}
	return g, nil
}

// rootInfo reads the root's game information and set-up into g.
func (p *parser) rootInfo(g *Game, root *node) error {
	if pr := root.get("FF"); pr != nil {
		ff, err := strconv.Atoi(pr.vals[0])
		if err != nil || ff < 1 || ff > 4 {
			return p.errorAt(pr.at, "FF[%s]: want a file format 1..4", pr.vals[0])
		}
	}
	if pr := root.get("GM"); pr != nil && strings.TrimSpace(pr.vals[0]) != "1" {
		return p.errorAt(pr.at, "GM[%s]: not a game of Go (GM[1])", pr.vals[0])
	}
	if pr := root.get("SZ"); pr != nil {
		v := strings.TrimSpace(pr.vals[0])
		if c, r, ok := strings.Cut(v, ":"); ok {
			if c != r {
				return p.errorAt(pr.at, "SZ[%s]: rectangular boards are not supported", pr.vals[0])
			}
			v = c
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxSize {
			return p.errorAt(pr.at, "SZ[%s]: want a board size 1..%d", pr.vals[0], MaxSize)
		}
		g.Size = n
	}
	for _, f := range []struct {
		id  string
		dst *string
	}{{"PB", &g.PlayerBlack}, {"PW", &g.PlayerWhite}, {"RE", &g.Result}, {"DT", &g.Date}, {"AP", &g.Application}} {
		if pr := root.get(f.id); pr != nil {
			*f.dst = simpleText(pr.vals[0])
		}
	}
	if pr := root.get("C"); pr != nil {
		g.Comment = text(pr.vals[0])
	}
	if pr := root.get("KM"); pr != nil {
		k, err := strconv.ParseFloat(strings.TrimSpace(pr.vals[0]), 64)
		if err != nil || k != k || k > 1e6 || k < -1e6 {
			return p.errorAt(pr.at, "KM[%s]: want a number", pr.vals[0])
		}
		g.Komi = k
	}
	if pr := root.get("HA"); pr != nil {
		h, err := strconv.Atoi(strings.TrimSpace(pr.vals[0]))
		if err != nil || h < 0 {
			return p.errorAt(pr.at, "HA[%s]: want a number of stones, 0 or more", pr.vals[0])
		}
		g.Handicap = h
	}
	if pr := root.get("PL"); pr != nil {
		c, ok := parseColor(pr.vals[0])
		if !ok {
			return p.errorAt(pr.at, "PL[%s]: want B or W", pr.vals[0])
		}
		g.ToPlay = c
	}
	if pr := root.get("AE"); pr != nil {
		return p.errorAt(pr.at, "AE in the root: not supported (the board starts empty)")
	}
	seen := make(map[Point]bool)
	for _, f := range []struct {
		pr  *property
		dst *[]Point
	}{{root.get("AB"), &g.AddBlack}, {root.get("AW"), &g.AddWhite}} {
		pts, err := p.pointList(g.Size, f.pr)
		if err != nil {
			return err
		}
		for _, pt := range pts {
			if seen[pt] {
				l, _ := pt.Letters()
				return p.errorAt(f.pr.at, "%s: point %s set up twice", f.pr.id, l)
			}
			seen[pt] = true
		}
		*f.dst = pts
	}
	return nil
}

// parseColor parses "B" or "W" (either case, spaces around ignored).
func parseColor(s string) (Color, bool) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "B":
		return Black, true
	case "W":
		return White, true
	}
	return 0, false
}

// pointList reads a list of points, each a point or a rectangle "aa:cc"
// of points (FF[4]'s compressed list), on a board of side size.
func (p *parser) pointList(size int, pr *property) ([]Point, error) {
	if pr == nil {
		return nil, nil
	}
	var pts []Point
	for _, v := range pr.vals {
		a, b, rect := strings.Cut(v, ":")
		from, err := ParsePoint(a, size)
		if err != nil {
			return nil, p.errorAt(pr.at, "%s: %v", pr.id, err)
		}
		to := from
		if rect {
			if to, err = ParsePoint(b, size); err != nil {
				return nil, p.errorAt(pr.at, "%s: %v", pr.id, err)
			}
		}
		if to.Col < from.Col || to.Row < from.Row {
			return nil, p.errorAt(pr.at, "%s[%s]: a rectangle goes from its top left to its bottom right", pr.id, v)
		}
		for r := from.Row; r <= to.Row; r++ {
			for c := from.Col; c <= to.Col; c++ {
				pts = append(pts, Point{Col: c, Row: r})
			}
		}
	}
	return pts, nil
}

// territoryList reads TB or TW: a list of points that may be empty
// (TB[]), FF[4]'s "elist".
func (p *parser) territoryList(size int, pr *property) ([]Point, error) {
	if pr == nil || len(pr.vals) == 1 && strings.TrimSpace(pr.vals[0]) == "" {
		return nil, nil
	}
	return p.pointList(size, pr)
}

// move reads the node's move, if it has one: B or W, one value, which is
// a point, or empty (or "tt" on boards up to 19) for a pass.
func (p *parser) move(size int, n *node) (Move, bool, error) {
	b, w := n.get("B"), n.get("W")
	if b != nil && w != nil {
		return Move{}, false, p.errorAt(w.at, "B and W in one node: one move a node")
	}
	pr, c := b, Black
	if w != nil {
		pr, c = w, White
	}
	if pr == nil {
		return Move{}, false, nil
	}
	if len(pr.vals) != 1 {
		return Move{}, false, p.errorAt(pr.at, "%s with %d values: a move has one", pr.id, len(pr.vals))
	}
	v := strings.TrimSpace(pr.vals[0])
	if v == "" || v == "tt" && size <= 19 {
		return Move{Color: c, Pass: true}, true, nil
	}
	pt, err := ParsePoint(v, size)
	if err != nil {
		return Move{}, false, p.errorAt(pr.at, "%s: %v", pr.id, err)
	}
	return Move{Color: c, Point: pt}, true, nil
}

// text returns a Text value as read: white space other than line breaks
// becomes a space (FF[4]).
func text(v string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\v', '\f':
			return ' '
		}
		return r
	}, v)
}

// simpleText returns a SimpleText value as read: all white space,
// line breaks included, becomes a space (FF[4]).
func simpleText(v string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\v', '\f', '\n':
			return ' '
		}
		return r
	}, v)
}
