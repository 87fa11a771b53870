package otp

// This file is the one move-choice policy of the engine, shared by the judge
// front end (Session's genmove) and the browser page (package web): what to
// play without searching, how long a search may take, and what to play when
// the search fails. A missing or illegal reply would forfeit every remaining
// round of a match, so Choose always returns a legal move, in time.

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// HardGrace is how long after the think-time deadline Choose waits for a
// Thinker that ignores its context before it answers with the fallback move.
// The default think time against a judge is 9 s and the judge allows 10 s,
// so 9.2 s leaves 0.8 s for the reply to travel; a search that stops
// correctly returns within a few milliseconds of its deadline, far inside
// the grace, so only a stuck search loses its move.
const HardGrace = 200 * time.Millisecond

// overrunWarning is how late a search may return before Choose warns:
// beyond it the margin under the judge's 10 s limit is being eaten.
const overrunWarning = 100 * time.Millisecond

// Choice is the move Choose picked, and how.
type Choice struct {
	// Move is always legal in the position Choose was given.
	Move othello.Move
	// Thought is what the Thinker answered; zero if it was not asked or
	// did not answer in time.
	Thought thinking.Thought
	// Searched is true when the position called for a search (it had more
	// than one legal move), whether or not the search succeeded.
	Searched bool
	// Err says why Move is the fallback move instead of the search's
	// choice (an error, a panic, an illegal move, no answer in time); nil
	// otherwise.
	Err error
}

// Chooser chooses moves with one Thinker, one search at a time, and ponders
// with it between moves when asked (Ponder). It is safe for concurrent use:
// a search that starts while an abandoned one or pondering still runs
// stops the pondering and waits for it, because a Thinker (a Searcher with
// its tree) is not safe for concurrent use.
type Chooser struct {
	thinker thinking.Thinker
	log     *zap.Logger
	// busy holds a token while a Think or Ponder call runs, including one
	// that Choose stopped waiting for.
	busy chan struct{}

	mu sync.Mutex
	// pondering is the background pondering started by Ponder, nil when
	// none runs or it has been stopped.
	pondering *pondering
	// choosing counts the Choose calls running: a Ponder asked meanwhile
	// is dropped, since the move being chosen leaves its position behind
	// and its goroutine would take the token before the next search.
	choosing int
}

// pondering is one background Ponder call: cancel stops it, and done is
// closed once its goroutine has returned the busy token (or never took it).
type pondering struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// NewChooser returns a Chooser asking th for its moves; log (nil for none)
// gets a line per move and every failure.
func NewChooser(th thinking.Thinker, log *zap.Logger) *Chooser {
	if log == nil {
		log = zap.NewNop()
	}
	return &Chooser{thinker: th, log: log, busy: make(chan struct{}, 1)}
}

// ForcedMove returns the move of pos that needs no search, and true: the pass
// when the side to move has no legal move, or its only legal move, since no
// search can choose better and answering at once leaves the time to the
// opponent. It returns false when there is a choice to make.
func ForcedMove(pos othello.Position) (othello.Move, bool) {
	switch moves := pos.Moves(); {
	case moves == 0:
		return othello.Pass, true
	case bits.OnesCount64(moves) == 1:
		return othello.Move(bits.TrailingZeros64(moves)), true
	}
	return othello.NoMove, false
}

// FallbackMove returns a legal move of pos without searching: the first
// legal square, or the pass. It is what Choose plays when the search fails.
func FallbackMove(pos othello.Position) othello.Move {
	moves := pos.Moves()
	if moves == 0 {
		return othello.Pass
	}
	return othello.Move(bits.TrailingZeros64(moves))
}

// Choose returns a legal move for the side to move of g, which it does not
// change. It plays the forced move without searching; otherwise it asks the
// Thinker on a copy of g with a deadline think from now, and returns by that
// deadline plus HardGrace whatever the Thinker does: a Thinker that fails,
// panics, answers an illegal move or does not answer in time yields the
// fallback move and Choice.Err. Waiting for an earlier, abandoned search
// counts against think. Cancelling ctx (a new game on the page, a judge
// that hung up) cancels the search; Choose then returns, as soon as the
// Thinker does, the fallback move with Choice.Err wrapping ctx's error. The
// caller has abandoned the move, so this is logged at debug level, not as a
// failure.
func (c *Chooser) Choose(ctx context.Context, g *othello.Game, think time.Duration) Choice {
	// A move is wanted now: pondering stops, and the search below waits
	// for its token like any earlier search's, within its think time
	// (microseconds once the pondering search runs, but its tree reuse
	// before that cannot be interrupted: see ponderPerThink).
	c.mu.Lock()
	c.choosing++
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.choosing--
		c.mu.Unlock()
	}()
	c.cancelPondering()
	pos := g.Position()
	if m, ok := ForcedMove(pos); ok {
		reason := "only legal move"
		if m == othello.Pass {
			reason = "no legal move"
		}
		c.log.Info("move chosen", zap.String("move", m.String()), zap.String("otp", m.OTP()),
			zap.String("color", pos.Turn.String()), zap.String("reason", reason))
		return Choice{Move: m}
	}
	start := time.Now()
	deadline := start.Add(think)
	hard := time.NewTimer(think + HardGrace)
	defer hard.Stop()
	select {
	case c.busy <- struct{}{}:
	case <-hard.C:
		return c.fallback(pos, start, fmt.Errorf("the previous search had not returned after %v", think+HardGrace))
	case <-ctx.Done():
		return c.cancelled(ctx, pos, start)
	}
	tctx, cancel := context.WithDeadline(ctx, deadline)
	done := make(chan thinkResult, 1)
	go func(g *othello.Game) {
		defer func() { <-c.busy }()
		defer cancel()
		t, err := ask(tctx, c.thinker, g)
		done <- thinkResult{t, err}
	}(g.Clone())

	var r thinkResult
	select {
	case r = <-done:
	case <-hard.C:
		// The search goroutine keeps the busy token until Think returns,
		// so the next search waits for this one.
		cancel()
		return c.fallback(pos, start, fmt.Errorf("the search did not return within %v (think time %v)", think+HardGrace, think))
	}
	if ctx.Err() != nil {
		// The caller cancelled the search: whatever it found, or the
		// error the cancellation caused, is no longer wanted.
		return c.cancelled(ctx, pos, start)
	}
	wall := time.Since(start)
	if r.err == nil && !pos.IsLegal(r.t.Move) {
		r.err = fmt.Errorf("the search chose %s (x y = %s), which is not legal", r.t.Move, r.t.Move.OTP())
	}
	if r.err != nil {
		ch := c.fallback(pos, start, r.err)
		ch.Thought = r.t
		return ch
	}
	t := r.t
	proof := []zap.Field{zap.Skip(), zap.Skip()}
	if t.Proof != thinking.ProofNone {
		proof = []zap.Field{zap.String("proof", t.Proof.String()), zap.Int("score", t.Score)}
	}
	c.log.Info("move chosen",
		zap.String("move", t.Move.String()),
		zap.String("otp", t.Move.OTP()),
		zap.String("color", pos.Turn.String()),
		proof[0], proof[1],
		zap.Int64("playouts", t.Playouts),
		zap.Float64("win_rate", t.WinRate),
		zap.String("pv", othello.FormatMoves(t.PV)),
		zap.Duration("elapsed", t.Elapsed),
		zap.Duration("wall", wall),
		zap.String("stats", t.Summary))
	if over := wall - think; over > overrunWarning {
		c.log.Warn("the search overran its think time", zap.Duration("over", over),
			zap.Duration("think_time", think))
	}
	return Choice{Move: t.Move, Thought: t, Searched: true}
}

// Ponder thinks on the opponent's time, when the Thinker is a
// thinking.Ponderer: in the background, it asks the Thinker to search a copy
// of g, whose side to move is the opponent after the engine's own move,
// until the next Choose, StopPondering, the end of ctx (the connection), or
// limit has passed, whichever comes first; then it logs what the search
// did. It returns at once, so that the reply to the move it follows is not
// delayed. When the opponent's move is forced (one legal move or a pass) it
// ponders the position after it instead, the engine's own next. It does
// nothing when the Thinker cannot ponder, limit is not positive, the game
// is over (or will be after the forced move), both sides' next moves are
// forced (a search would answer at once), or a Choose is running (its move
// leaves g's position behind). Pondering waits for a search still running (one
// Choose stopped waiting for) before it starts, as the next search would.
func (c *Chooser) Ponder(ctx context.Context, g *othello.Game, limit time.Duration) {
	p, ok := c.thinker.(thinking.Ponderer)
	if !ok || limit <= 0 || g.Over() {
		return
	}
	if m, forced := ForcedMove(g.Position()); forced {
		// The opponent has no choice: ponder the position after its move,
		// the engine's own next, which the next search then keeps whole.
		g = g.Clone()
		if err := g.Play(m); err != nil || g.Over() {
			return
		}
		if _, forced := ForcedMove(g.Position()); forced {
			return // nothing to search on either side
		}
	}
	pos := g.Position()
	pctx, cancel := context.WithTimeout(ctx, limit)
	pd := &pondering{cancel: cancel, done: make(chan struct{})}
	c.mu.Lock()
	if c.choosing > 0 {
		c.mu.Unlock()
		cancel()
		return
	}
	// One swap under the lock: of two Ponder calls at once, the one that
	// comes second stops the first, and its goroutine waits for the
	// first's to return before it closes its own done, so that
	// StopPondering, which waits for the current one only, waits for both.
	old := c.pondering
	c.pondering = pd
	c.mu.Unlock()
	if old != nil {
		old.cancel()
	}
	go func(g *othello.Game) {
		defer close(pd.done)
		defer cancel()
		if old != nil {
			<-old.done
		}
		select {
		case c.busy <- struct{}{}:
		case <-pctx.Done():
			return
		}
		defer func() { <-c.busy }()
		if pctx.Err() != nil {
			// Stopped while it waited for the token.
			return
		}
		t, err := askPonder(pctx, p, g)
		if err != nil {
			c.log.Error("pondering failed", zap.String("position", pos.String()), zap.Error(err))
			return
		}
		c.log.Info("pondered", zap.String("color", pos.Turn.String()),
			zap.Int64("playouts", t.Playouts),
			zap.Float64("win_rate", t.WinRate),
			zap.String("pv", othello.FormatMoves(t.PV)),
			zap.Duration("elapsed", t.Elapsed),
			zap.String("stats", t.Summary))
	}(g.Clone())
}

// ponderPerThink bounds pondering to this many think times of the move it
// follows. The next search may start by moving the subtree it keeps to the
// front of the arena (tree reuse compacts when the reply keeps a small part
// of the pondered tree), which its context cannot interrupt and
// which takes about a twentieth of the time that grew the subtree: 1.2 s
// for the 11.8 million nodes of 25 s of pondering, on the project's 2-core
// machine under load (2026-11-26). After those 25 s, a 0.1 s move
// (NBoard's depth 1) took 1.2 s, far past HardGrace: the fallback move;
// after a minute the arena is full and the move takes longer. Two think
// times cost the next search about a tenth of its time, and still cover a
// judged opponent's whole reply (10 s at most against the default 9 s).
const ponderPerThink = 2

// PonderTime is how long a session ponders after a move searched for think:
// limit (the session's cap), but no more than ponderPerThink times think.
func PonderTime(limit, think time.Duration) time.Duration {
	return min(limit, ponderPerThink*think)
}

// StopPondering stops the pondering Ponder started, if it still runs, and
// waits until the Thinker has returned: a session calls it when it ends or
// when its game changes other than by the opponent's move.
func (c *Chooser) StopPondering() {
	if pd := c.cancelPondering(); pd != nil {
		<-pd.done
	}
}

// cancelPondering stops the current pondering without waiting for it, and
// returns it (nil when none ran).
func (c *Chooser) cancelPondering() *pondering {
	c.mu.Lock()
	pd := c.pondering
	c.pondering = nil
	c.mu.Unlock()
	if pd != nil {
		pd.cancel()
	}
	return pd
}

// thinkResult is what a Think call returned.
type thinkResult struct {
	t   thinking.Thought
	err error
}

// fallback logs err and returns the fallback move of pos.
func (c *Chooser) fallback(pos othello.Position, start time.Time, err error) Choice {
	m := FallbackMove(pos)
	c.log.Error("search failed: playing a fallback move", zap.String("move", m.String()),
		zap.String("otp", m.OTP()), zap.String("position", pos.String()),
		zap.Duration("wall", time.Since(start)), zap.Error(err))
	return Choice{Move: m, Searched: true, Err: err}
}

// cancelled logs at debug level that the caller abandoned the search and
// returns the fallback move of pos, with ctx's error.
func (c *Chooser) cancelled(ctx context.Context, pos othello.Position, start time.Time) Choice {
	m := FallbackMove(pos)
	err := context.Cause(ctx)
	c.log.Debug("search cancelled: its move is not wanted", zap.String("position", pos.String()),
		zap.Duration("wall", time.Since(start)), zap.Error(err))
	return Choice{Move: m, Searched: true, Err: fmt.Errorf("search cancelled: %w", err)}
}

// ask calls the Thinker, turning a panic into an error so that a bug in the
// search costs one move's quality, not the match (nor the program: it runs
// in its own goroutine).
func ask(ctx context.Context, th thinking.Thinker, g *othello.Game) (thinking.Thought, error) {
	return recovered("the search", func() (thinking.Thought, error) { return th.Think(ctx, g) })
}

// askPonder calls Ponder, turning a panic into an error, as ask does.
func askPonder(ctx context.Context, p thinking.Ponderer, g *othello.Game) (thinking.Thought, error) {
	return recovered("pondering", func() (thinking.Thought, error) { return p.Ponder(ctx, g) })
}

// recovered returns call's answer, or an error naming what (the search,
// pondering) when it panics.
func recovered(what string, call func() (thinking.Thought, error)) (t thinking.Thought, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s panicked: %v", what, r)
		}
	}()
	return call()
}
