package eval

import (
	"math/bits"

	"github.com/tcgothello/mcts/othello"
)

// scorer is a static evaluation: Weights or Model.
type scorer interface {
	Score(p othello.Position) float32
}

// value is Value for any scorer: exact at the end of the game, through the
// pass when the side to move has no move, the static score otherwise.
func value[S scorer](s S, p othello.Position) float32 {
	if othello.Moves(p.Player, p.Opponent) != 0 {
		return s.Score(p)
	}
	if othello.Moves(p.Opponent, p.Player) != 0 {
		return -s.Score(p.Pass())
	}
	return float32(p.DiscDiff())
}

// bestMove is BestMove for any scorer.
func bestMove[S scorer](s S, p othello.Position) (othello.Move, float32) {
	moves := p.Moves()
	if moves == 0 {
		return othello.Pass, -value(s, p.Pass())
	}
	best, bestValue := othello.NoMove, float32(0)
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		q := p.PlayFlips(othello.Move(sq), othello.Flips(p.Player, p.Opponent, sq))
		if v := -value(s, q); best == othello.NoMove || v > bestValue {
			best, bestValue = othello.Move(sq), v
		}
	}
	return best, bestValue
}
