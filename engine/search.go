package engine

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/othello"
)

// Errors returned by Search for bad input.
var (
	ErrNoLimit         = mcts.ErrNoLimit
	ErrInvalidPosition = errors.New("invalid position")
	ErrNotReady        = errors.New("searcher not created by engine.New")
	ErrNoEvaluator     = mcts.ErrNoEvaluator
)

// Searcher runs Othello searches with one configuration on the shared MCTS
// core, reusing its node arena. It is not safe for concurrent use.
type Searcher struct {
	cfg  Config
	core *mcts.Searcher[state, othello.Move, game]
}

// New validates cfg and returns a Searcher with its arena allocated.
func New(cfg Config) (*Searcher, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("engine config: %w", err)
	}
	core, err := mcts.New[state, othello.Move](game{}, cfg.Config)
	if err != nil {
		return nil, err
	}
	return &Searcher{cfg: cfg, core: core}, nil
}

// SetEvaluator gives the search an evaluation function: evaluate(p, o)
// returns the expected final disc difference for the side to move, owning
// the discs p against o (exact when the game is over). Config.Leaf,
// PriorVisits and the Greedy algorithm use it. nil removes it. It is called
// from Search's goroutine only, and must depend on p and o alone: the
// search may keep a position's value rather than ask twice.
func (s *Searcher) SetEvaluator(evaluate func(p, o uint64) float64) {
	if evaluate == nil {
		s.core.SetEvaluator(nil)
		return
	}
	s.core.SetEvaluator(func(st *state) float64 { return evaluate(st.p, st.o) })
}

// SetLeafSolver gives the search an exact solver for small positions:
// solve(p, o) must return +1, 0 or -1 as the side to move, owning the discs
// p against o, wins, draws or loses with perfect play. UCT then proves every
// leaf of at most Config.SolveEmpties empty squares that it would expand,
// instead of growing a subtree below it, and propagates proven results up
// the tree (MCTS-Solver); a search whose root is proven stops. nil removes
// the solver. The solver is called from Search's goroutine only.
func (s *Searcher) SetLeafSolver(solve func(p, o uint64) int) {
	if solve == nil {
		s.core.SetLeafSolver(nil)
		return
	}
	most := s.cfg.SolveEmpties
	s.core.SetLeafSolver(func(st *state) (int, bool) {
		if 64-bits.OnesCount64(st.p|st.o) > most {
			return 0, false
		}
		return solve(st.p, st.o), true
	})
}

// Config returns the Searcher's configuration.
func (s *Searcher) Config() Config { return s.cfg }

// Reset forgets the tree kept for reuse: the next search starts afresh. A
// new game or a position that does not follow from the last search's
// starts afresh anyway.
func (s *Searcher) Reset() {
	if s != nil && s.core != nil {
		s.core.Reset()
	}
}

// Search chooses a move for the side to move in pos. It stops at the
// deadline, the playout budget or the context's end, whichever comes first,
// and answers at once when there is a single legal move or only a pass. It
// returns an error only for bad input: no limit at all, a negative budget,
// or an invalid position. The move returned is always legal; for a fixed
// Seed and the same sequence of searches with playout budgets (and no
// earlier deadline) the results are the same on every run. (With
// Config.Reuse a search starts from the tree of the one before; a single
// search, or Reuse off, depends only on the Seed, position and budget.)
func (s *Searcher) Search(ctx context.Context, pos othello.Position, lim Limits) (Result, error) {
	start := time.Now()
	if s == nil || s.core == nil {
		return Result{}, ErrNotReady
	}
	if err := pos.Validate(); err != nil {
		return Result{}, fmt.Errorf("%w: %w", ErrInvalidPosition, err)
	}
	res, err := s.core.Search(ctx, state{p: pos.Player, o: pos.Opponent}, lim)
	if errors.Is(err, mcts.ErrGameOver) {
		// The game is over: the only answer OTP has is a pass.
		return Result{Move: othello.Pass, Stats: Stats{
			Elapsed:   time.Since(start),
			Nodes:     1,
			PV:        []othello.Move{othello.Pass},
			Stopped:   StopSingleMove,
			RootMoves: []MoveStats{{Move: othello.Pass}},
		}}, nil
	}
	return res, err
}
