package endgame

import "math"

// Probabilistic cut-off (Buro's ProbCut) for a selective pre-search. Far
// from the end, a position whose shallow ordering search lies far above
// beta (or below alpha) is, nearly always, above beta (below alpha) in
// exact play too. A search that trusts this is not exact, but it is
// right most of the time at a small part of the cost. A solve of a large
// root (Solve, SolveBounds; not SolveBisect or SolveMoves) runs one first
// when it has an evaluation (Solver.preSearch): its score is a far better
// first guess for the null-window narrowing than the evaluation's
// estimate (on FFO #48 the estimate is +10 and the exact score +28,
// eleven null-window proofs apart; the pre-search says +16), and the best
// moves it leaves in the table order the exact search. Its bounds are kept
// apart from the exact ones (entry.selective): the exact search reads only
// their moves, so the exact result stays exact.

const (
	// probCutMinEmpties is the fewest empty squares at which the
	// selective search tries the cut-off: below it the shallow search
	// costs about as much as the subtree it would spare. On FFO #45-#49,
	// 12 took 526 M nodes, 10 541 M, 14 569 M.
	probCutMinEmpties = 12

	// preSearchMinEmpties is the fewest empty squares at which an exact
	// solve runs the selective pre-search first: below it the narrowing
	// takes few steps and the pre-search saves nothing. On the 33
	// positions at 18, 20 and 22 empties of
	// docs/results/solve-start-positions.txt, from 22 took 225.8 M nodes,
	// from 20 228.0 M, from 18 or 16 228.5 M, without 258.9 M.
	preSearchMinEmpties = 22

	// probCutConfidence is t of ProbCut's test: the cut-off is taken when
	// the shallow search is t standard deviations beyond the bound, which
	// a normal error passes about 16% of the time on each side at 1.0. On
	// FFO #45-#49 the exact solves took 526 M nodes in all after a
	// pre-search at 1.0, 559 M at 1.5, 587 M at 2.0, 639 M at 0.5, 555 M
	// at 0.75, against 688 M without one; a second pre-search at 2.0
	// after the first saved 1% more, not worth its code.
	probCutConfidence = 1.0
)

// probCutSigma[d] is the spread, in discs, of the exact score of a position
// around the value of its ordering search of depth d (evalSearch), the root
// mean square of their difference over positions of 10 to 22 empty squares
// of real games, measured by TestProbCutFit (`go test ./endgame -run
// TestProbCutFit -probcut-fit -v`, 2,288 positions): it shrinks slowly with
// the depth and hardly changes with the empty squares from 10 to 22;
// depths 5 and 6 serve nodes of 24 or more, beyond the fit, on that trend.
var probCutSigma = [orderSearchMaxDepth + 1]float64{0, 9.8, 9.1, 8.5, 8.0, 7.4, 6.7}

// probCutDepth returns the depth of the shallow search that decides the
// cut-off at a node of n empty squares: deeper on the larger subtrees,
// where it is cheap beside what it may spare. One ply more every 4 empty
// squares from 2 took 526 M nodes on FFO #45-#49, from 1 533 M, from 3
// 553 M; every 3 from 2 557 M, every 6 533 M.
func probCutDepth(n int) int {
	return min(2+(n-probCutMinEmpties)/4, orderSearchMaxDepth)
}

// probCut tries the cut-off at a node of the selective search: it returns
// beta (or alpha) and true when the shallow search says the node's score
// lies above beta (below alpha) with confidence probCutConfidence.
func (s *Solver) probCut(p, o uint64, alpha, beta, n int) (int, bool) {
	d := probCutDepth(n)
	margin := probCutConfidence * probCutSigma[d]
	if up := float64(beta) + margin; up < 64 {
		bound := int32(math.Ceil(up * evalUnitsPerDisc))
		if s.evalSearch(p, o, bound-1, bound, d) >= bound {
			return beta, true
		}
	}
	if down := float64(alpha) - margin; down > -64 {
		bound := int32(math.Floor(down * evalUnitsPerDisc))
		if s.evalSearch(p, o, bound, bound+1, d) <= bound {
			return alpha, true
		}
	}
	return 0, false
}
