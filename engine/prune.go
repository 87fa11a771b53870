package engine

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
// children with at least PruneMinVisits simulations, the reference is the
// highest lower bound mean - r_d*σ; a child whose upper bound mean + r_d*σ
// is below it is statistically inferior and is pruned: it gets no more
// simulations. The child best by mean is never pruned (its upper bound is at
// least its mean, which is at least the reference's, so the rule cannot
// reach it; the check is explicit all the same), so neither is the last one.
// After the pass no two eligible children are separable, so if every
// remaining child is eligible with σ < σ_e they all count as equal.
func (s *Searcher) prune(n uint32) pruneResult {
	nd := &s.nodes[n]
	children := s.nodes[nd.first : nd.first+uint32(nd.nchild)]
	rd, minVisits := s.cfg.PruneRD, s.pruneMinVisits

	remaining, bestMean, best := 0, math.Inf(-1), -1
	refLower := math.Inf(-1)
	for i := range children {
		ch := &children[i]
		if ch.flags&flagPruned != 0 {
			continue
		}
		remaining++
		if ch.visits < minVisits {
			continue
		}
		mean, se := meanStdErr(ch.sum, ch.sumSq, ch.visits)
		if mean > bestMean {
			bestMean, best = mean, i
		}
		if lower := mean - rd*se; lower > refLower {
			refLower = lower
		}
	}
	if best < 0 {
		return pruneResult{remaining: remaining}
	}

	allEqual := remaining >= 2
	for i := range children {
		ch := &children[i]
		if ch.flags&flagPruned != 0 {
			continue
		}
		if ch.visits < minVisits {
			allEqual = false
			continue
		}
		mean, se := meanStdErr(ch.sum, ch.sumSq, ch.visits)
		if i != best && remaining > 1 && mean+rd*se < refLower {
			ch.flags |= flagPruned
			remaining--
			s.pruned++
			continue
		}
		if se >= s.cfg.PruneSigmaE {
			allEqual = false
		}
	}
	return pruneResult{remaining: remaining, allEqual: allEqual && remaining >= 2}
}
