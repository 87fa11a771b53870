package otp

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
)

// genmove chooses a move for the side to move, plays it and returns it. It
// never returns an illegal move: when the Thinker fails, panics or answers
// an illegal move, it plays a fallback move instead, because an illegal or
// missing reply would forfeit every remaining round of a match.
func (s *Session) genmove(ctx context.Context) othello.Move {
	if s.game.Over() {
		// The judge stops after two passes; answer a pass without playing
		// it, since no move can be played in a finished game.
		s.log.Error("genmove after the end of the game: replying 8 0, nothing played",
			zap.String("position", s.code()))
		return othello.Pass
	}
	pos := s.game.Position()
	var m othello.Move
	switch moves := pos.Moves(); {
	case moves == 0:
		m = othello.Pass
		s.log.Info("genmove", zap.String("move", "pass"), zap.String("color", pos.Turn.String()),
			zap.String("reason", "no legal move"))
	case bits.OnesCount64(moves) == 1:
		// No search can choose better than the only move; answer at once
		// and leave the time to the opponent's clock.
		m = othello.Move(bits.TrailingZeros64(moves))
		s.log.Info("genmove", zap.String("move", m.String()), zap.String("color", pos.Turn.String()),
			zap.String("reason", "only legal move"))
	default:
		m = s.think(ctx, pos)
	}
	if err := s.game.Play(m); err != nil {
		// Unreachable: every branch above chose a legal move.
		s.log.Error("genmove could not play its own move", zap.String("move", m.String()), zap.Error(err))
	}
	return m
}

// think asks the Thinker for a move with a deadline of the think time, and
// logs the summary of the search.
func (s *Session) think(ctx context.Context, pos othello.Position) othello.Move {
	ctx, cancel := context.WithTimeout(ctx, s.thinkTime)
	defer cancel()
	start := time.Now()
	t, err := s.ask(ctx)
	wall := time.Since(start)
	if err == nil && !pos.IsLegal(t.Move) {
		err = fmt.Errorf("the search chose %s (x y = %s), which is not legal", t.Move, t.Move.OTP())
	}
	if err != nil {
		m := fallbackMove(pos)
		s.log.Error("search failed: playing a fallback move", zap.String("move", m.String()),
			zap.String("position", s.code()), zap.Duration("wall", wall), zap.Error(err))
		return m
	}
	s.log.Info("genmove",
		zap.String("move", t.Move.String()),
		zap.String("otp", t.Move.OTP()),
		zap.String("color", pos.Turn.String()),
		zap.Int64("playouts", t.Playouts),
		zap.Float64("win_rate", t.WinRate),
		zap.String("pv", othello.FormatMoves(t.PV)),
		zap.Duration("elapsed", t.Elapsed),
		zap.Duration("wall", wall),
		zap.String("stats", t.Summary))
	if over := wall - s.thinkTime; over > overrunWarning {
		s.log.Warn("the search overran its think time", zap.Duration("over", over),
			zap.Duration("think_time", s.thinkTime))
	}
	return t.Move
}

// overrunWarning is how late a search may stop before the session warns:
// beyond it the margin under the judge's 10 s limit is being eaten.
const overrunWarning = 100 * time.Millisecond

// ask calls the Thinker on a copy of the game, turning a panic into an
// error so that a bug in the search costs one move's quality, not the match.
func (s *Session) ask(ctx context.Context) (t Thought, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the search panicked: %v", r)
		}
	}()
	return s.thinker.Think(ctx, s.game.Clone())
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
