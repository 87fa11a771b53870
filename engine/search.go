package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// Limits bound one search. The search stops at whichever limit comes first,
// the context's deadline and cancellation included.
type Limits struct {
	Deadline time.Time // zero: no deadline
	Playouts int64     // 0: no playout budget
}

// Result is the outcome of a search.
type Result struct {
	Move  othello.Move // othello.Pass when the side to move must pass
	Stats Stats
}

// clockEvery is how many iterations pass between two looks at the clock and
// the context. An iteration takes 1-4 µs, so the search notices its deadline
// within about 0.1 ms, while time.Now and the context check cost well under
// 1% of the search.
const clockEvery = 32

// maxRootVisits keeps node visit counts, which are uint32, from overflowing
// in a search without a budget that runs for hours.
const maxRootVisits = math.MaxUint32 - 1

// Errors returned by Search for bad input.
var (
	ErrNoLimit         = errors.New("search has no limit: give a deadline, a playout budget or a context with a deadline")
	ErrInvalidPosition = errors.New("invalid position")
	ErrNotReady        = errors.New("searcher not created by engine.New")
	ErrNoEvaluator     = errors.New("the configuration needs an evaluator (SetEvaluator): leaf eval or mix, prior visits, or greedy")
)

// Searcher runs searches with one configuration, reusing its node arena. It
// is not safe for concurrent use.
type Searcher struct {
	cfg   Config
	nodes []node
	used  uint32
	rng   rng

	// Config values converted once to the types the hot path compares with.
	expandVisits    uint32
	pruneMinVisits  uint32
	pruneNodeVisits uint32
	pruneEvery      uint32

	rootP, rootO uint64
	path         [maxPath]uint32

	// Per-search statistics kept by the hot path.
	maxDepth     int
	pruned       int
	solvedLeaves int64
	arenaFull    bool

	// Tree reuse (reuse.go): whether the arena holds the tree of the last
	// search, and the buffers the move of a subtree reuses.
	treeValid   bool
	reuseBlocks []reuseBlock
	reuseStack  [][2]uint32
	reused      int64

	// evaluate, when set, estimates the final disc difference for the
	// side to move: see SetEvaluator.
	evaluate func(p, o uint64) float64

	// leafSolver, when set, proves leaves of at most cfg.SolveEmpties
	// empty squares: see SetLeafSolver.
	leafSolver func(p, o uint64) int
	warming    bool // pruning's warm-up at the root is not over yet
}

// New validates cfg and returns a Searcher with its arena allocated.
func New(cfg Config) (*Searcher, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("engine config: %w", err)
	}
	s := &Searcher{
		cfg:          cfg,
		nodes:        make([]node, cfg.ArenaNodes),
		expandVisits: uint32(cfg.ExpandVisits),
	}
	if cfg.Pruning {
		// Validate bounded these by maxCount, so they fit.
		s.pruneMinVisits = uint32(cfg.PruneMinVisits)
		s.pruneNodeVisits = uint32(cfg.PruneNodeVisits)
		s.pruneEvery = uint32(cfg.PruneEvery)
	}
	return s, nil
}

// SetEvaluator gives the search an evaluation function: evaluate(p, o)
// returns the expected final disc difference for the side to move, owning
// the discs p against o (exact when the game is over). Config.Leaf,
// PriorVisits and the Greedy algorithm use it. nil removes it. It is called
// from Search's goroutine only.
func (s *Searcher) SetEvaluator(evaluate func(p, o uint64) float64) { s.evaluate = evaluate }

// evalReward returns the evaluator's value of the position for its side to
// move, as a reward in 0..1.
func (s *Searcher) evalReward(p, o uint64) float64 {
	d := s.evaluate(p, o)
	if s.cfg.Reward == DiscDiff {
		return min(1, max(0, (d+64)/128))
	}
	return 1 / (1 + math.Exp(-d/s.cfg.EvalScale))
}

// SetLeafSolver gives the search an exact solver for small positions:
// solve(p, o) must return +1, 0 or -1 as the side to move, owning the discs
// p against o, wins, draws or loses with perfect play. UCT then proves every
// leaf of at most Config.SolveEmpties empty squares that it would expand,
// instead of growing a subtree below it, and propagates proven results up
// the tree (MCTS-Solver); a search whose root is proven stops. nil removes
// the solver. The solver is called from Search's goroutine only.
func (s *Searcher) SetLeafSolver(solve func(p, o uint64) int) { s.leafSolver = solve }

// Config returns the Searcher's configuration.
func (s *Searcher) Config() Config { return s.cfg }

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
	if s == nil || len(s.nodes) == 0 {
		return Result{}, ErrNotReady
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := pos.Validate(); err != nil {
		return Result{}, fmt.Errorf("%w: %w", ErrInvalidPosition, err)
	}
	if lim.Playouts < 0 {
		return Result{}, fmt.Errorf("playout budget %d: want 0 (none) or more", lim.Playouts)
	}
	if s.evaluate == nil && (s.cfg.Leaf != LeafPlayout || s.cfg.PriorVisits > 0 || s.cfg.Algorithm == Greedy) {
		return Result{}, ErrNoEvaluator
	}
	deadline := lim.Deadline
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	if deadline.IsZero() && lim.Playouts == 0 {
		return Result{}, ErrNoLimit
	}

	moves := pos.Moves()
	switch bits.OnesCount64(moves) {
	case 0:
		return single(othello.Pass, start), nil
	case 1:
		return single(othello.Move(bits.TrailingZeros64(moves)), start), nil
	}

	if s.cfg.Algorithm == Greedy {
		return s.greedy(pos, start), nil
	}
	s.begin(pos)
	budget := lim.Playouts
	if room := int64(maxRootVisits) - int64(s.nodes[0].visits); budget == 0 || budget > room {
		budget = room
	}
	stopped := StopPlayouts
	var it int64
	for ; it < budget; it++ {
		if it%clockEvery == 0 {
			if reason := s.expired(ctx, deadline); reason != "" {
				stopped = reason
				break
			}
		}
		if s.nodes[0].flags&flagProven != 0 {
			stopped = StopProven
			break
		}
		if s.cfg.Pruning && it > 0 && it%int64(s.pruneEvery) == 0 {
			if r := s.prune(0); r.remaining == 1 {
				stopped = StopPrunedToOne
				break
			} else if r.allEqual {
				stopped = StopAllEqual
				break
			}
		}
		s.iterate()
	}
	return s.result(it, stopped, time.Since(start)), nil
}

// expired returns why the search must stop now, or "". The deadline is
// consulted only to stop, never to steer, so a search that ends on its
// budget does not depend on the clock.
func (s *Searcher) expired(ctx context.Context, deadline time.Time) string {
	select {
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return StopDeadline
		}
		return StopCancelled
	default:
	}
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return StopDeadline
	}
	return ""
}

// greedy answers with the move whose resulting position is worth most to
// the side that moves, by the evaluator; ties go to the lower square.
func (s *Searcher) greedy(pos othello.Position, start time.Time) Result {
	best, bestValue := othello.NoMove, math.Inf(-1)
	var roots []MoveStats
	for moves := pos.Moves(); moves != 0; moves &= moves - 1 {
		m := othello.Move(bits.TrailingZeros64(moves))
		p, o := step(pos.Player, pos.Opponent, m)
		v := 1 - s.evalReward(p, o)
		roots = append(roots, MoveStats{Move: m, Mean: v})
		if v > bestValue {
			best, bestValue = m, v
		}
	}
	return Result{Move: best, Stats: Stats{
		Elapsed:   time.Since(start),
		Nodes:     1,
		WinRate:   bestValue,
		PV:        []othello.Move{best},
		Stopped:   StopGreedy,
		RootMoves: roots,
	}}
}

// single is the answer for a position with one legal move or a forced pass.
func single(m othello.Move, start time.Time) Result {
	return Result{Move: m, Stats: Stats{
		Elapsed:   time.Since(start),
		Nodes:     1,
		PV:        []othello.Move{m},
		Stopped:   StopSingleMove,
		RootMoves: []MoveStats{{Move: m}},
	}}
}

// begin prepares a search of pos: it keeps the last search's tree below pos
// if it can (Config.Reuse), else clears the arena; and it seeds the
// generator from the Seed and the position.
func (s *Searcher) begin(pos othello.Position) {
	s.reused = s.reuse(pos)
	if s.reused == 0 {
		s.reset(pos)
	}
	s.treeValid = s.cfg.Algorithm == UCT
	s.maxDepth, s.pruned, s.solvedLeaves, s.arenaFull = 0, 0, 0, false
	s.warming = s.cfg.Pruning
	s.rng = newRNG(s.cfg.Seed ^ splitmix64(pos.Player^splitmix64(pos.Opponent)))
}

// Reset forgets the tree kept for reuse: the next search starts afresh. A
// new game or a position that does not follow from the last search's
// starts afresh anyway.
func (s *Searcher) Reset() { s.treeValid = false }

// reset clears the arena for a search of pos and expands the root.
func (s *Searcher) reset(pos othello.Position) {
	s.rootP, s.rootO = pos.Player, pos.Opponent
	s.nodes[0] = node{move: othello.NoMove}
	s.used = 1
	s.expand(0, s.rootP, s.rootO) // room is guaranteed by MinArenaNodes
}

// bestChild returns the robust choice among n's children: a proven win if
// there is one, else a move in the running (not pruned, not proven lost),
// else a pruned move not proven lost, else a loss; among those the most
// visited, ties going to the higher mean and then to the lower index. With no visits at all (a deadline already past)
// that is the first legal move. It returns false for a node without
// children.
func (s *Searcher) bestChild(n uint32) (uint32, bool) {
	nd := &s.nodes[n]
	if nd.nchild == 0 {
		return 0, false
	}
	best, bestRank := -1, -1
	var bestVisits uint32
	bestMean := math.Inf(-1)
	children := s.nodes[nd.first : nd.first+uint32(nd.nchild)]
	for i := range children {
		ch := &children[i]
		// Best first: a proven win; a move in the running; a pruned move
		// not proven lost; a proven loss.
		rank := 2
		switch {
		case ch.flags&flagWin != 0:
			rank = 3
		case ch.flags&flagLoss != 0:
			rank = 0
		case ch.flags&flagPruned != 0:
			rank = 1
		}
		mean := math.Inf(-1)
		if ch.visits > 0 {
			mean = ch.sum / float64(ch.visits)
		}
		if best < 0 || rank > bestRank || rank == bestRank && (ch.visits > bestVisits || ch.visits == bestVisits && mean > bestMean) {
			best, bestRank, bestVisits, bestMean = i, rank, ch.visits, mean
		}
	}
	return nd.first + uint32(best), true
}

// result gathers the statistics of the search just run.
func (s *Searcher) result(playouts int64, stopped string, elapsed time.Duration) Result {
	st := Stats{
		Playouts:  playouts,
		Elapsed:   elapsed,
		Nodes:     int(s.used),
		MaxDepth:  s.maxDepth,
		Pruned:    s.pruned,
		Stopped:   stopped,
		ArenaFull: s.arenaFull,
	}
	if elapsed > 0 {
		st.PlayoutsPerSecond = float64(playouts) / elapsed.Seconds()
	}
	root := &s.nodes[0]
	st.RootMoves = make([]MoveStats, root.nchild)
	for i := range st.RootMoves {
		ch := &s.nodes[root.first+uint32(i)]
		mean, se := meanStdErr(ch.sum, ch.sumSq, ch.visits)
		if ch.visits < 2 {
			se = 0
		}
		st.RootMoves[i] = MoveStats{Move: ch.move, Visits: int64(ch.visits), Mean: mean, StdErr: se, Pruned: ch.flags&flagPruned != 0,
			Proven: ch.flags&flagProven != 0, Outcome: provenOutcome(ch.flags)}
	}
	c, _ := s.bestChild(0)
	chosen := &s.nodes[c]
	st.Proven, st.Outcome = chosen.flags&flagProven != 0, provenOutcome(chosen.flags)
	st.SolvedLeaves = s.solvedLeaves
	st.ReusedVisits = s.reused
	st.Visits = int64(chosen.visits)
	if chosen.visits > 0 {
		st.WinRate = chosen.sum / float64(chosen.visits)
	}
	// One allocation whatever the depth: a search's allocations must not
	// grow with its length (TestSearchAllocsFlat).
	st.PV = make([]othello.Move, 0, maxPath)
	for n, ok := c, true; ok && len(st.PV) < maxPath; n, ok = s.bestChild(n) {
		if s.nodes[n].visits == 0 && len(st.PV) > 0 {
			break
		}
		st.PV = append(st.PV, s.nodes[n].move)
	}
	return Result{Move: chosen.move, Stats: st}
}
