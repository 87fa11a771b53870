// Package gtpengine plays 7x7 Kill-All Go over the Go Text Protocol: it
// adapts the game (killallgo.Game) and a player (player.Thinker) to
// gtp.Engine, so that GoGui, Sabaki and gogui-twogtp can show and play it.
//
// Kill-All Go is played on GTP's terms: the board is 7x7 only; black's
// handicap stones are set up with set_free_handicap before the first move
// (they are a set-up with no history, as the console protocol's put before
// start game); the first play or genmove starts the game, from which no
// position may repeat; komi is accepted and has no effect, since nothing
// is counted; final_score answers "B+" when black has captured every white
// stone and "W+" when black, to move, has no legal move, when both
// players have passed, or at the move cap (killallgo.MaxPlies), and fails
// while the game is undecided.
package gtpengine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/gtp"
	"github.com/tcgothello/mcts/killallgo"
)

// ply is a recorded move.
type ply struct {
	m killallgo.Move
	c goban.Color
}

// Engine is Kill-All Go as a gtp.Engine and gtp.Handicapper.
type Engine struct {
	player   killallgo.Player
	moveTime time.Duration // genmove's time when the controller sets none
	game     *killallgo.Game
	setup    []killallgo.Move // black's handicap stones
	plies    []ply            // the record since the first move, for undo
}

// New returns an engine on an empty board whose genmove asks p, for
// moveTime when the controller sets no time limit.
func New(p killallgo.Player, moveTime time.Duration) *Engine {
	return &Engine{player: p, moveTime: moveTime, game: killallgo.NewGame()}
}

// BoardSize returns 7.
func (e *Engine) BoardSize() int { return killallgo.Size }

// SetBoardSize clears the board if n is 7, and refuses any other size.
func (e *Engine) SetBoardSize(n int) error {
	if n != killallgo.Size {
		return fmt.Errorf("%w: Kill-All Go is played on 7x7 only, not %dx%d", gtp.ErrUnacceptable, n, n)
	}
	e.ClearBoard()
	return nil
}

// ClearBoard empties the board and forgets the game and its handicap.
func (e *Engine) ClearBoard() {
	e.game.Reset()
	e.setup, e.plies = nil, nil
	e.player.Reset()
}

// SetKomi accepts the komi, which Kill-All Go does not use: nothing is
// counted.
func (e *Engine) SetKomi(float64) {}

// SetFreeHandicap sets up black stones on the empty board, before the
// first move.
func (e *Engine) SetFreeHandicap(vs []gtp.Vertex) error {
	if e.game.Started() || len(e.setup) > 0 {
		return fmt.Errorf("%w: the handicap is set up before any stone", gtp.ErrBoardNotEmpty)
	}
	if len(vs) > killallgo.Size*killallgo.Size-1 {
		return fmt.Errorf("%w: %d stones leave no point free", gtp.ErrBadVertexList, len(vs))
	}
	for i, v := range vs {
		m, _ := killallgo.At(v.X, v.Y) // the session checked the vertex
		if err := e.game.Put(m, goban.Black); err != nil {
			e.game.Reset()
			return fmt.Errorf("%w: %v: %v", gtp.ErrBadVertexList, vs[i], err)
		}
	}
	for _, v := range vs {
		m, _ := killallgo.At(v.X, v.Y)
		e.setup = append(e.setup, m)
	}
	return nil
}

// start starts the game at its first move.
func (e *Engine) start() {
	if !e.game.Started() {
		_ = e.game.Start() // not started: no error
	}
}

// play plays m for c on the game and records it.
func (e *Engine) play(m killallgo.Move, c goban.Color) error {
	e.start()
	if err := e.game.Play(m, c); err != nil {
		return err
	}
	e.plies = append(e.plies, ply{m, c})
	return nil
}

// Play plays a move of colour c.
func (e *Engine) Play(c gtp.Color, v gtp.Vertex) error {
	m := killallgo.Pass
	if !v.Pass {
		m, _ = killallgo.At(v.X, v.Y) // the session checked the vertex
	}
	if err := e.play(m, color(c)); err != nil {
		return fmt.Errorf("%w: %v %v: %v", gtp.ErrIllegalMove, c, v, err)
	}
	return nil
}

// GenMove searches a move of colour c by the context's deadline (or for
// the engine's move time), plays it and returns it. It never resigns.
func (e *Engine) GenMove(ctx context.Context, c gtp.Color) (gtp.Vertex, bool) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.moveTime)
		defer cancel()
	}
	e.start()
	m := e.player.Move(ctx, e.game, color(c))
	if err := e.play(m, color(c)); err != nil {
		// The player checks its move against the game: a bug. A pass
		// is always legal.
		m = killallgo.Pass
		_ = e.play(m, color(c))
	}
	return vertex(m), false
}

// Undo takes back the last move by replaying the game without it.
func (e *Engine) Undo() error {
	if len(e.plies) == 0 {
		return fmt.Errorf("%w: no move to take back", gtp.ErrCannotUndo)
	}
	plies, setup := e.plies[:len(e.plies)-1], e.setup
	e.ClearBoard()
	for _, m := range setup {
		_ = e.game.Put(m, goban.Black) // legal before, legal again
	}
	e.setup = setup
	for _, p := range plies {
		_ = e.play(p.m, p.c) // legal before, legal again
	}
	return nil
}

// ShowBoard returns the board with GTP's coordinates around it: black X,
// white O, top row first.
func (e *Engine) ShowBoard() string {
	var b strings.Builder
	letters := "   A B C D E F G"
	b.WriteString(letters)
	for y := killallgo.Size; y >= 1; y-- {
		fmt.Fprintf(&b, "\n %d", y)
		for x := 1; x <= killallgo.Size; x++ {
			m, _ := killallgo.At(x, y)
			b.WriteByte(' ')
			b.WriteByte(e.game.Board().At(m.Point()).Symbol())
		}
		fmt.Fprintf(&b, " %d", y)
	}
	b.WriteString("\n" + letters)
	return b.String()
}

// FinalScore returns "B+" or "W+" once the game is decided (see the
// package's doc), and fails before.
func (e *Engine) FinalScore() (string, error) {
	if len(e.plies) == 0 {
		return "", fmt.Errorf("%w: no move has been played", gtp.ErrCannotScore)
	}
	last := e.plies[len(e.plies)-1]
	st, err := e.game.State(last.c.Other())
	switch {
	case err != nil: // longer than the cap: white has lived
		return killallgo.Result(goban.White), nil
	case st.Over():
		return killallgo.Result(st.Winner()), nil
	case len(e.plies) >= 2 && last.m == killallgo.Pass && e.plies[len(e.plies)-2].m == killallgo.Pass:
		return killallgo.Result(goban.White), nil
	}
	return "", fmt.Errorf("%w: the game is not decided: black has not captured every white stone and can still play", gtp.ErrCannotScore)
}

// color returns the goban colour of a GTP colour.
func color(c gtp.Color) goban.Color {
	if c == gtp.Black {
		return goban.Black
	}
	return goban.White
}

// vertex returns the GTP vertex of a move.
func vertex(m killallgo.Move) gtp.Vertex {
	if m == killallgo.Pass {
		return gtp.PassVertex()
	}
	x, y := m.XY()
	return gtp.Vertex{X: x, Y: y}
}
