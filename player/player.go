// Package player is the Othello engine as its front ends use it (the OTP
// session, the browser page, NBoard): the tree search of package engine,
// its leaves valued by the trained evaluation, and the exact endgame solver
// near the end of the game, behind thinking.Thinker. It holds the full engine's
// defaults, which differ from the bare tree search's, so that every program
// that plays Othello plays the same engine.
package player

import (
	"fmt"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// EvalLeafExploration is UCB1's C when the evaluation values the leaves
// (the default): 0.3, measured at 1 s a move against 0.5, 60.5% over 100
// games (+74 Elo, 95% interval about +11 to +143; docs/strength.md), after
// 0.5 had beaten 1.0 61% over 40; 0.2 was no better than 0.3 at 1 s (44%
// over 40, and 47.9% over 72 with the minimax backups, though it won at
// 100,000 playouts). An evaluation is a steadier leaf value than a random
// playout, so the search needs less exploration to trust it. With playout or mixed
// leaves (and --plain) the core's 0.5 stays, the value measured for random
// playouts, unless --exploration says otherwise.
const EvalLeafExploration = 0.3

// EvalLeafMinimaxWeight is the weight of implicit minimax backups
// (engine.Config.MinimaxWeight) when the evaluation values the leaves (the
// default). Measured at fixed playouts from the shipped openings
// (docs/strength.md, 2026-11-26): against the engine without them, 0.2
// scored 79% and 0.5 81.5% over 46 games each at 20,000 playouts a move
// (both SPRTs accepted +50 Elo); 0.5 beat 0.2 head to head 69% over 48,
// and 0.8 did no better than 0.5 (50% over 48); at 100,000 playouts 0.5
// scored 68.5% over 46 (+135 Elo, SPRT accepted). The backups cost about a
// tenth of an iteration's CPU time, far less than they gain. With one
// prior visit a new node (EvalLeafPriorVisits), which gives an expanded
// node its minimax value at once, 0.7 beat 0.5 at 1 s a move: 59.4% over
// 112 games (+66 Elo, 95% -2 .. +135; SPRT of +0 against +30 accepted +30,
// 2026-11-27), and 0.85 did not beat 0.7 (43.2% over 66, SPRT H0). With
// playout or mixed leaves (and --plain) the core's 0 stays: not measured
// there.
const EvalLeafMinimaxWeight = 0.7

// EvalLeafArenaNodes is the tree's capacity in nodes when the evaluation
// values the leaves: 2^25 nodes of 24 bytes, 768 MiB. The core's 2^23 held
// a 9 s search of playout leaves (3 to 6 million nodes); evaluation
// leaves run 1.7 times as many
// iterations since UCB1's tables (about 0.85 nodes each), and a 9 s
// search from the start filled 2^23 nodes by its third move even at half
// a core's speed (docs/engine.md). The arena is reserved, not touched: a
// process's resident memory follows the tree it grows; 52 whole 9 s games
// peaked at 428 to 1,183 MiB with the solver's table (docs/strength.md),
// well within the course's 4 GiB (at most 1.4 GiB with a full arena).
const EvalLeafArenaNodes = 1 << 25

// EvalLeafPriorVisits is the number of virtual visits at the evaluation's
// value that each new node starts with (engine.Config.PriorVisits) when the
// evaluation values the leaves (the default): 1, measured against none
// with implicit minimax backups (docs/strength.md, 2026-11-26): at 1 s a
// move 59.1% over 160 games (+64 Elo, 95% +7 .. +121; SPRT of +0 against
// +30 accepted +30), though it costs 16% of the iterations a second; at
// 100,000 playouts 70% over 72. (An earlier 1 s match, before the faster
// selection, had been undecided at +27 over 246.) With an
// evaluation leaf UCB1 spends a node's first visits evaluating each child
// once anyway; valuing them all when the node is expanded gives the node
// its minimax value at once, so a refutation found below it reaches the
// nodes above on that iteration instead of after every sibling has had a
// visit. One visit keeps the prior no heavier than a real evaluation: 10
// had lost before the backups existed. With playout or mixed leaves (and
// --plain) the core's 0 stays.
const EvalLeafPriorVisits = 1

// EvalLeafSolveEmpties is the number of empty squares from which the tree
// search proves a leaf (win, loss or draw) with the endgame solver instead
// of growing it: 14, engine.MaxSolveEmpties, measured at 1 s a move
// (docs/strength.md, 2026-11-27): 12 beat the core's 10 56.6% over 220
// games (+46 Elo, 95% -2 .. +94) and 14 beat 12 57.0% over 86 (+49,
// -29 .. +128), each an SPRT of +0 against +30 accepting +30. A proof at
// 14 empties costs up to a few milliseconds, thousands of iterations, but
// it is final: late in the middle game the tree reaches such leaves, and
// a proven one settles its line instead of taking visits at evaluations
// for the rest of the move. A leaf proof cannot be stopped, which is why
// the engine allows no more. With playout or mixed leaves (and --plain)
// the core's 10 stays: not measured there.
const EvalLeafSolveEmpties = engine.MaxSolveEmpties

// MaxLeafDepth bounds Config.LeafDepth: each ply multiplies a leaf's cost
// by the number of moves, about ten, and at two plies the tree search
// runs a tenth of its iterations.
const MaxLeafDepth = 2

// DefaultEngine is the tree search's configuration before any flag: the
// engine's defaults, with the leaves valued by the trained evaluation,
// one prior visit at its value for each new node, implicit minimax
// backups of it and leaf proofs from 14 empty squares, in a larger arena.
// Measured: at 1 s a move, evaluation leaves against random playouts (both
// with the solver) won every game (docs/strength.md).
func DefaultEngine() engine.Config {
	cfg := engine.DefaultConfig()
	cfg.Leaf = engine.LeafEval
	cfg.Exploration = EvalLeafExploration
	cfg.MinimaxWeight = EvalLeafMinimaxWeight
	cfg.ArenaNodes = EvalLeafArenaNodes
	cfg.PriorVisits = EvalLeafPriorVisits
	cfg.SolveEmpties = EvalLeafSolveEmpties
	return cfg
}

// Config is what New builds a Thinker from.
type Config struct {
	// Engine is the tree search's configuration; its Solver field is
	// set from Solver below.
	Engine engine.Config
	// Weights is the evaluation: at the leaves of the tree and in the
	// solver's move ordering.
	Weights *eval.Weights
	// Playouts is the playout budget of a move; 0 for none (the think
	// time alone).
	Playouts int64
	// Solver turns on the endgame solver, in genmove and (MCTS-Solver)
	// at the tree's small leaves; off, the search is the course's plain
	// one.
	Solver bool
	// SolveEmpties is the number of empty squares from which a move is
	// solved; 0 chooses it from the think time.
	SolveEmpties int
	// SelectiveEmpties is the most empty squares at which, above
	// SolveEmpties, a move is chosen by the solver's selective search
	// when it settles within the proof's share of the time (only under
	// the clock, not a playout budget); 0 chooses it from the think time,
	// -1 never.
	SelectiveEmpties int
	// TableBytes sizes the solver's transposition table.
	TableBytes int
	// SolvedValues asks for every move's value once the solver has proven
	// a position: the analysing front ends (the browser page, NBoard)
	// show them; a judge never sees them, so a judged move does not spend
	// time on them.
	SolvedValues bool
	// Book is the opening book: in a position it holds, the engine plays
	// its best move by negamax value without searching. nil for none.
	Book *book.Book
	// BookSpread, when above 0, lets the book choose among the moves
	// within this many discs of the best, by the engine's seed and the
	// position, for varied games; 0 (the default) plays the best.
	BookSpread float64
	// LeafDepth is how many plies deep the tree search values a position
	// it evaluates (a new node's prior, its minimax value, a leaf):
	// eval.Weights.Negamax of that depth, 0 for the static evaluation
	// alone, at most MaxLeafDepth.
	LeafDepth int
	// StopWhenDecided ends a tree search once no other move can catch up
	// with the most visited one before the deadline
	// (mcts.Limits.StopWhenDecided): the move is the same, and a front end
	// that banks the time left (otp.TimeBank) gives it to later moves.
	StopWhenDecided bool
}

// New builds the search, wires the evaluation into it and, with the
// solver on, allocates the solver's table.
func New(cfg Config) (Thinker, error) {
	if cfg.Weights == nil {
		return Thinker{}, fmt.Errorf("player: no evaluation weights")
	}
	ecfg := cfg.Engine
	ecfg.Solver = cfg.Solver
	searcher, err := engine.New(ecfg)
	if err != nil {
		return Thinker{}, err
	}
	if cfg.LeafDepth < 0 || cfg.LeafDepth > MaxLeafDepth {
		return Thinker{}, fmt.Errorf("player: leaf depth %d: want 0..%d", cfg.LeafDepth, MaxLeafDepth)
	}
	w, depth := cfg.Weights, cfg.LeafDepth
	searcher.SetEvaluator(func(p, o uint64) float64 {
		return float64(w.Negamax(othello.Position{Player: p, Opponent: o}, depth))
	})
	if cfg.BookSpread < 0 || cfg.BookSpread != cfg.BookSpread {
		return Thinker{}, fmt.Errorf("player: book spread %v: want 0 or more discs", cfg.BookSpread)
	}
	t := Thinker{searcher: searcher, playouts: cfg.Playouts, solveEmpties: cfg.SolveEmpties, solvedValues: cfg.SolvedValues,
		book: cfg.Book, bookSpread: cfg.BookSpread, bookSeed: ecfg.Seed, evalScale: ecfg.EvalScale,
		stopWhenDecided: cfg.StopWhenDecided, selectiveEmpties: cfg.SelectiveEmpties}
	if cfg.Solver {
		if t.solver, err = endgame.New(cfg.TableBytes); err != nil {
			return Thinker{}, err
		}
		t.solver.SetOrderEval(OrderEval(w))
		searcher.SetLeafSolver(t.solver.Outcome)
	}
	return t, nil
}

// OrderEval adapts the evaluation to the solver's move ordering
// (endgame.Solver.SetOrderEval).
func OrderEval(w *eval.Weights) func(p, o uint64) int32 {
	return func(p, o uint64) int32 { return w.Eval(othello.Position{Player: p, Opponent: o}) }
}
