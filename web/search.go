package web

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// settle plays what needs no decision, starts the engine's search if it is
// the engine's turn, and wakes the long polls. s.mu must be held.
func (s *Server) settle() {
	if s.m.advance() {
		s.startSearch()
	}
	s.bump()
}

// bump records a change of state and wakes the long polls. s.mu must be
// held.
func (s *Server) bump() {
	s.m.version++
	close(s.changed)
	s.changed = make(chan struct{})
}

// stopSearch abandons the engine's search, if one runs: its move will be
// ignored. s.mu must be held.
func (s *Server) stopSearch() {
	if !s.m.thinking {
		return
	}
	s.m.cancel()
	s.m.gen++
	s.m.thinking, s.m.cancel = false, nil
}

// startSearch asks the thinker for the engine's move in a goroutine, on a
// copy of the game, so requests are answered while it thinks. s.mu must be
// held.
func (s *Server) startSearch() {
	if s.closed {
		return
	}
	s.m.gen++
	gen := s.m.gen
	ctx, cancel := context.WithCancel(s.base)
	s.m.thinking, s.m.cancel = true, cancel
	g := s.m.game.Clone()
	think := s.m.think
	s.searches.Add(1)
	go func() {
		defer s.searches.Done()
		defer cancel()
		s.oneSearch.Lock()
		if ctx.Err() != nil {
			// Abandoned while it waited: there is nothing to think about.
			s.oneSearch.Unlock()
			return
		}
		// The think time counts from here, once an abandoned search
		// has returned.
		tctx, tcancel := context.WithTimeout(ctx, think)
		start := time.Now()
		t, err := ask(tctx, s.thinker, g)
		tcancel()
		s.oneSearch.Unlock()
		wall := time.Since(start)

		s.mu.Lock()
		defer s.mu.Unlock()
		if gen != s.m.gen || s.closed {
			s.log.Debug("search result dropped: the game changed meanwhile", zap.Duration("wall", wall))
			return
		}
		s.m.thinking, s.m.cancel = false, nil
		s.engineMove(t, err, wall)
		s.settle()
	}()
}

// ask calls the thinker, turning a panic into an error: a bug in the
// search must cost one move's quality, not the person's game.
func ask(ctx context.Context, th otp.Thinker, g *othello.Game) (t otp.Thought, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the search panicked: %v", r)
		}
	}()
	return th.Think(ctx, g)
}

// engineMove plays the move the search chose, or a fallback move if the
// search failed or chose an illegal move, and keeps what it found for the
// page. s.mu must be held.
func (s *Server) engineMove(t otp.Thought, err error, wall time.Duration) {
	pos := s.m.game.Position()
	if err == nil && !pos.IsLegal(t.Move) {
		err = fmt.Errorf("the search chose %s, which is not legal", t.Move)
	}
	if err != nil {
		mv := fallbackMove(pos)
		s.log.Error("search failed: playing a fallback move", zap.String("move", mv.String()),
			zap.String("position", pos.String()), zap.Error(err))
		s.m.thought = &ThoughtView{Move: mv.String(), Color: pos.Turn.String(), PV: []string{},
			Error: "the search failed (" + err.Error() + "): the engine played its first legal move instead"}
		_ = s.m.game.Play(mv) // legal: fallbackMove chose it from pos
		return
	}
	s.log.Info("engine move",
		zap.String("move", t.Move.String()),
		zap.String("color", pos.Turn.String()),
		zap.Int64("playouts", t.Playouts),
		zap.Float64("win_rate", t.WinRate),
		zap.String("pv", othello.FormatMoves(t.PV)),
		zap.Duration("elapsed", t.Elapsed),
		zap.Duration("wall", wall),
		zap.String("stats", t.Summary))
	s.m.thought = newThoughtView(pos.Turn, t)
	_ = s.m.game.Play(t.Move) // legal: checked above
}

// newThoughtView turns what the search found into what the page shows.
func newThoughtView(c othello.Color, t otp.Thought) *ThoughtView {
	v := &ThoughtView{
		Move:          t.Move.String(),
		Color:         c.String(),
		Playouts:      t.Playouts,
		PV:            make([]string, len(t.PV)),
		ElapsedMillis: t.Elapsed.Milliseconds(),
		Summary:       t.Summary,
	}
	// JSON cannot carry NaN or infinities; a rate outside 0..1 is a
	// search bug the page should not show as a percentage.
	if r := t.WinRate; !math.IsNaN(r) && r >= 0 && r <= 1 {
		v.WinRate = &r
	}
	for i, m := range t.PV {
		v.PV[i] = m.String()
	}
	return v
}

// fallbackMove returns a legal move of pos without searching: the first
// legal square, or a pass.
func fallbackMove(pos othello.Position) othello.Move {
	moves := pos.Moves()
	if moves == 0 {
		return othello.Pass
	}
	return othello.Move(bits.TrailingZeros64(moves))
}
