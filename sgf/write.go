package sgf

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Marshal returns g as an FF[4] record: the root node on the first line
// (FF, GM, CA, AP, SZ, KM, HA, PB, PW, DT, RE, PL, AB, AW, C, each only
// when it has something to say, except FF, GM, CA, SZ and KM), then one
// node a line for each move, a pass written B[] or W[]; the territory
// (TB, TW) in the last node. It returns an
// error, and no record, if g cannot be written as it is: a size outside
// 1..MaxSize, a point off the board, a colour other than Black and White,
// a komi that is not a finite number.
func Marshal(g *Game) ([]byte, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("(;FF[4]GM[1]CA[UTF-8]")
	if g.Application != "" {
		prop(&b, "AP", g.Application)
	}
	prop(&b, "SZ", strconv.Itoa(g.Size))
	prop(&b, "KM", strconv.FormatFloat(g.Komi, 'f', -1, 64))
	if g.Handicap > 0 {
		prop(&b, "HA", strconv.Itoa(g.Handicap))
	}
	for _, f := range []struct{ id, v string }{
		{"PB", g.PlayerBlack}, {"PW", g.PlayerWhite}, {"DT", g.Date}, {"RE", g.Result},
	} {
		if f.v != "" {
			prop(&b, f.id, f.v)
		}
	}
	if g.ToPlay != 0 {
		prop(&b, "PL", g.ToPlay.String())
	}
	points(&b, "AB", g.AddBlack)
	points(&b, "AW", g.AddWhite)
	if g.Comment != "" {
		prop(&b, "C", g.Comment)
	}
	if len(g.Moves) == 0 {
		territory(&b, g)
	}
	b.WriteByte('\n')
	for i, m := range g.Moves {
		v := ""
		if !m.Pass {
			v, _ = m.Point.Letters() // checked
		}
		b.WriteByte(';')
		prop(&b, m.Color.String(), v)
		if m.Comment != "" {
			prop(&b, "C", m.Comment)
		}
		if i == len(g.Moves)-1 {
			territory(&b, g)
		}
		b.WriteByte('\n')
	}
	b.WriteString(")\n")
	return []byte(b.String()), nil
}

// Write writes g to w as Marshal formats it.
func Write(w io.Writer, g *Game) error {
	data, err := Marshal(g)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("sgf: writing: %w", err)
	}
	return nil
}

// check returns why g cannot be written, or nil.
func (g *Game) check() error {
	if g.Size < 1 || g.Size > MaxSize {
		return fmt.Errorf("sgf: board size %d: want 1..%d", g.Size, MaxSize)
	}
	if math.IsNaN(g.Komi) || math.IsInf(g.Komi, 0) {
		return fmt.Errorf("sgf: komi %v: want a finite number", g.Komi)
	}
	if g.Handicap < 0 {
		return fmt.Errorf("sgf: handicap %d: want 0 or more", g.Handicap)
	}
	if g.ToPlay != 0 && g.ToPlay != Black && g.ToPlay != White {
		return fmt.Errorf("sgf: player to play %v: want Black, White or 0", g.ToPlay)
	}
	for _, set := range []struct {
		id  string
		pts []Point
	}{{"AB", g.AddBlack}, {"AW", g.AddWhite}, {"TB", g.TerritoryBlack}, {"TW", g.TerritoryWhite}} {
		for _, p := range set.pts {
			if !p.On(g.Size) {
				return fmt.Errorf("sgf: %s: point (%d, %d) off the %dx%d board", set.id, p.Col, p.Row, g.Size, g.Size)
			}
		}
	}
	for i, m := range g.Moves {
		if m.Color != Black && m.Color != White {
			return fmt.Errorf("sgf: move %d: colour %v: want Black or White", i+1, m.Color)
		}
		if !m.Pass && !m.Point.On(g.Size) {
			return fmt.Errorf("sgf: move %d: point (%d, %d) off the %dx%d board", i+1, m.Point.Col, m.Point.Row, g.Size, g.Size)
		}
	}
	return nil
}

// territory writes g's TB and TW.
func territory(b *strings.Builder, g *Game) {
	points(b, "TB", g.TerritoryBlack)
	points(b, "TW", g.TerritoryWhite)
}

// prop writes id[value], the value escaped.
func prop(b *strings.Builder, id, v string) {
	b.WriteString(id)
	b.WriteByte('[')
	b.WriteString(Escape(v))
	b.WriteByte(']')
}

// points writes id and one value a point, or nothing for no points.
func points(b *strings.Builder, id string, pts []Point) {
	if len(pts) == 0 {
		return
	}
	b.WriteString(id)
	for _, p := range pts {
		l, _ := p.Letters() // checked
		b.WriteByte('[')
		b.WriteString(l)
		b.WriteByte(']')
	}
}

// Escape returns v as an SGF value's text: a backslash before each ']'
// and '\', the two characters that would end or change the value.
func Escape(v string) string {
	if !strings.ContainsAny(v, `]\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == ']' || v[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
	return b.String()
}
