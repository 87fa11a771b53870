package td

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// parallel calls fn(i) for i in 0..n-1 on workers goroutines and returns
// when all calls have. Callers make fn(i) depend on i alone, so the results
// do not depend on the number of workers or on scheduling.
func parallel(workers, n int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// player chooses a move in a position where the side to move has one.
type player func(pos othello.Position) othello.Move

// greedy is the 1-ply greedy player of a model.
func greedy(m *eval.Model) player {
	return func(pos othello.Position) othello.Move {
		mv, _ := m.BestMove(pos)
		return mv
	}
}

// playGame plays from pos to the end and returns black's discs minus
// white's.
func playGame(pos othello.Position, black, white player) int {
	for {
		if pos.Moves() == 0 {
			if othello.Moves(pos.Opponent, pos.Player) == 0 {
				return pos.Score()
			}
			pos = pos.Pass()
			continue
		}
		if pos.Turn == othello.Black {
			pos = pos.Play(black(pos))
		} else {
			pos = pos.Play(white(pos))
		}
	}
}

// Result is a score over a number of games.
type Result struct {
	Games               int
	Wins, Draws, Losses int
}

// add counts one game with the given disc difference for the side scored.
func (r *Result) add(diff int) {
	r.Games++
	switch {
	case diff > 0:
		r.Wins++
	case diff == 0:
		r.Draws++
	default:
		r.Losses++
	}
}

// Percent is the score in percent: wins plus half the draws.
func (r Result) Percent() float64 {
	if r.Games == 0 {
		return 0
	}
	return 100 * (float64(r.Wins) + 0.5*float64(r.Draws)) / float64(r.Games)
}

// String formats a result: the score and the games won, drawn and lost.
func (r Result) String() string {
	return fmt.Sprintf("%.1f%% (+%d =%d -%d of %d)", r.Percent(), r.Wins, r.Draws, r.Losses, r.Games)
}

// VsRandom plays games games of m's greedy player against a uniformly
// random player, m taking black in the even-numbered games, and returns m's
// result. Game i's random moves come from stream streamRandom, number i:
// every evaluation replays the same random player.
func VsRandom(m *eval.Model, seed uint64, games, workers int) Result {
	diffs := make([]int, games)
	parallel(workers, games, func(i int) {
		src := newRNG(seed, streamRandom, uint64(i))
		random := func(pos othello.Position) othello.Move { return src.randomMove(pos.Moves()) }
		if i%2 == 0 {
			diffs[i] = playGame(othello.Start(), greedy(m), random)
		} else {
			diffs[i] = -playGame(othello.Start(), random, greedy(m))
		}
	})
	var r Result
	for _, d := range diffs {
		r.add(d)
	}
	return r
}

// openingPlies is the length of the random openings of VsModel: both
// greedy players are deterministic, so variety must come from the start
// position; eight random plies give thousands of distinct, mostly balanced
// positions without deciding the game.
const openingPlies = 8

// opening returns the position after openingPlies random plies (fewer if
// the game ends), number i of stream streamOpenings.
func opening(seed uint64, i int) othello.Position {
	src := newRNG(seed, streamOpenings, uint64(i))
	pos := othello.Start()
	for ply := 0; ply < openingPlies && !pos.GameOver(); ply++ {
		if moves := pos.Moves(); moves != 0 {
			pos = pos.Play(src.randomMove(moves))
		} else {
			pos = pos.Pass()
		}
	}
	return pos
}

// VsModel plays games games (rounded down to an even number) of m's
// greedy player against other's, two games per random opening with the
// colours swapped, and returns m's result.
func VsModel(m, other *eval.Model, seed uint64, games, workers int) Result {
	pairs := games / 2
	diffs := make([]int, 2*pairs)
	parallel(workers, 2*pairs, func(i int) {
		pos := opening(seed, i/2)
		me, them := greedy(m), greedy(other)
		// The opening's side to move is black or white; m plays black in
		// the even game of the pair.
		if i%2 == 0 {
			diffs[i] = playGame(pos, me, them)
		} else {
			diffs[i] = -playGame(pos, them, me)
		}
	})
	var r Result
	for _, d := range diffs {
		r.add(d)
	}
	return r
}
