package mcts

// Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant 2014,
// "Monte Carlo Tree Search with Heuristic Evaluations using Implicit
// Minimax Backups"). Beside its mean, every node keeps the minimax value of
// the evaluator over the part of the tree below it, as a reward for the
// side that moved into it, like the mean: a leaf's is its own evaluation;
// an expanded node's is 1 minus the best of its children's, once every
// child has been evaluated (until then it keeps its own evaluation: the
// best of some children only would flatter the side to move). Selection
// then ranks a child by (1-alpha)*mean + alpha*minimax (selectChild). The
// mean averages evaluations of lines both sides play badly as well as
// well; the minimax value follows the best replies the tree has found, so
// it notices a refutation at once, where the mean needs many visits.
//
// The values live in the nodes (node.minimax), where selection reads them
// with the rest of a child's statistics. Like the evaluation they are
// float32 rewards in 0..1: their order and a thousandth of a win rate is
// all selection needs, and a float32 keeps the node small.

// unvalued marks a node whose minimax value is not known yet: it has not
// been evaluated. Rewards are in 0..1, so no value is negative.
const unvalued float32 = -1

// backupMinimax updates the minimax values along the path of the iteration
// that just ended at path[depth], whose position is st, its evaluation for
// the side that moved into it being leaf (negative when the iteration did
// not evaluate it). Above the leaf it stops at the first node whose value
// does not change, the nodes above depending on it alone of that path;
// but never below path[expandedAt], the first node this iteration expanded
// (-1: none): prior visits value a node's children when it is expanded,
// so its value may change, and those below it too, without the leaf's.
func (s *Searcher[S, M, G]) backupMinimax(depth int, st *S, leaf float64, expandedAt int) {
	n := s.path[depth]
	v := s.nodes[n].minimax
	if nd := &s.nodes[n]; nd.flags&flagProven != 0 && s.cfg.Reward == WinLoss {
		v = float32(s.reward(provenOutcome(nd.flags)))
	} else if v == unvalued {
		if !(leaf >= 0) {
			leaf = 1 - s.evalReward(st)
		}
		v = float32(leaf)
	}
	s.nodes[n].minimax = v
	for i := depth - 1; i >= 0; i-- {
		n = s.path[i]
		nd := &s.nodes[n]
		if nd.flags&flagProven != 0 && s.cfg.Reward == WinLoss {
			v = float32(s.reward(provenOutcome(nd.flags)))
		} else {
			best := float32(0)
			children := s.nodes[nd.first : nd.first+uint32(nd.nchild)]
			for j := range children {
				c := children[j].minimax
				if c == unvalued {
					return // its own evaluation stands until every child has one
				}
				best = max(best, c)
			}
			v = 1 - best
		}
		// A proven node's parent may have been proven with it
		// (propagate), so the walk goes on past it.
		if v == nd.minimax && nd.flags&flagProven == 0 && (expandedAt < 0 || i <= expandedAt) {
			return
		}
		nd.minimax = v
	}
}
