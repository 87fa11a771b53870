package endgame

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// refScore is a deliberately simple solver to check the real one against:
// plain negamax with alpha-beta and no ordering, table or cut-off, written
// on othello.Position and its rules, with the end-of-game score computed
// independently of othello.FinalScore.
func refScore(pos othello.Position, alpha, beta int) int {
	moves := pos.Moves()
	if moves == 0 {
		if pos.Pass().Moves() == 0 {
			mine := bits.OnesCount64(pos.Player)
			theirs := bits.OnesCount64(pos.Opponent)
			empty := 64 - mine - theirs
			switch {
			case mine > theirs:
				mine += empty
			case theirs > mine:
				theirs += empty
			}
			return mine - theirs
		}
		return -refScore(pos.Pass(), -beta, -alpha)
	}
	best := -1000
	for sq := 0; sq < 64; sq++ {
		if moves&(1<<sq) == 0 {
			continue
		}
		v := -refScore(pos.Play(othello.Move(sq)), -beta, -alpha)
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// refMoveScores returns the exact score of every legal move (or of the
// pass), by refScore.
func refMoveScores(pos othello.Position) map[othello.Move]int {
	scores := map[othello.Move]int{}
	moves := pos.Moves()
	if moves == 0 {
		scores[othello.Pass] = refScore(pos, -64, 64)
		return scores
	}
	for sq := 0; sq < 64; sq++ {
		if moves&(1<<sq) != 0 {
			scores[othello.Move(sq)] = -refScore(pos.Play(othello.Move(sq)), -64, 64)
		}
	}
	return scores
}

// randomPosition plays a seeded random game from the start to the given
// number of empty squares (or its end, if sooner). Random games reach the
// passes and lopsided boards that real ones seldom do.
func randomPosition(r *rand.Rand, empties int) othello.Position {
	pos := othello.Start()
	for pos.Empties() > empties && !pos.GameOver() {
		moves := pos.Moves()
		if moves == 0 {
			pos = pos.Pass()
			continue
		}
		k := r.IntN(bits.OnesCount64(moves))
		for ; k > 0; k-- {
			moves &= moves - 1
		}
		pos = pos.Play(othello.Move(bits.TrailingZeros64(moves)))
	}
	return pos
}

// lopsidedPosition fills the board but for the given number of empty
// squares, each disc the side to move's with probability share: wipe-outs,
// passes and games that end early abound.
func lopsidedPosition(r *rand.Rand, empties int, share float64) othello.Position {
	var p, o uint64
	for _, sq := range r.Perm(64)[empties:] {
		if r.Float64() < share {
			p |= 1 << sq
		} else {
			o |= 1 << sq
		}
	}
	return othello.Position{Player: p, Opponent: o, Turn: othello.Color(r.IntN(2))}
}

// checkAgainstReference solves pos every way the solver offers and compares
// each answer with the reference.
func checkAgainstReference(t *testing.T, s *Solver, pos othello.Position) {
	t.Helper()
	want := refMoveScores(pos)
	best := -1000
	for _, v := range want {
		best = max(best, v)
	}
	r := mustSolve(t, s, pos, Exact)
	if r.Score != best || want[r.Move] != best {
		t.Fatalf("%v: exact solve %+d %v; want %+d with a move of %v", pos, r.Score, r.Move, best, want)
	}
	w := mustSolve(t, s, pos, WLD)
	if w.Score != sign(best) || sign(want[w.Move]) != w.Score {
		t.Fatalf("%v: wld solve %+d %v (exact %+d); want %+d with a move of %v", pos, w.Score, w.Move, want[w.Move], sign(best), want)
	}
	scores, err := s.SolveMoves(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != len(want) {
		t.Fatalf("%v: %d move scores, want %d", pos, len(scores), len(want))
	}
	for _, ms := range scores {
		if v, ok := want[ms.Move]; !ok || v != ms.Score {
			t.Fatalf("%v: move %v scores %+d; want %v", pos, ms.Move, ms.Score, want)
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestSolveMatchesReference compares the solver with refScore on random
// game positions of 6 to 14 empty squares and on lopsided boards, covering
// the shallow and deep searches, the table (kept between positions, so
// that stale entries would show) and the stability cut-off.
func TestSolveMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := newTestSolver(t)
	setOrderEval(t, s) // the ordering must never change a result
	games, lopsided := 300, 100
	if testing.Short() || raceEnabled {
		games, lopsided = 60, 20
	}
	for i := 0; i < games; i++ {
		empties := 6 + i%9 // 6..14
		if empties > 12 && i%3 != 0 {
			empties -= 4 // the reference is slow at 13 and 14
		}
		checkAgainstReference(t, s, randomPosition(r, empties))
	}
	for i := 0; i < lopsided; i++ {
		checkAgainstReference(t, s, lopsidedPosition(r, 1+i%12, 0.2+0.6*r.Float64()))
	}
}

// FuzzSolve compares the solver with refScore on boards the fuzzer makes:
// every square outside empty is filled, a disc of the side to move where
// mine has a bit; at most 12 squares are left empty.
func FuzzSolve(f *testing.F) {
	f.Add(uint64(0x00000000000000ff), uint64(0x0f0f0f0f0f0f0f0f), false)
	f.Add(uint64(0x8100000000000081), uint64(0), true)
	f.Add(uint64(0x0000001818000000), uint64(0xffffffff00000000), false)
	s := newTestSolver(f)
	f.Fuzz(func(t *testing.T, empty, mine uint64, white bool) {
		for bits.OnesCount64(empty) > 12 {
			empty &= empty - 1
		}
		pos := othello.Position{Player: ^empty & mine, Opponent: ^empty &^ mine}
		if white {
			pos.Turn = othello.White
		}
		checkAgainstReference(t, s, pos)
	})
}

// TestOutcome checks the leaf solver's answer against the reference, also
// after a solve that its context stopped (which must not stop it).
func TestOutcome(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	s := newTestSolver(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Solve(ctx, readFFO(t)[0].pos, Exact); err == nil {
		t.Fatal("a solve with a cancelled context succeeded")
	}
	for i := 0; i < 200; i++ {
		pos := randomPosition(r, 4+i%8)
		if got, want := s.Outcome(pos.Player, pos.Opponent), sign(refScore(pos, -64, 64)); got != want {
			t.Fatalf("%v: outcome %+d, want %+d", pos, got, want)
		}
	}
}

// TestOrderingSearchesKeepTheScore solves random game positions of 16 and
// 17 empty squares, where the moves are ordered by searches
// (orderSearchEmpties) and the exact score is narrowed by null windows from
// the evaluation's estimate, and checks score and move against the exact
// score of every move from a second solver without the evaluation, whose
// SolveMoves uses neither (a full window per move): the deep search both
// share is checked against the reference above. The table is kept between
// positions.
func TestOrderingSearchesKeepTheScore(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector; the solver is single-goroutine code")
	}
	if orderSearchEmpties > 16 {
		t.Fatalf("orderSearchEmpties %d: the test's positions must reach it", orderSearchEmpties)
	}
	s, plain := newTestSolver(t), newTestSolver(t)
	setOrderEval(t, s)
	r := rand.New(rand.NewPCG(44, 1))
	for i := range 4 {
		pos := randomPosition(r, 16+i%2)
		scores, err := plain.SolveMoves(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		want := map[othello.Move]int{}
		best := -1000
		for _, ms := range scores {
			want[ms.Move] = ms.Score
			best = max(best, ms.Score)
		}
		got := mustSolve(t, s, pos, Exact)
		if got.Score != best || want[got.Move] != best {
			t.Fatalf("%v: exact solve %+d %v; want %+d with a move of %v", pos, got.Score, got.Move, best, want)
		}
		w := mustSolve(t, s, pos, WLD)
		if w.Score != sign(best) || sign(want[w.Move]) != w.Score {
			t.Fatalf("%v: wld solve %+d %v; want %+d with a move of %v", pos, w.Score, w.Move, sign(best), want)
		}
		if lost := best < 0; lost {
			b, err := s.SolveBisect(context.Background(), pos, -1)
			if err != nil || !b.Proven || b.Score != best || want[b.Move] != best {
				t.Fatalf("%v: bisection %+v, %v; want %+d proven with a move of %v", pos, b, err, best, want)
			}
		}
	}
}
