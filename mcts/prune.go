package mcts

import "math"

// meanStdErr returns the mean of n rewards whose sum and sum of squares are
// given, and the standard deviation of that mean: sqrt(s²/n), s² being the
// unbiased sample variance. It is infinite for fewer than two results,
// when nothing is known of the spread.
func meanStdErr(sum, sumSq float64, n uint32) (mean, se float64) {
	if n == 0 {
		return 0, math.Inf(1)
	}
	v := float64(n)
	mean = sum / v
	if n < 2 {
		return mean, math.Inf(1)
	}
	variance := (sumSq - sum*mean) / (v - 1)
	if variance < 0 { // rounding, when every result is the same
		variance = 0
	}
	return mean, math.Sqrt(variance / v)
}

// pruneResult says what a pruning pass left.
type pruneResult struct {
	remaining int  // children not pruned
	allEqual  bool // at least two remain, each with σ < σ_e, none separable
}

// prune is one progressive-pruning pass over the children of n. Among the
// children with at least PruneMinVisits simulations (the eligible ones), the
// reference is the child best by mean, as progressive pruning defines it: a
// child whose upper bound mean + r_d*σ is below the reference's lower bound
// mean - r_d*σ is statistically inferior to the best move and is pruned: it
// gets no more simulations. The reference itself is never pruned (its upper
// bound is at least its lower bound; the check is explicit all the same), so
// neither is the last child. The remaining children all count as equal when
// every one is eligible with σ < σ_e and no two of them are separable (the
// lowest upper bound is not below the highest lower bound): comparing with
// the best move alone does not prove that two others overlap.
func (s *Searcher[S, M, G]) prune(n uint32) pruneResult {
	nd := &s.nodes[n]
	children := s.nodes[nd.first : nd.first+uint32(nd.nchild)]
	sumSq := s.sumSq[nd.first : nd.first+uint32(nd.nchild)] // kept while pruning is on
	rd, minVisits := s.cfg.PruneRD, s.pruneMinVisits

	remaining, bestMean, best := 0, math.Inf(-1), -1
	refLower := math.Inf(-1)
	for i := range children {
		ch := &children[i]
		// A proven loss is out of the running already (never selected,
		// never chosen): its frozen mean must not serve as the reference.
		if ch.flags&(flagPruned|flagLoss) != 0 {
			continue
		}
		remaining++
		if ch.visits < minVisits {
			continue
		}
		mean, se := meanStdErr(ch.sum, sumSq[i], ch.visits)
		if mean > bestMean {
			bestMean, best, refLower = mean, i, mean-rd*se
		}
	}
	if best < 0 {
		return pruneResult{remaining: remaining}
	}

	allEqual := remaining >= 2
	minUpper, maxLower := math.Inf(1), math.Inf(-1)
	for i := range children {
		ch := &children[i]
		if ch.flags&(flagPruned|flagLoss) != 0 {
			continue
		}
		if ch.visits < minVisits {
			allEqual = false
			continue
		}
		mean, se := meanStdErr(ch.sum, sumSq[i], ch.visits)
		upper, lower := mean+rd*se, mean-rd*se
		if i != best && remaining > 1 && upper < refLower && ch.flags&flagWin == 0 {
			ch.flags |= flagPruned
			remaining--
			s.pruned++
			continue
		}
		if se >= s.cfg.PruneSigmaE {
			allEqual = false
		}
		minUpper, maxLower = min(minUpper, upper), max(maxLower, lower)
	}
	allEqual = allEqual && remaining >= 2 && minUpper >= maxLower
	return pruneResult{remaining: remaining, allEqual: allEqual}
}
