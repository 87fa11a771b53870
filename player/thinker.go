package player

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"time"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// wldShare is the part of the think time the win/loss/draw proof may take
// before the engine gives up on it and lets the tree search choose with the
// rest (and, in a lost position, the part of the time then left that the
// exact proof of the smallest loss may take). At the default --solve-empties the proof nearly always finishes in
// a fraction of it; when it does not, 40% of the time is still enough for
// a tree search that is not much weaker than one with all of it.
const wldShare = 0.6

// Thinker adapts the engine's Searcher, and the endgame solver near the
// end of the game, to thinking.Thinker: the OTP session, the browser page and
// NBoard all think with it. Make one with New.
type Thinker struct {
	searcher     *engine.Searcher
	playouts     int64           // budget per move; 0 for none
	solver       *endgame.Solver // nil: --solver off
	solveEmpties int             // solve at this many empty squares or fewer; 0: autoSolveEmpties
	// solvedValues asks for every move's value once the solver has proven
	// a position (addSolvedValues): the browser page and NBoard show them;
	// a judge never sees them, so a judged genmove does not spend time on
	// them.
	solvedValues bool

	book       *book.Book // nil: no book
	bookSpread float64    // discs below the best a book move may be; 0: the best only
	bookSeed   uint64     // picks among the moves within bookSpread
	evalScale  float64    // discs per logistic unit, to report a book value as a win rate

	stopWhenDecided bool // Config.StopWhenDecided
	// selectiveEmpties is Config.SelectiveEmpties: from this many empty
	// squares down to the exact proofs' start the selective search
	// chooses the move when it finishes in its share; 0 autoSelectiveEmpties,
	// negative never.
	selectiveEmpties int
}

// slowestAt is the slowest search measured at a number of empty squares.
type slowestAt struct {
	empties int
	slowest time.Duration
}

// solveTimes are the slowest WLD proofs measured at a number of empty
// squares: 11 positions of real games at each (docs/endgame.md), on a
// table already resident, as genmove's is once populateTable has run, on
// the 2-core test machine at a load average of 3 to 4 (2026-11-26),
// scaled by the ratio of the solver of 2026-12-02 to that one measured on
// the same positions side by side (0.90, 0.77, 0.51, 0.81, 0.64, 0.78 at
// 19 to 24 empties), then by that of the ordering searches' new depths
// (commit 557ba33) to the solver before (1.00, 0.92, 0.91, 1.61, 0.70,
// 0.79: two runs each, the builds side by side on the two cores), then by
// that of the selective pre-search (79a39dc against c19b3bd, the same way:
// 0.48 at 22, 1.04 at 23 and 1.00 at 24; below 22 it does not run). Proofs
// from the table kept between moves are faster.
var solveTimes = [...]slowestAt{
	{19, 89 * time.Millisecond},
	{20, 187 * time.Millisecond},
	{21, 268 * time.Millisecond},
	{22, 403 * time.Millisecond},
	{23, 2280 * time.Millisecond},
	{24, 9284 * time.Millisecond},
}

// solveSafety is how many times the slowest measured proof must fit into
// the WLD proof's share of the think time: positions vary more than eleven
// samples show, and a proof that fails costs the tree search 60% of its
// time.
const solveSafety = 1.5

// selectiveTimes are the slowest selective searches
// (endgame.Solver.SolveSelective) measured at a number of empty squares:
// FFO #45-#58, harder than most positions of games, one search each on a
// new table, on the 2-core machine with a solve on the other core
// (2026-12-04). Between 24 and 27 empties they take a tenth of a second to
// a second, where the exact proof takes tens of seconds.
var selectiveTimes = [...]slowestAt{
	{24, 323 * time.Millisecond},
	{25, 115 * time.Millisecond},
	{26, 865 * time.Millisecond},
	{27, 644 * time.Millisecond},
	{28, 6827 * time.Millisecond},
	{29, 8689 * time.Millisecond},
	{30, 2359 * time.Millisecond},
}

// autoSelectiveEmpties returns the most empty squares at which genmove
// tries the selective search for a move with the think time left, 0 when
// not even the first of selectiveTimes fits (fitsUpTo).
func autoSelectiveEmpties(think time.Duration) int { return fitsUpTo(selectiveTimes[:], think) }

// fitsUpTo returns the largest number of empty squares of times up to
// which every slowest search fits, solveSafety times over, into wldShare
// of the think time; 0 when not even the first does.
func fitsUpTo(times []slowestAt, think time.Duration) int {
	n := 0
	for _, st := range times {
		if solveSafety*float64(st.slowest) > wldShare*float64(think) {
			break
		}
		n = st.empties
	}
	return n
}

// minAutoSolveEmpties is the fewest empty squares autoSolveEmpties
// chooses, however short the think time: a WLD proof at 18 took under 0.05 s,
// and one that fails still leaves the tree search 40% of the time.
const minAutoSolveEmpties = 18

// autoSolveEmpties returns the number of empty squares from which genmove
// solves, for a move with the think time left: the largest in solveTimes
// whose slowest proof fits (fitsUpTo: the slowest proofs grow with the
// empty squares), and never fewer than minAutoSolveEmpties.
func autoSolveEmpties(think time.Duration) int {
	return max(minAutoSolveEmpties, fitsUpTo(solveTimes[:], think))
}

// With a playout budget (Config.Playouts) a move must be the same on every
// machine and under any load, so the solver's proofs are budgeted in nodes
// instead of a share of the clock: the clock decides neither from how many
// empty squares genmove solves nor when a proof gives up.
const (
	// budgetSolveEmpties is the number of empty squares from which genmove
	// solves under a playout budget when --solve-empties is 0: the one the
	// clock gives a 1 s move (autoSolveEmpties), whose slowest measured WLD
	// proof, 5.3 M nodes (docs/endgame.md, 2026-12-02), fits
	// budgetProofNodes.
	budgetSolveEmpties = 21
	// budgetProofNodes is the most nodes each proof of a move (the WLD
	// proof, then the exact one or the least loss's bisection; the values
	// of the other moves together) may visit under a playout budget: the
	// slowest WLD proof measured at budgetSolveEmpties with room to spare:
	// 1.05 s for FFO #44 stopped at the limit on the project's 2-core
	// machine at a load average of 6 (16 M nodes a second; 2026-12-01),
	// so a move's two proofs stay far inside the judge's 10 s a move.
	budgetProofNodes = 1 << 24
)

// populateShare is the part of a move's think time that genmove spends,
// in the moves before it solves, making the solver's table resident
// (endgame.Solver.Populate), until all of it is: the first proof of a game
// then no longer pays for faulting in the table's pages, which cost it up
// to half a second on this project's machine (docs/performance.md) when
// its share of a 1 s move is 0.6 s. Populating measured at most 4.7 ms of
// wall time a MiB (fresh memory of a loaded virtual machine; 0.1 ms where
// the memory is at hand), so at 5% of a 1 s move the default 192 MiB
// table is resident within about twenty moves, before the solver starts,
// and within four at 9 s; the tree search keeps 95% of those moves' time.
const populateShare = 0.05

// populateStep is how much of the table one Populate call makes resident:
// one 2 MiB huge page, so that the time is checked often enough to keep to
// populateShare.
const populateStep = 2 << 20

// populateTable makes more of the solver's table resident, for at most
// budget.
func (t Thinker) populateTable(budget time.Duration) {
	if t.solver == nil || budget <= 0 {
		return
	}
	end := time.Now().Add(budget)
	for time.Now().Before(end) && !t.solver.Populate(populateStep) {
	}
}

// Think proves the result with the solver when the game is near its end
// and plays a proven move (in a lost position the one that loses least);
// otherwise, or when the proof does not finish in time, it searches the
// tree until the context's deadline or the playout budget.
func (t Thinker) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	pos := g.Position()
	limit := t.solveEmpties
	if limit == 0 && t.playouts > 0 {
		limit = budgetSolveEmpties
	}
	if d, ok := ctx.Deadline(); ok {
		think := time.Until(d)
		if limit == 0 {
			limit = autoSolveEmpties(think)
		}
		if pos.Empties() > limit {
			// Not solving yet: prepare the table for the first proof.
			t.populateTable(time.Duration(populateShare * float64(think)))
		}
	}
	if th, ok := t.fromBook(pos); ok {
		return th, nil
	}
	var tried thinking.Thought // what the solver proved, if it did not choose
	if n := pos.Empties(); n > limit && n <= t.selectiveLimit(ctx) {
		th, done, err := t.selectiveMove(ctx, pos)
		if err != nil || done {
			return th, err
		}
		tried = th
	}
	if t.solver != nil && pos.Empties() <= limit {
		th, done, err := t.solve(ctx, pos)
		if err != nil || done {
			if done && t.solvedValues {
				t.addSolvedValues(ctx, pos, &th)
			}
			return th, err
		}
		tried = th
	}
	lim := engine.Limits{Playouts: t.playouts, StopWhenDecided: t.stopWhenDecided}
	if d, ok := ctx.Deadline(); ok {
		lim.Deadline = d
	}
	r, err := t.searcher.Search(ctx, pos, lim)
	if err != nil {
		return thinking.Thought{}, err
	}
	st := r.Stats
	summary := st.String()
	if tried.Summary != "" {
		summary = tried.Summary + "; " + summary
	}
	th := thinking.Thought{
		Move:     r.Move,
		Playouts: st.Playouts,
		WinRate:  st.WinRate,
		PV:       st.PV,
		Elapsed:  st.Elapsed,
		Summary:  summary,
		// A proven loss holds for every move, the tree search's too.
		Proof:  tried.Proof,
		Score:  tried.Score,
		Values: moveValues(st.RootMoves),
	}
	if st.Proven && th.Proof == thinking.ProofNone {
		// MCTS-Solver proved the move's result inside the tree.
		th.Proof, th.Score = thinking.ProofWLD, st.Outcome
	}
	return th, nil
}

// ErrPonderNoReuse is Ponder's error when the search keeps no tree between
// moves (engine.Config.Reuse off): what it grew would be thrown away.
var ErrPonderNoReuse = errors.New("pondering needs the tree kept between moves (--reuse on)")

// Ponder thinks on the opponent's time (thinking.Ponderer): it searches g's
// position, the opponent to move after the engine's own move, until ctx is
// done, and plays nothing. The next Think, one ply further on, then starts
// from the subtree below the opponent's actual reply, with the visits
// pondering gave it (tree reuse), instead of from the little the last move's
// search left there. It is the tree search alone, with its leaf solver:
// genmove's endgame proofs start afresh with each Think, which also stops
// any pondering first. ctx must have a deadline or the search refuses to
// start (engine.ErrNoLimit wrapped).
func (t Thinker) Ponder(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	if !t.searcher.Config().Reuse {
		return thinking.Thought{}, ErrPonderNoReuse
	}
	r, err := t.searcher.Search(ctx, g.Position(), engine.Limits{})
	if err != nil {
		return thinking.Thought{}, err
	}
	st := r.Stats
	return thinking.Thought{Move: r.Move, Playouts: st.Playouts, WinRate: st.WinRate, PV: st.PV,
		Elapsed: st.Elapsed, Summary: st.String()}, nil
}

// winRate reads a value in discs as a win rate, through the logistic the
// tree search uses.
func (t Thinker) winRate(discs float64) float64 { return 1 / (1 + math.Exp(-discs/t.evalScale)) }

// selectiveLimit returns the most empty squares at which genmove tries the
// selective search, 0 when it does not: only with the solver and its
// evaluation, under the clock (a playout budget must give the same move
// under any load, and the selective search's share is time), and not when
// Config.SelectiveEmpties turns it off.
func (t Thinker) selectiveLimit(ctx context.Context) int {
	d, ok := ctx.Deadline()
	if t.solver == nil || !t.solver.HasOrderEval() || t.playouts > 0 || !ok || t.selectiveEmpties < 0 {
		return 0
	}
	if t.selectiveEmpties > 0 {
		return t.selectiveEmpties
	}
	return autoSelectiveEmpties(time.Until(d))
}

// selectiveMove chooses the move by the solver's selective search
// (endgame.Solver.SolveSelective) when it settles within wldShare of the
// time left; else it reports what it found and false, and the tree search
// chooses with the rest (the search's moves stay in the solver's table
// and order the exact proofs of the moves after).
func (t Thinker) selectiveMove(ctx context.Context, pos othello.Position) (thinking.Thought, bool, error) {
	sctx, cancel := t.proofContext(ctx, true)
	defer cancel()
	r, err := t.solver.SolveSelective(sctx, pos)
	if err != nil {
		return thinking.Thought{}, false, err
	}
	if !r.Proven {
		return thinking.Thought{Summary: fmt.Sprintf("selective unsettled after %v (%+d..%+d, %d nodes)",
			r.Elapsed.Round(time.Millisecond), r.Lower, r.Upper, r.Nodes)}, false, nil
	}
	return thinking.Thought{
		Move:    r.Move,
		WinRate: t.winRate(float64(r.Score)),
		PV:      []othello.Move{r.Move},
		Elapsed: r.Elapsed,
		Summary: fmt.Sprintf("selective: %s %+d in %v (%d nodes)", r.Move, r.Score, r.Elapsed.Round(time.Microsecond), r.Nodes),
	}, true, nil
}

// fromBook returns the book's move in pos, if the book holds pos: the best
// by negamax value, or one near it with a book spread. The values, in
// discs, are reported as win rates through the logistic the search uses.
func (t Thinker) fromBook(pos othello.Position) (thinking.Thought, bool) {
	if t.book == nil {
		return thinking.Thought{}, false
	}
	start := time.Now()
	m, ok := t.book.Choose(pos, t.bookSpread, t.bookSeed)
	if !ok {
		return thinking.Thought{}, false
	}
	moves, _ := t.book.Lookup(pos)
	winRate := t.winRate
	vs := make([]thinking.MoveValue, len(moves))
	for i, bm := range moves {
		vs[i] = thinking.MoveValue{Move: bm.Move, WinRate: winRate(bm.Value)}
	}
	return thinking.Thought{
		Move:    m.Move,
		WinRate: winRate(m.Value),
		PV:      []othello.Move{m.Move},
		Elapsed: time.Since(start),
		Summary: fmt.Sprintf("book: %s %+.2f discs (best of %d book moves %+.2f)", m.Move, m.Value, len(moves), moves[0].Value),
		Values:  vs,
	}, true
}

// moveValues returns the root's moves as the session reports them; pruned
// moves keep their (poorer) values, for analysis shows them too.
func moveValues(root []engine.MoveStats) []thinking.MoveValue {
	if len(root) == 0 {
		return nil
	}
	vs := make([]thinking.MoveValue, len(root))
	for i, m := range root {
		vs[i] = thinking.MoveValue{Move: m.Move, Visits: m.Visits, WinRate: m.Mean, Proven: m.Proven, Outcome: m.Outcome}
	}
	return vs
}

// solve runs the win/loss/draw proof and then, for a win or a loss, the
// exact one. It returns done with the proven move, or not done with a
// summary of what it tried, for the tree search to go on from: the proof
// ran out of time, or every move loses and not even a bound on the
// smallest loss was proven in its share of the time left (a Thought with
// the proven loss), when the tree search chooses among the losing moves.
func (t Thinker) solve(ctx context.Context, pos othello.Position) (thinking.Thought, bool, error) {
	start := time.Now()
	wctx, cancel := t.proofContext(ctx, true)
	defer cancel()
	wld, err := t.solver.Solve(wctx, pos, endgame.WLD)
	if errors.Is(err, endgame.ErrStopped) {
		return thinking.Thought{Summary: fmt.Sprintf("wld unproven after %v", time.Since(start).Round(time.Millisecond))}, false, nil
	}
	if err != nil {
		return thinking.Thought{}, false, err
	}
	wldText := fmt.Sprintf("wld %s in %v (%d nodes)", outcomeName(wld.Score), wld.Elapsed.Round(time.Microsecond), wld.Nodes)
	if wld.Score < 0 {
		return t.leastLoss(ctx, pos, start, wldText)
	}
	th := thinking.Thought{
		Move:    wld.Move,
		WinRate: 0.5 + 0.5*float64(wld.Score),
		PV:      []othello.Move{wld.Move},
		Proof:   thinking.ProofWLD,
		Score:   wld.Score,
	}
	if wld.Score > 0 {
		// A win: find the largest one. A draw's exact score is 0 already.
		ectx, cancel := t.proofContext(ctx, false)
		defer cancel()
		ex, err := t.solver.Solve(ectx, pos, endgame.Exact)
		switch {
		case err == nil:
			th.Move, th.PV, th.Proof, th.Score = ex.Move, []othello.Move{ex.Move}, thinking.ProofExact, ex.Score
			wldText += fmt.Sprintf(", exact %+d in %v (%d nodes)", ex.Score, ex.Elapsed.Round(time.Microsecond), ex.Nodes)
		case errors.Is(err, endgame.ErrStopped):
			wldText += ", exact unproven"
		default:
			return thinking.Thought{}, false, err
		}
	} else {
		th.Proof = thinking.ProofExact
	}
	th.Elapsed = time.Since(start)
	th.Summary = fmt.Sprintf("solved: %s %s", th.Move, wldText)
	return th, true, nil
}

// leastLoss answers a position the WLD proof found lost whatever the move:
// it plays the move that loses by the fewest discs, as Edax and Zebra do
// (the opponent must then still find the best line, and a game the judge
// scores by discs loses least), when its exact proof finishes within
// wldShare of the time left. Else it plays the move that the proof, a
// bisection of the score, had shown to lose by at most some margin (its
// first step asks whether some move loses by 32 discs or fewer, which one
// move's proof answers when one does, in a small part of the time), for
// the tree search's win rates cannot tell a loss by 8 from one by 48; only
// when not even a bound was proven does the tree search choose, with the
// rest of the time.
func (t Thinker) leastLoss(ctx context.Context, pos othello.Position, start time.Time, wldText string) (thinking.Thought, bool, error) {
	ectx, cancel := t.proofContext(ctx, true)
	defer cancel()
	ex, err := t.solver.SolveBisect(ectx, pos, -1)
	if err != nil {
		return thinking.Thought{}, false, err
	}
	th := thinking.Thought{Move: ex.Move, PV: []othello.Move{ex.Move}, Elapsed: time.Since(start)}
	switch {
	case ex.Proven:
		th.Proof, th.Score = thinking.ProofExact, ex.Score
		th.Summary = fmt.Sprintf("solved: %s %s, exact %+d in %v (%d nodes)", ex.Move, wldText, ex.Score, ex.Elapsed.Round(time.Microsecond), ex.Nodes)
	case ex.Lower > -64:
		// A loss proven, and a bound on it: the Thought says what is proven.
		th.Proof, th.Score = thinking.ProofWLD, -1
		th.Summary = fmt.Sprintf("solved: %s %s, exact %+d..%+d in %v (%d nodes)", ex.Move, wldText, ex.Lower, ex.Upper, ex.Elapsed.Round(time.Microsecond), ex.Nodes)
	default:
		return thinking.Thought{Summary: "proven loss: " + wldText + ", exact unproven", Proof: thinking.ProofWLD, Score: -1}, false, nil
	}
	return th, true, nil
}

// proofContext sets the solver's budget for one proof and returns its
// context. Under a playout budget that is budgetProofNodes nodes and ctx
// without its deadline (withoutDeadline), so that the clock plays no part
// in the move; else no node limit, and ctx limited to wldShare of the time
// left when share is set (shareOf), ctx itself when not.
func (t Thinker) proofContext(ctx context.Context, share bool) (context.Context, context.CancelFunc) {
	if t.playouts > 0 {
		t.solver.SetNodeLimit(budgetProofNodes)
		return withoutDeadline(ctx)
	}
	t.solver.SetNodeLimit(0)
	if share {
		return shareOf(ctx, time.Now())
	}
	return ctx, func() {}
}

// withoutDeadline returns a context that ends when ctx is cancelled (the
// session's end, an interrupt) but not when ctx's deadline passes: a proof
// budgeted in nodes must not also stop on the clock.
func withoutDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	cancelled := func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel(context.Cause(ctx))
		}
	}
	if ctx.Err() != nil {
		// Now, not in AfterFunc's goroutine, which might run after the
		// proof has started.
		cancelled()
	}
	stop := context.AfterFunc(ctx, cancelled)
	return c, func() {
		stop()
		cancel(nil)
	}
}

// shareOf returns ctx limited to wldShare of the time from now to its
// deadline, for a proof that must leave the tree search the rest; ctx
// itself when it has no deadline.
func shareOf(ctx context.Context, now time.Time) (context.Context, context.CancelFunc) {
	d, ok := ctx.Deadline()
	if !ok {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, now.Add(time.Duration(wldShare*float64(d.Sub(now)))))
}

// The values of a solved position's other moves (addSolvedValues) are
// proven after the move itself, in a budget of their own: the move is
// known by then, and they serve analysis only (the browser page's Show
// values, NBoard's hint), so they must cost a judged genmove little and
// never its deadline.
const (
	// valuesProofFactor is the budget of the values as a multiple of the
	// time the proof took: a genmove near the end takes at most about
	// twice as long as before. The WLD solves of every move from the
	// table the proof leaves took less than the proof in 12 of 16 random
	// positions of 14 to 20 empty squares (2-core machine, busy).
	valuesProofFactor = 1.0
	// minValuesTime is the budget of the values however fast the proof:
	// a proof from the table kept between moves can take microseconds
	// while its moves' solves still need a few milliseconds, and a tenth
	// of a second is nothing to a person or to a 9 s genmove.
	minValuesTime = 100 * time.Millisecond
	// valuesShare is the most of the time left before the deadline the
	// values may take, so that a proof that ends near the deadline is
	// still answered in time, with the margin the session expects.
	valuesShare = 0.5
)

// addSolvedValues proves the result of every legal move of a position the
// solver solved, for th.Values: the chosen move's from th, the others' by
// a win/loss/draw solve of the position after each, in square order, in
// the budget above. Moves it has no time for are left out (the page then
// leaves their squares blank); a solve that fails otherwise drops the
// values, never the move. The summary says how many were valued.
func (t Thinker) addSolvedValues(ctx context.Context, pos othello.Position, th *thinking.Thought) {
	start := time.Now()
	var vctx context.Context
	var cancel context.CancelFunc
	nodes := uint64(0) // the node budget left, under a playout budget
	if t.playouts > 0 {
		// In nodes, as the proof was: the values' solves leave entries in
		// the table, which later proofs start from.
		nodes = budgetProofNodes
		vctx, cancel = withoutDeadline(ctx)
	} else {
		budget := max(minValuesTime, time.Duration(valuesProofFactor*float64(th.Elapsed)))
		if d, ok := ctx.Deadline(); ok {
			budget = min(budget, time.Duration(valuesShare*float64(time.Until(d))))
		}
		vctx, cancel = context.WithTimeout(ctx, budget)
		t.solver.SetNodeLimit(0)
	}
	defer cancel()
	legal := pos.Moves()
	vs := []thinking.MoveValue{{Move: th.Move, WinRate: th.WinRate, Proven: true, Outcome: cmp.Compare(th.Score, 0)}}
	for m := legal &^ th.Move.Bit(); m != 0; m &= m - 1 {
		mv := othello.Move(bits.TrailingZeros64(m))
		if t.playouts > 0 {
			t.solver.SetNodeLimit(nodes)
		}
		r, err := t.solver.Solve(vctx, pos.Play(mv), endgame.WLD)
		if errors.Is(err, endgame.ErrStopped) {
			break
		}
		if err != nil {
			th.Summary += fmt.Sprintf("; values failed: %v", err)
			return
		}
		// r is the opponent's result after the move.
		o := -r.Outcome()
		vs = append(vs, thinking.MoveValue{Move: mv, WinRate: 0.5 + 0.5*float64(o), Proven: true, Outcome: o})
		if t.playouts > 0 {
			if r.Nodes >= nodes {
				break
			}
			nodes -= r.Nodes
		}
	}
	th.Values = vs
	th.Summary += fmt.Sprintf("; values of %d/%d moves in %v", len(vs), bits.OnesCount64(legal), time.Since(start).Round(time.Microsecond))
}

// outcomeName names the sign of a score.
func outcomeName(score int) string {
	switch {
	case score > 0:
		return "win"
	case score < 0:
		return "loss"
	}
	return "draw"
}
