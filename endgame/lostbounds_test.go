package endgame

import (
	"bufio"
	"context"
	"flag"
	"fmt"
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
		exact := make([]tally, len(looks))
		bisect := make([]tally, len(looks))
		n := 0
		var exactNodes, bisectNodes uint64 // to the exact score, unstopped
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
			for _, way := range []struct {
				nodes *uint64
				solve func(*Solver) (Result, error)
			}{
				{&exactNodes, func(s *Solver) (Result, error) { return s.SolveBounds(context.Background(), pos, Exact) }},
				{&bisectNodes, func(s *Solver) (Result, error) { return s.SolveBisect(context.Background(), pos, -1) }},
			} {
				s := newTestSolver(t)
				setOrderEval(t, s)
				got, err := way.solve(s)
				if err != nil || !got.Proven || got.Score != want.Score {
					t.Fatalf("%s unstopped: %+v, %v; want %d proven", fs[0], got, err, want.Score)
				}
				*way.nodes += got.Nodes
			}
			for i, k := range looks {
				for _, way := range []struct {
					tally *tally
					solve func(*Solver, context.Context) (Result, error)
				}{
					{&exact[i], func(s *Solver, ctx context.Context) (Result, error) { return s.SolveBounds(ctx, pos, Exact) }},
					{&bisect[i], func(s *Solver, ctx context.Context) (Result, error) { return s.SolveBisect(ctx, pos, -1) }},
				} {
					s := newTestSolver(t)
					setOrderEval(t, s)
					got, err := way.solve(s, stopctx.After(k))
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
						way.tally.bound++
						way.tally.given += want.Score - v
					}
				}
			}
		}
		t.Logf("%d empties, %d lost positions: nodes to the exact score, all positions: exact solve %d, bisection %d (%.2f times)",
			empties, n, exactNodes, bisectNodes, float64(bisectNodes)/float64(exactNodes))
		for i, k := range looks {
			t.Log(fmt.Sprintf("%d empties, %d lost positions, %.1fM nodes: exact solve: a move in %d, %d discs below the best; bisection: a move in %d, %d discs below the best",
				empties, n, float64(k*checkInterval)/1e6, exact[i].bound, exact[i].given, bisect[i].bound, bisect[i].given))
		}
	}
}
