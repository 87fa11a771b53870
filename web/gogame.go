package web

// This file is the Go page for two people (/go): the rules adapter over
// package goban (a record replayed on a board, basic ko or positional
// superko), the scoring phase of the course's homework (seed 004,
// problem 2: three passes, each player removes his dead strings, the
// count by goban.Count), and its JSON API under /api/go/.

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/internal/plural"
)

// Board sizes of the Go page: the smallest that still makes a game, the
// largest goban holds; defaultGoSize is the first offered.
const (
	minGoSize     = 5
	maxGoSize     = goban.MaxSize
	defaultGoSize = 9
)

// maxKomi bounds the komi a person may set: more than any board's area.
const maxKomi = 400

// goPassesToScore is how many consecutive passes end the play: three, as
// the homework says (not the usual two).
const goPassesToScore = 3

// goColumns are the column letters of Go programs: "i" is skipped, so 19
// columns run a..t.
const goColumns = "abcdefghjklmnopqrst"

// The phases of a Go game.
const (
	goPlay    = "play"    // the players move
	goScoring = "scoring" // dead strings are marked, then each player is done
	goOver    = "over"    // both are done: the count is final
)

// goRoom is the Go game of the page.
type goRoom struct {
	room
	m goMatch // guarded by mu
}

func newGoRoom() *goRoom {
	g := &goRoom{room: newRoom()}
	g.m.reset(defaultGoSize, 0, false)
	return g
}

// goMatch is a game of Go between two people: a start position and the
// record, replayed on a board after every change (a few hundred moves at
// most, on a board of at most 361 points: microseconds). Its methods
// change nothing when they fail.
type goMatch struct {
	size    int
	komi    float64
	superko bool
	start   *goban.Board
	first   goban.Color // who plays first from start
	names   [3]string   // by colour: the players' names of a loaded record
	moves   []goban.Move
	// resumed is the length of the record when play was last resumed
	// from the scoring phase: only passes after it count for scoring.
	resumed int
	phase   string
	// dead holds a point of each string marked dead, in the order marked.
	dead []goban.Point
	done [3]bool // by colour: the player pressed Done

	// Derived by replay.
	board    *goban.Board
	game     *goban.Game // under superko: the record, for its check
	captured [3]int      // by colour: that colour's stones captured in play
}

// reset starts an empty game.
func (m *goMatch) reset(size int, komi float64, superko bool) {
	m.size, m.komi, m.superko = size, komi, superko
	m.start, _ = goban.New(size) // size is checked by the caller
	m.first, m.names = goban.Black, [3]string{}
	m.moves, m.resumed, m.phase, m.dead, m.done = nil, 0, goPlay, nil, [3]bool{}
	m.replay()
}

// replay sets the board, the superko record and the captures from the
// start position and the record, whose moves are legal.
func (m *goMatch) replay() {
	m.captured = [3]int{}
	if m.superko {
		m.game = goban.NewGame(m.start)
		for _, mv := range m.moves {
			n, _ := m.game.Play(mv.Point, mv.Color)
			m.captured[mv.Color.Other()] += n
		}
		m.board = m.game.Board()
		return
	}
	m.game = nil
	m.board = new(goban.Board)
	m.board.CopyFrom(m.start)
	for _, mv := range m.moves {
		n, _ := m.board.Play(mv.Point, mv.Color)
		m.captured[mv.Color.Other()] += n
	}
}

// turn returns the colour to move: first (black unless a record said
// otherwise), then alternately.
func (m *goMatch) turn() goban.Color {
	if len(m.moves) == 0 {
		return m.first
	}
	return m.moves[len(m.moves)-1].Color.Other()
}

// passes counts the passes that end the record since play last resumed.
func (m *goMatch) passes() int {
	n := 0
	for i := len(m.moves) - 1; i >= m.resumed && m.moves[i].Point == goban.Pass; i-- {
		n++
	}
	return n
}

// check returns why the side to move may not play at p, or nil.
func (m *goMatch) check(p goban.Point) error {
	if m.superko {
		return m.game.Check(p, m.turn())
	}
	return m.board.Check(p, m.turn())
}

// play plays a move (goban.Pass for a pass) of the side to move.
func (m *goMatch) play(p goban.Point) error {
	if m.phase != goPlay {
		return conflict("the game is in its %s phase: undo or resume play to move", m.phase)
	}
	if err := m.check(p); err != nil {
		return conflict("%s at %s: %v", m.turn(), m.name(p), err)
	}
	m.moves = append(m.moves, goban.Move{Point: p, Color: m.turn()})
	m.replay()
	if m.passes() >= goPassesToScore {
		m.phase, m.dead, m.done = goScoring, nil, [3]bool{}
	}
	return nil
}

// undo takes back the last action: white's Done when the game is over;
// in the scoring phase the last mark of the player marking, or black's
// Done when white has no mark yet, or (black marking, with no mark) the
// pass that began it; in play the last move.
func (m *goMatch) undo() error {
	switch {
	case m.phase == goOver:
		m.phase, m.done[goban.White] = goScoring, false
		return nil
	case m.phase == goScoring && len(m.dead) > 0 && m.board.At(m.dead[len(m.dead)-1]) == m.marker():
		m.dead = m.dead[:len(m.dead)-1]
		return nil
	case m.phase == goScoring && m.done[goban.Black]:
		m.done[goban.Black] = false
		return nil
	case len(m.moves) == 0:
		return conflict("nothing to undo: no move has been played")
	}
	m.moves = m.moves[:len(m.moves)-1]
	m.resumed = min(m.resumed, len(m.moves))
	m.phase, m.dead, m.done = goPlay, nil, [3]bool{}
	m.replay()
	return nil
}

// marker returns who marks his own dead strings in the scoring phase.
// The two players share one screen, so they take turns: black until he
// presses Done, then white, whose Done ends the game.
func (m *goMatch) marker() goban.Color {
	if m.done[goban.Black] {
		return goban.White
	}
	return goban.Black
}

// mark marks the string at p dead, or alive again if it is marked. Only
// the player marking may, and only his own strings: the homework has
// each player remove his own dead stones.
func (m *goMatch) mark(p goban.Point) error {
	if m.phase != goScoring {
		return conflict("dead strings are marked in the scoring phase, after %d passes in a row", goPassesToScore)
	}
	c := m.board.At(p)
	if c != goban.Black && c != goban.White {
		return conflict("%s is empty: click a string of stones to mark it dead", m.name(p))
	}
	if who := m.marker(); c != who {
		if who == goban.Black {
			return conflict("%s is a white string: black marks his own dead strings first and presses Done, then white marks his", m.name(p))
		}
		return conflict("%s is a black string: black is done, now white marks his own dead strings (undo reopens black's marks)", m.name(p))
	}
	for i, q := range m.dead {
		if m.board.SameString(p, q) {
			m.dead = append(m.dead[:i], m.dead[i+1:]...)
			return nil
		}
	}
	m.dead = append(m.dead, p)
	return nil
}

// finish records that player c is done marking his dead strings: black
// first, then white, whose Done ends the game.
func (m *goMatch) finish(c goban.Color) error {
	if m.phase != goScoring {
		return conflict("done is pressed in the scoring phase, after %d passes in a row", goPassesToScore)
	}
	if c != m.marker() {
		if m.done[c] {
			return conflict("%s has already pressed Done: now white marks his own dead strings (undo reopens black's marks)", c)
		}
		return conflict("black marks his own dead strings and presses Done first, then white")
	}
	m.done[c] = true
	if c == goban.White {
		m.phase = goOver
	}
	return nil
}

// resume goes back from the scoring phase to play: the players disagree.
func (m *goMatch) resume() error {
	if m.phase != goScoring {
		return conflict("play resumes from the scoring phase only; the game is in its %s phase", m.phase)
	}
	m.phase, m.dead, m.done, m.resumed = goPlay, nil, [3]bool{}, len(m.moves)
	return nil
}

// name returns a point as the page names it: the column letter (i
// skipped) and the row from the bottom, like "c3"; "pass" for a pass.
func (m *goMatch) name(p goban.Point) string {
	return goPointName(m.board, p)
}

// goPointName names a point of b: column letter (i skipped) and the row
// from the bottom, like "c3"; "pass" for a pass.
func goPointName(b *goban.Board, p goban.Point) string {
	if p == goban.Pass {
		return "pass"
	}
	row, col := b.RowCol(p)
	return fmt.Sprintf("%c%d", goColumns[col], b.Size()-row)
}

// parseGoPoint reads a point of b named as goPointName names it, any case,
// or "pass".
func parseGoPoint(b *goban.Board, field, s string) (goban.Point, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "pass" {
		return goban.Pass, nil
	}
	n := b.Size()
	bad := badRequest(`%s %q: want a point a1..%c%d (column letter, i skipped, and row from the bottom) or "pass"`,
		field, s, goColumns[n-1], n)
	if len(t) < 2 || len(t) > 3 {
		return goban.Pass, bad
	}
	col := strings.IndexByte(goColumns[:n], t[0])
	row := 0
	for _, ch := range t[1:] {
		if ch < '0' || ch > '9' {
			return goban.Pass, bad
		}
		row = row*10 + int(ch-'0')
	}
	p, ok := b.Point(n-row, col)
	if col < 0 || row < 1 || !ok {
		return goban.Pass, bad
	}
	return p, nil
}

// GoState is the Go game as the page shows it; docs/web.md describes each
// field.
type GoState struct {
	Version uint64 `json:"version"`
	// Size is the board's side; Board its points row by row from the
	// top: X black, O white, . empty.
	Size  int    `json:"size"`
	Board string `json:"board"`
	// Turn is the side to move in play, "black" or "white".
	Turn    string  `json:"turn"`
	Phase   string  `json:"phase"`
	Komi    float64 `json:"komi"`
	Superko bool    `json:"superko"`
	// Legal lists the points where the side to move may play.
	Legal []string `json:"legal"`
	// LastMove is the last move, "c3" or "pass", "" if none.
	LastMove string `json:"lastMove"`
	// Captures are the stones each colour captured (the other colour's).
	Captures ByColor[int] `json:"captures"`
	// Passes counts the passes in a row that end the record.
	Passes int `json:"passes"`
	// Record is the game's moves, like "b c3", "w pass".
	Record []string `json:"record"`
	// SGF is the game as an SGF record, with its result once over.
	SGF string `json:"sgf"`
	// Dead lists every stone of the strings marked dead.
	Dead []string `json:"dead"`
	// Done tells who pressed Done in the scoring phase.
	Done ByColor[bool] `json:"done"`
	// Marking is who marks his own dead strings in the scoring phase,
	// "black" then "white"; "" in play and once over.
	Marking string `json:"marking"`
	// Score is the count in the scoring phase and at the end, null in
	// play.
	Score *GoScore `json:"score"`
	// Result is "black", "white" or "draw" once over, "" before.
	Result  string `json:"result"`
	Status  string `json:"status"`
	CanUndo bool   `json:"canUndo"`
}

// ByColor is one value for each colour.
type ByColor[T any] struct {
	Black T `json:"black"`
	White T `json:"white"`
}

// GoScore is the count of the game with the marked strings removed.
type GoScore struct {
	Black GoTally `json:"black"`
	White GoTally `json:"white"`
	Komi  float64 `json:"komi"`
	// Winner is "black", "white" or "draw"; Margin the difference.
	Winner string  `json:"winner"`
	Margin float64 `json:"margin"`
	// Territory has a letter per point, row by row from the top: x black's
	// territory, o white's, . no one's (a stone, or a shared point).
	Territory string `json:"territory"`
}

// GoTally is one colour's count.
type GoTally struct {
	Territory int     `json:"territory"`
	Captured  int     `json:"captured"`
	Dead      int     `json:"dead"`
	Points    float64 `json:"points"`
}

// state returns the game's state. The room's lock must be held.
func (g *goRoom) state() GoState {
	m := &g.m
	b := m.board
	n := m.size
	st := GoState{
		Version:  g.version,
		Size:     n,
		Turn:     m.turn().String(),
		Phase:    m.phase,
		Komi:     m.komi,
		Superko:  m.superko,
		Legal:    []string{},
		Captures: ByColor[int]{Black: m.captured[goban.White], White: m.captured[goban.Black]},
		Passes:   m.passes(),
		Record:   make([]string, len(m.moves)),
		Dead:     []string{},
		Done:     ByColor[bool]{Black: m.done[goban.Black], White: m.done[goban.White]},
		CanUndo:  len(m.moves) > 0 || m.phase != goPlay,
	}
	var sb strings.Builder
	for row := range n {
		for col := range n {
			p, _ := b.Point(row, col)
			sb.WriteByte(b.At(p).Symbol())
		}
	}
	st.Board = sb.String()
	if k := len(m.moves); k > 0 {
		st.LastMove = m.name(m.moves[k-1].Point)
	}
	for i, mv := range m.moves {
		st.Record[i] = fmt.Sprintf("%c %s", mv.Color.String()[0], m.name(mv.Point))
	}
	st.SGF = m.record(nil)
	if m.phase == goPlay {
		var pts []goban.Point
		if m.superko {
			pts = m.game.LegalMoves(m.turn(), nil)
		} else {
			pts = b.LegalMoves(m.turn(), nil)
		}
		for _, p := range pts {
			st.Legal = append(st.Legal, m.name(p))
		}
		st.Status = fmt.Sprintf("%s to play.", capital(m.turn().String()))
		if p := st.Passes; p > 0 {
			st.Status += fmt.Sprintf(" %s in a row; %d end the game.", plural.Irregular(p, "pass", "passes"), goPassesToScore)
		}
		return st
	}
	// Scoring, or over: the dead stones and the count.
	for row := range n {
		for col := range n {
			p, _ := b.Point(row, col)
			for _, q := range m.dead {
				if b.SameString(p, q) {
					st.Dead = append(st.Dead, m.name(p))
					break
				}
			}
		}
	}
	sc := goban.Count(b, m.dead, m.captured[goban.Black], m.captured[goban.White], m.komi)
	st.Score = newGoScore(sc)
	if m.phase == goScoring {
		who := m.marker()
		st.Marking = who.String()
		st.Status = fmt.Sprintf("Scoring: %s, click each of your own dead strings to remove it (again to restore it), then press Done.", capital(who.String()))
		if who == goban.Black {
			st.Status += " White marks his next."
		}
		return st
	}
	st.Result = st.Score.Winner
	st.SGF = m.record(st.Score)
	if st.Result == "draw" {
		st.Status = fmt.Sprintf("Game over: a draw at %g points each.", sc.Total(goban.Black))
	} else {
		st.Status = fmt.Sprintf("Game over: %s wins by %g.", st.Result, st.Score.Margin)
	}
	return st
}

// newGoScore turns goban's count into the page's.
func newGoScore(sc goban.Score) *GoScore {
	tally := func(t goban.Tally, total float64) GoTally {
		return GoTally{Territory: t.Territory, Captured: t.Captured, Dead: t.Dead, Points: total}
	}
	v := &GoScore{
		Black: tally(sc.Black, sc.Total(goban.Black)),
		White: tally(sc.White, sc.Total(goban.White)),
		Komi:  sc.Komi,
	}
	w, margin := sc.Winner()
	v.Winner, v.Margin = "draw", margin
	if w != goban.Empty {
		v.Winner = w.String()
	}
	terr := make([]byte, len(sc.Owner))
	for i, o := range sc.Owner {
		switch o {
		case goban.Black:
			terr[i] = 'x'
		case goban.White:
			terr[i] = 'o'
		default:
			terr[i] = '.'
		}
	}
	v.Territory = string(terr)
	return v
}

// capital returns s with its first letter in upper case.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// goRoute returns the method and handler of a path under /api/go/.
func (s *Server) goRoute(path string) (string, handler) {
	g := s.goGame
	switch path {
	case "state":
		return http.MethodGet, func(r *http.Request) (any, error) {
			return s.poll(r, &g.room, func() any { return g.state() })
		}
	case "new":
		return http.MethodPost, g.postNew
	case "move":
		return http.MethodPost, g.postMove
	case "undo":
		return http.MethodPost, emptyBody(g.changeRoom, g.m.undo)
	case "mark":
		return http.MethodPost, g.postMark
	case "done":
		return http.MethodPost, g.postDone
	case "resume":
		return http.MethodPost, emptyBody(g.changeRoom, g.m.resume)
	case "load":
		return http.MethodPost, g.postLoad
	}
	return "", nil
}

// change applies f to the game under the lock and answers the new state,
// or f's error with nothing changed.
func (g *goRoom) change(f func(m *goMatch) error) (any, error) {
	return g.changeRoom(func() error { return f(&g.m) })
}

// changeRoom is change for a change that needs no argument.
func (g *goRoom) changeRoom(f func() error) (any, error) {
	return g.apply(f, nil, func() any { return g.state() })
}

// goNewRequest is the body of POST /api/go/new; absent fields keep their
// value.
type goNewRequest struct {
	Size    *int     `json:"size"`
	Komi    *float64 `json:"komi"`
	Superko *bool    `json:"superko"`
}

func (g *goRoom) postNew(r *http.Request) (any, error) {
	var req goNewRequest
	if err := decode(r, &req, true); err != nil {
		return nil, err
	}
	return g.change(func(m *goMatch) error {
		size, komi, superko := m.size, m.komi, m.superko
		if req.Size != nil {
			if size = *req.Size; size < minGoSize || size > maxGoSize {
				return badRequest("size %d: want a board side from %d to %d", size, minGoSize, maxGoSize)
			}
		}
		if req.Komi != nil {
			if komi = *req.Komi; checkKomi(komi) != nil {
				return checkKomi(komi)
			}
		}
		if req.Superko != nil {
			superko = *req.Superko
		}
		m.reset(size, komi, superko)
		return nil
	})
}

// goMoveRequest is the body of POST /api/go/move.
type goMoveRequest struct {
	// Move is a point like "c3", or "pass".
	Move string `json:"move"`
	// Color, optional, is the side the page believes is to move: a move
	// sent for the wrong side (a second click, an old page) is refused.
	Color *string `json:"color"`
}

func (g *goRoom) postMove(r *http.Request) (any, error) {
	var req goMoveRequest
	if err := decode(r, &req, false); err != nil {
		return nil, err
	}
	if req.Move == "" {
		return nil, badRequest(`move is missing: want {"move": "c3"} or {"move": "pass"}`)
	}
	return g.change(func(m *goMatch) error {
		p, err := parseGoPoint(m.board, "move", req.Move)
		if err != nil {
			return err
		}
		if req.Color != nil {
			c, err := parseGoColor("color", *req.Color)
			if err != nil {
				return err
			}
			if c != m.turn() {
				return conflict("it is %s's turn, not %s's", m.turn(), c)
			}
		}
		return m.play(p)
	})
}

// goPointRequest is the body of POST /api/go/mark.
type goPointRequest struct {
	Point string `json:"point"`
}

func (g *goRoom) postMark(r *http.Request) (any, error) {
	var req goPointRequest
	if err := decode(r, &req, false); err != nil {
		return nil, err
	}
	return g.change(func(m *goMatch) error {
		p, err := parseGoPoint(m.board, "point", req.Point)
		if err != nil {
			return err
		}
		if p == goban.Pass {
			return badRequest(`point "pass": want the point of a stone, like "c3"`)
		}
		return m.mark(p)
	})
}

// goColorRequest is the body of POST /api/go/done.
type goColorRequest struct {
	Color string `json:"color"`
}

func (g *goRoom) postDone(r *http.Request) (any, error) {
	var req goColorRequest
	if err := decode(r, &req, false); err != nil {
		return nil, err
	}
	c, err := parseGoColor("color", req.Color)
	if err != nil {
		return nil, err
	}
	return g.change(func(m *goMatch) error { return m.finish(c) })
}

// parseGoColor reads "black" or "white" (b, w, X, O), any case.
func parseGoColor(field, v string) (goban.Color, error) {
	c, err := parseColor(field, v)
	if err != nil {
		return goban.Empty, err
	}
	if c.String() == "white" {
		return goban.White, nil
	}
	return goban.Black, nil
}
