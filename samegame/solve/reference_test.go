package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tcgothello/mcts/samegame"
)

// refBest is the reference one-player solver: plain recursion over every
// move, no table, no bound. It returns the best (sign > 0) or worst
// (sign < 0) score the rest of the game can add.
func refBest(b samegame.Board, sign int, penalty bool) int {
	moves := b.Moves(nil)
	if len(moves) == 0 {
		return b.EndAdjustment(penalty)
	}
	best := 0
	for i, m := range moves {
		child := b
		p, _ := child.Play(m.Cell)
		v := p + refBest(child, sign, penalty)
		if i == 0 || sign*v > sign*best {
			best = v
		}
	}
	return best
}

// refVariant is the reference two-player solver: plain minimax over the
// game as the variants define it, keeping both players' scores (s[0] the
// first player's, s[1] the second's) and the shared score apart, and
// computing the final outcome only at the end. It returns the outcome the
// first player can force: the shared score (Minimax), s[0]-s[1] (More) or
// s[1]-s[0] (Less).
func refVariant(b samegame.Board, v Variant, penalty bool, mover int, s [2]int, shared int, last int) int {
	moves := b.Moves(nil)
	if len(moves) == 0 {
		adj := b.EndAdjustment(penalty)
		shared += adj
		if last >= 0 {
			s[last] += adj
		}
		switch v {
		case Minimax:
			return shared
		case More:
			return s[0] - s[1]
		default:
			return s[1] - s[0]
		}
	}
	var best int
	for i, m := range moves {
		child := b
		p, _ := child.Play(m.Cell)
		ns := s
		ns[mover] += p
		out := refVariant(child, v, penalty, 1-mover, ns, shared+p, mover)
		if i == 0 || (mover == 0 && out > best) || (mover == 1 && out < best) {
			best = out
		}
	}
	return best
}

// checkBoard compares the solver with the reference on b for both
// objectives and every variant, with and without the penalty, and
// replays every sequence the solver gives.
func checkBoard(t *testing.T, s map[key]*Solver, b samegame.Board) {
	t.Helper()
	ctx := context.Background()
	for _, penalty := range []bool{false, true} {
		for _, obj := range []Objective{Max, Min} {
			res := s[key{penalty, obj}].Solve(ctx, b)
			sign := 1
			if obj == Min {
				sign = -1
			}
			want := refBest(b, sign, penalty)
			if !res.Proven || res.Score != want {
				t.Fatalf("penalty %v objective %v: solver %d (proven %v), reference %d\n%s", penalty, obj, res.Score, res.Proven, want, b.String())
			}
			got, over, err := samegame.Replay(b, res.Moves, penalty)
			if err != nil || !over || got != res.Score {
				t.Fatalf("penalty %v objective %v: %s replays to %d (over %v, %v), printed %d\n%s", penalty, obj, samegame.FormatMoves(res.Moves), got, over, err, res.Score, b.String())
			}
		}
		for _, v := range []Variant{Minimax, More, Less} {
			res := s[key{penalty, Max}].SolveVariant(ctx, b, v)
			want := refVariant(b, v, penalty, 0, [2]int{}, 0, -1)
			if !res.Proven || res.Value != want {
				t.Fatalf("penalty %v variant %v: solver %d, reference %d\n%s", penalty, v, res.Value, want, b.String())
			}
			if !res.Ok {
				if !b.Terminal() {
					t.Fatalf("variant %v: no move on a live board", v)
				}
				continue
			}
			// The move is best: the reference value after it equals the value.
			child := b
			p, ok := child.Play(res.Move)
			if !ok {
				t.Fatalf("variant %v: illegal move %s", v, res.Move)
			}
			var s0 [2]int
			s0[0] = p
			if after := refVariant(child, v, penalty, 1, s0, p, 0); after != want {
				t.Fatalf("penalty %v variant %v: move %s gives %d, value %d\n%s", penalty, v, res.Move, after, want, b.String())
			}
		}
	}
}

// key names a solver of a test: rule and objective.
type key struct {
	penalty bool
	obj     Objective
}

// solvers makes a solver for each rule and objective.
func solvers(tableMB int, noBound bool) map[key]*Solver {
	m := map[key]*Solver{}
	for _, p := range []bool{false, true} {
		for _, o := range []Objective{Max, Min} {
			m[key{p, o}] = NewSolver(Options{Objective: o, Penalty: p, TableMB: tableMB, NoBound: noBound})
		}
	}
	return m
}

// TestAgainstReference: hundreds of random boards from 2x2 to 5x5 with 2
// to 4 colours, with the table and bound, and with each turned off.
func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 26))
	configs := []map[key]*Solver{solvers(1, false), solvers(0, false), solvers(1, true)}
	n := 300
	if testing.Short() || raceEnabled {
		n = 60
	}
	for i := range n {
		w, h := 2+r.IntN(4), 2+r.IntN(4)
		b := samegame.RandomBoard(r, w, h, 2+r.IntN(3))
		checkBoard(t, configs[i%len(configs)], b)
	}
}

// TestBoundsAdmissible: along random games on random small boards, Bound
// is at least and LowerBound at most what the rest of the game can add.
func TestBoundsAdmissible(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		b := samegame.RandomBoard(r, 2+r.IntN(3), 2+r.IntN(3), 1+r.IntN(4))
		for {
			for _, penalty := range []bool{false, true} {
				if u, best := Bound(&b), refBest(b, 1, penalty); u < best {
					t.Fatalf("Bound %d < best %d (penalty %v)\n%s", u, best, penalty, b.String())
				}
				if l, worst := LowerBound(&b, penalty), refBest(b, -1, penalty); l > worst {
					t.Fatalf("LowerBound %d > worst %d (penalty %v)\n%s", l, worst, penalty, b.String())
				}
			}
			moves := b.Moves(nil)
			if len(moves) == 0 {
				break
			}
			b.Play(moves[r.IntN(len(moves))].Cell)
		}
	}
}

// TestBoundTight: a board that is one group of each colour reaches the
// bound exactly, bonus included.
func TestBoundTight(t *testing.T) {
	b := samegame.MustBoard(
		"1122",
		"1122",
	)
	if Bound(&b) != 2*samegame.Points(4)+samegame.ClearBonus || refBest(b, 1, false) != Bound(&b) {
		t.Fatalf("Bound %d, best %d", Bound(&b), refBest(b, 1, false))
	}
	// A single cell of a colour rules the bonus out.
	b = samegame.MustBoard("3", "1", "1")
	if Bound(&b) != 0 {
		t.Fatalf("Bound %d with a lone 3", Bound(&b))
	}
}
