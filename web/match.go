package web

import (
	"context"
	"fmt"
	"time"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// match is the game the page shows, with who plays what and what the
// engine last found. Its methods change nothing when they fail, so a bad
// request leaves the game as it was. It is guarded by Server.mu.
type match struct {
	game  *othello.Game
	human othello.Color
	think time.Duration

	// version counts changes, for the page's long polls.
	version uint64
	// gen numbers the searches; a search that returns after a newer one
	// started, or after the game changed under it, is ignored.
	gen      uint64
	thinking bool
	cancel   context.CancelFunc

	// thought is what the engine found for its last move, nil before it
	// moved or after its move was taken back.
	thought *ThoughtView
	// notices announce what happened since the person's last action that
	// the board alone does not show: forced passes.
	notices []string

	// evals are the engine's expected results through the game, in ply
	// order, at most one a ply (State.Evaluations).
	evals []Evaluation
	// analysis is the engine's analysis of the current position, nil if
	// none; analysisCancel stops it while it runs. Server.stopAnalysis
	// and Server.startAnalysis change them, not match's methods.
	analysis       *AnalysisView
	analysisCancel context.CancelFunc
}

// over reports whether the game has ended: neither side can move. The
// server plays forced passes, so two passes in a row never happen; the
// game's own pass counter is checked too for a loaded finished position.
func (m *match) over() bool {
	return m.game.Over() || m.game.Position().GameOver()
}

// humanToMove reports whether the game waits for the person.
func (m *match) humanToMove() bool {
	return !m.over() && !m.thinking && m.game.Position().Turn == m.human
}

// newGame starts a game at the start position.
func (m *match) newGame(human othello.Color, think time.Duration) {
	m.game.Reset()
	m.human, m.think = human, think
	m.thought, m.notices, m.evals = nil, nil, nil
}

// load starts a game from pos, with the person playing human.
func (m *match) load(pos othello.Position, human othello.Color) error {
	if err := m.game.SetPosition(pos, 0); err != nil {
		return badRequest("position: %v", err)
	}
	m.human = human
	m.thought, m.notices, m.evals = nil, nil, nil
	return nil
}

// play plays the person's move.
func (m *match) play(mv othello.Move) error {
	pos := m.game.Position()
	switch {
	case m.over():
		return conflict("the game is over: start a new game or undo")
	case m.thinking:
		return conflict("the engine is thinking: wait for its move")
	case pos.Turn != m.human:
		return conflict("it is the engine's turn, not yours")
	}
	if err := m.game.Play(mv); err != nil {
		return conflict("%v", err)
	}
	m.notices = nil
	return nil
}

// undo takes back the person's last move and everything after it (the
// engine's reply, forced passes), so the person is to move again where
// they last chose a move. It does nothing if the person has not moved.
func (m *match) undo() {
	k := m.lastHumanMove()
	if k < 0 {
		return
	}
	for m.game.Len() > k {
		m.game.Undo()
	}
	m.truncateEvals()
	m.thought, m.notices = nil, nil
}

// lastHumanMove returns the index in the game's moves of the person's last
// move that was not a pass, or -1.
func (m *match) lastHumanMove() int {
	pos, k := m.game.Start(), -1
	for i, mv := range m.game.Moves() {
		if pos.Turn == m.human && mv != othello.Pass {
			k = i
		}
		pos = pos.Play(mv)
	}
	return k
}

// advance plays the moves that need no decision (otp.ForcedMove): forced
// passes of either side and the engine's only legal move. It reports
// whether the engine must now search.
func (m *match) advance() (search bool) {
	for !m.over() {
		pos := m.game.Position()
		mv, forced := otp.ForcedMove(pos)
		switch {
		case forced && mv == othello.Pass && pos.Turn == m.human:
			m.notices = append(m.notices, fmt.Sprintf("You (%s) had no legal move: a pass was played for you.", pos.Turn))
		case forced && mv == othello.Pass:
			m.notices = append(m.notices, fmt.Sprintf("The engine (%s) had no legal move and passed.", pos.Turn))
		case pos.Turn == m.human:
			return false
		case forced:
			// The engine's only move, chosen by the same rule as a judged
			// genmove, without starting a search.
			m.thought = forcedThought(pos.Turn, mv)
		default:
			return true
		}
		_ = m.game.Play(mv) // legal: a forced move of this position
	}
	return false
}
