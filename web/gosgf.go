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
// board and the komi are checked when the game is made).
func (m *goMatch) record(result string) string {
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
	g.Result = result
	text, err := sgf.Marshal(g)
	if err != nil {
		return ""
	}
	return string(text)
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
