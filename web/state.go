package web

import (
	"fmt"
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

// State is the whole game as the page shows it: the answer to every API
// request that succeeds. docs/web.md describes each field.
type State struct {
	// Version grows with every change; GET /api/state?wait=Version
	// waits for the next one.
	Version uint64 `json:"version"`
	// Board is the position in the 64-character notation of
	// docs/data.md: X black, O white, - empty, a1 b1 ... h8.
	Board string `json:"board"`
	// Turn is the side to move, "black" or "white".
	Turn string `json:"turn"`
	// Human and Engine are the colours of the person and of the engine.
	Human  string `json:"human"`
	Engine string `json:"engine"`
	// ThinkMillis is the engine's think time per move.
	ThinkMillis int64 `json:"thinkMillis"`
	// Legal lists the legal squares of the side to move, like "d3"; it is
	// empty when the game is over.
	Legal []string `json:"legal"`
	// LastMove is the last move played ("d3" or "pass"), "" if none.
	LastMove string `json:"lastMove"`
	// Black and White count the discs of each colour.
	Black int `json:"black"`
	White int `json:"white"`
	// Start is the position the game began from, 64 characters, a space
	// and the side to move (X or O): the start position unless one was
	// loaded.
	Start string `json:"start"`
	// Record is the game's moves from Start, like "f5d6c3", a pass
	// written "pa".
	Record string `json:"record"`
	// GGF is the same game as one line of GGF, the format of the GGS
	// server and the NBoard program (docs/data.md), with the players'
	// colours and, once the game is over, its result.
	GGF string `json:"ggf"`
	// Thinking is true while the engine searches for its move.
	Thinking bool `json:"thinking"`
	// YourTurn is true when the game waits for the person's move.
	YourTurn bool `json:"yourTurn"`
	// CanUndo is true when the person has a move to take back.
	CanUndo bool `json:"canUndo"`
	// Over is true when neither side can move; Result is then "black",
	// "white" or "draw", and "" before.
	Over   bool   `json:"over"`
	Result string `json:"result"`
	// Status is one sentence for the person: whose turn, or the result.
	Status string `json:"status"`
	// Notices announce forced passes played since the person's last
	// action.
	Notices []string `json:"notices"`
	// Thought is what the engine found for its last move; null before its
	// first move and after that move was taken back.
	Thought *ThoughtView `json:"thought"`
	// Evaluations are the engine's expected results through the game,
	// for the page's plot: one for each position it searched (its moves,
	// and the analyses the person asked for), in ply order, at most one a
	// ply, as black's expectation.
	Evaluations []Evaluation `json:"evaluations"`
	// Analysis is the engine's analysis of the current position, asked
	// for with POST /api/analyze; null if none was asked for since the
	// position last changed.
	Analysis *AnalysisView `json:"analysis"`
}

// ThoughtView is what the engine found when it chose a move.
type ThoughtView struct {
	// Move is the move it played, like "d3", or "pass"; Color its colour.
	Move  string `json:"move"`
	Color string `json:"color"`
	// Playouts is the number of random games the search played.
	Playouts int64 `json:"playouts"`
	// WinRate is the result the engine expects for itself, 0..1; null
	// when it did not search (an only move, a failure).
	WinRate *float64 `json:"winRate"`
	// Proof is what the endgame solver proved about Move: "exact" (Score
	// is the exact final disc difference for the engine, empty squares to
	// the winner), "wld" (Score is only its sign: +1 a win, 0 a draw, -1
	// a loss), or "" (nothing proven: WinRate is an estimate).
	Proof string `json:"proof"`
	Score int    `json:"score"`
	// PV is the principal variation: the moves the search expects,
	// starting with Move.
	PV []string `json:"pv"`
	// ElapsedMillis is how long it searched.
	ElapsedMillis int64 `json:"elapsedMillis"`
	// Summary is the search's one line of statistics.
	Summary string `json:"summary"`
	// Error says why the engine played a fallback move, "" normally.
	Error string `json:"error,omitempty"`
}

// state returns the current state. s.mu must be held.
func (s *Server) state() State {
	m := &s.m
	pos := m.game.Position()
	over := m.over()
	st := State{
		Version:     m.version,
		Board:       pos.Board64(),
		Turn:        pos.Turn.String(),
		Human:       m.human.String(),
		Engine:      m.human.Other().String(),
		ThinkMillis: m.think.Milliseconds(),
		Legal:       []string{},
		Black:       bits.OnesCount64(pos.Black()),
		White:       bits.OnesCount64(pos.White()),
		Start:       m.game.Start().String(),
		Record:      m.game.Record(),
		Thinking:    m.thinking,
		YourTurn:    m.humanToMove(),
		CanUndo:     m.lastHumanMove() >= 0,
		Over:        over,
		Notices:     append([]string{}, m.notices...),
		Thought:     m.thought,
		// Copied: the state is written out after the lock is released.
		Evaluations: append([]Evaluation{}, m.evals...),
		Analysis:    m.analysis,
	}
	if last := m.game.LastMove(); last != othello.NoMove {
		st.LastMove = last.String()
	}
	st.GGF = gameGGF(m, over)
	if !over {
		for b := pos.Moves(); b != 0; b &= b - 1 {
			st.Legal = append(st.Legal, othello.Move(bits.TrailingZeros64(b)).String())
		}
	}
	st.Result, st.Status = status(m, st.Black, st.White)
	return st
}

// status returns the result of a finished game ("" otherwise) and one
// sentence saying where the game stands, from the person's side.
func status(m *match, black, white int) (result, sentence string) {
	pos := m.game.Position()
	if !m.over() {
		switch {
		case m.thinking:
			return "", fmt.Sprintf("The engine (%s) is thinking…", pos.Turn)
		case pos.Turn == m.human:
			return "", fmt.Sprintf("Your move (%s).", pos.Turn)
		}
		return "", fmt.Sprintf("The engine (%s) is to move.", pos.Turn)
	}
	diff := black - white
	score := fmt.Sprintf("Game over: black %d, white %d.", black, white)
	if diff == 0 {
		return "draw", score + " A draw."
	}
	winner := othello.Black
	if diff < 0 {
		winner, diff = othello.White, -diff
	}
	if winner == m.human {
		return winner.String(), fmt.Sprintf("%s You win by %d.", score, diff)
	}
	return winner.String(), fmt.Sprintf("%s The engine wins by %d.", score, diff)
}

// gameGGF writes the game as GGF, the person and the engine named by their
// roles; "" if it cannot be written, which a game the server played never
// is (every move was checked on its board).
func gameGGF(m *match, over bool) string {
	r := othello.NewGGF(m.game)
	r.Place = "gomcts web page"
	r.Black, r.White = "you", "gomcts"
	if m.human == othello.White {
		r.Black, r.White = "gomcts", "you"
	}
	if over {
		r.Result = othello.GGFResult(m.game.Position().Score())
	}
	text, err := r.Format()
	if err != nil {
		return ""
	}
	return text
}
