package web

// This file is the Kill-All Go page (/killallgo): the person against the
// engine of cmd/killallgo (killallgo/player's Thinker, the same search), black's
// handicap stones placed by clicking before the game starts (the
// homework's put), and its JSON API under /api/killallgo/.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/player"
)

// The phases of a Kill-All Go game.
const (
	kagSetup = "setup" // black's handicap stones are placed
	kagPlay  = "play"  // white moves first, then in turn
	kagOver  = "over"
)

// killAllRoom is the Kill-All Go game of the page.
type killAllRoom struct {
	room
	m      killAllMatch // guarded by mu
	engine engineSlot   // guarded by mu
	// thinker is the engine, made at its first search; used only by the
	// search goroutine, under engine.run.
	thinker *player.Thinker
}

// killAllMatch is the game: set-up stones, then the record. Its methods
// change nothing when they fail.
type killAllMatch struct {
	game  *killallgo.Game
	human goban.Color
	think time.Duration
	setup []killallgo.Move // black's handicap stones, in order
	moves []killallgo.Move // the record since the start; colours alternate from white
	phase string
	// thought is the engine's last move's note for the page.
	thought string
	// fresh asks the engine's next search to forget the tree it kept: a
	// new game began.
	fresh bool
}

func newKillAllRoom(think time.Duration) *killAllRoom {
	k := &killAllRoom{room: newRoom()}
	k.m = killAllMatch{game: killallgo.NewGame(), human: goban.Black, think: think, phase: kagSetup}
	return k
}

// turn returns the colour to move in play: white first.
func (m *killAllMatch) turn() goban.Color {
	if len(m.moves)%2 == 0 {
		return goban.White
	}
	return goban.Black
}

// rebuild replays the set-up and the record on a new game.
func (m *killAllMatch) rebuild() {
	m.game.Reset()
	for _, mv := range m.setup {
		_ = m.game.Put(mv, goban.Black) // each was legal when placed
	}
	if m.phase == kagSetup {
		return
	}
	_ = m.game.Start()
	c := goban.White
	for _, mv := range m.moves {
		if mv == killallgo.Pass {
			_ = m.game.Pass(c)
		} else {
			_ = m.game.Put(mv, c)
		}
		c = c.Other()
	}
}

// result returns the winner and why once the game is over by the search's
// rules, or goban.Empty.
func (m *killAllMatch) result() (goban.Color, string) {
	if m.phase == kagSetup {
		return goban.Empty, ""
	}
	st, err := m.game.State(m.turn())
	if err != nil || !st.Over() {
		return goban.Empty, ""
	}
	switch {
	case st.Winner() == goban.Black:
		return goban.Black, "black captured every white stone"
	case st.Plies() >= killallgo.MaxPlies:
		return goban.White, fmt.Sprintf("the game reached the move cap of %d plies with white alive", killallgo.MaxPlies)
	}
	return goban.White, "black has no legal move (every empty point is suicide or a repetition)"
}

// legal returns the moves of the side to move in play.
func (m *killAllMatch) legal() []killallgo.Move {
	st, err := m.game.State(m.turn())
	if err != nil {
		return nil
	}
	return st.Moves(nil)
}

// put places a handicap stone in the set-up.
func (m *killAllMatch) put(mv killallgo.Move) error {
	if m.phase != kagSetup {
		return conflict("handicap stones are placed before the game starts")
	}
	if err := m.game.Check(mv, goban.Black); err != nil {
		return conflict("a handicap stone at %s: %v", mv, err)
	}
	m.setup = append(m.setup, mv)
	m.rebuild()
	return nil
}

// play plays the person's move.
func (m *killAllMatch) play(mv killallgo.Move, thinking bool) error {
	switch {
	case m.phase == kagSetup:
		return conflict("the game has not started: place black's handicap stones, then press Start")
	case m.phase == kagOver:
		return conflict("the game is over: start a new game or undo")
	case thinking:
		return conflict("the engine is thinking: wait for its move")
	case m.turn() != m.human:
		return conflict("it is the engine's turn, not yours")
	}
	return m.move(mv)
}

// move plays a move of the side to move, if the search's rules allow it.
func (m *killAllMatch) move(mv killallgo.Move) error {
	st, err := m.game.State(m.turn())
	if err == nil && !st.Legal(mv) {
		if mv == killallgo.Pass {
			return conflict("black may not pass in Kill-All Go: a pass could only lose")
		}
		err = m.game.Check(mv, m.turn())
		if err == nil {
			err = killallgo.ErrIllegal
		}
	}
	if err != nil {
		return conflict("%s at %s: %v", m.turn(), mv, err)
	}
	m.moves = append(m.moves, mv)
	m.rebuild()
	return nil
}

// KillAllState is the Kill-All Go game as the page shows it; docs/web.md
// describes each field.
type KillAllState struct {
	Version     uint64   `json:"version"`
	Board       string   `json:"board"`
	Phase       string   `json:"phase"`
	Turn        string   `json:"turn"`
	Human       string   `json:"human"`
	Engine      string   `json:"engine"`
	ThinkMillis int64    `json:"thinkMillis"`
	Handicap    int      `json:"handicap"`
	Legal       []string `json:"legal"`
	LastMove    string   `json:"lastMove"`
	Record      []string `json:"record"`
	Plies       int      `json:"plies"`
	Thinking    bool     `json:"thinking"`
	YourTurn    bool     `json:"yourTurn"`
	CanUndo     bool     `json:"canUndo"`
	Over        bool     `json:"over"`
	Winner      string   `json:"winner"`
	Reason      string   `json:"reason"`
	Status      string   `json:"status"`
	Thought     string   `json:"thought"`
}

// kagName names a Kill-All Go move as the page does: "c3" (column a..g,
// row from the bottom), or "pass".
func kagName(mv killallgo.Move) string { return strings.ToLower(mv.String()) }

// parseKagMove reads a move named as kagName names it, any case.
func parseKagMove(field, s string) (killallgo.Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "pass" {
		return killallgo.Pass, nil
	}
	if len(t) == 2 && t[0] >= 'a' && t[0] <= 'g' && t[1] >= '1' && t[1] <= '7' {
		mv, _ := killallgo.At(int(t[0]-'a')+1, int(t[1]-'0'))
		return mv, nil
	}
	return killallgo.Pass, badRequest(`%s %q: want a point a1..g7 (column, row from the bottom) or "pass"`, field, s)
}

func (k *killAllRoom) state() KillAllState {
	m := &k.m
	b := m.game.Board()
	st := KillAllState{
		Version:     k.version,
		Phase:       m.phase,
		Turn:        m.turn().String(),
		Human:       m.human.String(),
		Engine:      m.human.Other().String(),
		ThinkMillis: m.think.Milliseconds(),
		Handicap:    len(m.setup),
		Legal:       []string{},
		Record:      []string{},
		Plies:       len(m.moves),
		Thinking:    k.engine.thinking,
		Thought:     m.thought,
		CanUndo:     len(m.setup) > 0 && m.phase == kagSetup || m.lastHuman() >= 0,
	}
	var sb strings.Builder
	for row := range killallgo.Size {
		for col := range killallgo.Size {
			p, _ := b.Point(row, col)
			sb.WriteByte(b.At(p).Symbol())
		}
	}
	st.Board = sb.String()
	c := goban.White
	for _, mv := range m.moves {
		st.Record = append(st.Record, fmt.Sprintf("%c %s", c.String()[0], kagName(mv)))
		c = c.Other()
	}
	if n := len(m.moves); n > 0 {
		st.LastMove = kagName(m.moves[n-1])
	}
	switch m.phase {
	case kagSetup:
		st.Turn = "black"
		st.Status = "Place black's handicap stones by clicking, then press Start: white moves first."
		for _, mv := range allKagPoints() {
			if m.game.Check(mv, goban.Black) == nil {
				st.Legal = append(st.Legal, kagName(mv))
			}
		}
		return st
	case kagOver:
		st.Over = true
		w, why := m.result()
		st.Winner, st.Reason = w.String(), why
		who := "the engine"
		if w == m.human {
			who = "you"
		}
		st.Status = fmt.Sprintf("Game over: %s (%s) won: %s.", who, w, why)
		return st
	}
	st.YourTurn = !k.engine.thinking && m.turn() == m.human
	if st.YourTurn {
		for _, mv := range m.legal() {
			st.Legal = append(st.Legal, kagName(mv))
		}
		st.Status = fmt.Sprintf("Your move (%s).", m.turn())
	} else {
		st.Status = fmt.Sprintf("The engine (%s) is thinking…", m.turn())
	}
	return st
}

// allKagPoints lists the 49 points, top row first.
func allKagPoints() []killallgo.Move {
	var ms []killallgo.Move
	for y := killallgo.Size; y >= 1; y-- {
		for x := 1; x <= killallgo.Size; x++ {
			mv, _ := killallgo.At(x, y)
			ms = append(ms, mv)
		}
	}
	return ms
}

// lastHuman returns the index in the record of the person's last move, or
// -1.
func (m *killAllMatch) lastHuman() int {
	first := 0 // white moves at even indices
	if m.human == goban.Black {
		first = 1
	}
	k := len(m.moves) - 1
	if k%2 != first {
		k--
	}
	return max(k, -1)
}

// settle ends the game if it is over, or starts the engine's search if it
// is to move. The room's lock must be held.
func (s *Server) settleKillAll() {
	k := s.killAll
	m := &k.m
	if m.phase != kagPlay {
		return
	}
	if w, _ := m.result(); w != goban.Empty {
		m.phase = kagOver
		return
	}
	if m.turn() == m.human || k.engine.thinking {
		return
	}
	g, c, think, fresh := m.game.Clone(), m.turn(), m.think, m.fresh
	m.fresh = false
	s.think(&k.room, &k.engine, think, func(ctx context.Context) func() {
		mv, note := k.search(s, ctx, g, c, fresh)
		return func() {
			m.thought = note
			if err := m.move(mv); err != nil {
				// The person's check is the game's: the engine's move
				// passed it (Thinker.Move checks it).
				s.log.Error("the Kill-All Go engine's move was refused", zap.Stringer("move", mv), zap.Error(err))
				return
			}
			s.settleKillAll()
		}
	})
}

// search asks the engine for colour c's move in g, a copy of the game,
// within ctx's deadline, and returns it with a note for the page. It runs
// under k.engine.run.
func (k *killAllRoom) search(s *Server, ctx context.Context, g *killallgo.Game, c goban.Color, fresh bool) (killallgo.Move, string) {
	if k.thinker == nil {
		t, err := player.New(s.engines.killAllConfig(), s.engines.Playouts, s.log)
		if err != nil {
			// Unreachable: the configuration is the core's defaults.
			s.log.Error("the Kill-All Go engine could not start", zap.Error(err))
			return g.RandomMove(c, rand.NewPCG(s.engines.Seed, 0)), "a random move: the engine could not start (" + err.Error() + ")"
		}
		k.thinker = t
	}
	if fresh {
		k.thinker.Reset()
	}
	start := time.Now()
	mv := k.thinker.Move(ctx, g, c)
	return mv, fmt.Sprintf("%s after %.2f s", kagName(mv), time.Since(start).Seconds())
}

// killAllRoute returns the method and handler of a path under
// /api/killallgo/.
func (s *Server) killAllRoute(path string) (string, handler) {
	k := s.killAll
	switch path {
	case "state":
		return http.MethodGet, func(r *http.Request) (any, error) {
			return s.poll(r, &k.room, func() any { return k.state() })
		}
	case "new":
		return http.MethodPost, s.postKillAllNew
	case "put":
		return http.MethodPost, s.postKillAllPut
	case "start":
		return http.MethodPost, emptyBody(s.changeKillAllRoom, k.start)
	case "move":
		return http.MethodPost, s.postKillAllMove
	case "undo":
		return http.MethodPost, emptyBody(s.changeKillAllRoom, k.undo)
	case "settings":
		return http.MethodPost, settingsHandler(s.changeKillAllRoom, func(d time.Duration) { k.m.think = d })
	}
	return "", nil
}

// changeKillAll applies f to the game under the lock, settles it and
// answers the new state, or f's error with nothing changed.
func (s *Server) changeKillAll(f func(k *killAllRoom) error) (any, error) {
	k := s.killAll
	return k.apply(func() error { return f(k) }, s.settleKillAll, func() any { return k.state() })
}

// changeKillAllRoom is changeKillAll for a change that needs no argument.
func (s *Server) changeKillAllRoom(f func() error) (any, error) {
	return s.changeKillAll(func(*killAllRoom) error { return f() })
}

// killAllNewRequest is the body of POST /api/killallgo/new; absent fields
// keep their value.
type killAllNewRequest struct {
	Color       *string  `json:"color"`
	ThinkMillis *float64 `json:"thinkMillis"`
}

func (s *Server) postKillAllNew(r *http.Request) (any, error) {
	var req killAllNewRequest
	if err := decode(r, &req, true); err != nil {
		return nil, err
	}
	return s.changeKillAll(func(k *killAllRoom) error {
		human, think := k.m.human, k.m.think
		if req.Color != nil {
			c, err := parseGoColor("color", *req.Color)
			if err != nil {
				return err
			}
			human = c
		}
		if req.ThinkMillis != nil {
			d, err := thinkDuration(*req.ThinkMillis)
			if err != nil {
				return err
			}
			think = d
		}
		k.engine.stop()
		k.m = killAllMatch{game: killallgo.NewGame(), human: human, think: think, phase: kagSetup, fresh: true}
		return nil
	})
}

// kagPointRequest is the body of POST /api/killallgo/put and move.
type kagPointRequest struct {
	Move string `json:"move"`
}

// decodeKagMove reads the move of a put or move request.
func decodeKagMove(r *http.Request) (killallgo.Move, error) {
	var req kagPointRequest
	if err := decode(r, &req, false); err != nil {
		return killallgo.Pass, err
	}
	return parseKagMove("move", req.Move)
}

func (s *Server) postKillAllPut(r *http.Request) (any, error) {
	mv, err := decodeKagMove(r)
	if err != nil {
		return nil, err
	}
	if mv == killallgo.Pass {
		return nil, badRequest(`move "pass": a handicap stone goes on a point, like "c3"`)
	}
	return s.changeKillAll(func(k *killAllRoom) error { return k.m.put(mv) })
}

// start ends the set-up. The room's lock is held.
func (k *killAllRoom) start() error {
	if k.m.phase != kagSetup {
		return conflict("the game has already started")
	}
	k.m.phase = kagPlay
	k.m.rebuild()
	return nil
}

func (s *Server) postKillAllMove(r *http.Request) (any, error) {
	mv, err := decodeKagMove(r)
	if err != nil {
		return nil, err
	}
	return s.changeKillAll(func(k *killAllRoom) error {
		if err := k.m.play(mv, k.engine.thinking); err != nil {
			return err
		}
		k.m.thought = ""
		return nil
	})
}

// undo takes back, in set-up, the last handicap stone, and in play the
// person's last move and the engine's reply. The room's lock is held.
func (k *killAllRoom) undo() error {
	m := &k.m
	if m.phase == kagSetup {
		if len(m.setup) == 0 {
			return conflict("nothing to undo: no handicap stone is placed")
		}
		m.setup = m.setup[:len(m.setup)-1]
		m.rebuild()
		return nil
	}
	i := m.lastHuman()
	if i < 0 {
		return conflict("nothing to undo: you have not played a move in this game")
	}
	k.engine.stop()
	m.moves, m.phase, m.thought = m.moves[:i], kagPlay, ""
	m.rebuild()
	return nil
}
