package endgame

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// probCutFit turns on TestProbCutFit, which measures the coefficients of
// probcut.go: `go test ./endgame -run TestProbCutFit -probcut-fit -v`
// (about 90 seconds).
var probCutFit = flag.Bool("probcut-fit", false, "measure how well the ordering searches predict exact scores (TestProbCutFit)")

// TestProbCutFit measures, for positions of real games, how far an
// ordering search's value (evalSearch at depth d) lies from the exact
// score of positions with n empty squares: the mean difference and its
// standard deviation, by n and d. The positions descend from the 24-empty
// positions of docs/results/solve-start-positions.txt (11 games of the
// engine against Zebra), each by several paths of moves chosen at random
// among those the evaluation puts within probCutFitSpread discs of its
// best, so that they stay positions a real game could reach. It prints the
// table that probcut.go's coefficients come from, and fails if there are
// too few positions to fit or if probCutSigma is more than 0.25 discs off
// what it measures.
func TestProbCutFit(t *testing.T) {
	if !*probCutFit {
		t.Skip("needs -probcut-fit (a minute)")
	}
	const (
		paths            = 16 // descents from each game's position
		minEmpties       = 10
		maxEmpties       = 22
		maxDepth         = orderSearchMaxDepth
		probCutFitSpread = 3 // discs from the evaluation's best move
	)
	starts := readSolveStarts(t, "../docs/results/solve-start-positions.txt", 24)
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(64 << 20)
	if err != nil {
		t.Fatal(err)
	}
	setOrderEval(t, s)
	type cell struct{ n, sum, sumSq float64 }
	var cells [maxEmpties + 1][maxDepth + 1]cell
	r := rand.New(rand.NewPCG(7, 7))
	for _, start := range starts {
		for range paths {
			pos := start
			for pos.Empties() >= minEmpties {
				n := pos.Empties()
				if n <= maxEmpties && pos.Moves() != 0 {
					exact := mustSolve(t, s, pos, Exact).Score
					for d := 1; d <= maxDepth; d++ {
						v := float64(s.evalSearch(pos.Player, pos.Opponent, -evalInfinity, evalInfinity, d)) / evalUnitsPerDisc
						c := &cells[n][d]
						diff := float64(exact) - v
						c.n++
						c.sum += diff
						c.sumSq += diff * diff
					}
				}
				next, ok := randomGoodMove(r, w, pos, probCutFitSpread)
				if !ok {
					break
				}
				pos = next
			}
		}
	}
	t.Logf("n d: positions, mean(exact - search)/sd")
	for n := minEmpties; n <= maxEmpties; n++ {
		line := ""
		for d := 1; d <= maxDepth; d++ {
			c := cells[n][d]
			if c.n < 20 {
				t.Fatalf("%d empties depth %d: %v positions, too few to fit", n, d, c.n)
			}
			mean := c.sum / c.n
			sd := math.Sqrt(c.sumSq/c.n - mean*mean)
			line += fmt.Sprintf("  d%d %+5.1f/%4.1f", d, mean, sd)
		}
		t.Logf("%2d: %4.0f positions %s", n, cells[n][1].n, line)
	}
	// probCutSigma[d] is the root mean square over every n, which the
	// bias (the sign of the mean follows the side to move: these games'
	// positions favour one colour) is part of.
	for d := 1; d <= maxDepth; d++ {
		var count, sumSq float64
		for n := minEmpties; n <= maxEmpties; n++ {
			count += cells[n][d].n
			sumSq += cells[n][d].sumSq
		}
		rms := math.Sqrt(sumSq / count)
		t.Logf("depth %d: %.0f positions, root mean square %.2f discs; probCutSigma %.2f", d, count, rms, probCutSigma[d])
		if math.Abs(rms-probCutSigma[d]) > 0.25 {
			t.Errorf("depth %d: probCutSigma %.2f, measured %.2f: update probcut.go", d, probCutSigma[d], rms)
		}
	}
}

// readSolveStarts reads the positions of one empty count from a file of
// docs/results/solve-start-positions.txt's format.
func readSolveStarts(t *testing.T, path string, empties int) []othello.Position {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []othello.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		pos, err := othello.ParsePosition(fields[1] + " " + fields[2])
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if 64-bits.OnesCount64(pos.Player|pos.Opponent) == empties {
			out = append(out, pos)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no position of %d empty squares", path, empties)
	}
	return out
}

// randomGoodMove plays a move chosen at random among those whose position
// the evaluation puts within spread discs of the best one's, or passes; it
// reports false when the game is over.
func randomGoodMove(r *rand.Rand, w *eval.Weights, pos othello.Position, spread float32) (othello.Position, bool) {
	moves := pos.Moves()
	if moves == 0 {
		if pos.Pass().Moves() == 0 {
			return pos, false
		}
		return pos.Pass(), true
	}
	best := float32(math.Inf(-1))
	var children []othello.Position
	var values []float32
	for m := moves; m != 0; m &= m - 1 {
		child := pos.Play(othello.Move(bits.TrailingZeros64(m)))
		v := -w.Value(child)
		children, values = append(children, child), append(values, v)
		best = max(best, v)
	}
	var good []othello.Position
	for i, c := range children {
		if values[i] >= best-spread {
			good = append(good, c)
		}
	}
	return good[r.IntN(len(good))], true
}
