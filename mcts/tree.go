package mcts

// This file holds the tree half of the hot path: the node layout, expansion,
// UCB1 selection and backpropagation. Like a game's playout it must not
// allocate; BenchmarkSearch (engine/) measures its cost against raw
// playouts.

import (
	"cmp"
	"math"
)

// node is one position of the tree, stored in the Searcher's arena. Its
// children occupy the contiguous indices first .. first+nchild-1, so a node
// needs no pointers and the arena is one flat slice the garbage collector
// never scans. A node does not store its position: the search replays the
// moves from the root, which costs one Play per level and keeps a node at
// 24 bytes whatever the move type (TestNodeSize): selection reads every
// child of every node on its path, mostly from memory, so the smaller the
// node the fewer cache lines a descent waits for.
type node[M Move] struct {
	// sum totals the rewards of every playout through this node, from the
	// point of view of the player whose move led here (the side to move at
	// the parent). Float64, so that means need no integer division and
	// keep full precision. The sums of squares, which only progressive
	// pruning and single-player selection read, live in Searcher.sumSq.
	sum    float64
	visits uint32
	first  uint32 // index of the first child; meaningful when nchild > 0
	// minimax is the node's implicit minimax value (minimax.go) when
	// Config.MinimaxWeight is above 0, unvalued until the node is first
	// evaluated. It lives in the node, not in a slice of its own, because
	// selection reads it with the child's statistics: a second array cost
	// a second cache miss a node on every descent.
	minimax float32
	move    M // the move that led here from the parent
	nchild  uint8
	flags   uint8
}

// Node flags.
const (
	flagPruned   = 1 << iota // progressive pruning removed this move
	flagTerminal             // the game is over here
	// The result of a proven node, for the side that moved into it
	// (MCTS-Solver): the game ended here, the leaf solver solved it, or
	// its children decide it (see propagate).
	flagWin
	flagLoss
	flagDraw
	flagProven = flagWin | flagLoss | flagDraw
)

// provenFlag returns the flag of a proven result, outcome being +1 (a win),
// 0 (a draw) or -1 (a loss) for the side that moved into the node.
func provenFlag(outcome int) uint8 {
	switch {
	case outcome > 0:
		return flagWin
	case outcome < 0:
		return flagLoss
	}
	return flagDraw
}

// provenOutcome returns +1, 0 or -1 for a node with flagProven set: its
// result for the side that moved into it.
func provenOutcome(flags uint8) int {
	switch {
	case flags&flagWin != 0:
		return 1
	case flags&flagLoss != 0:
		return -1
	}
	return 0
}

// expand creates the children of leaf n, whose position is st. It reports
// false, creating nothing, when the arena has no room for them all; a
// game-over leaf is marked terminal instead and reports false.
func (s *Searcher[S, M, G]) expand(n uint32, st *S) bool {
	moves := s.game.Moves(st, s.moveBuf[:0])
	s.moveBuf = moves[:0]
	if len(moves) == 0 {
		s.nodes[n].flags |= flagTerminal
		if s.cfg.Solver {
			// The side that moved here wins when the side to move has lost.
			s.nodes[n].flags |= provenFlag(-cmp.Compare(s.game.Score(st), 0))
		}
		return false
	}
	count := len(moves)
	if uint64(s.used)+uint64(count) > uint64(len(s.nodes)) {
		s.arenaFull = true
		return false
	}
	first := s.used
	s.used += uint32(count)
	children := s.nodes[first:s.used]
	for i := range children {
		children[i] = node[M]{move: moves[i], minimax: unvalued}
	}
	var sumSq []float64
	if s.sumSq != nil {
		sumSq = s.sumSq[first:s.used]
		clear(sumSq)
	}
	if s.cfg.PriorVisits > 0 {
		// Prior knowledge: each child starts with virtual visits at the
		// evaluator's value for the side that moves into it.
		k := float64(s.cfg.PriorVisits)
		for i := range children {
			s.child = *st
			s.game.Play(&s.child, children[i].move)
			v := 1 - s.evalReward(&s.child)
			children[i].visits = uint32(s.cfg.PriorVisits)
			children[i].sum = k * v
			if sumSq != nil {
				sumSq[i] = k * v * v
			}
			if s.useMinimax {
				// Visited in all but name: its evaluation is known.
				children[i].minimax = float32(v)
			}
		}
	}
	nd := &s.nodes[n]
	nd.first, nd.nchild = first, uint8(count)
	return true
}

// selectChild returns the child of n with the highest UCB1 score
// mean + C*sqrt(ln N / n_i) among those not pruned; an unvisited child
// comes first, in move order. Ties go to the lower index, which keeps the
// search deterministic.
//
// When warm is set (n is the root, pruning is on and some move still lacks
// its minimum), the least visited move still in the running comes first
// while it has fewer than PruneMinVisits simulations: UCB1 alone gives a
// hopeless move only about ln N visits, so without this it would never
// qualify to be judged, and pruning would never remove it. The warm-up is
// found before any score is computed, so it costs no Sqrt or Log, and it
// ends for good once every move left has its minimum (visits only grow and
// pruning only removes moves).
func (s *Searcher[S, M, G]) selectChild(n uint32, warm bool) uint32 {
	nd := &s.nodes[n]
	children := s.nodes[nd.first : nd.first+uint32(nd.nchild)]
	if warm {
		least, leastVisits := -1, uint32(math.MaxUint32)
		for i := range children {
			ch := &children[i]
			if ch.flags&(flagPruned|flagLoss) == 0 && ch.visits < leastVisits {
				least, leastVisits = i, ch.visits
			}
		}
		if least >= 0 && leastVisits < s.pruneMinVisits {
			return nd.first + uint32(least)
		}
		s.warming = false
	}
	// UCB1's exploration term c*sqrt(ln N / n_i) is computed as
	// c*sqrt(ln N) * 1/sqrt(n_i), and the mean as sum * (1/sqrt(n_i))^2,
	// so that a child costs no division or square root (ucb.go). With
	// prior visits the children have visits before their parent has any:
	// sqrtLogOf counts the parent's as at least one.
	cLog := s.cfg.Exploration * sqrtLogOf(nd.visits)
	// Implicit minimax: the mean shares its weight with the child's
	// minimax value (minimax.go); a search without it costs one
	// predictable branch a child.
	useMinimax, alpha := s.useMinimax, s.cfg.MinimaxWeight
	var sumSq []float64 // the children's sums of squares, for SP-MCTS only
	if s.cfg.SinglePlayer {
		sumSq = s.sumSq[nd.first : nd.first+uint32(nd.nchild)]
	}
	best, bestScore := -1, math.Inf(-1)
	for i := range children {
		ch := &children[i]
		// A proven loss is never worth another visit: its result is
		// known, and the other moves decide the node.
		if ch.flags&(flagPruned|flagLoss) != 0 {
			continue
		}
		if ch.visits == 0 {
			return nd.first + uint32(i)
		}
		invSqrt := invSqrtOf(ch.visits)
		inv := invSqrt * invSqrt
		mean := ch.sum * inv
		score := mean + cLog*invSqrt
		if useMinimax {
			// A visited child has been evaluated.
			score += alpha * (float64(ch.minimax) - mean)
		}
		if sumSq != nil {
			// SP-MCTS: sqrt((sum of squares - n*mean^2 + D)/n), the
			// spread of the child's rewards plus D's optimism.
			score += math.Sqrt(max(0, sumSq[i]*inv-mean*mean) + s.cfg.VarianceD*inv)
		}
		// A branch, not a conditional move: the predictor mostly guesses
		// the leader (the most visited child), so the next level's loads
		// start before this level's scores are all known. A branch-free
		// maximum made the search 26% slower (docs/engine.md).
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		// Every move in the running is a proven loss and the others were
		// pruned (a node whose children all lose is proven and never
		// descended into): visit a pruned move not proven lost, else the
		// first.
		best = 0
		for i := range children {
			if children[i].flags&flagLoss == 0 {
				best = i
				break
			}
		}
	}
	return nd.first + uint32(best)
}

// iterate runs one iteration of the search: descend from the root by UCB1
// (pruning on the way when due), expand the leaf reached if UCT says so,
// play out, and back the result up the path.
func (s *Searcher[S, M, G]) iterate() {
	// The position descends in a field, not a local: the game's methods
	// take a pointer the compiler cannot see into, and a local would move
	// to the heap once per iteration.
	s.cur = s.root
	st := &s.cur
	n := uint32(0)
	depth := 0
	s.path[0] = 0
	expandedAt := -1 // the depth of the first node expanded, for backupMinimax
	for {
		nd := &s.nodes[n]
		if nd.flags&flagProven != 0 {
			break // its result is known: no playout needed
		}
		if nd.nchild == 0 {
			// Once the arena has refused a leaf the search stops asking:
			// expand would cost a move generation per iteration, mostly
			// for nothing. A leaf whose fewer children might still fit
			// stays a leaf too; the last few slots are not worth that cost.
			// One expansion an iteration, as UCT has it: with prior
			// visits a new child may already have ExpandVisits visits,
			// and expanding it in turn would run each iteration down to
			// the end of the game.
			if s.cfg.Algorithm != UCT || nd.flags&flagTerminal != 0 || nd.visits < s.expandVisits || s.arenaFull || expandedAt >= 0 {
				break
			}
			if s.cfg.Solver && s.leafSolver != nil {
				// Small enough to solve: prove the leaf instead of
				// growing a subtree for it.
				if outcome, ok := s.leafSolver(st); ok {
					nd.flags |= provenFlag(-outcome)
					s.solvedLeaves++
					break
				}
			}
			if !s.expand(n, st) {
				break
			}
			if expandedAt < 0 {
				expandedAt = depth
			}
		}
		// Pruning applies at the root (pruned by Search between iterations,
		// with a warm-up) and at inner nodes with PruneNodeVisits visits
		// (without one: see docs/engine.md).
		if n != 0 && s.cfg.Pruning && nd.visits >= s.pruneNodeVisits && nd.visits%s.pruneEvery == 0 {
			s.prune(n)
		}
		n = s.selectChild(n, n == 0 && s.warming)
		s.game.Play(st, s.nodes[n].move)
		depth++
		s.path[depth] = n
	}
	if depth > s.maxDepth {
		s.maxDepth = depth
	}
	// The leaf's own statistics belong to the side who moved into it. A
	// proven leaf scores its result under WinLoss; otherwise it is played
	// out (from the end of a game that returns the exact score at once; a
	// solved leaf's playouts keep DiscDiff's means in score units), the
	// playout's result being for the side to move at the leaf.
	var r float64
	leaf := -1.0 // the leaf's evaluation, when this iteration made one
	proven := s.nodes[n].flags&flagProven != 0
	switch {
	case proven && s.cfg.Reward == WinLoss:
		r = s.reward(provenOutcome(s.nodes[n].flags))
	case s.cfg.Leaf == LeafEval:
		leaf = s.leafValue(n, st)
		r = leaf
	case s.cfg.Leaf == LeafMix:
		w := s.cfg.EvalWeight
		leaf = s.leafValue(n, st)
		r = w*leaf + (1-w)*s.reward(-s.game.Playout(*st, &s.rng))
	case s.cfg.SinglePlayer:
		r = s.singleReward(st, depth)
	default:
		r = s.reward(-s.game.Playout(*st, &s.rng))
	}
	// One player: every node on the path is credited with the same
	// reward. Two players: it alternates between their points of view.
	flip := !s.cfg.SinglePlayer
	for i := depth; i >= 0; i-- {
		nd := &s.nodes[s.path[i]]
		nd.visits++
		nd.sum += r
		if s.sumSq != nil {
			s.sumSq[s.path[i]] += r * r
		}
		if flip {
			r = 1 - r
		}
	}
	if proven {
		s.propagate(depth)
	}
	if s.useMinimax {
		s.backupMinimax(depth, st, leaf, expandedAt)
	}
}

// leafValue returns the evaluation of st, the position of leaf n, as a
// reward for the side that moved into it. A leaf is visited ExpandVisits
// times before it is expanded, and prior visits evaluate it when its
// parent is expanded; with implicit minimax backups the node keeps its
// evaluation (its minimax value until it has children), so those visits
// read it instead of evaluating the same position again: the evaluator is
// a function of the position (SetEvaluator). Without the backups there is
// nowhere to keep it.
func (s *Searcher[S, M, G]) leafValue(n uint32, st *S) float64 {
	if s.useMinimax && s.nodes[n].nchild == 0 {
		if v := s.nodes[n].minimax; v != unvalued {
			return float64(v)
		}
	}
	return 1 - s.evalReward(st)
}

// singleReward plays st, the leaf at depth of the current descent, out
// for a single-player search and returns the reward: the final score over
// MaxScore. With a Recorder it keeps the whole line, the tree's moves
// (path[1..depth]) then the playout's, when it beats the best so far.
func (s *Searcher[S, M, G]) singleReward(st *S, depth int) float64 {
	if s.recorder == nil {
		return float64(s.game.Playout(*st, &s.rng)) / float64(s.maxScore)
	}
	score, played := s.recorder.RecordPlayout(*st, &s.rng, s.played[:0])
	s.played = played[:0]
	if score > s.bestScore {
		s.bestScore = score
		s.best = s.best[:0]
		for i := 1; i <= depth; i++ {
			s.best = append(s.best, s.nodes[s.path[i]].move)
		}
		s.best = append(s.best, played...)
	}
	return float64(score) / float64(s.maxScore)
}

// propagate marks proven the ancestors of the proven node path[depth] whose
// result its proof decides (MCTS-Solver, Winands et al. 2008): a parent is
// lost for the side that moved into it as soon as one child wins for the
// side to move there, and otherwise decided once every child is proven, by
// the best of them. It stops at the first ancestor left undecided.
func (s *Searcher[S, M, G]) propagate(depth int) {
	for i := depth; i > 0; i-- {
		child := &s.nodes[s.path[i]]
		parent := &s.nodes[s.path[i-1]]
		if parent.flags&flagProven != 0 {
			return
		}
		outcome := -1 // for the side to move at the parent
		if child.flags&flagWin == 0 {
			for _, ch := range s.nodes[parent.first : parent.first+uint32(parent.nchild)] {
				if ch.flags&flagProven == 0 {
					return
				}
				outcome = max(outcome, provenOutcome(ch.flags))
			}
		} else {
			outcome = 1
		}
		parent.flags |= provenFlag(-outcome)
	}
}

// reward maps a final score d, seen by one player, to that player's reward
// in 0..1. Both schemes satisfy reward(-d) = 1-reward(d), which
// backpropagation relies on.
func (s *Searcher[S, M, G]) reward(d int) float64 {
	if s.cfg.Reward == DiscDiff {
		return float64(d+s.maxScore) / float64(2*s.maxScore)
	}
	switch {
	case d > 0:
		return 1
	case d < 0:
		return 0
	}
	return 0.5
}
