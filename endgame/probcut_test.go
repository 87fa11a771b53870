package endgame

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// poisonChildren stores, for every position one and two plies below pos,
// an entry claiming that its side to move wins by 64 (claim +64) or loses
// by 64 (-64, which the enhanced transposition cut-off reads), with a move
// that may not even be legal: what a selective search could leave behind
// at its worst, as selective entries or (the control) as exact ones.
func poisonChildren(s *Solver, pos othello.Position, claim int, selective bool) {
	poison := func(q othello.Position, sq int) {
		s.table.store(q.Player, q.Opponent, q.Empties(), claim-1, claim+1, claim, uint8(sq), selective)
	}
	for m := pos.Moves(); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		child := pos.Play(othello.Move(sq))
		poison(child, sq)
		for r := child.Moves(); r != 0; r &= r - 1 {
			poison(child.Play(othello.Move(bits.TrailingZeros64(r))), sq)
		}
	}
}

// selectiveEntries counts the table's selective entries: how a test sees
// that the pre-search ran.
func selectiveEntries(s *Solver) int {
	count := 0
	for i := range s.table.buckets {
		for _, e := range s.table.buckets[i].e {
			if e.selective {
				count++
			}
		}
	}
	return count
}

// TestStoreKeepsSelectiveApart checks the table's four merges: exact on
// exact keeps the tighter bounds; exact on selective replaces them; selective
// on exact changes nothing (but the generation); selective on selective
// keeps the tighter, or the new ones alone when the two cross.
func TestStoreKeepsSelectiveApart(t *testing.T) {
	tab, err := newTable(MinTableBytes * 4)
	if err != nil {
		t.Fatal(err)
	}
	const p, o = 1, 2
	check := func(name string, lower, upper int, selective bool) {
		t.Helper()
		e := tab.probe(p, o)
		if e == nil || int(e.lower) != lower || int(e.upper) != upper || e.selective != selective {
			t.Fatalf("%s: entry %+v, want bounds %d..%d, selective %v", name, e, lower, upper, selective)
		}
	}
	tab.store(p, o, 20, 0, 10, 12, 5, false)  // at least 12
	tab.store(p, o, 20, 20, 40, 18, 5, false) // at most 18
	check("exact on exact", 12, 18, false)
	tab.age()
	tab.store(p, o, 20, -64, 64, 40, 6, true) // selective: exactly 40
	check("selective on exact", 12, 18, false)
	if e := tab.probe(p, o); e.generation != tab.generation || e.move() != 5 {
		t.Fatalf("selective on exact: generation %d (table %d), move %d; want the table's, the exact entry's move 5", e.generation, tab.generation, e.move())
	}
	tab.clear()
	tab.store(p, o, 20, -64, 64, 40, 6, true) // selective: exactly 40
	tab.store(p, o, 20, 0, 10, 12, 5, false)  // exact: at least 12
	check("exact on selective", 12, 64, false)
	tab.clear()
	tab.store(p, o, 20, 0, 10, 12, 5, true)  // selective: at least 12
	tab.store(p, o, 20, 20, 40, 18, 5, true) // selective: at most 18
	check("selective on selective", 12, 18, true)
	tab.store(p, o, 20, 4, 10, 4, 5, true) // selective: at most 4, crossing 12
	check("crossing selective bounds", -64, 4, true)
}

// TestSelectiveEntriesNeverDecide fills the table with false bounds one and
// two plies below positions of 14 and 16 empty squares (both extremes, in
// turn) and solves them:
// marked selective, as the pre-search marks its entries, the false bounds
// change no exact result; stored as exact ones, the same bounds do, which
// shows that the test reaches the table (the control).
func TestSelectiveEntriesNeverDecide(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	count := 12
	if testing.Short() || raceEnabled {
		count = 4
	}
	changed := 0
	for i := range count {
		pos := randomPosition(r, 14+2*(i%2))
		claim := 64 - 128*(i/2%2) // +64, +64, -64, -64, ...
		if pos.Moves() == 0 {
			continue
		}
		truth := mustSolve(t, newTestSolver(t), pos, Exact)

		s := newTestSolver(t)
		setOrderEval(t, s)
		poisonChildren(s, pos, claim, true)
		if got := mustSolve(t, s, pos, Exact); got.Score != truth.Score {
			t.Fatalf("%v: with false selective entries the exact solve says %+d, truth %+d", pos, got.Score, truth.Score)
		}
		if wld := mustSolve(t, s, pos, WLD); wld.Score != sign(truth.Score) {
			t.Fatalf("%v: with false selective entries the WLD solve says %+d, truth %+d", pos, wld.Score, truth.Score)
		}

		control := newTestSolver(t)
		setOrderEval(t, control)
		poisonChildren(control, pos, claim, false)
		if mustSolve(t, control, pos, Exact).Score != truth.Score {
			changed++
		}
	}
	if changed == 0 {
		t.Errorf("the same false bounds stored as exact changed none of %d results: the test does not reach the table", count)
	}
}

// TestPreSearchKeepsExact solves positions of real games at 22 empty
// squares (docs/results/solve-start-positions.txt), where the exact solve
// runs the selective pre-search first, against the solver without an
// evaluation (which runs none, nor any ordering search): the scores must
// agree, and the move must reach the score; the same for WLD solves.
// (That the solves run the pre-search at all, TestSolveBoundsHoldTheScore
// sees: once finished, the exact search has replaced its entries.) TestFFO40to44 checks it
// against published answers at 22 to 24.
func TestPreSearchKeepsExact(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector")
	}
	// Four of the eleven: each takes the plain solver a few seconds.
	starts := readSolveStarts(t, "../docs/results/solve-start-positions.txt", preSearchMinEmpties)[:4]
	if testing.Short() {
		starts = starts[:2]
	}
	plain := newTestSolver(t)
	s := newTestSolver(t)
	setOrderEval(t, s)
	for _, pos := range starts {
		want := mustSolve(t, plain, pos, Exact)
		got := mustSolve(t, s, pos, Exact)
		if got.Score != want.Score {
			t.Fatalf("%v: %+d with the pre-search, %+d without", pos, got.Score, want.Score)
		}
		// The solver passes for a side without a move, so the child's
		// solve is the opponent's whatever it must do.
		if v := -mustSolve(t, plain, pos.Play(got.Move), Exact).Score; v != want.Score {
			t.Fatalf("%v: move %v reaches %+d, the score is %+d", pos, got.Move, v, want.Score)
		}
		// WLD runs its own pre-search: on a table of its own, so that the
		// exact solve's entries do not answer it.
		ws := newTestSolver(t)
		setOrderEval(t, ws)
		wld := mustSolve(t, ws, pos, WLD)
		if wld.Score != sign(want.Score) {
			t.Fatalf("%v: WLD %+d with the pre-search, the score is %+d", pos, wld.Score, want.Score)
		}
		if v := -mustSolve(t, plain, pos.Play(wld.Move), Exact).Score; sign(v) != wld.Score {
			t.Fatalf("%v: WLD move %v reaches %+d, not a %+d", pos, wld.Move, v, wld.Score)
		}
	}
}
