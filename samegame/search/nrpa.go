package search

import (
	"math"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
)

// Nested Rollout Policy Adaptation (Rosin 2011). A policy gives each move
// code a weight w, and a playout plays a move with probability
// proportional to exp(w) among the moves the colour-avoiding rule allows.
// A level-0 search is one such playout from the root. A level-n search
// copies its parent's policy, then Config.Iterations times runs a level
// n-1 search with it, keeps the best sequence seen (ties go to the newer
// one), and adapts its policy toward that sequence: at each step the
// code played gains Alpha and every code that could have been played
// loses Alpha times its probability (the gradient of the sequence's log
// likelihood). A run that finishes before the limits starts again from
// an empty policy.
//
// The code of a move. A move is a group, and the same group (same colour,
// same cells) tends to be a good or a bad move whatever the order of the
// moves that made it, so the code names the group, not the order: a hash
// of its colour, its representative cell and its size (the cells
// themselves would cost a pass over them at every step of every playout;
// the three together nearly always tell the groups of one board apart).
// The hash indexes a table of 2^policyBits weights: two groups may share
// a weight, rarely, which only blurs what the policy learns.

// policyBits is the size of the policy table, 2^16 weights (512 KiB): a
// search meets some thousands of distinct groups, so collisions are rare,
// and a level copies the table in tens of microseconds, once every
// Iterations playouts at most.
const policyBits = 16

// policy holds exp(w) for the weight w of every move code: a playout
// needs only exp(w), so it is stored instead of w, and adapting w by d
// multiplies it by exp(d). A table of all ones is the empty policy.
type policy []float64

// code returns the policy index of move m.
func code(m group) uint32 {
	return uint32(mcts.Mix(uint64(m.colour)|uint64(m.rep)<<8|uint64(m.size)<<24) >> (64 - policyBits))
}

// cellCode returns the policy index of move m by its colour and the set
// of its cells (Config.CellCode): the sum of a random key per cell, so
// that the order in which the fill met the cells does not matter. sc is
// the scratch that found m.
func (st *nrpaState) cellCode(m group, sc *scratch) uint32 {
	h := uint64(m.colour)
	for _, c := range sc.cells[m.start : m.start+m.size] {
		h += st.cellKeys[c]
	}
	return uint32(mcts.Mix(h) >> (64 - policyBits))
}

// rollout is one playout of NRPA: its score, its moves, the code played
// at each step and the codes it could have played (legal[offsets[t] :
// offsets[t+1]] at step t) with the prior factor exp(beta) of each
// (prior[i] for legal[i]: the tabu bias and the size bias of generalised
// NRPA, 1 without them), which adaptation needs.
type rollout struct {
	score   int
	moves   []uint16
	chosen  []uint32
	legal   []uint32
	prior   []float64
	offsets []int32
}

func newRollout() rollout {
	return rollout{
		score:   math.MinInt,
		moves:   make([]uint16, 0, samegame.MaxPlies),
		chosen:  make([]uint32, 0, samegame.MaxPlies),
		legal:   make([]uint32, 0, samegame.MaxPlies*samegame.MaxMoves),
		prior:   make([]float64, 0, samegame.MaxPlies*samegame.MaxMoves),
		offsets: make([]int32, 0, samegame.MaxPlies+1),
	}
}

// copyFrom makes r a copy of o, reusing r's memory.
func (r *rollout) copyFrom(o *rollout) {
	r.score = o.score
	r.moves = append(r.moves[:0], o.moves...)
	r.chosen = append(r.chosen[:0], o.chosen...)
	r.legal = append(r.legal[:0], o.legal...)
	r.prior = append(r.prior[:0], o.prior...)
	r.offsets = append(r.offsets[:0], o.offsets...)
}

// nrpaLevel is the working memory of one level: its policy and its best
// rollout (at level 0, the playout just run).
type nrpaLevel struct {
	pol  policy
	best rollout
}

// delta is one change of a weight, computed before any is applied.
type delta struct {
	code uint32
	d    float64
}

// nrpaState is what NRPA adds to the searcher: the levels, an empty
// policy for restarts, and scratch for playouts and adaptation.
type nrpaState struct {
	levels  []nrpaLevel
	zero    policy
	weights []float64
	deltas  []delta
	// cellKeys is a random key per grid cell, for cellCode.
	cellKeys []uint64
	// sizePrior[n] is exp(SizeBias*(n-2)), the prior factor of a group
	// of n cells (all ones without a size bias).
	sizePrior []float64
}

// newNRPAState builds the state a search with s's configuration uses:
// the levels' policies, the empty policy, the scratch, the cell keys (with
// CellCode) and the size prior. The benchmarks build theirs here too, so
// that they measure the search's own playout.
func (s *searcher) newNRPAState() *nrpaState {
	st := &nrpaState{
		levels:  make([]nrpaLevel, s.cfg.Level+1),
		zero:    make(policy, 1<<policyBits),
		weights: make([]float64, 0, samegame.MaxMoves),
		deltas:  make([]delta, 0, samegame.MaxPlies*(samegame.MaxMoves+1)),
	}
	if s.cfg.CellCode {
		st.cellKeys = make([]uint64, gridCells)
		for i := range st.cellKeys {
			st.cellKeys[i] = mcts.Mix(uint64(i+1) << 8)
		}
	}
	st.sizePrior = make([]float64, samegame.MaxSize*samegame.MaxSize+1)
	for n := range st.sizePrior {
		st.sizePrior[n] = math.Exp(s.cfg.SizeBias * float64(n-2))
	}
	for i := range st.zero {
		st.zero[i] = 1 // exp(0)
	}
	for i := range st.levels {
		st.levels[i].pol = make(policy, 1<<policyBits)
		st.levels[i].best = newRollout()
	}
	return st
}

func (s *searcher) runNRPA() {
	st := s.newNRPAState()
	for !s.done() {
		s.nrpa(st, s.cfg.Level, st.zero)
		if len(s.best) == 0 {
			return // the root is the end of the game
		}
	}
}

// nrpa runs a level-n search with a copy of parent and returns the best
// score it saw, its rollout in st.levels[level].best.
func (s *searcher) nrpa(st *nrpaState, level int, parent policy) int {
	lv := &st.levels[level]
	if level == 0 {
		s.policyPlayout(st, parent, &lv.best)
		return lv.best.score
	}
	copy(lv.pol, parent)
	lv.best.score = math.MinInt
	sub := &st.levels[level-1]
	runs := 1 // level n-1 searches between two adaptations
	if level == 1 {
		runs = s.cfg.Stabilize
	}
	for i := 0; i < s.cfg.Iterations && !s.done(); i++ {
		for j := 0; j < runs && (j == 0 || !s.done()); j++ {
			if sc := s.nrpa(st, level-1, lv.pol); sc >= lv.best.score {
				lv.best.copyFrom(&sub.best)
			}
		}
		if i < s.cfg.Iterations-1 {
			s.adapt(st, lv.pol, &lv.best)
		}
	}
	return lv.best.score
}

// policyPlayout plays one game from the root by pol into r and offers it.
func (s *searcher) policyPlayout(st *nrpaState, pol policy, r *rollout) {
	s.playouts++
	b := s.root
	tabu := s.tabuColour(&b)
	r.moves, r.chosen, r.legal, r.prior, r.offsets = r.moves[:0], r.chosen[:0], r.legal[:0], r.prior[:0], r.offsets[:0]
	score := 0
	for {
		moves := b.moves(s.moveBuf[:0], &s.sc)
		if len(moves) == 0 {
			break
		}
		// The candidates: the moves the colour rule allows (all of them
		// when it allows none), or with a tabu bias every move, those of
		// the avoided colour weighted down (their codes flagged).
		anyAllowed := false
		for _, m := range moves {
			if allowed(&b, m, tabu) {
				anyAllowed = true
				break
			}
		}
		exclude := anyAllowed && s.cfg.TabuBias == 0
		r.offsets = append(r.offsets, int32(len(r.legal)))
		w := st.weights[:0]
		sum := 0.0
		for _, m := range moves {
			ok := !anyAllowed || allowed(&b, m, tabu)
			if exclude && !ok {
				continue
			}
			var c uint32
			if st.cellKeys != nil {
				c = st.cellCode(m, &s.sc)
			} else {
				c = code(m)
			}
			f := st.sizePrior[m.size]
			if !ok {
				f *= s.cfg.TabuBias
			}
			e := pol[c] * f
			r.legal = append(r.legal, c)
			r.prior = append(r.prior, f)
			w = append(w, e)
			sum += e
		}
		x := float64(s.rng.Next()>>11) / (1 << 53) * sum
		k := 0
		for ; k < len(w)-1; k++ {
			x -= w[k]
			if x < 0 {
				break
			}
		}
		// The k-th candidate: count the candidates again to find its move.
		var chosen group
		j := 0
		for _, m := range moves {
			if exclude && !allowed(&b, m, tabu) {
				continue
			}
			if j == k {
				chosen = m
				break
			}
			j++
		}
		r.chosen = append(r.chosen, r.legal[int(r.offsets[len(r.offsets)-1])+k])
		r.moves = append(r.moves, chosen.rep)
		score += b.play(chosen, &s.sc)
	}
	r.offsets = append(r.offsets, int32(len(r.legal)))
	score += b.endAdjustment(s.cfg.Penalty)
	r.score = score
	s.nodes += int64(len(r.moves))
	s.offer(score, r.moves)
}

// adapt moves pol toward the rollout r: at each step the code played gains
// Alpha and each legal code loses Alpha times its probability under pol
// as it was before this adaptation (all the changes are computed first),
// the probabilities including the prior factors (generalised NRPA).
func (s *searcher) adapt(st *nrpaState, pol policy, r *rollout) {
	alpha := s.cfg.Alpha
	ds := st.deltas[:0]
	for t := range r.chosen {
		lo, hi := r.offsets[t], r.offsets[t+1]
		z := 0.0
		for i := lo; i < hi; i++ {
			z += pol[r.legal[i]] * r.prior[i]
		}
		for i := lo; i < hi; i++ {
			ds = append(ds, delta{r.legal[i], -alpha * pol[r.legal[i]] * r.prior[i] / z})
		}
		ds = append(ds, delta{r.chosen[t], alpha})
	}
	for _, d := range ds {
		pol[d.code] *= math.Exp(d.d)
	}
	st.deltas = ds[:0]
}
