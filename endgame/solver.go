package endgame

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// Mode is what a solve proves.
type Mode int

// The solve modes.
const (
	// Exact finds the exact final disc difference.
	Exact Mode = iota
	// WLD finds only whether the side to move wins, draws or loses: a
	// search with the window (-1, 1), several times faster than Exact.
	WLD
)

// String returns the mode's name as ParseMode accepts it.
func (m Mode) String() string {
	switch m {
	case Exact:
		return "exact"
	case WLD:
		return "wld"
	}
	return "mode(" + strconv.Itoa(int(m)) + ")"
}

// ParseMode parses "exact" or "wld", in any case.
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "exact":
		return Exact, nil
	case "wld":
		return WLD, nil
	}
	return Exact, fmt.Errorf("unknown solve mode %q: want exact or wld", s)
}

// Result is what a solve proved.
type Result struct {
	// Score is the final disc difference for the side to move with
	// perfect play, empty squares to the winner. After a WLD solve it is
	// only the sign: +1 a win, 0 a draw, -1 a loss.
	Score int
	// Move is a move that reaches Score: othello.Pass when the side to
	// move has no legal move (the game may be over). After a WLD solve of
	// a lost position every move loses and Move is one of them.
	Move    othello.Move
	Mode    Mode
	Nodes   uint64        // positions visited
	Elapsed time.Duration // wall-clock time of the solve
	// Proven is true when the solve finished; Lower and Upper are then
	// both Score. A solve of SolveBounds cut short by its context leaves
	// Proven false and what it had proven: the score lies in
	// Lower..Upper (both after WLD's sign when the mode is WLD), and Move
	// reaches at least Lower, or is the move the solver tried first when
	// nothing better than -64 (-1 for WLD) was proven. Score is then
	// Lower.
	Proven       bool
	Lower, Upper int
}

// Outcome returns +1, 0 or -1: whether the side to move wins, draws or
// loses.
func (r Result) Outcome() int {
	switch {
	case r.Score > 0:
		return 1
	case r.Score < 0:
		return -1
	}
	return 0
}

// MoveScore is the exact score of one legal move: the final disc difference
// for the side that plays it, with perfect play after it.
type MoveScore struct {
	Move  othello.Move
	Score int
}

// ErrStopped is returned (wrapped with the context's error, or with
// ErrNodeLimit) when a solve is cut short by its context or its node limit
// before it proves anything.
var ErrStopped = errors.New("solve stopped before it finished")

// ErrNodeLimit is the cause of a solve stopped by SetNodeLimit's limit.
var ErrNodeLimit = errors.New("node limit reached")

// checkInterval is how many nodes pass between two looks at the clock and
// the context. The solver visits some 7-20 million nodes a second on
// average, but far fewer near the root, where every node orders its moves
// by the evaluation. Measured in thread CPU time between looks while
// solving FFO #40-#59 (2-core machine, busy): at 4096 nodes the median
// was 0.3 ms, 1% of the intervals passed 1.3 ms and the longest 5 ms, so a
// deadline of a few milliseconds was overrun several times over; at 512
// the median is 34 µs, the 99th percentile 0.3 ms. A look (the clock and
// the context, about 50 ns) still costs about 0.1% of the nodes between:
// BenchmarkSolveFFO40to44 used the same CPU time, node for node.
const checkInterval = 512

// Solver solves endgames with one transposition table, which it keeps from
// one solve to the next (an entry holds true bounds on a position's exact
// score, whatever search wrote it). A Solver is not safe for concurrent use.
type Solver struct {
	table table

	// orderEval, when set, adds an evaluation to the move ordering of
	// large subtrees: see SetOrderEval.
	orderEval func(p, o uint64) int32

	// Per-solve state of the hot path.
	nodes uint64
	// selective is set during the selective pre-search (preSearch): the
	// search then takes probabilistic cut-offs and marks what it stores.
	selective bool
	nextCheck uint64
	stopped   bool
	ctx       context.Context
	// nodeLimit, when above 0, stops a solve once it has visited that
	// many nodes (SetNodeLimit); limited is set when it did.
	nodeLimit uint64
	limited   bool
	// deadline is ctx's, read once: the solver compares it with the
	// clock itself rather than wait for ctx's timer, which fires late
	// when the process is short of a core. The zero time: none.
	deadline time.Time

	// lists[n] holds the ordered moves of the node being searched with n
	// empty squares, evalLists[d] those of an ordering search d plies
	// from its leaves: one node of each is open at a time, and a list on
	// the stack would be cleared (a kilobyte) at every node.
	lists     [65][maxMoves]candidate
	evalLists [orderSearchMaxDepth + 2][maxMoves]candidate
}

// New returns a Solver with a transposition table of at most tableBytes
// bytes (at least MinTableBytes), allocated now, once.
func New(tableBytes int) (*Solver, error) {
	t, err := newTable(tableBytes)
	if err != nil {
		return nil, err
	}
	return &Solver{table: t}, nil
}

// SetOrderEval gives the solver an evaluation for its move ordering:
// evaluate(p, o) estimates the final disc difference for the side to move
// in 1/256 discs (evalUnitsPerDisc). From orderEvalEmpties empty squares, moves after which the
// opponent's position evaluates worse are tried first. It changes only
// how fast a solve finishes, never its result. nil removes it.
func (s *Solver) SetOrderEval(evaluate func(p, o uint64) int32) { s.orderEval = evaluate }

// HasOrderEval reports whether the solver has the order evaluation
// (SetOrderEval), which SolveSelective needs.
func (s *Solver) HasOrderEval() bool { return s.orderEval != nil }

// TableBytes returns the memory held by the transposition table.
func (s *Solver) TableBytes() int { return len(s.table.buckets) * bucketBytes }

// Populate makes up to maxBytes more of the transposition table resident
// and reports whether all of it is. The table is allocated without being
// written, so that a process starts fast; its pages are then faulted in
// (given memory, zeroed) by the first solves that touch them, which costs
// the first solve of a process up to some tenths of a second with a large
// table (docs/performance.md). A caller with time to spare before its first
// solve, as genmove has in the moves before the endgame, calls Populate in
// small steps to pay that cost early; entries already stored are kept.
// Where the system cannot populate pages without writing them (Linux
// before 5.14, other systems), it does nothing and reports true. A
// maxBytes of 0 only asks.
func (s *Solver) Populate(maxBytes int) bool { return s.table.populateNext(maxBytes) }

// Resident makes the whole transposition table resident now, for a
// caller whose first solve is timed (search --solve with --time), so that
// the solve does not spend its time on page faults: Populate all of it
// where the system can, else writing every entry empty, which faults the
// pages in too but forgets what the table held (nothing, on a new Solver).
// It takes some tenths of a second for the default table on a loaded
// machine.
func (s *Solver) Resident() {
	if s.table.populateNext(len(s.table.buckets)*bucketBytes) && !s.table.populateFailed {
		return
	}
	s.table.clear()
}

// SetNodeLimit makes every later solve stop, as at the end of its context,
// once it has visited n nodes (it looks at its count every checkInterval
// nodes, and at n itself); 0 removes the limit. Unlike a deadline, the
// limit stops a solve at the same node on every machine and under any
// load: a caller that must give the same answer to the same sequence of
// solves budgets them in nodes, with a context that has no deadline, and
// the solve then never reads the clock. Outcome ignores the limit.
func (s *Solver) SetNodeLimit(n uint64) { s.nodeLimit = n }

// Clear forgets everything the transposition table holds.
func (s *Solver) Clear() { s.table.clear() }

// checkStop looks at the clock and the context, and schedules the next
// look.
func (s *Solver) checkStop() {
	s.nextCheck = s.nodes + checkInterval
	if s.nodeLimit > 0 {
		if s.nodes >= s.nodeLimit {
			s.stopped, s.limited = true, true
			return
		}
		s.nextCheck = min(s.nextCheck, s.nodeLimit)
	}
	if !s.deadline.IsZero() && !time.Now().Before(s.deadline) || s.ctx.Err() != nil {
		s.stopped = true
	}
}

// begin prepares a solve of pos.
func (s *Solver) begin(ctx context.Context, pos othello.Position) error {
	if s == nil || len(s.table.buckets) == 0 {
		return errors.New("endgame: solver not created by New")
	}
	if err := pos.Validate(); err != nil {
		return fmt.Errorf("invalid position: %w", err)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	s.ctx = ctx
	s.deadline, _ = ctx.Deadline()
	s.nodes, s.nextCheck, s.stopped, s.limited = 0, checkInterval, false, false
	if s.nodeLimit > 0 {
		s.nextCheck = min(s.nextCheck, s.nodeLimit)
	}
	s.table.age()
	return nil
}

// stopErr is the error of a solve cut short: its node limit's, its
// context's, or the deadline's when the solver saw it pass before the
// context's timer did.
func (s *Solver) stopErr() error {
	if s.limited {
		return fmt.Errorf("%w: %w (%d nodes)", ErrStopped, ErrNodeLimit, s.nodeLimit)
	}
	cause := context.Cause(s.ctx)
	if cause == nil {
		cause = context.DeadlineExceeded
	}
	return fmt.Errorf("%w: %w", ErrStopped, cause)
}

// Solve proves the result of pos with perfect play: its exact score (Exact)
// or only its sign (WLD), and a move that reaches it. It stops with an
// error wrapping ErrStopped when ctx ends before the result is proven (an
// exact solve whose WLD search proved a draw has its result, 0, then); its
// work is not lost, since the table keeps the bounds it proved for a later
// solve.
func (s *Solver) Solve(ctx context.Context, pos othello.Position, mode Mode) (Result, error) {
	r, err := s.SolveBounds(ctx, pos, mode)
	if err == nil && !r.Proven {
		return Result{}, s.stopErr()
	}
	return r, err
}

// SolveBounds is Solve under a time limit, as an analysis program runs it:
// when ctx ends first it returns, without an error, the bounds it had
// proven and its best move so far, with Proven false (see Result). It
// fails only for an invalid position or mode. The search is Solve's, node
// for node.
func (s *Solver) SolveBounds(ctx context.Context, pos othello.Position, mode Mode) (Result, error) {
	start := time.Now()
	if err := s.begin(ctx, pos); err != nil {
		return Result{}, err
	}
	if mode != WLD && mode != Exact {
		return Result{}, fmt.Errorf("endgame: unknown mode %d", int(mode))
	}
	p, o := pos.Player, pos.Opponent
	// On a large root, the selective pre-search first (probcut.go): its
	// moves order the searches below and its score is the exact
	// narrowing's first guess. It needs the evaluation its shallow
	// searches run on.
	guess, guessed := 0, false
	if pos.Empties() >= preSearchMinEmpties && s.orderEval != nil {
		guess, guessed = s.preSearch(p, o, mode)
	}
	// The win/loss/draw search first, in both modes: in Exact it is fast,
	// and the bounds and best moves it leaves in the table guide the
	// exact search, which then needs fewer nodes in all (FFO #40-#44: 11%
	// fewer).
	b := bounds{lower: -64, upper: 64}
	b.add(s.root(p, o, -1, 1), -1, 1, s.stopped)
	if mode == Exact && !s.stopped {
		if !guessed {
			guess, guessed = s.estimate(p, o)
		}
		s.narrow(p, o, &b, guess, guessed)
	}
	return s.result(b, mode, start), nil
}

// result is what a solve begun at start has found in b: its bounds (after
// WLD's sign when the mode is WLD), Score its lower bound, proven when the
// bounds meet.
func (s *Solver) result(b bounds, mode Mode, start time.Time) Result {
	r := Result{Move: b.move, Mode: mode, Nodes: s.nodes, Elapsed: time.Since(start), Lower: b.lower, Upper: b.upper}
	if mode == WLD {
		r.Lower, r.Upper = cmp.Compare(r.Lower, 0), cmp.Compare(r.Upper, 0)
	}
	r.Score, r.Proven = r.Lower, r.Lower == r.Upper
	return r
}

// SolveSelective runs the selective pre-search of an exact solve on its
// own (probcut.go): the null-window narrowing of the score with ProbCut's
// cut-offs, which an exact solve runs first on a large root. Its score is
// only likely, not proven, but it comes at a small part of the exact
// solve's cost (FFO #45-#52 at 24-27 empties: a tenth or less), so a game
// can play its move some empty squares before the exact proof fits in a
// move's time. It returns the score in Score, the move that reaches it in
// Move, and Proven true when the narrowing finished (Lower = Upper =
// Score: settled, as far as the selective search can tell); when ctx ends
// first, Proven is false and Lower..Upper and Move are what it had found,
// as for SolveBounds. It needs the order evaluation (SetOrderEval) and
// fails without one, or for an invalid position. The entries it leaves
// in the table are marked selective: a later exact solve uses only their
// moves.
func (s *Solver) SolveSelective(ctx context.Context, pos othello.Position) (Result, error) {
	start := time.Now()
	if err := s.begin(ctx, pos); err != nil {
		return Result{}, err
	}
	if s.orderEval == nil {
		return Result{}, errors.New("endgame: a selective search needs the order evaluation (SetOrderEval)")
	}
	return s.result(s.selectiveNarrow(pos.Player, pos.Opponent), Exact, start), nil
}

// SolveBisect proves the exact score of pos, known to be at most upper, by
// bisection: each step is a null-window search asking whether the score
// reaches the middle of the interval still open, which it then halves. It
// is meant for a position a WLD solve proved lost (upper -1) when the exact
// solve may not fit in the time. Its first step, halfway down to -64,
// proves a bound far below the score cheaply (one move's proof suffices)
// together with a move that reaches it, and every later step tightens one
// side, so a solve cut short still names a move that cannot lose by much;
// the exact solve names none until its narrowing has proven a bound
// (docs/endgame.md measures both: a first step at the evaluation's
// estimate, as the exact solve's, proved a move less often). When ctx
// ends first it returns, without
// an error, what it had proven, as SolveBounds does: the score lies in
// Lower..Upper and, when Lower is above -64, Move reaches at least Lower.
// It fails only for an invalid position.
func (s *Solver) SolveBisect(ctx context.Context, pos othello.Position, upper int) (Result, error) {
	start := time.Now()
	if err := s.begin(ctx, pos); err != nil {
		return Result{}, err
	}
	p, o := pos.Player, pos.Opponent
	// A final score is even (the empty squares go to the winner, whose
	// count is then 64 minus the loser's), so the steps ask about even
	// scores and the bounds round to even numbers.
	b := bounds{lower: -64, upper: evenFloor(min(max(upper, -64), 64))}
	for b.lower < b.upper && !s.stopped {
		t := b.lower + evenCeil((b.upper-b.lower)/2) // is the score at least t?
		b.add(s.root(p, o, t-1, t), t-1, t, s.stopped)
		b.lower, b.upper = evenCeil(b.lower), evenFloor(b.upper)
	}
	return s.result(b, Exact, start), nil
}

// evenFloor returns the largest even number at most v.
func evenFloor(v int) int { return v &^ 1 }

// evenCeil returns the smallest even number at least v.
func evenCeil(v int) int { return (v + 1) &^ 1 }

// bounds is what a solve has proven of the root's score: it lies in
// lower..upper, and move reaches at least lower.
type bounds struct {
	lower, upper int
	move         othello.Move
	moveSet      bool // move was chosen by a search, not left at its zero
}

// add narrows the bounds with a root search of window (alpha, beta): a
// finished search's fail-soft score, or what a stopped one proved.
func (b *bounds) add(r rootResult, alpha, beta int, stopped bool) {
	if !b.moveSet {
		b.move, b.moveSet = r.move, true
	}
	switch {
	case stopped:
		// Only the moves it finished count: the best of them reaches
		// r.lower, when that is above the window.
		if r.lower > alpha && r.lower > b.lower {
			b.lower, b.move = r.lower, r.move
		}
		return
	case r.score <= alpha:
		b.upper = min(b.upper, r.score)
	case r.score >= beta:
		if r.score > b.lower {
			b.lower, b.move = r.score, r.move
		}
	default:
		b.lower, b.upper, b.move = r.score, r.score, r.move
	}
	if b.lower > b.upper {
		// Cannot happen in an exact search, whose every bound is proven;
		// the selective pre-search's bounds are only likely and may
		// cross. Trust the later search.
		b.lower, b.upper = r.score, r.score
	}
}

// SolveMoves returns the exact score of every legal move of pos, in square
// order (a single Pass when the side to move has none). It costs more than
// Solve, which needs to prove only that the other moves are no better.
func (s *Solver) SolveMoves(ctx context.Context, pos othello.Position) ([]MoveScore, error) {
	if err := s.begin(ctx, pos); err != nil {
		return nil, err
	}
	p, o := pos.Player, pos.Opponent
	n := 64 - bits.OnesCount64(p|o)
	moves := othello.Moves(p, o)
	if moves == 0 {
		score := 0
		if othello.Moves(o, p) == 0 {
			score = othello.FinalScore(p, o, n)
		} else {
			score = -s.solve(o, p, -64, 64, n)
		}
		if s.stopped {
			return nil, s.stopErr()
		}
		return []MoveScore{{Move: othello.Pass, Score: score}}, nil
	}
	var scores []MoveScore
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := othello.Flips(p, o, sq)
		v := -s.solve(o^f, p|f|1<<sq, -64, 64, n-1)
		if s.stopped {
			return nil, s.stopErr()
		}
		scores = append(scores, MoveScore{Move: othello.Move(sq), Score: v})
	}
	return scores, nil
}

// Outcome returns +1, 0 or -1 as the side to move, owning the discs p
// against o, wins, draws or loses with perfect play. It is meant for the
// small positions at the leaves of a tree search (engine.SetLeafSolver):
// it cannot be stopped and does not start a new table generation, so it
// suits positions that take microseconds, not seconds
// (BenchmarkOutcome: about 10 µs at 10 empty squares).
func (s *Solver) Outcome(p, o uint64) int {
	// It cannot be stopped: it never looks at the clock.
	s.ctx, s.deadline, s.stopped, s.nextCheck = context.Background(), time.Time{}, false, math.MaxUint64
	v := s.solve(p, o, -1, 1, 64-bits.OnesCount64(p|o))
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// rootResult is what a root search found: its fail-soft score and the move
// that reached it and, should it be stopped, lower, the best score proven
// by the moves it finished (alpha if none beat it), which move reaches.
type rootResult struct {
	score int
	move  othello.Move
	lower int
}

// root searches the root position with the window (alpha, beta).
func (s *Solver) root(p, o uint64, alpha, beta int) rootResult {
	n := 64 - bits.OnesCount64(p|o)
	moves := othello.Moves(p, o)
	if moves == 0 {
		s.nodes++
		if othello.Moves(o, p) == 0 {
			v := othello.FinalScore(p, o, n)
			return rootResult{score: v, move: othello.Pass, lower: max(alpha, v)}
		}
		v := -s.solve(o, p, -beta, -alpha, n)
		return rootResult{score: v, move: othello.Pass, lower: alpha}
	}
	// The root is deep without the cut-offs: it must name a move that
	// reaches its score, which a bound from the table or the stability
	// cut-off would not give.
	hashMove := uint8(noSquare)
	if e := s.table.probe(p, o); e != nil {
		hashMove = e.move()
	}
	list := &s.lists[n]
	k := rateMoves(p, o, moves, hashMove, list)
	s.searchKeys(p, o, list, k, n)
	selectNext(list, 0, k)
	best, bestMove := noScore, othello.Move(list[0].sq)
	lo := alpha
	nullLo, nullMove := alpha, bestMove
	for i := 0; i < k && !s.stopped; i++ {
		selectNext(list, i, k)
		c := &list[i]
		np, no := o^c.flips, p|c.flips|1<<c.sq
		var v int
		if i == 0 {
			v = -s.solve(np, no, -beta, -lo, n-1)
		} else {
			v = -s.solve(np, no, -lo-1, -lo, n-1)
			if v > lo && v < beta && !s.stopped {
				// The null window proved v at least: keep that, should
				// the search stop before the wider one ends.
				nullLo, nullMove = v, othello.Move(c.sq)
				v = -s.solve(np, no, -beta, -v, n-1)
			}
		}
		// A move is kept only when it proves more than the moves before
		// it and more than alpha: a bound at or below alpha says nothing
		// about which move is best.
		if v > best && !s.stopped {
			best = v
			if v > lo {
				bestMove, lo = othello.Move(c.sq), v
				if v >= beta {
					break
				}
			}
		}
	}
	if !s.stopped {
		s.table.store(p, o, n, alpha, beta, best, uint8(bestMove), s.selective)
	}
	s.nodes++
	r := rootResult{score: best, move: bestMove, lower: lo}
	if s.stopped && nullLo > lo {
		r.lower, r.move = nullLo, nullMove
	}
	return r
}

// narrow proves the exact score of the root p, o from the bounds b already
// holds by null-window searches only (MTD(f)): each asks whether the score
// reaches a target, first the guess t (when guessed: the selective
// pre-search's score or the evaluation's estimate), then the fail-soft
// value of the last search, and narrows one side of b. A null-window search
// needs far fewer nodes than a full-window one, whose principal variation
// is searched with a wide window at every depth; near a good guess a few
// suffice. In the selective pre-search it narrows the selective score.
func (s *Solver) narrow(p, o uint64, b *bounds, t int, guessed bool) {
	b.lower, b.upper = evenCeil(b.lower), evenFloor(b.upper)
	if !guessed {
		t = b.lower + 2
	}
	for b.lower < b.upper && !s.stopped {
		t = min(max(t, b.lower+2), b.upper)
		r := s.root(p, o, t-1, t)
		b.add(r, t-1, t, s.stopped)
		b.lower, b.upper = evenCeil(b.lower), evenFloor(b.upper)
		if r.score >= t {
			t = evenCeil(r.score) + 2
		} else {
			t = evenFloor(r.score)
		}
	}
}

// preSearch runs the selective search (probcut.go) on the root p, o: for
// an exact solve, to the selective score, which it returns as an even
// guess at the exact one with whether it finished; for a WLD solve, only
// its win/loss/draw search, whose moves are all the WLD search needs (the
// whole selective narrowing took 364 M nodes of WLD solves of FFO #45-#52
// against 330 M). Its bounds and moves stay in the table, marked
// selective.
func (s *Solver) preSearch(p, o uint64, mode Mode) (int, bool) {
	if mode == WLD {
		s.selective = true
		defer func() { s.selective = false }()
		s.root(p, o, -1, 1)
		return 0, false
	}
	b := s.selectiveNarrow(p, o)
	if s.stopped {
		return 0, false
	}
	return evenFloor(b.lower), true
}

// selectiveNarrow narrows the score of the root p, o by null windows in
// the selective search, from the evaluation's estimate, and returns the
// bounds it found (likely, not proven).
func (s *Solver) selectiveNarrow(p, o uint64) bounds {
	s.selective = true
	defer func() { s.selective = false }()
	b := bounds{lower: -64, upper: 64}
	guess, guessed := s.estimate(p, o)
	s.narrow(p, o, &b, guess, guessed)
	return b
}

// estimate returns an even guess at the exact score of the root p, o from
// a search with the order evaluation, one ply deeper than the ordering
// searches of its children, and whether there is an evaluation to guess
// with.
func (s *Solver) estimate(p, o uint64) (int, bool) {
	if s.orderEval == nil {
		return 0, false
	}
	n := 64 - bits.OnesCount64(p|o)
	g := int(s.evalSearch(p, o, -evalInfinity, evalInfinity, orderDepth(n)+1)) / evalUnitsPerDisc
	return evenFloor(min(max(g, -64), 64)), true
}
