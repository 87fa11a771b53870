package endgame

import (
	"bufio"
	"context"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/internal/stopctx"
	"github.com/tcgothello/mcts/othello"
)

var lostBounds = flag.String("lost-bounds", "", "measure what SolveBisect and the exact solve prove of lost positions of real games in a node budget, at these empty counts (e.g. 20,22; docs/endgame.md)")

// TestLostBoundsMeasure is the measurement behind SolveBisect in
// docs/endgame.md, run only with -lost-bounds: on the positions of real
// games in docs/results/solve-start-positions.txt with the given empty
// counts, made lost for the side to move (a won or drawn one is replaced
// by the position after its best move, when the opponent has a move), it
// stops SolveBounds(Exact) and SolveBisect after the same numbers of nodes
// and reports how often each had proven a bound with a move, and how many
// discs those moves lose against the best. Every bound is checked.
func TestLostBoundsMeasure(t *testing.T) {
	if *lostBounds == "" {
		t.Skip("a measurement: run with -lost-bounds 20,22")
	}
	f, err := os.Open("../docs/results/solve-start-positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if l := sc.Text(); !strings.HasPrefix(l, "#") && l != "" {
			lines = append(lines, l)
		}
	}
	ref := newTestSolver(t)
	setOrderEval(t, ref)
	looks := []int{1024, 4096, 16384}
	for _, es := range strings.Split(*lostBounds, ",") {
		empties, err := strconv.Atoi(es)
		if err != nil {
			t.Fatalf("-lost-bounds %q: %v", *lostBounds, err)
		}
		type tally struct{ bound, given int }
		ways := []struct {
			solve func(s *Solver, ctx context.Context, pos othello.Position) (Result, error)
			nodes uint64  // to the exact score, unstopped, over all positions
			tally []tally // after each of looks
		}{
			{solve: func(s *Solver, ctx context.Context, pos othello.Position) (Result, error) {
				return s.SolveBounds(ctx, pos, Exact)
			}},
			{solve: func(s *Solver, ctx context.Context, pos othello.Position) (Result, error) {
				return s.SolveBisect(ctx, pos, -1)
			}},
		}
		for i := range ways {
			ways[i].tally = make([]tally, len(looks))
		}
		n := 0
		for _, l := range lines {
			fs := strings.Fields(l)
			if len(fs) != 3 || !strings.HasSuffix(fs[0], "-"+es) {
				continue
			}
			turn := map[string]string{"b": "X", "w": "O"}[fs[2]]
			pos, err := othello.ParsePosition(fs[1] + " " + turn)
			if err != nil {
				t.Fatalf("%s: %v", fs[0], err)
			}
			want := mustSolve(t, ref, pos, Exact)
			if want.Score >= 0 {
				if pos = pos.Play(want.Move); pos.Moves() == 0 {
					continue
				}
				if want = mustSolve(t, ref, pos, Exact); want.Score >= 0 {
					continue
				}
			}
			n++
			for w := range ways {
				way := &ways[w]
				s := newTestSolver(t)
				setOrderEval(t, s)
				got, err := way.solve(s, context.Background(), pos)
				if err != nil || !got.Proven || got.Score != want.Score {
					t.Fatalf("%s unstopped: %+v, %v; want %d proven", fs[0], got, err, want.Score)
				}
				way.nodes += got.Nodes
				for i, k := range looks {
					s := newTestSolver(t)
					setOrderEval(t, s)
					got, err := way.solve(s, stopctx.After(k), pos)
					if err != nil {
						t.Fatal(err)
					}
					if got.Lower > want.Score || got.Upper < want.Score {
						t.Fatalf("%s after %d looks: %d..%d, exact %d", fs[0], k, got.Lower, got.Upper, want.Score)
					}
					if got.Lower > -64 {
						v := moveValue(t, ref, pos, got.Move)
						if v < got.Lower {
							t.Fatalf("%s after %d looks: move %v scores %d, below its bound %d", fs[0], k, got.Move, v, got.Lower)
						}
						way.tally[i].bound++
						way.tally[i].given += want.Score - v
					}
				}
			}
		}
		exact, bisect := &ways[0], &ways[1]
		t.Logf("%d empties, %d lost positions: nodes to the exact score, all positions: exact solve %d, bisection %d (%.2f times)",
			empties, n, exact.nodes, bisect.nodes, float64(bisect.nodes)/float64(exact.nodes))
		for i, k := range looks {
			t.Logf("%d empties, %d lost positions, %.1fM nodes: exact solve: a move in %d, %d discs below the best; bisection: a move in %d, %d discs below the best",
				empties, n, float64(k*checkInterval)/1e6, exact.tally[i].bound, exact.tally[i].given, bisect.tally[i].bound, bisect.tally[i].given)
		}
	}
}
