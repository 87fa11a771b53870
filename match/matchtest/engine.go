// Package matchtest provides fake engines for testing judges: a correct
// player that can be told to misbehave in precise ways (say nothing, reply
// late, split or glue replies, play illegal moves, hang up).
package matchtest

import (
	"net"
	"strings"
	"sync"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// Action is what a fake engine does in answer to one command: wait Delay,
// make each of Writes as one write (Gap apart), then close the connection if
// Close is set. No writes means silence.
type Action struct {
	Delay  time.Duration
	Writes []string
	Gap    time.Duration
	Close  bool
}

// Call describes one received command to a Behaviour.
type Call struct {
	// N counts the commands received, from 1.
	N       int
	Command string
	// Reply is what a correct engine would answer.
	Reply string
	// Position is the engine's board before the command.
	Position othello.Position
}

// Engine is a fake OTP engine: it answers name, clear_board, play, genmove
// (the lowest-numbered legal move, or a pass) and quit correctly unless
// Behave says otherwise.
type Engine struct {
	// Name is the name it reports.
	Name string
	// Behave, if set, chooses the action for each command; returning
	// Normal(c) keeps the correct behaviour.
	Behave func(c Call) Action
	// ReadLimit bounds the wait for each command, so that a forgotten
	// engine ends on its own.
	ReadLimit time.Duration
	// MaxCommands bounds the session, for the same reason (default 10000).
	MaxCommands int

	mu       sync.Mutex
	conn     net.Conn
	received []string
	done     chan struct{}
}

// Normal returns the correct action for a call: its reply, in one write.
func Normal(c Call) Action { return Action{Writes: []string{c.Reply}} }

// Start connects the engine to a judge at addr and serves it in a goroutine.
func (e *Engine) Start(addr string) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	e.mu.Lock()
	e.conn = conn
	e.done = make(chan struct{})
	e.mu.Unlock()
	go e.serve(conn)
	return nil
}

// Commands returns the commands received so far, verbatim.
func (e *Engine) Commands() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.received...)
}

// Wait waits until the engine's session ends (after quit, a hang-up or its
// read limit).
func (e *Engine) Wait() {
	e.mu.Lock()
	done := e.done
	e.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Close hangs up and waits for the engine's goroutine to end.
func (e *Engine) Close() {
	e.mu.Lock()
	conn, done := e.conn, e.done
	e.mu.Unlock()
	if conn == nil {
		return
	}
	conn.Close()
	<-done
}

func (e *Engine) serve(conn net.Conn) {
	defer close(e.done)
	defer conn.Close()
	limit := e.ReadLimit
	if limit <= 0 {
		limit = 10 * time.Second
	}
	game := othello.NewGame()
	buf := make([]byte, 2048)
	maxCommands := e.MaxCommands
	if maxCommands <= 0 {
		maxCommands = 10000
	}
	for n := 1; n <= maxCommands; n++ {
		conn.SetReadDeadline(time.Now().Add(limit))
		k, err := conn.Read(buf)
		if err != nil {
			return
		}
		cmd := string(buf[:k])
		e.mu.Lock()
		e.received = append(e.received, cmd)
		e.mu.Unlock()
		c := Call{N: n, Command: cmd, Position: game.Position()}
		c.Reply = answer(game, e.Name, cmd)
		act := Normal(c)
		if e.Behave != nil {
			act = e.Behave(c)
		}
		time.Sleep(act.Delay)
		for i, w := range act.Writes {
			if i > 0 {
				time.Sleep(act.Gap)
			}
			if _, err := conn.Write([]byte(w)); err != nil {
				return
			}
		}
		if act.Close || strings.HasPrefix(cmd, "quit") {
			return
		}
	}
}

// answer plays cmd on game and returns the correct reply.
func answer(game *othello.Game, name, cmd string) string {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return "unknown command"
	}
	switch f[0] {
	case "name":
		return "name " + name
	case "clear_board":
		game.Reset()
		return "clear_board"
	case "play":
		if m, err := othello.ParseOTP(strings.Join(f[1:], " ")); err == nil {
			game.Play(m)
		}
		return "play"
	case "genmove":
		m := FirstMove(game.Position())
		game.Play(m)
		return "genmove " + m.OTP()
	case "quit":
		return "quit"
	}
	return "unknown command"
}

// FirstMove returns the lowest-numbered legal move of the side to move, or
// Pass: the fake engine's whole strategy, which makes its games
// reproducible.
func FirstMove(pos othello.Position) othello.Move {
	moves := pos.Moves()
	if moves == 0 {
		return othello.Pass
	}
	for m := othello.Move(0); m < othello.Pass; m++ {
		if moves&m.Bit() != 0 {
			return m
		}
	}
	return othello.Pass
}

// IllegalMove returns a square that is not a legal move of the side to move
// (an occupied one), in OTP coordinates.
func IllegalMove(pos othello.Position) othello.Move {
	occupied := pos.Player | pos.Opponent
	for m := othello.Move(0); m < othello.Pass; m++ {
		if occupied&m.Bit() != 0 {
			return m
		}
	}
	return 0
}

// Reference plays a whole game between two FirstMove players on the
// judge's rules and returns its moves and final position: what a match
// between two well-behaved fake engines must produce.
func Reference() ([]othello.Move, othello.Position) {
	g := othello.NewGame()
	for i := 0; i < 200 && !g.Over(); i++ {
		g.Play(FirstMove(g.Position()))
	}
	return g.Moves(), g.Position()
}
