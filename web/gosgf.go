package web

// This file saves and loads the Go page's game as SGF (FF[4], GM[1]), the
// format every Go program reads, with package sgf: the size, the komi,
// the players' names, set-up stones (AB/AW), who plays first (PL), the
// moves and, once the game is over, the result.

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/sgf"
)

// maxSGFBody bounds the body of POST /api/go/load: a long 19x19 game is
// two or three kilobytes, comments included; 64 KiB leaves room for
// editors' annotations.
const maxSGFBody = 64 << 10

// sgfColor turns a goban colour into SGF's.
func sgfColor(c goban.Color) sgf.Color {
	if c == goban.White {
		return sgf.White
	}
	return sgf.Black
}

// sgfPoint returns the SGF point of p on b: column, and row from the top.
func sgfPoint(b *goban.Board, p goban.Point) sgf.Point {
	row, col := b.RowCol(p)
	return sgf.Point{Col: col, Row: row}
}

// record returns the game as SGF, "" if it cannot be written (never: the
// board and the komi are checked when the game is made). For a finished
// game, over is its count: the record then has the result (RE) and the
// territory (TB, TW) with the dead stones' points, so that load restores
// the dead strings and the result.
func (m *goMatch) record(over *GoScore) string {
	g := sgf.NewGame(m.size)
	g.Komi, g.PlayerBlack, g.PlayerWhite = m.komi, m.names[goban.Black], m.names[goban.White]
	g.Application = "gomcts web page"
	for row := range m.size {
		for col := range m.size {
			p, _ := m.start.Point(row, col)
			switch m.start.At(p) {
			case goban.Black:
				g.AddBlack = append(g.AddBlack, sgfPoint(m.start, p))
			case goban.White:
				g.AddWhite = append(g.AddWhite, sgfPoint(m.start, p))
			}
		}
	}
	if m.first != goban.Black || len(g.AddBlack)+len(g.AddWhite) > 0 {
		g.ToPlay = sgfColor(m.first)
	}
	for _, mv := range m.moves {
		s := sgf.Move{Color: sgfColor(mv.Color), Pass: mv.Point == goban.Pass}
		if !s.Pass {
			s.Point = sgfPoint(m.start, mv.Point)
		}
		g.Moves = append(g.Moves, s)
	}
	if over != nil {
		g.Result = sgfResult(over)
		g.TerritoryBlack, g.TerritoryWhite = m.territory(over)
	}
	text, err := sgf.Marshal(g)
	if err != nil {
		return ""
	}
	return string(text)
}

// territory returns the points each side counts in sc, as SGF's TB and
// TW have them: its territory and the points of the other side's dead
// stones (which a count in the open would leave out).
func (m *goMatch) territory(sc *GoScore) (black, white []sgf.Point) {
	b := m.board
	for row := range m.size {
		for col := range m.size {
			p, _ := b.Point(row, col)
			owner := sc.Territory[row*m.size+col]
			switch {
			case m.isDead(p) && b.At(p) == goban.White:
				owner = 'x'
			case m.isDead(p):
				owner = 'o'
			}
			switch owner {
			case 'x':
				black = append(black, sgfPoint(b, p))
			case 'o':
				white = append(white, sgfPoint(b, p))
			}
		}
	}
	return black, white
}

// isDead tells whether the stone at p is of a string marked dead.
func (m *goMatch) isDead(p goban.Point) bool {
	c := m.board.At(p)
	if c != goban.Black && c != goban.White {
		return false
	}
	for _, q := range m.dead {
		if m.board.SameString(p, q) {
			return true
		}
	}
	return false
}

// restoreCount marks dead, after a record that ends in the scoring phase
// is loaded, the strings with a stone on the other side's territory (TB,
// TW), black's first as they are marked; then, if the record's result
// (RE) is the page's count of that position, both players are done and
// the game is over with it. Otherwise (a record without a count, or
// counted under other rules) the players count it here.
func (m *goMatch) restoreCount(g *sgf.Game) {
	for _, set := range []struct {
		pts   []sgf.Point
		stone goban.Color // the colour whose stones on those points are dead
	}{{g.TerritoryWhite, goban.Black}, {g.TerritoryBlack, goban.White}} {
		for _, sp := range set.pts {
			p, _ := m.board.Point(sp.Row, sp.Col) // sgf checked it is on the board
			if m.board.At(p) == set.stone && !m.isDead(p) {
				m.dead = append(m.dead, p)
			}
		}
	}
	if g.Result == "" {
		return
	}
	sc := newGoScore(goban.Count(m.board, m.dead, m.captured[goban.Black], m.captured[goban.White], m.komi))
	if sameSGFResult(g.Result, sgfResult(sc)) {
		m.done = [3]bool{goban.Black: true, goban.White: true}
		m.phase = goOver
	}
}

// sameSGFResult tells whether two RE values state the same result:
// "B+4" and "B+4.0", "0" and "Draw".
func sameSGFResult(a, b string) bool {
	norm := func(s string) string {
		s = strings.TrimSpace(s)
		if strings.EqualFold(s, "draw") || s == "0" || s == "Jigo" {
			return "0"
		}
		if len(s) > 2 && (s[0] == 'B' || s[0] == 'W') && s[1] == '+' {
			if v, err := strconv.ParseFloat(s[2:], 64); err == nil {
				return s[:2] + strconv.FormatFloat(v, 'f', -1, 64)
			}
		}
		return s
	}
	return norm(a) == norm(b)
}

// sgfResult writes the result of a finished game as SGF's RE does: "B+4",
// "W+0.5", "0" for a draw.
func sgfResult(sc *GoScore) string {
	switch sc.Winner {
	case "black":
		return "B+" + strconv.FormatFloat(sc.Margin, 'f', -1, 64)
	case "white":
		return "W+" + strconv.FormatFloat(sc.Margin, 'f', -1, 64)
	}
	return "0"
}

// load replaces the game with the record g, if the page can play it: a
// size of the page's, a komi it accepts, moves that alternate and are
// legal under the game's ko rule. Otherwise it returns why and changes
// nothing.
func (m *goMatch) load(g *sgf.Game) error {
	if g.Size < minGoSize || g.Size > maxGoSize {
		return badRequest("sgf: board size %d: this page plays %d to %d", g.Size, minGoSize, maxGoSize)
	}
	if err := checkKomi(g.Komi); err != nil {
		return err
	}
	n := goMatch{superko: m.superko}
	n.reset(g.Size, g.Komi, m.superko)
	n.names = [3]string{goban.Black: g.PlayerBlack, goban.White: g.PlayerWhite}
	set := func(pts []sgf.Point, c goban.Color, id string) error {
		for _, sp := range pts {
			p, _ := n.start.Point(sp.Row, sp.Col) // sgf checked it is on the board
			if err := n.start.Place(p, c); err != nil {
				return badRequest("sgf: %s at %s: %v", id, goPointName(n.start, p), err)
			}
		}
		return nil
	}
	if err := set(g.AddBlack, goban.Black, "AB"); err != nil {
		return err
	}
	if err := set(g.AddWhite, goban.White, "AW"); err != nil {
		return err
	}
	for row := range g.Size {
		for col := range g.Size {
			if p, _ := n.start.Point(row, col); n.start.At(p) != goban.Empty && n.start.Liberties(p) == 0 {
				return badRequest("sgf: the set-up string at %s has no liberty", goPointName(n.start, p))
			}
		}
	}
	switch {
	case g.ToPlay == sgf.White:
		n.first = goban.White
	case g.ToPlay == 0 && len(g.Moves) > 0 && g.Moves[0].Color == sgf.White:
		n.first = goban.White
	case g.ToPlay == 0 && len(g.AddBlack) > 0 && len(g.AddWhite) == 0:
		// Handicap stones: white plays first.
		n.first = goban.White
	}
	n.replay()
	for i, sm := range g.Moves {
		c := goban.Black
		if sm.Color == sgf.White {
			c = goban.White
		}
		if c != n.turn() {
			return badRequest("sgf: move %d is %s's, but %s is to play: this board alternates the moves", i+1, c, n.turn())
		}
		p := goban.Pass
		if !sm.Pass {
			p, _ = n.start.Point(sm.Point.Row, sm.Point.Col)
		}
		if err := n.check(p); err != nil {
			return badRequest("sgf: move %d, %s at %s: %v", i+1, c, goPointName(n.start, p), err)
		}
		n.moves = append(n.moves, goban.Move{Point: p, Color: c})
		n.replay()
	}
	if n.passes() >= goPassesToScore {
		n.phase = goScoring
		n.restoreCount(g)
	}
	*m = n
	return nil
}

// goLoadRequest is the body of POST /api/go/load.
type goLoadRequest struct {
	SGF string `json:"sgf"`
}

func (g *goRoom) postLoad(r *http.Request) (any, error) {
	var req goLoadRequest
	if err := decodeLimit(r, &req, false, maxSGFBody); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.SGF) == "" {
		return nil, badRequest(`sgf is missing: want {"sgf": "(;GM[1]SZ[9]...)"}`)
	}
	rec, err := sgf.Parse([]byte(req.SGF))
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return g.change(func(m *goMatch) error { return m.load(rec) })
}

// checkKomi reports whether komi is one a game may have.
func checkKomi(komi float64) error {
	if komi < -maxKomi || komi > maxKomi || komi*2 != float64(int(komi*2)) {
		return badRequest("komi %g: want points from -%d to %d, in halves (6.5, 0, 7)", komi, maxKomi, maxKomi)
	}
	return nil
}
