package search

import (
	"time"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
)

// Single-player MCTS (Schadd et al. 2008) on the project's shared core:
// UCT in single-player mode (mcts.Config.SinglePlayer), whose selection
// adds the variance term sqrt(variance + D/n) to UCB1's, with the
// colour-avoiding playouts. The game is played one move at a time, as
// Schadd et al. do: a search from the current position, then the next
// move of the best sequence seen so far (the core reports the best
// playout it saw, mcts.Recorder), and a search from the position after it,
// the core keeping the subtree below the move played (Config.Reuse). Each
// search has an equal share of the time or budget left, spread over the
// moves the best sequence still has to play divided by spFrontLoad, so
// that the early moves, which decide most, get more.

// spFrontLoad divides the number of moves left when a search's share is
// computed: 2 gives the first searches about twice an equal share, and
// leaves the late moves, whose trees are small, what remains.
const spFrontLoad = 2

// spArena is the core's arena for SP-MCTS, 2^20 nodes (32 MiB), allocated
// and cleared once a board. A 60 s search fills it (a leaf is expanded at
// its fourth visit into some 20-40 children); the core then goes on
// playing out from the leaves it has, and the subtree kept after each move
// (Config.Reuse) frees the rest. A larger arena costs its clearing, which
// on the loaded test machine took seconds at 2^21.
const spArena = 1 << 20

// spMove is a move as the core stores it: the grid index of the group's
// representative.
type spMove uint16

// String writes the move as the rules do ("c1").
func (m spMove) String() string { return cellOf(uint16(m)).String() }

// spState is a position for the core: the grid and the points scored from
// the start of the game.
type spState struct {
	g     grid
	score int32
}

// spGame is SameGame as the core sees it: a single-player game. It holds
// the working memory of its group finding and counts the moves its
// playouts play; neither changes what any method returns.
type spGame struct {
	penalty bool
	tabu    bool
	probes  int
	sc      *scratch
	buf     []group
	line    *[]uint16
	nodes   *int64
}

func (spGame) Shape() mcts.Shape {
	return mcts.Shape{MaxMoves: samegame.MaxMoves, MaxPlies: samegame.MaxPlies, MaxScore: ScoreScale}
}

func (g spGame) Moves(s *spState, buf []spMove) []spMove {
	for _, m := range s.g.moves(g.buf[:0], g.sc) {
		buf = append(buf, spMove(m.rep))
	}
	return buf
}

func (g spGame) Play(s *spState, m spMove) {
	moves := s.g.moves(g.buf[:0], g.sc)
	grp, _ := find(moves, uint16(m))
	s.score += int32(s.g.play(grp, g.sc))
}

func (g spGame) Score(s *spState) int { return int(s.score) + s.g.endAdjustment(g.penalty) }

func (g spGame) Playout(s spState, r *mcts.RNG) int {
	score, _ := g.RecordPlayout(s, r, nil)
	return score
}

func (g spGame) RecordPlayout(s spState, r *mcts.RNG, moves []spMove) (int, []spMove) {
	tabu := uint8(noTabu)
	if g.tabu {
		tabu = s.g.mostFrequent()
	}
	points, line := playOut(s.g, tabu, g.probes, g.penalty, r, g.buf, g.sc, (*g.line)[:0])
	*g.line = line
	*g.nodes += int64(len(line))
	for _, m := range line {
		moves = append(moves, spMove(m))
	}
	return int(s.score) + points, moves
}

func (spGame) Hash(s *spState) uint64 { return s.g.hash() }

func (s *searcher) runSPMCTS() error {
	var playoutNodes int64
	line := make([]uint16, 0, samegame.MaxPlies)
	game := spGame{penalty: s.cfg.Penalty, tabu: s.cfg.Tabu, probes: s.cfg.Probes, sc: new(scratch),
		buf: make([]group, 0, samegame.MaxMoves), line: &line, nodes: &playoutNodes}
	cfg := mcts.DefaultConfig()
	cfg.SinglePlayer, cfg.Solver, cfg.Reuse = true, false, true
	cfg.Exploration = s.cfg.Exploration / ScoreScale
	cfg.VarianceD = s.cfg.VarianceD / (ScoreScale * ScoreScale)
	cfg.ArenaNodes = spArena
	cfg.Seed = s.cfg.Seed
	core, err := mcts.New[spState, spMove](game, cfg)
	if err != nil {
		return err
	}
	defer func() { s.nodes += playoutNodes }()
	st := spState{g: s.root}
	s.path = s.path[:0]
	// One playout first, so that the best sequence can tell how many
	// moves the time is to be shared among.
	s.playout(&s.root, 0)
	for !s.done() && !s.expired() {
		moves := game.Moves(&st, nil)
		if len(moves) == 0 {
			break
		}
		left := max(1, (len(s.best)-len(s.path))/spFrontLoad)
		var lim mcts.Limits
		if s.budget > 0 {
			lim.Playouts = max(1, (s.budget-s.playouts)/int64(left))
		}
		if t, ok := s.remaining(); ok {
			// A share of the CPU time left is given as wall time: the
			// core knows no other clock, and on a loaded machine the
			// search then uses less CPU than its share, never more.
			lim.Deadline = time.Now().Add(t / time.Duration(left))
		}
		res, err := core.Search(s.ctx, st, lim)
		if err != nil {
			return err
		}
		s.playouts += res.Stats.Playouts
		s.nodes += int64(res.Stats.Added)
		if len(res.Stats.BestSequence) > 0 {
			n := len(s.path)
			for _, m := range res.Stats.BestSequence {
				s.path = append(s.path, uint16(m))
			}
			s.offer(res.Stats.BestScore, s.path)
			s.path = s.path[:n]
		}
		// The best sequence always begins with the moves played so far
		// (every offer since the first extends them), so its next move
		// is the one to play.
		next := spMove(res.Move)
		if len(s.best) > len(s.path) {
			next = spMove(s.best[len(s.path)])
		}
		game.Play(&st, next)
		s.path = append(s.path, uint16(next))
	}
	return nil
}
