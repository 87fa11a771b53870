package mcts

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/tcgothello/mcts/internal/hugepages"
)

// Limits bound one search. The search stops at whichever limit comes first,
// the context's deadline and cancellation included.
type Limits struct {
	Deadline time.Time // zero: no deadline
	Playouts int64     // 0: no playout budget
	// StopWhenDecided ends the search as soon as no root move can catch
	// up with the most visited one (the robust choice the search returns)
	// in the playouts left before the deadline, at the rate so far, or in
	// what is left of the budget: the rest of those playouts could not
	// change the move, so a caller that keeps its own clock (otp.TimeBank)
	// gives the time they would have taken to the moves still open.
	StopWhenDecided bool
}

// Result is the outcome of a search.
type Result[M Move] struct {
	Move  M
	Stats Stats[M]
}

// clockEvery is how many iterations pass between two looks at the clock and
// the context. An iteration takes 1-4 µs in Othello, so the search notices
// its deadline within about 0.1 ms, while time.Now and the context check
// cost well under 1% of the search.
const clockEvery = 32

// maxRootVisits keeps node visit counts, which are uint32, from overflowing
// in a search without a budget that runs for hours.
const maxRootVisits = math.MaxUint32 - 1

// Errors returned by New and Search for bad input.
var (
	ErrNoLimit     = errors.New("search has no limit: give a deadline, a playout budget or a context with a deadline")
	ErrNotReady    = errors.New("searcher not created by New")
	ErrNoEvaluator = errors.New("the configuration needs an evaluator (SetEvaluator): leaf eval or mix, prior visits, a minimax weight, or greedy")
	ErrGameOver    = errors.New("the game is over: no move to search")
	ErrBadShape    = errors.New("invalid game shape")
)

// Searcher runs searches of game G, with states S and moves M, under one
// configuration, reusing its node arena. It is not safe for concurrent use.
type Searcher[S comparable, M Move, G Game[S, M]] struct {
	cfg      Config
	game     G
	maxScore int
	nodes    []node[M]
	used     uint32
	rng      RNG

	// Config values converted once to the types the hot path compares with.
	expandVisits    uint32
	pruneMinVisits  uint32
	pruneNodeVisits uint32
	pruneEvery      uint32

	root    S
	cur     S        // the position of the current descent (iterate)
	child   S        // a child's position, for prior visits (expand)
	path    []uint32 // the nodes of the current descent, root first
	moveBuf []M      // the moves of the node being expanded

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
	// grown is how many nodes the last search added to the arena, and
	// compactions how many reuses moved their subtree (compactWhen).
	grown       uint32
	compactions int

	// useMinimax is set when Config.MinimaxWeight is above 0: the nodes
	// keep their implicit minimax values (minimax.go).
	useMinimax bool
	// sumSq holds, indexed as nodes, the sum of the squared rewards of
	// every playout through each node, for the spread that progressive
	// pruning and SP-MCTS's selection need; nil when neither is on, which
	// keeps a node at 24 bytes and the backup at one write a node.
	sumSq []float64

	// evaluate, when set, estimates the final score for the side to
	// move: see SetEvaluator.
	evaluate func(s *S) float64

	// leafSolver, when set, proves the leaves it accepts: see
	// SetLeafSolver.
	leafSolver func(s *S) (int, bool)
	warming    bool // pruning's warm-up at the root is not over yet

	// Single-player searches (Config.SinglePlayer): the game's playout
	// recorder when it has one, the moves of the playout just run, and
	// the best line seen in this search (tree moves, then playout moves)
	// with its score.
	recorder  Recorder[S, M]
	played    []M
	best      []M
	bestScore int
}

// New validates cfg against the game's shape and returns a Searcher with
// its arena allocated.
func New[S comparable, M Move, G Game[S, M]](game G, cfg Config) (*Searcher[S, M, G], error) {
	shape := game.Shape()
	if shape.MaxMoves < 1 || shape.MaxMoves > math.MaxUint8 || shape.MaxPlies < 1 || shape.MaxScore < 1 {
		return nil, fmt.Errorf("%w: %+v: want MaxMoves 1..255, MaxPlies and MaxScore >= 1", ErrBadShape, shape)
	}
	err := cfg.Validate()
	if cfg.ArenaNodes < shape.MaxMoves+1 {
		err = errors.Join(err, fmt.Errorf("arena nodes %d: want at least %d, the root and its most moves", cfg.ArenaNodes, shape.MaxMoves+1))
	}
	if err != nil {
		return nil, fmt.Errorf("search config: %w", err)
	}
	s := &Searcher[S, M, G]{
		cfg:          cfg,
		game:         game,
		maxScore:     shape.MaxScore,
		nodes:        make([]node[M], cfg.ArenaNodes),
		path:         make([]uint32, shape.MaxPlies+1),
		moveBuf:      make([]M, 0, shape.MaxMoves),
		expandVisits: uint32(cfg.ExpandVisits),
		useMinimax:   cfg.MinimaxWeight > 0,
	}
	if cfg.Pruning || cfg.SinglePlayer {
		s.sumSq = make([]float64, cfg.ArenaNodes)
	}
	// The tree fills the arena from its start, page by page; on small
	// pages each 4 KiB of nodes cost a fault as the tree first reached it
	// (1,200 faults and 33-37 ms of CPU, 8%, in a new searcher's first
	// 200,000-playout Othello search, docs/performance.md). Huge pages
	// take one fault per 2 MiB.
	hugepages.Advise(s.nodes)
	hugepages.Advise(s.sumSq)
	if rec, ok := any(game).(Recorder[S, M]); ok && cfg.SinglePlayer {
		s.recorder = rec
		s.played = make([]M, 0, shape.MaxPlies)
		s.best = make([]M, 0, shape.MaxPlies)
	}
	if cfg.Pruning {
		// Validate bounded these by maxCount, so they fit.
		s.pruneMinVisits = uint32(cfg.PruneMinVisits)
		s.pruneNodeVisits = uint32(cfg.PruneNodeVisits)
		s.pruneEvery = uint32(cfg.PruneEvery)
	}
	return s, nil
}

// SetEvaluator gives the search an evaluation function: evaluate(s)
// returns the expected final score (Game.Score) for the side to move in s,
// exact when the game is over. Config.Leaf, PriorVisits and the Greedy
// algorithm use it. nil removes it. It is called from Search's goroutine
// only, and must be a function of the position alone: with implicit
// minimax backups the search keeps a node's value rather than ask twice.
func (s *Searcher[S, M, G]) SetEvaluator(evaluate func(s *S) float64) { s.evaluate = evaluate }

// evalReward returns the evaluator's value of st for its side to move, as
// a reward in 0..1.
func (s *Searcher[S, M, G]) evalReward(st *S) float64 {
	d := s.evaluate(st)
	if s.cfg.Reward == DiscDiff {
		m := float64(s.maxScore)
		return min(1, max(0, (d+m)/(2*m)))
	}
	return 1 / (1 + math.Exp(-d/s.cfg.EvalScale))
}

// SetLeafSolver gives the search an exact solver for the positions it
// accepts: solve(s) returns ok false for a position it declines (too big
// to prove in a few milliseconds, say), else +1, 0 or -1 as the side to
// move in s wins, draws or loses with perfect play. With Config.Solver,
// UCT then proves every leaf the solver accepts when it would expand it,
// instead of growing a subtree below it, and propagates proven results up
// the tree (MCTS-Solver); a search whose root is proven stops. nil removes
// the solver. The solver is called from Search's goroutine only, and must
// return quickly: the search cannot stop it.
func (s *Searcher[S, M, G]) SetLeafSolver(solve func(s *S) (outcome int, ok bool)) {
	s.leafSolver = solve
}

// Config returns the Searcher's configuration.
func (s *Searcher[S, M, G]) Config() Config { return s.cfg }

// Game returns the game the Searcher plays.
func (s *Searcher[S, M, G]) Game() G { return s.game }

// Search chooses a move for the side to move in st. It stops at the
// deadline, the playout budget or the context's end, whichever comes first,
// and answers at once when there is a single legal move. It returns an
// error only for bad input: no limit at all, a negative budget, a finished
// game, or a configuration that needs an evaluator without one. The move
// returned is always one of the game's moves; for a fixed Seed and the same
// sequence of searches with playout budgets (and no earlier deadline) the
// results are the same on every run. (With Config.Reuse a search starts
// from the tree of the one before; a single search, or Reuse off, depends
// only on the Seed, position and budget.)
func (s *Searcher[S, M, G]) Search(ctx context.Context, st S, lim Limits) (Result[M], error) {
	start := time.Now()
	if s == nil || len(s.nodes) == 0 {
		return Result[M]{}, ErrNotReady
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if lim.Playouts < 0 {
		return Result[M]{}, fmt.Errorf("playout budget %d: want 0 (none) or more", lim.Playouts)
	}
	if s.evaluate == nil && (s.cfg.Leaf != LeafPlayout || s.cfg.PriorVisits > 0 || s.cfg.MinimaxWeight > 0 || s.cfg.Algorithm == Greedy) {
		return Result[M]{}, ErrNoEvaluator
	}
	deadline := lim.Deadline
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	if deadline.IsZero() && lim.Playouts == 0 {
		return Result[M]{}, ErrNoLimit
	}

	// The position goes in a field before the game sees its address: a
	// parameter whose address escapes would move to the heap on every
	// search (a Kill-All Go state is 13 KB).
	s.cur = st
	moves := s.game.Moves(&s.cur, s.moveBuf[:0])
	s.moveBuf = moves[:0]
	switch len(moves) {
	case 0:
		return Result[M]{}, ErrGameOver
	case 1:
		return single(moves[0], start), nil
	}

	if s.cfg.Algorithm == Greedy {
		return s.greedy(moves, start), nil
	}
	s.begin(st)
	usedBefore := s.used // the kept tree's slots, or none for a new tree
	if s.reused == 0 {
		usedBefore = 0
	}
	budget := lim.Playouts
	if room := int64(maxRootVisits) - int64(s.nodes[0].visits); budget == 0 || budget > room {
		budget = room
	}
	stopped := StopPlayouts
	loopStart := time.Now()
	var it int64
	for ; it < budget; it++ {
		if it%clockEvery == 0 {
			if reason := s.expired(ctx, deadline); reason != "" {
				stopped = reason
				break
			}
			if lim.StopWhenDecided && it >= decidedMinPlayouts && s.decided(budget-it, it, loopStart, deadline) {
				stopped = StopDecided
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
	s.grown = s.used - usedBefore
	res := s.result(it, stopped, time.Since(start))
	res.Stats.Added = int(s.grown)
	return res, nil
}

// expired returns why the search must stop now, or "". The deadline is
// consulted only to stop, never to steer, so a search that ends on its
// budget does not depend on the clock.
func (s *Searcher[S, M, G]) expired(ctx context.Context, deadline time.Time) string {
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

// decidedMinPlayouts is how many playouts a search runs before
// Limits.StopWhenDecided may stop it: the rate of the first few dozen
// (page faults of a new tree, a cold cache) says little of the rest.
const decidedMinPlayouts = 256

// decided reports whether no root move can overtake the most visited one
// in the playouts left: at most left by the budget, and by the deadline,
// when there is one, as many as the done playouts since start took per
// second. Moves proven lost or pruned take no more visits and cannot catch
// up. A lead equal to what is left is not enough: the tie would go to the
// higher mean.
func (s *Searcher[S, M, G]) decided(left, done int64, start, deadline time.Time) bool {
	if !deadline.IsZero() {
		now := time.Now()
		elapsed := now.Sub(start)
		if elapsed <= 0 {
			return false
		}
		left = min(left, int64(float64(done)*float64(deadline.Sub(now))/float64(elapsed))+1)
	}
	root := &s.nodes[0]
	var first, second uint32
	for _, ch := range s.nodes[root.first : root.first+uint32(root.nchild)] {
		if ch.flags&(flagLoss|flagPruned) != 0 {
			continue
		}
		if ch.visits > first {
			first, second = ch.visits, first
		} else if ch.visits > second {
			second = ch.visits
		}
	}
	return int64(first)-int64(second) > left
}

// greedy answers with the move among moves (those of s.cur) whose
// resulting position is worth most to the side that moves, by the
// evaluator; ties go to the first move.
func (s *Searcher[S, M, G]) greedy(moves []M, start time.Time) Result[M] {
	best, bestValue := moves[0], math.Inf(-1)
	roots := make([]MoveStats[M], 0, len(moves))
	for _, m := range moves {
		s.child = s.cur
		s.game.Play(&s.child, m)
		v := 1 - s.evalReward(&s.child)
		roots = append(roots, MoveStats[M]{Move: m, Mean: v})
		if v > bestValue {
			best, bestValue = m, v
		}
	}
	return Result[M]{Move: best, Stats: Stats[M]{
		Elapsed:   time.Since(start),
		Nodes:     1,
		WinRate:   bestValue,
		PV:        []M{best},
		Stopped:   StopGreedy,
		RootMoves: roots,
	}}
}

// single is the answer for a position with one legal move (a forced pass
// included).
func single[M Move](m M, start time.Time) Result[M] {
	return Result[M]{Move: m, Stats: Stats[M]{
		Elapsed:   time.Since(start),
		Nodes:     1,
		PV:        []M{m},
		Stopped:   StopSingleMove,
		RootMoves: []MoveStats[M]{{Move: m}},
	}}
}

// begin prepares a search of st: it keeps the last search's tree below st
// if it can (Config.Reuse), else clears the arena; and it seeds the
// generator from the Seed and the position.
func (s *Searcher[S, M, G]) begin(st S) {
	s.reused = s.reuse(st)
	if s.reused == 0 {
		s.reset(st)
	}
	s.treeValid = s.cfg.Algorithm == UCT
	s.maxDepth, s.pruned, s.solvedLeaves, s.arenaFull = 0, 0, 0, false
	s.warming = s.cfg.Pruning
	s.rng = NewRNG(s.cfg.Seed ^ s.game.Hash(&st))
	s.best, s.bestScore = s.best[:0], math.MinInt
}

// Reset forgets the tree kept for reuse: the next search starts afresh. A
// new game or a position that does not follow from the last search's
// starts afresh anyway.
func (s *Searcher[S, M, G]) Reset() { s.treeValid = false }

// reset clears the arena for a search of st and expands the root.
func (s *Searcher[S, M, G]) reset(st S) {
	s.root = st
	var noMove M
	s.nodes[0] = node[M]{move: noMove, minimax: unvalued}
	if s.sumSq != nil {
		s.sumSq[0] = 0
	}
	s.used = 1
	s.expand(0, &s.root) // room is guaranteed by New's arena check
}

// bestChild returns the robust choice among n's children: a proven win if
// there is one, else a move in the running (not pruned, not proven lost),
// else a pruned move not proven lost, else a loss; among those the most
// visited, ties going to the higher mean and then to the lower index. With
// no visits at all (a deadline already past) that is the first legal move.
// It returns false for a node without children.
func (s *Searcher[S, M, G]) bestChild(n uint32) (uint32, bool) {
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
func (s *Searcher[S, M, G]) result(playouts int64, stopped string, elapsed time.Duration) Result[M] {
	st := Stats[M]{
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
	st.RootMoves = make([]MoveStats[M], root.nchild)
	for i := range st.RootMoves {
		ch := &s.nodes[root.first+uint32(i)]
		var sumSq float64
		if s.sumSq != nil {
			sumSq = s.sumSq[root.first+uint32(i)]
		}
		mean, se := meanStdErr(ch.sum, sumSq, ch.visits)
		if s.sumSq == nil || ch.visits < 2 {
			se = 0 // no spread kept, or none known yet
		}
		st.RootMoves[i] = MoveStats[M]{Move: ch.move, Visits: int64(ch.visits), Mean: mean, StdErr: se, Pruned: ch.flags&flagPruned != 0,
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
	if s.recorder != nil && len(s.best) > 0 {
		st.BestSequence, st.BestScore = append([]M(nil), s.best...), s.bestScore
	}
	st.PV = make([]M, 0, len(s.path))
	for n, ok := c, true; ok && len(st.PV) < len(s.path); n, ok = s.bestChild(n) {
		if s.nodes[n].visits == 0 && len(st.PV) > 0 {
			break
		}
		st.PV = append(st.PV, s.nodes[n].move)
	}
	return Result[M]{Move: chosen.move, Stats: st}
}
