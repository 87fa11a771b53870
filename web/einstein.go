package web

// This file is the Einstein Würfelt Nicht page (/einstein): the person
// against the agent of cmd/einstein (agent.MCTS, the same search), the
// Kari variant of the course, in which no die is rolled: the turn's
// number decides which cubes may move (1, 3, 5 in odd turns, 2, 4, 6 in
// even ones), and the page shows them where a die would be. Its JSON API
// is under /api/einstein/.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/einstein/agent"
)

// einsteinRoom is the Einstein game of the page.
type einsteinRoom struct {
	room
	m      einsteinMatch // guarded by mu
	engine engineSlot    // guarded by mu
	// agent is the engine, made at its first search and again when the
	// think time changes; used only by the search goroutine, under
	// engine.run.
	agent      *agent.MCTS
	agentThink time.Duration
}

// einsteinMatch is the game. Its methods change nothing when they fail.
type einsteinMatch struct {
	layout einstein.Layout
	pos    einstein.Position
	moves  []einstein.Move
	human  einstein.Color
	think  time.Duration
	// notices announce passes played since the person's last move.
	notices []string
	thought string
	fresh   bool // the engine's next search forgets its tree
}

func newEinsteinRoom(think time.Duration) *einsteinRoom {
	e := &einsteinRoom{room: newRoom()}
	l, _ := einstein.ParseLayout("123456") // a valid layout
	e.m = einsteinMatch{layout: l, pos: einstein.New(l), human: einstein.Red, think: think, fresh: true}
	return e
}

// einsteinCell names a square as the page does: the column a..e from the
// west and the row 1..5 from the south, so red starts in the north-west
// (a5) and aims at e1, blue starts in the south-east and aims at a5.
func einsteinCell(s einstein.Square) string {
	return fmt.Sprintf("%c%d", 'a'+s.Col()-1, einstein.Size+1-s.Row())
}

// parseEinsteinCell reads a cell named as einsteinCell names it, any case.
func parseEinsteinCell(field, v string) (einstein.Square, error) {
	t := strings.ToLower(strings.TrimSpace(v))
	if len(t) != 2 || t[0] < 'a' || t[0] > 'e' || t[1] < '1' || t[1] > '5' {
		return 0, badRequest("%s %q: want a cell a1..e5 (column from the west, row from the south)", field, v)
	}
	return einstein.Sq(einstein.Size+1-int(t[1]-'0'), int(t[0]-'a')+1), nil
}

// passForced plays the passes of sides that cannot move, announcing them.
func (m *einsteinMatch) passForced() {
	for !m.pos.Over() {
		var buf [einstein.MaxMoves]einstein.Move
		if ms := m.pos.Moves(buf[:0]); len(ms) == 0 || ms[0] != einstein.Pass {
			return
		}
		who := "The agent"
		if m.pos.ToMove() == m.human {
			who = "You"
		}
		m.notices = append(m.notices, fmt.Sprintf("%s (%s) had no cube to move in turn %d: a pass.", who, m.pos.ToMove(), m.pos.Turn()))
		m.pos.PlayLegal(einstein.Pass)
		m.moves = append(m.moves, einstein.Pass)
	}
}

// moveFromTo returns the move of the side to move that takes its cube on
// from to to.
func (m *einsteinMatch) moveFromTo(from, to einstein.Square) (einstein.Move, error) {
	c, n := m.pos.At(from)
	if c != m.pos.ToMove() {
		return einstein.Pass, conflict("%s holds no %s cube", einsteinCell(from), m.pos.ToMove())
	}
	for d := einstein.Horizontal; d <= einstein.Diagonal; d++ {
		mv := einstein.MakeMove(n, d)
		if f, t, ok := m.pos.Path(mv); ok && f == from && t == to {
			if err := m.pos.Check(mv); err != nil {
				return einstein.Pass, conflict("%s to %s: %v", einsteinCell(from), einsteinCell(to), err)
			}
			return mv, nil
		}
	}
	return einstein.Pass, conflict("%s to %s: cube %d moves one step east, south or south-east for red, west, north or north-west for blue",
		einsteinCell(from), einsteinCell(to), n)
}

// EinsteinState is the Einstein game as the page shows it; docs/web.md
// describes each field.
type EinsteinState struct {
	Version uint64 `json:"version"`
	// Board has a cell for each square, row 5 (north) first, a to e:
	// "" empty, "r3" red cube 3, "b6" blue cube 6.
	Board       []string `json:"board"`
	Layout      string   `json:"layout"`
	Turn        int      `json:"turn"`
	ToMove      string   `json:"toMove"`
	Human       string   `json:"human"`
	Engine      string   `json:"engine"`
	ThinkMillis int64    `json:"thinkMillis"`
	// Cubes are the numbers the side to move may move this turn: the
	// Kari variant's stand-in for the die.
	Cubes []int `json:"cubes"`
	// Moves lists the person's legal moves, each {"from","to","cube"}.
	Moves    []EinsteinMove `json:"moves"`
	LastMove *EinsteinMove  `json:"lastMove"`
	Record   string         `json:"record"`
	Thinking bool           `json:"thinking"`
	YourTurn bool           `json:"yourTurn"`
	CanUndo  bool           `json:"canUndo"`
	Over     bool           `json:"over"`
	Winner   string         `json:"winner"`
	Status   string         `json:"status"`
	Notices  []string       `json:"notices"`
	Thought  string         `json:"thought"`
}

// EinsteinMove is a move as the page shows it.
type EinsteinMove struct {
	From string `json:"from"`
	To   string `json:"to"`
	Cube int    `json:"cube"`
}

func (e *einsteinRoom) state() EinsteinState {
	m := &e.m
	p := &m.pos
	st := EinsteinState{
		Version:     e.version,
		Layout:      m.layout.String(),
		Turn:        p.Turn(),
		ToMove:      p.ToMove().String(),
		Human:       m.human.String(),
		Engine:      m.human.Other().String(),
		ThinkMillis: m.think.Milliseconds(),
		Moves:       []EinsteinMove{},
		Thinking:    e.engine.thinking,
		Over:        p.Over(),
		Notices:     append([]string{}, m.notices...),
		Thought:     m.thought,
		CanUndo:     m.lastHuman() >= 0,
	}
	// The rules number the squares row by row from the north-west, the
	// page's order (row 5, a to e, first).
	st.Board = make([]string, einstein.Squares)
	for sq := range st.Board {
		if c, n := p.At(einstein.Square(sq)); c != einstein.None {
			st.Board[sq] = fmt.Sprintf("%c%d", c.String()[0], n)
		}
	}
	first := p.FirstCube()
	st.Cubes = []int{first, first + 2, first + 4}
	var rec []string
	replay := einstein.New(m.layout)
	for _, mv := range m.moves {
		rec = append(rec, mv.String())
		if mv != einstein.Pass {
			f, t, _ := replay.Path(mv)
			st.LastMove = &EinsteinMove{From: einsteinCell(f), To: einsteinCell(t), Cube: mv.Cube()}
		}
		replay.PlayLegal(mv)
	}
	st.Record = strings.Join(rec, " ")
	if st.Over {
		st.Winner = p.Winner().String()
		who := "The agent"
		if p.Winner() == m.human {
			who = "You"
		}
		st.Status = fmt.Sprintf("Game over: %s (%s) won.", strings.ToLower(who), p.Winner())
		return st
	}
	st.YourTurn = !e.engine.thinking && p.ToMove() == m.human
	if !st.YourTurn {
		st.Status = fmt.Sprintf("The agent (%s) is thinking…", p.ToMove())
		return st
	}
	var buf [einstein.MaxMoves]einstein.Move
	for _, mv := range p.Moves(buf[:0]) {
		if f, t, ok := p.Path(mv); ok {
			st.Moves = append(st.Moves, EinsteinMove{From: einsteinCell(f), To: einsteinCell(t), Cube: mv.Cube()})
		}
	}
	st.Status = fmt.Sprintf("Your move (%s), turn %d: %s.", p.ToMove(), p.Turn(), cubeChoice(st.Moves))
	return st
}

// cubeChoice names the cubes that have a move among moves, which Moves
// orders by cube: "cube 1", "cube 1 or 5", "cube 1, 3 or 5". Of the
// turn's three cubes, one that is captured or stands where it cannot step
// is left out: the person cannot move it. A forced pass is played before
// the person's turn, so some cube always has a move.
func cubeChoice(moves []EinsteinMove) string {
	var names []string
	for i, m := range moves {
		if i == 0 || m.Cube != moves[i-1].Cube {
			names = append(names, strconv.Itoa(m.Cube))
		}
	}
	switch len(names) {
	case 0:
		return "no cube"
	case 1:
		return "cube " + names[0]
	}
	return "cube " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// lastHuman returns the index in the record of the person's last move
// that was not a pass, or -1.
func (m *einsteinMatch) lastHuman() int {
	k := -1
	for i, mv := range m.moves {
		// Red moves at even plies.
		if mv != einstein.Pass && einstein.Color(1+i%2) == m.human {
			k = i
		}
	}
	return k
}

// settleEinstein plays forced passes and starts the agent's search if it
// is to move. The room's lock must be held.
func (s *Server) settleEinstein() {
	e := s.einstein
	m := &e.m
	m.passForced()
	if m.pos.Over() || m.pos.ToMove() == m.human || e.engine.thinking {
		return
	}
	pos, think, fresh := m.pos, m.think, m.fresh
	m.fresh = false
	s.think(&e.room, &e.engine, think, func(ctx context.Context) func() {
		mv, note := e.search(s, ctx, pos, think, fresh)
		return func() {
			if err := m.pos.Play(mv); err != nil {
				s.log.Error("the Einstein agent's move was refused", zap.Stringer("move", mv), zap.Error(err))
				return
			}
			m.moves = append(m.moves, mv)
			m.thought = note
			s.settleEinstein()
		}
	})
}

// search asks the agent for its move in pos. It runs under e.engine.run.
// The agent keeps its think time in its options, so a change of think
// time makes a new one.
func (e *einsteinRoom) search(s *Server, ctx context.Context, pos einstein.Position, think time.Duration, fresh bool) (einstein.Move, string) {
	if e.agent == nil || e.agentThink != think {
		o := s.engines.einsteinOptions()
		o.Think = think
		a, err := agent.NewMCTS(o, s.log)
		if err != nil {
			// Unreachable: the options are the agent's defaults.
			s.log.Error("the Einstein agent could not start", zap.Error(err))
			return pos.RandomMove(rand.NewPCG(s.engines.Seed, 0)), "a random move: the agent could not start (" + err.Error() + ")"
		}
		e.agent, e.agentThink = a, think
	} else if fresh {
		e.agent.Reset()
	}
	start := time.Now()
	mv := e.agent.MoveContext(ctx, pos)
	st := e.agent.Stats()
	return mv, fmt.Sprintf("%s after %.2f s, %d playouts", mv, time.Since(start).Seconds(), st.Playouts)
}

// einsteinRoute returns the method and handler of a path under
// /api/einstein/.
func (s *Server) einsteinRoute(path string) (string, handler) {
	e := s.einstein
	switch path {
	case "state":
		return http.MethodGet, func(r *http.Request) (any, error) {
			return s.poll(r, &e.room, func() any { return e.state() })
		}
	case "new":
		return http.MethodPost, s.postEinsteinNew
	case "move":
		return http.MethodPost, s.postEinsteinMove
	case "undo":
		return http.MethodPost, emptyBody(s.changeEinsteinRoom, s.undoEinstein)
	case "settings":
		return http.MethodPost, settingsHandler(s.changeEinsteinRoom, func(d time.Duration) { e.m.think = d })
	}
	return "", nil
}

// changeEinstein applies f under the lock, settles the game and answers
// the new state, or f's error with nothing changed.
func (s *Server) changeEinstein(f func(e *einsteinRoom) error) (any, error) {
	e := s.einstein
	return e.apply(func() error { return f(e) }, s.settleEinstein, func() any { return e.state() })
}

// einsteinNewRequest is the body of POST /api/einstein/new; absent fields
// keep their value, but for the layout, random when absent or "".
type einsteinNewRequest struct {
	Color       *string  `json:"color"`
	Layout      string   `json:"layout"`
	ThinkMillis *float64 `json:"thinkMillis"`
}

func (s *Server) postEinsteinNew(r *http.Request) (any, error) {
	var req einsteinNewRequest
	if err := decode(r, &req, true); err != nil {
		return nil, err
	}
	var l einstein.Layout
	if req.Layout == "" {
		l = einstein.RandomLayout(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	} else {
		var err error
		if l, err = einstein.ParseLayout(strings.TrimSpace(req.Layout)); err != nil {
			return nil, badRequest("layout: %v", err)
		}
	}
	return s.changeEinstein(func(e *einsteinRoom) error {
		human, think := e.m.human, e.m.think
		if req.Color != nil {
			switch strings.ToLower(strings.TrimSpace(*req.Color)) {
			case "red", "r":
				human = einstein.Red
			case "blue", "b":
				human = einstein.Blue
			default:
				return badRequest(`color %q: want "red" (moves first) or "blue"`, *req.Color)
			}
		}
		if req.ThinkMillis != nil {
			d, err := thinkDuration(*req.ThinkMillis)
			if err != nil {
				return err
			}
			think = d
		}
		e.engine.stop()
		e.m = einsteinMatch{layout: l, pos: einstein.New(l), human: human, think: think, fresh: true}
		return nil
	})
}

// einsteinMoveRequest is the body of POST /api/einstein/move.
type einsteinMoveRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
}

func (s *Server) postEinsteinMove(r *http.Request) (any, error) {
	var req einsteinMoveRequest
	if err := decode(r, &req, false); err != nil {
		return nil, err
	}
	from, err := parseEinsteinCell("from", req.From)
	if err != nil {
		return nil, err
	}
	to, err := parseEinsteinCell("to", req.To)
	if err != nil {
		return nil, err
	}
	return s.changeEinstein(func(e *einsteinRoom) error {
		m := &e.m
		switch {
		case m.pos.Over():
			return conflict("the game is over: start a new game or undo")
		case e.engine.thinking:
			return conflict("the agent is thinking: wait for its move")
		case m.pos.ToMove() != m.human:
			return conflict("it is the agent's turn, not yours")
		}
		mv, err := m.moveFromTo(from, to)
		if err != nil {
			return err
		}
		m.pos.PlayLegal(mv)
		m.moves = append(m.moves, mv)
		m.notices, m.thought = nil, ""
		return nil
	})
}

// changeEinsteinRoom is changeEinstein for a change that needs no
// argument.
func (s *Server) changeEinsteinRoom(f func() error) (any, error) {
	return s.changeEinstein(func(*einsteinRoom) error { return f() })
}

// undoEinstein takes back the person's last move and everything after
// it. The room's lock is held.
func (s *Server) undoEinstein() error {
	e := s.einstein
	m := &e.m
	k := m.lastHuman()
	if k < 0 {
		return conflict("nothing to undo: you have not moved a cube in this game")
	}
	e.engine.stop()
	m.moves = m.moves[:k]
	m.pos = einstein.New(m.layout)
	for _, mv := range m.moves {
		m.pos.PlayLegal(mv)
	}
	m.notices, m.thought = nil, ""
	return nil
}
