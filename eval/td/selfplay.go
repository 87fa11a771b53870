package td

import (
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// maxRecorded bounds the positions of a game that have a move: every move
// adds a disc, and 60 squares start empty.
const maxRecorded = 60

// record is one self-play game as the learner needs it: the features of
// every position where the side to move had a move (positions where it must
// pass are not evaluated, see eval.Weights.Value), whose turn it was, and
// the final result.
type record struct {
	n     int
	feats [maxRecorded]eval.Features
	turn  [maxRecorded]othello.Color
	// moves[t] is the move played in position t (for tests and debugging).
	moves [maxRecorded]othello.Move
	// final is black's discs minus white's at the end.
	final int
}

// selfPlay plays training game number n with m for both sides, epsilon-
// greedy: each move is uniformly random with probability epsilon (to see
// positions the greedy player would not reach), the 1-ply greedy move of m
// otherwise. It records the game in r.
func selfPlay(m *eval.Model, seed, n uint64, epsilon float64, r *record) {
	src := newRNG(seed, streamSelfPlay, n)
	pos := othello.Start()
	r.n = 0
	for {
		moves := pos.Moves()
		if moves == 0 {
			if othello.Moves(pos.Opponent, pos.Player) == 0 {
				break
			}
			pos = pos.Pass()
			continue
		}
		m.Features(pos, &r.feats[r.n])
		r.turn[r.n] = pos.Turn
		r.n++
		var mv othello.Move
		if src.chance(epsilon) {
			mv = src.randomMove(moves)
		} else {
			mv, _ = m.BestMove(pos)
		}
		r.moves[r.n-1] = mv
		pos = pos.Play(mv)
	}
	r.final = pos.Score()
}

// tdStats accumulates the TD errors of the updates, for the progress line.
type tdStats struct {
	count         int
	absSum, sqSum float64
}

// learn applies the TD(lambda) updates of one recorded game to m, from the
// last position back to the first, with the lambda-return as the target:
//
//	G(last) = the final disc difference for the side to move there
//	G(t)    = ±((1-lambda)·V(t+1) + lambda·G(t+1))
//
// with the sign minus when the turn changed between t and t+1 (values are
// for the side to move) and V the model's value before the update. Each
// position's weights move by alpha·(G(t) - V(t)) (eval.Model.Update).
// Lambda 0 is TD(0), each position learning from the next; lambda 1 learns
// from the final result alone.
func learn(m *eval.Model, r *record, alpha, lambda float32, st *tdStats) {
	var g, vNext float32
	for t := r.n - 1; t >= 0; t-- {
		v := m.ValueOf(&r.feats[t])
		if t == r.n-1 {
			g = float32(r.final)
			if r.turn[t] == othello.White {
				g = -g
			}
		} else {
			g = (1-lambda)*vNext + lambda*g
			if r.turn[t+1] != r.turn[t] {
				g = -g
			}
		}
		delta := g - v
		m.Update(&r.feats[t], alpha*delta)
		vNext = v
		st.count++
		st.absSum += float64(max(delta, -delta))
		st.sqSum += float64(delta) * float64(delta)
	}
}
