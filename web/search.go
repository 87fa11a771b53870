package web

import (
	"context"
	"math"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/thinking"
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

// startSearch asks for the engine's move in a goroutine, on a copy of the
// game, so requests are answered while it thinks. The move is chosen by
// otp's Chooser, the same policy as a judged genmove: forced moves without a
// search, a hard deadline, a legal fallback when the search fails. s.mu
// must be held.
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
		start := time.Now()
		ch := s.chooser.Choose(ctx, g, think)

		s.mu.Lock()
		defer s.mu.Unlock()
		if gen != s.m.gen || s.closed {
			s.log.Debug("search result dropped: the game changed meanwhile", zap.Duration("wall", time.Since(start)))
			return
		}
		s.m.thinking, s.m.cancel = false, nil
		s.engineMove(ch)
		s.settle()
	}()
}

// engineMove plays the move the Chooser chose and keeps what the search
// found for the page. s.mu must be held, and the game must not have changed
// since the search started.
func (s *Server) engineMove(ch otp.Choice) {
	pos := s.m.game.Position()
	if ev, ok := evaluation(s.m.game.Len(), pos.Turn, sourceEngine, ch); ok {
		s.m.record(ev)
	}
	switch {
	case ch.Err != nil:
		s.m.thought = &ThoughtView{Move: ch.Move.String(), Color: pos.Turn.String(), PV: []string{ch.Move.String()},
			Error: "the search failed (" + ch.Err.Error() + "): the engine played its first legal move instead"}
	case !ch.Searched:
		s.m.thought = forcedThought(pos.Turn, ch.Move)
	default:
		s.m.thought = newThoughtView(pos.Turn, ch.Thought)
	}
	if err := s.m.game.Play(ch.Move); err != nil {
		// Unreachable: the Chooser returns a legal move of this position.
		s.log.Error("the engine's move could not be played", zap.String("move", ch.Move.String()), zap.Error(err))
	}
}

// forcedThought is what the page shows for a move chosen without a search:
// no playouts, and a principal variation that is the move alone, since the
// variation always starts with the move played (docs/web.md).
func forcedThought(c othello.Color, m othello.Move) *ThoughtView {
	summary := "only legal move"
	if m == othello.Pass {
		summary = "no legal move"
	}
	return &ThoughtView{Move: m.String(), Color: c.String(), PV: []string{m.String()}, Summary: summary}
}

// newThoughtView turns what the search found into what the page shows.
func newThoughtView(c othello.Color, t thinking.Thought) *ThoughtView {
	v := &ThoughtView{
		Move:          t.Move.String(),
		Color:         c.String(),
		Playouts:      t.Playouts,
		PV:            make([]string, len(t.PV)),
		ElapsedMillis: t.Elapsed.Milliseconds(),
		Summary:       t.Summary,
	}
	if t.Proof != thinking.ProofNone {
		v.Proof, v.Score = t.Proof.String(), t.Score
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
