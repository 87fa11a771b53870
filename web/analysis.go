package web

// This file is the page's analysis: the engine's expected result through
// the game (State.Evaluations, drawn as a plot) and its values of the
// person's legal moves on request (State.Analysis, drawn on the squares).
// Both come from the same searches as the engine's moves, through
// otp.Chooser; neither changes the game.

import (
	"cmp"
	"context"
	"math"
	"slices"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/thinking"
)

// Source names in Evaluation.Source.
const (
	sourceEngine   = "engine"   // the search for the engine's move
	sourceAnalysis = "analysis" // a search the person asked for
)

// Evaluation is the engine's expected result of one position of the game,
// turned to black's side so that every point of the plot reads the same
// way whoever was to move.
type Evaluation struct {
	// Ply is the number of moves, passes included, played from the
	// game's start before the position the engine searched.
	Ply int `json:"ply"`
	// Source is "engine" for the search of an engine's move, "analysis"
	// for an analysis the person asked for.
	Source string `json:"source"`
	// Color is the side to move in the position, whose search it was.
	Color string `json:"color"`
	// Move is the move the search preferred.
	Move string `json:"move"`
	// Black is black's expected result, 0..1: the search's win rate
	// for the side to move, as black's; a proven result is 1 (black
	// wins), 0.5 (a draw) or 0 (white wins).
	Black float64 `json:"black"`
	// Proof and Score are as in ThoughtView, for black: "exact" with the
	// final disc difference for black, "wld" with its sign only, or ""
	// with Score 0.
	Proof string `json:"proof"`
	Score int    `json:"score"`
}

// AnalysisView is the engine's analysis of the person's position, asked
// for with POST /api/analyze.
type AnalysisView struct {
	// Ply is the number of moves played before the analysed position,
	// which is always the current one: a change of position drops the
	// analysis.
	Ply int `json:"ply"`
	// Running is true while the engine searches.
	Running bool `json:"running"`
	// Values has one entry per legal move the search valued, in square
	// order (a1, b1, ... h8); empty while running or after a failure.
	Values []SquareValue `json:"values"`
	// Thought is what the search found for the position, as for an
	// engine's move (its preferred move, playouts, proof); null while
	// running or after a failure.
	Thought *ThoughtView `json:"thought"`
	// Error says why the search failed, "" normally.
	Error string `json:"error,omitempty"`
}

// SquareValue is the engine's value of one legal move of the person, from
// the person's side.
type SquareValue struct {
	// Move is the square, like "d3".
	Move string `json:"move"`
	// Visits is the number of simulations through the move.
	Visits int64 `json:"visits"`
	// WinRate is the result the search expects for the side to move
	// after this move, 0..1; null when it has no estimate (an only
	// move, a move the search never tried).
	WinRate *float64 `json:"winRate"`
	// Proof is "wld" when the search proved the move's result (Score +1
	// win, 0 draw, -1 loss for the side to move), "exact" when the
	// endgame solver proved its exact final disc difference (Score), ""
	// otherwise.
	Proof string `json:"proof"`
	Score int    `json:"score"`
}

// rate returns r if it is a win rate the page can show, 0..1, and false
// for NaN or a value out of range: a search bug, not a result.
func rate(r float64) (float64, bool) {
	return r, !math.IsNaN(r) && r >= 0 && r <= 1
}

// evaluation turns a search's choice in a position with mover to move,
// ply moves into the game, into a point of the plot; false when the choice
// holds no value: a forced move, a failed search, a win rate out of range
// with nothing proven.
func evaluation(ply int, mover othello.Color, source string, ch otp.Choice) (Evaluation, bool) {
	if ch.Err != nil || !ch.Searched {
		return Evaluation{}, false
	}
	t := ch.Thought
	ev := Evaluation{Ply: ply, Source: source, Color: mover.String(), Move: t.Move.String()}
	forBlack := 1
	if mover == othello.White {
		forBlack = -1
	}
	if t.Proof != thinking.ProofNone {
		ev.Proof, ev.Score = t.Proof.String(), forBlack*t.Score
		ev.Black = 0.5 + 0.5*float64(cmp.Compare(ev.Score, 0))
		return ev, true
	}
	r, ok := rate(t.WinRate)
	if !ok {
		return Evaluation{}, false
	}
	if mover == othello.White {
		r = 1 - r
	}
	ev.Black = r
	return ev, true
}

// record adds ev to the plot. The position ev.Ply plies in is the current
// one, so a point at or after it (an earlier analysis of the same
// position) is replaced.
func (m *match) record(ev Evaluation) {
	m.evals = slices.DeleteFunc(m.evals, func(e Evaluation) bool { return e.Ply >= ev.Ply })
	m.evals = append(m.evals, ev)
}

// truncateEvals drops the points of positions the game no longer reaches
// after an undo: the positions up to the current one are unchanged.
func (m *match) truncateEvals() {
	n := m.game.Len()
	m.evals = slices.DeleteFunc(m.evals, func(e Evaluation) bool { return e.Ply > n })
}

// squareValues returns the values of the legal moves of pos that t
// reports, in square order. Moves that are not legal, and repeats, are
// dropped: the page draws values only on the squares the person may play.
// A search that reports no values gets the value of its chosen move alone.
func squareValues(pos othello.Position, t thinking.Thought) []SquareValue {
	legal := pos.Moves()
	vs := t.Values
	if len(vs) == 0 {
		vs = []thinking.MoveValue{{Move: t.Move, WinRate: t.WinRate}}
	}
	// A move never tried has a mean of nothing; but a search that tried
	// none (an evaluation's 1-ply values) still valued every move.
	tried := false
	for _, v := range vs {
		tried = tried || v.Visits > 0
	}
	// Indexed by square: the output comes in square order, a repeat is
	// seen at once.
	var bySquare [64]*SquareValue
	for _, v := range vs {
		if legal&v.Move.Bit() == 0 || bySquare[v.Move] != nil {
			continue
		}
		sv := &SquareValue{Move: v.Move.String(), Visits: v.Visits}
		if r, ok := rate(v.WinRate); ok && (v.Visits > 0 || !tried) {
			sv.WinRate = &r
		}
		switch {
		case v.Move == t.Move && t.Proof != thinking.ProofNone:
			// What the solver proved of its move outranks the tree.
			sv.Proof, sv.Score = t.Proof.String(), t.Score
		case v.Proven:
			sv.Proof, sv.Score = thinking.ProofWLD.String(), cmp.Compare(v.Outcome, 0)
		}
		bySquare[v.Move] = sv
	}
	out := []SquareValue{}
	for _, sv := range bySquare {
		if sv != nil {
			out = append(out, *sv)
		}
	}
	return out
}

// newAnalysis turns the choice of an analysis of pos into what the page
// shows.
func newAnalysis(ply int, pos othello.Position, ch otp.Choice) *AnalysisView {
	a := &AnalysisView{Ply: ply, Values: []SquareValue{}}
	switch {
	case ch.Err != nil:
		a.Error = "the search failed: " + ch.Err.Error()
	case !ch.Searched:
		// The only legal move: nothing to compare it with.
		a.Thought = forcedThought(pos.Turn, ch.Move)
		if ch.Move != othello.Pass {
			a.Values = append(a.Values, SquareValue{Move: ch.Move.String()})
		}
	default:
		a.Thought = newThoughtView(pos.Turn, ch.Thought)
		a.Values = squareValues(pos, ch.Thought)
	}
	return a
}

// analysing reports whether an analysis runs.
func (m *match) analysing() bool {
	return m.analysis != nil && m.analysis.Running
}

// stopAnalysis abandons a running analysis, whose answer will be ignored,
// and drops the analysis shown: the position it was about is changing, or
// the person asked to hide it. s.mu must be held.
func (s *Server) stopAnalysis() {
	if s.m.analysing() {
		s.m.analysisCancel()
		// Only one search runs at a time (an analysis runs on the
		// person's turn, the engine's search on its own), so they share
		// the numbering that drops late answers.
		s.m.gen++
		s.m.analysisCancel = nil
	}
	s.m.analysis = nil
}

// startAnalysis has the engine analyse the current position in a
// goroutine, with its think time, through the same Chooser as its moves.
// The caller has checked that it is the person's turn and that the server
// is not closed. s.mu must be held.
func (s *Server) startAnalysis() {
	s.m.gen++
	gen := s.m.gen
	ctx, cancel := context.WithCancel(s.base)
	ply := s.m.game.Len()
	s.m.analysis = &AnalysisView{Ply: ply, Running: true, Values: []SquareValue{}}
	s.m.analysisCancel = cancel
	g := s.m.game.Clone()
	pos := g.Position()
	think := s.m.think
	s.searches.Add(1)
	go func() {
		defer s.searches.Done()
		defer cancel()
		ch := s.chooser.Choose(ctx, g, think)

		s.mu.Lock()
		defer s.mu.Unlock()
		if gen != s.m.gen || s.closed {
			s.log.Debug("analysis dropped: the position changed meanwhile")
			return
		}
		s.m.analysisCancel = nil
		s.m.analysis = newAnalysis(ply, pos, ch)
		if ev, ok := evaluation(ply, pos.Turn, sourceAnalysis, ch); ok {
			s.m.record(ev)
		}
		s.log.Info("analysis done", zap.String("position", pos.String()), zap.Int("values", len(s.m.analysis.Values)))
		s.bump()
	}()
}
