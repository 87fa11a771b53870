package player

import (
	"cmp"
	"context"
	"math/bits"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/internal/proctime"
	"github.com/tcgothello/mcts/internal/stopctx"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/thinking"
)

// newThinker returns a thinker with a small arena and, if solveEmpties > 0,
// a solver with a small table.
func newThinker(t *testing.T, seed uint64, playouts int64, solveEmpties int) Thinker {
	t.Helper()
	cfg := engine.DefaultConfig()
	cfg.ArenaNodes, cfg.Seed = 1<<16, seed
	s, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	th := Thinker{searcher: s, playouts: playouts, solveEmpties: solveEmpties}
	if solveEmpties > 0 {
		if th.solver, err = endgame.New(8 << 20); err != nil {
			t.Fatal(err)
		}
	}
	return th
}

// gameAt returns a game set to the position board (othello.ParsePosition's
// form), as a front end's setup command leaves it.
func gameAt(t *testing.T, board string) *othello.Game {
	t.Helper()
	pos, err := othello.ParsePosition(board)
	if err != nil {
		t.Fatal(err)
	}
	g := othello.NewGame()
	if err := g.SetPosition(pos, 0); err != nil {
		t.Fatal(err)
	}
	return g
}

// playRandom plays n random plies of a new game, seeded.
func playRandom(t *testing.T, r *rand.Rand, n int) *othello.Game {
	t.Helper()
	g := othello.NewGame()
	for i := 0; i < n && !g.Over(); i++ {
		moves := g.Position().Moves()
		m := othello.Pass
		if moves != 0 {
			k := r.IntN(bits.OnesCount64(moves))
			for ; k > 0; k-- {
				moves &= moves - 1
			}
			m = othello.Move(bits.TrailingZeros64(moves))
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestThinkPlaysProvenMoves checks that from a position within
// --solve-empties genmove plays a move of the best exact score, and says
// so, in lost positions too (the smallest loss); the scores of every move
// come from the solver's SolveMoves, which endgame's tests check against a
// reference solver.
func TestThinkPlaysProvenMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	th := newThinker(t, 1, 1000, 14)
	check, err := endgame.New(8 << 20)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		g := playRandom(t, r, 48+i%3)
		pos := g.Position()
		if pos.Empties() > 14 || bits.OnesCount64(pos.Moves()) < 2 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		got, err := th.Think(ctx, g)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		scores, err := check.SolveMoves(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		best, mine := -100, -100
		for _, ms := range scores {
			best = max(best, ms.Score)
			if ms.Move == got.Move {
				mine = ms.Score
			}
		}
		// Lost positions too: the move that loses least.
		switch {
		case got.Proof != thinking.ProofExact || got.Score != best || mine != best:
			t.Errorf("%v: move %v (scores %+d) proof %v score %+d; want an exact proof of %+d", pos, got.Move, mine, got.Proof, got.Score, best)
		}
	}
}

// TestThinkValuesEveryMoveWhenSolved checks that when the solver proves
// the position, the thought values every legal move, once, each with the
// result the solver's SolveMoves gives it (the sign of its exact score),
// its chosen move with the best; so the browser page and NBoard's hint
// show every square, not the chosen one alone.
func TestThinkValuesEveryMoveWhenSolved(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	th := newThinker(t, 1, 1000, 14)
	th.solvedValues = true
	check, err := endgame.New(8 << 20)
	if err != nil {
		t.Fatal(err)
	}
	solved := 0
	for i := 0; i < 40 && solved < 8; i++ {
		g := playRandom(t, r, 48+i%4)
		pos := g.Position()
		if pos.Empties() > 14 || bits.OnesCount64(pos.Moves()) < 3 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		got, err := th.Think(ctx, g)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if got.Playouts > 0 {
			continue // the tree search chose, and valued the moves
		}
		solved++
		scores, err := check.SolveMoves(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		want := map[othello.Move]int{}
		for _, ms := range scores {
			want[ms.Move] = cmp.Compare(ms.Score, 0)
		}
		if len(got.Values) == 0 {
			t.Errorf("%v: solved (%s) with no values", pos, got.Summary)
			continue
		}
		seen := map[othello.Move]bool{}
		for _, v := range got.Values {
			o, legal := want[v.Move]
			switch {
			case !legal || seen[v.Move]:
				t.Errorf("%v: value of %v, which is not legal or comes twice", pos, v.Move)
			case !v.Proven || v.Outcome != o || v.WinRate != 0.5+0.5*float64(o):
				t.Errorf("%v: move %v valued %+v, want proven %+d", pos, v.Move, v, o)
			}
			seen[v.Move] = true
		}
		if len(seen) != len(want) || got.Values[0].Move != got.Move || want[got.Move] != cmp.Compare(got.Score, 0) {
			t.Errorf("%v: %d moves valued (first %v) of %d, chosen %v scoring %+d; want every move, the chosen first, %s",
				pos, len(seen), got.Values[0].Move, len(want), got.Move, got.Score, got.Summary)
		}
	}
	if solved < 4 {
		t.Errorf("only %d positions solved, want at least 4", solved)
	}
	// A judge never sees the values: without solvedValues a solved
	// position is valued by its chosen move alone, at no extra cost.
	th.solvedValues = false
	judged := false
	for i := 0; i < 40 && !judged; i++ {
		g := playRandom(t, r, 50)
		if g.Position().Empties() > 14 || bits.OnesCount64(g.Position().Moves()) < 3 {
			continue
		}
		got, err := th.Think(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if got.Playouts == 0 && len(got.Values) > 1 {
			t.Errorf("%v: %d values without solvedValues, want the chosen move's alone (%s)", g.Position(), len(got.Values), got.Summary)
		}
		judged = got.Playouts == 0
	}
	if !judged {
		t.Error("no position solved without solvedValues")
	}
}

// TestThinkSolvedValuesInTime solves positions of 16 to 24 empty squares
// under a short deadline: the values of the other moves come after the
// proof, so Think must still return within the deadline and the grace
// otp.Choose allows, whether the proof, the values or neither finished.
func TestThinkSolvedValuesInTime(t *testing.T) {
	const think = 300 * time.Millisecond
	r := rand.New(rand.NewPCG(11, 12))
	th := newThinker(t, 1, 0, 20)
	th.solvedValues = true
	solved := 0
	for i := 0; i < 8; i++ {
		g := playRandom(t, r, 40+i%5)
		pos := g.Position()
		if pos.GameOver() || bits.OnesCount64(pos.Moves()) < 2 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), think)
		cpuStart, cpuOK := proctime.CPU()
		start := time.Now()
		got, err := th.Think(ctx, g)
		el := time.Since(start)
		cpuEnd, _ := proctime.CPU()
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if got.Playouts == 0 {
			solved++
		}
		// Late by the wall clock, and by the CPU time where it is known:
		// on a loaded machine the process waits for a core, which makes
		// the wall time late without Think working past its deadline.
		if el > think+otp.HardGrace && (!cpuOK || cpuEnd-cpuStart > think+otp.HardGrace) {
			t.Errorf("%v: Think took %v (%v of CPU) with a %v deadline (%s)", pos, el, cpuEnd-cpuStart, think, got.Summary)
		}
	}
	if solved == 0 {
		t.Error("no position solved: the values were never tried")
	}
}

// TestThinkFallsBackInTime gives the solver a position it cannot prove in
// the time allowed: Think must still answer in time, with a legal move from
// the tree search.
func TestThinkFallsBackInTime(t *testing.T) {
	// FFO #50 (26 empty squares) takes seconds to prove.
	g := gameAt(t, "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X")
	th := newThinker(t, 1, 0, 30)
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	start := time.Now()
	got, err := th.Think(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 1400*time.Millisecond {
		t.Errorf("Think took %v with a 400ms deadline", el)
	}
	if got.Proof != thinking.ProofNone || !g.Position().IsLegal(got.Move) || got.Playouts == 0 {
		t.Errorf("move %v proof %v playouts %d; want a legal tree-search move", got.Move, got.Proof, got.Playouts)
	}
}

// TestThinkLosesLeast checks the least loss on a position worked out by
// hand, where the tree search alone prefers another losing move. White (O)
// to move, 29 discs to 32, three empty squares (h1, g3, h4):
//
//	1 O O O O O O O -
//	2 X X O X X X X X
//	3 X X O X O O - O
//	4 X O O O O O O -
//	5 X O O X X O X X
//	6 X O O X O X X X
//	7 X O O O X X X X
//	8 X O O X X X X X
//
// White has two moves. h1 flips g2 and h2; Black may answer g3 (flipping
// e3, f3, f4 and g4), after which White wins by 2, or h4 (flipping b4 to
// g4), after which White plays g3, Black cannot move and White loses 31 to
// 33: h1 loses by 2. g3 flips f2 and g2; Black answers h1 (White loses by
// 12) or h4 (flipping h3 and b4 to g4), after which White cannot move,
// Black plays h1 and White loses 23 to 41: g3 loses by 18. So h1, exact -2.
func TestThinkLosesLeast(t *testing.T) {
	g := gameAt(t, "OOOOOOO-XXOXXXXXXXOXOO-OXOOOOOO-XOOXXOXXXOOXOXXXXOOOXXXXXOOXXXXX O")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	got, err := newThinker(t, 1, 20000, 14).Think(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	h1 := othello.Move(7) // a1 is 0, h1 the end of the first row
	if got.Move != h1 || got.Proof != thinking.ProofExact || got.Score != -2 || got.Playouts != 0 {
		t.Errorf("move %v proof %v score %+d playouts %d; want h1, an exact proof of -2, no tree search", got.Move, got.Proof, got.Score, got.Playouts)
	}
	tree, err := newThinker(t, 1, 20000, 0).Think(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the tree search alone plays %v (the position was chosen for it to differ from h1)", tree.Move)
}

// TestLeastLossOutOfTime checks that when not even a bound on the loss of
// a lost position fits in the time, genmove leaves the move to the tree
// search with the proven loss: FFO #44 (23 empty squares, -14) with its
// time already over.
func TestLeastLossOutOfTime(t *testing.T) {
	pos, err := othello.ParsePosition("--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O")
	if err != nil {
		t.Fatal(err)
	}
	th := newThinker(t, 1, 1000, 30)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, done, err := th.leastLoss(ctx, pos, time.Now(), "wld loss")
	if err != nil || done || got.Proof != thinking.ProofWLD || got.Score != -1 {
		t.Errorf("done %v proof %v score %+d err %v; want not done, a WLD proof of the loss", done, got.Proof, got.Score, err)
	}
}

// boundText is how the summary of a move played on a bound states it.
var boundText = regexp.MustCompile(`exact ([-+][0-9]+)\.\.([-+][0-9]+) in`)

// TestLeastLossBound checks the lost position whose exact proof does not
// fit in the time but whose bisection proved a bound: genmove plays the
// bound's move, which loses by no more than the bound says, instead of
// leaving the choice to the tree search. The position is FFO #40 after
// its best move a2: White to move, 19 empty squares, lost by 38. The
// proofs stop after more and more of the solver's looks at the clock;
// some must end on a bound, or the test proves nothing.
func TestLeastLossBound(t *testing.T) {
	ffo40, err := othello.ParsePosition("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
	if err != nil {
		t.Fatal(err)
	}
	pos := ffo40.Play(othello.Move(8)) // a2
	ref, err := endgame.New(8 << 20)
	if err != nil {
		t.Fatal(err)
	}
	value := func(m othello.Move) int { // the exact score of m for White
		t.Helper()
		r, err := ref.Solve(context.Background(), pos.Play(m), endgame.Exact)
		if err != nil {
			t.Fatal(err)
		}
		return -r.Score
	}
	bounds := 0
	for _, looks := range []int{0, 16, 64, 256, 1024, 4096, 1 << 20} {
		// No playout budget: the proof stops on its context (a playout
		// budget would budget it in nodes instead).
		th := newThinker(t, 1, 0, 20)
		got, done, err := th.leastLoss(stopctx.After(looks), pos, time.Now(), "wld loss")
		if err != nil {
			t.Fatal(err)
		}
		if !done {
			if got.Proof != thinking.ProofWLD || got.Score != -1 {
				t.Errorf("after %d looks: not done, proof %v score %+d; want the proven loss", looks, got.Proof, got.Score)
			}
			continue
		}
		if !pos.IsLegal(got.Move) || len(got.PV) != 1 || got.PV[0] != got.Move {
			t.Fatalf("after %d looks: move %v, PV %v: want a legal move, alone in the PV", looks, got.Move, got.PV)
		}
		v := value(got.Move)
		switch got.Proof {
		case thinking.ProofExact:
			if got.Score != -38 || v != -38 {
				t.Errorf("after %d looks: exact %+d with %v worth %+d; want -38", looks, got.Score, got.Move, v)
			}
		case thinking.ProofWLD:
			m := boundText.FindStringSubmatch(got.Summary)
			if m == nil || got.Score != -1 {
				t.Fatalf("after %d looks: score %+d, summary %q: want -1 and the bound", looks, got.Score, got.Summary)
			}
			lower, _ := strconv.Atoi(m[1])
			upper, _ := strconv.Atoi(m[2])
			if v < lower || lower > -38 || upper < -38 {
				t.Errorf("after %d looks: %v worth %+d played on the bound %+d..%+d; the score is -38", looks, got.Move, v, lower, upper)
			}
			t.Logf("after %d looks: %s", looks, got.Summary)
			bounds++
		default:
			t.Errorf("after %d looks: done without a proof: %+v", looks, got)
		}
		if looks == 1<<20 && got.Proof != thinking.ProofExact {
			t.Errorf("an unstopped proof gave %+v, want the exact score", got)
		}
	}
	if bounds == 0 {
		t.Error("no proof stopped on a bound: the test checked nothing of it")
	}
}

// TestSolverNeverLosesAProvenWin plays whole games between the engine with
// the solver and without it, each colour in turn: once the solver side has
// proven a win (or a draw), the game must end that way or better.
func TestSolverNeverLosesAProvenWin(t *testing.T) {
	proofs := 0
	defer func() {
		if proofs == 0 {
			t.Error("the solver side never proved anything from 14 empty squares")
		}
	}()
	for game := 0; game < 4; game++ {
		solverColor := othello.Color(game % 2)
		players := [2]Thinker{}
		players[solverColor] = newThinker(t, uint64(game+1), 3000, 14)
		players[solverColor.Other()] = newThinker(t, uint64(game+100), 3000, 0)
		g := playRandom(t, rand.New(rand.NewPCG(uint64(game), 9)), 6)
		proven := -2 // the best result proven for the solver side: -2 none
		for plies := 0; !g.Over() && plies < 130; plies++ {
			pos := g.Position()
			m, forced := otp.ForcedMove(pos)
			if !forced {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				th, err := players[pos.Turn].Think(ctx, g)
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				m = th.Move
				if pos.Turn == solverColor && th.Proof != thinking.ProofNone {
					proven = max(proven, cmp.Compare(th.Score, 0))
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
		}
		if !g.Over() {
			t.Fatalf("game %d did not end", game)
		}
		result := cmp.Compare(g.Position().Score(), 0)
		if solverColor == othello.White {
			result = -result
		}
		if proven > -2 {
			proofs++
		}
		if result < proven {
			t.Errorf("game %d: proved %+d for the solver side, got %+d (%s)", game, proven, result, g.Record())
		}
	}
}

// TestAutoSolveEmpties pins the automatic threshold to the measured proof
// times: 20 empty squares at 1 s a move, 21 at 1.5 s, 22 at 3 s and at the
// judge's 9 s, 23 at 30 s, 24 from 38 s.
func TestAutoSolveEmpties(t *testing.T) {
	// fitsUpTo stops at the first proof that does not fit, which is the
	// largest that fits only while the slowest proofs grow with the
	// empty squares.
	for i := 1; i < len(solveTimes); i++ {
		if solveTimes[i].slowest <= solveTimes[i-1].slowest {
			t.Errorf("solveTimes: %v at %d empties, not above %v at %d", solveTimes[i].slowest, solveTimes[i].empties,
				solveTimes[i-1].slowest, solveTimes[i-1].empties)
		}
	}
	for _, c := range []struct {
		think time.Duration
		want  int
	}{
		{100 * time.Millisecond, 18}, {600 * time.Millisecond, 20}, {time.Second, 21}, {1010 * time.Millisecond, 22},
		{1500 * time.Millisecond, 22}, {5 * time.Second, 22}, {5600 * time.Millisecond, 22}, {5700 * time.Millisecond, 23}, {9 * time.Second, 23},
		{23 * time.Second, 23}, {24 * time.Second, 24},
	} {
		if got := autoSolveEmpties(c.think); got != c.want {
			t.Errorf("think %v: solve from %d empty squares, want %d", c.think, got, c.want)
		}
	}
}

// TestThinkPopulatesTheTable checks that a move before the endgame, with
// a deadline, makes the solver's table resident (within populateShare of
// its time: 200 ms here, for an 8 MiB table that takes a few), so that the
// game's first proof does not fault its pages in; without a deadline
// (a fixed playout budget) it leaves the table alone.
func TestThinkPopulatesTheTable(t *testing.T) {
	th := newThinker(t, 1, 200, 14)
	if th.solver.Populate(0) {
		t.Skip("this system cannot populate pages on request: the table faults in as solves touch it")
	}
	g := othello.NewGame()
	if _, err := th.Think(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	if th.solver.Populate(0) {
		t.Errorf("a move without a deadline populated the table")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	if _, err := th.Think(ctx, g); err != nil {
		t.Fatal(err)
	}
	if !th.solver.Populate(0) {
		t.Errorf("after a 4 s move before the endgame the 8 MiB table is not resident")
	}
}

// TestPlayoutBudgetSolvesWithoutTheClock: under a playout budget the
// solver's proofs are budgeted in nodes, so a move near the end is the
// same however little time the clock says is left. Each position is
// thought about twice, by two new thinkers of the same seed: once with a
// minute, once with a deadline already past, as a loaded machine's clock
// makes it; both must play the same proven move, with the default
// --solve-empties (0) too, which the clock chooses without a budget. A
// cancelled context still stops a proof.
func TestPlayoutBudgetSolvesWithoutTheClock(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for i := 0; i < 40 && checked < 6; i++ {
		g := playRandom(t, r, 46+i%4)
		pos := g.Position()
		if g.Over() || pos.Empties() > 16 || bits.OnesCount64(pos.Moves()) < 2 {
			continue
		}
		solveEmpties := []int{0, 16}[checked%2]
		quiet, cancel := context.WithTimeout(context.Background(), time.Minute)
		want, err := newThinker(t, 3, 300, 14).withSolveEmpties(solveEmpties).Think(quiet, g)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		late, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		got, err := newThinker(t, 3, 300, 14).withSolveEmpties(solveEmpties).Think(late, g)
		cancel()
		if err != nil {
			t.Fatalf("%v, deadline past: %v", pos, err)
		}
		if want.Proof != thinking.ProofExact || got.Move != want.Move || got.Proof != want.Proof || got.Score != want.Score {
			t.Errorf("%v (--solve-empties %d): with a minute %v (proof %v, %+d, %s); past the deadline %v (proof %v, %+d, %s): want the same exact proof",
				pos, solveEmpties, want.Move, want.Proof, want.Score, want.Summary, got.Move, got.Proof, got.Score, got.Summary)
		}
		checked++
	}
	if checked < 4 {
		t.Fatalf("only %d positions checked", checked)
	}
	// FFO #44 (23 empty squares) takes far more than the solver's first
	// look, at 512 nodes, to prove: cancelled, it stops there.
	g := gameAt(t, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O")
	stop, cancel := context.WithCancel(context.Background())
	cancel()
	th, err := newThinker(t, 3, 300, 30).Think(stop, g)
	if err == nil && (th.Proof != thinking.ProofNone || !strings.HasPrefix(th.Summary, "wld unproven")) {
		t.Errorf("FFO #44, cancelled: proof %v (%s); want the proof stopped", th.Proof, th.Summary)
	}
}

// withSolveEmpties returns t genmove-solving from n empty squares (0: the
// default), its solver kept.
func (t Thinker) withSolveEmpties(n int) Thinker {
	t.solveEmpties = n
	return t
}
