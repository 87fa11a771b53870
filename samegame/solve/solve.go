// Package solve finds exact values of SameGame positions: the best (or
// worst) score of the one-player game by depth-first search with a
// transposition table and an admissible bound, and the values of the
// two-player variants (minimax, more, less) by alpha-beta with a
// transposition table. docs/samegame.md explains the searches and the
// bound, and gives measured sizes and times.
package solve

import (
	"context"
	"math"

	"github.com/tcgothello/mcts/samegame"
)

// Objective says what the one-player search optimises.
type Objective int

const (
	// Max is the puzzle as usually posed: the highest score.
	Max Objective = iota
	// Min is variant (a): the lowest score of a complete game.
	Min
)

// Options configures a search.
type Options struct {
	// Objective is Max or Min (one-player search only).
	Objective Objective
	// Penalty applies the end penalty rule (samegame.Board.Penalty).
	Penalty bool
	// TableMB is the transposition table's size in megabytes; 0 turns the
	// table off (for measuring what it saves).
	TableMB int
	// NoBound turns the pruning bound off (for measuring what it saves).
	NoBound bool
	// MaxNodes stops a search after about this many nodes, unproven (0:
	// no limit): a budget that, unlike a time, gives the same result on
	// any machine at any load.
	MaxNodes int64
}

// DefaultTableMB is the default table size: 4M entries of 16 bytes, a
// modest share of the machine that holds every position of the boards
// the solver proves in a minute (docs/samegame.md).
const DefaultTableMB = 64

// Result is the outcome of a one-player search.
type Result struct {
	// Score is the score of Moves, which play the game to its end: the
	// best possible when Proven, the best found so far otherwise.
	Score int
	// Moves is a sequence that reaches Score.
	Moves []samegame.Cell
	// Nodes is the number of positions searched.
	Nodes int64
	// Proven says whether Score is the optimum (the search finished).
	Proven bool
}

// checkEvery is how many nodes pass between looks at the context: often
// enough to stop within a millisecond, rare enough to cost nothing.
const checkEvery = 1 << 12

// Solver holds a search's table and buffers so that solving many boards
// allocates them once. It is not safe for concurrent use.
type Solver struct {
	opt   Options
	table *table
	ctx   context.Context
	nodes int64
	stop  bool
	sign  int // +1 to maximise the score, -1 to minimise it

	moves [samegame.MaxPlies + 1][samegame.MaxMoves]samegame.Group
	// boards[ply] holds the position searched at ply: a child played on a
	// local copy would move to the heap, one allocation a node.
	boards [samegame.MaxPlies + 1]samegame.Board
	// pv[ply][:pvLen[ply]] is the best continuation found from ply;
	// pvEnd[ply] says it reaches the end of the game (a table hit cuts it).
	pv    [samegame.MaxPlies + 1][samegame.MaxPlies]samegame.Cell
	pvLen [samegame.MaxPlies + 1]int
	pvEnd [samegame.MaxPlies + 1]bool
	// path[:ply] is the line being searched, acc its signed points, and
	// best/bestScore the best complete game met so far (for a stopped
	// search).
	path      [samegame.MaxPlies]samegame.Cell
	best      []samegame.Cell
	bestScore int
}

// NewSolver makes a solver with the options' table.
func NewSolver(opt Options) *Solver {
	s := &Solver{opt: opt, table: newTable(opt.TableMB), sign: 1}
	if opt.Objective == Min {
		s.sign = -1
	}
	return s
}

// Solve searches b for the best score under the solver's options until it
// is proven or ctx ends; then Result holds the best game found so far,
// not proven.
func (s *Solver) Solve(ctx context.Context, b samegame.Board) Result {
	s.ctx, s.nodes, s.stop = ctx, 0, false
	s.table.reset()
	// A greedy game gives a first complete game and a first bound to beat.
	s.best = s.greedy(b, s.best[:0])
	greedyScore, _, _ := samegame.Replay(b, s.best, s.opt.Penalty)
	s.bestScore = s.sign * greedyScore
	v := s.search(&b, s.bestScore-1, 0, 0)
	if s.stop {
		score, _, _ := samegame.Replay(b, s.best, s.opt.Penalty)
		return Result{Score: score, Moves: append([]samegame.Cell(nil), s.best...), Nodes: s.nodes}
	}
	moves := append([]samegame.Cell(nil), s.pv[0][:s.pvLen[0]]...)
	if !s.pvEnd[0] {
		// The value is proven; finding its line must not be cut short.
		budget := s.opt.MaxNodes
		s.ctx, s.opt.MaxNodes = context.Background(), 0
		moves = s.complete(b, moves, v)
		s.opt.MaxNodes = budget
	}
	score, _, _ := samegame.Replay(b, moves, s.opt.Penalty)
	return Result{Score: score, Moves: moves, Nodes: s.nodes, Proven: !s.stop}
}

// expired says whether the search must stop: its context ended or its
// node budget is spent.
func (s *Solver) expired() bool {
	return s.ctx.Err() != nil || (s.opt.MaxNodes > 0 && s.nodes >= s.opt.MaxNodes)
}

// greedy plays the group that scores most (least, for Min) until the end,
// appending the moves to buf.
func (s *Solver) greedy(b samegame.Board, buf []samegame.Cell) []samegame.Cell {
	for {
		moves := b.Moves(s.moves[0][:0])
		if len(moves) == 0 {
			return buf
		}
		pick := 0
		for i, m := range moves {
			if s.sign*m.Points() > s.sign*moves[pick].Points() {
				pick = i
			}
		}
		b.Play(moves[pick].Cell)
		buf = append(buf, moves[pick].Cell)
	}
}

// Bound is an upper bound on what the rest of the game from b can add to
// the score (moves and end adjustment), whatever is played: each colour's
// cells could at best go as one group, (c-2)^2 for a colour of c >= 2
// cells, since splitting c cells into groups of c1+c2+... scores no more
// ((c1-2)^2+(c2-2)^2 <= (c1+c2-2)^2 when c1, c2 >= 2) and cells left
// behind score nothing; and the clear bonus only when no colour has a
// single cell, which could never be removed. The penalty only subtracts,
// so ignoring it keeps the bound admissible.
func Bound(b *samegame.Board) int {
	u := 0
	bonus := samegame.ClearBonus
	for _, c := range b.Counts() {
		switch {
		case c == 1:
			bonus = 0
		case c >= 2:
			u += samegame.Points(c)
		}
	}
	return u + bonus
}

// LowerBound is a lower bound on what the rest of the game from b can add
// to the score: moves score at least 0 and the bonus is not negative, so
// only the penalty can take anything away, and it can take no more than
// the penalty of the cells now on the board (a colour's count only
// falls, and (c-2)^2 grows with c above 2).
func LowerBound(b *samegame.Board, penalty bool) int {
	if !penalty {
		return 0
	}
	return -b.Penalty()
}

// bound is the solver's admissible bound on the signed rest of the game.
func (s *Solver) bound(b *samegame.Board) int {
	if s.sign > 0 {
		return Bound(b)
	}
	return -LowerBound(b, s.opt.Penalty)
}

// search returns the best signed value of the rest of the game from b
// when it is more than alpha (then exact, with its line in pv[ply], cut
// where pvEnd says so);
// otherwise a value <= alpha that bounds it from above. acc is the signed
// score of path[:ply], for the record of the best complete game.
func (s *Solver) search(b *samegame.Board, alpha, acc, ply int) int {
	s.nodes++
	s.pvLen[ply], s.pvEnd[ply] = 0, true
	if s.nodes%checkEvery == 0 && s.expired() {
		s.stop = true
	}
	if s.stop {
		return math.MinInt32
	}
	// The bound and the table come before the moves: a node they settle
	// costs no group finding. The bound holds at the end of the game too
	// (Bound is at least the end adjustment there, and -LowerBound at
	// least its negation), so it may answer before the end is seen.
	if !s.opt.NoBound {
		if u := s.bound(b); u <= alpha {
			return u
		}
	}
	var key uint64
	if s.table != nil {
		key = b.Hash()
		if v, kind := s.table.probe(key); kind == boundExact || (kind == boundUpper && v <= alpha) {
			s.pvEnd[ply] = false // an exact hit has no line: complete finds it
			return v
		}
	}
	moves := b.Moves(s.moves[ply][:0])
	if len(moves) == 0 {
		v := s.sign * b.EndAdjustment(s.opt.Penalty)
		if acc+v > s.bestScore {
			s.bestScore = acc + v
			s.best = append(s.best[:0], s.path[:ply]...)
		}
		return v
	}
	// Larger groups (smaller, for Min) first: good lines early raise alpha.
	sortMoves(moves, s.sign)
	best := math.MinInt32
	child := &s.boards[ply+1]
	for _, m := range moves {
		*child = *b
		p, _ := child.Play(m.Cell)
		p *= s.sign
		s.path[ply] = m.Cell
		v := p + s.search(child, max(alpha, best)-p, acc+p, ply+1)
		if s.stop {
			return math.MinInt32
		}
		if v > best {
			best = v
			if v > alpha {
				s.pv[ply][0] = m.Cell
				n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = n + 1
				s.pvEnd[ply] = s.pvEnd[ply+1]
			}
		}
	}
	if s.table != nil {
		kind := boundUpper
		if best > alpha {
			kind = boundExact
		}
		s.table.store(key, best, kind)
	}
	return best
}

// complete extends a line that stopped at a table hit to the end of the
// game: it knows the signed value v of the rest from b after line, and
// finds, move by move, one that keeps it (searching each child with the
// window just below its needed value, quick with the table filled).
func (s *Solver) complete(b samegame.Board, line []samegame.Cell, v int) []samegame.Cell {
	for _, m := range line {
		p, _ := b.Play(m)
		v -= s.sign * p
	}
	for {
		moves := append([]samegame.Group(nil), b.Moves(s.moves[0][:0])...)
		if len(moves) == 0 {
			return line
		}
		sortMoves(moves, s.sign)
		found := false
		for _, m := range moves {
			child := b
			p, _ := child.Play(m.Cell)
			need := v - s.sign*p
			if s.search(&child, need-1, 0, 1) >= need {
				b, v, found = child, need, true
				line = append(line, m.Cell)
				break
			}
		}
		if !found {
			panic("solve: no move keeps the proven value") // a bug, not bad input
		}
	}
}

// sortMoves orders moves by points, largest first for sign > 0, smallest
// first otherwise; insertion sort, as the lists are short.
func sortMoves(moves []samegame.Group, sign int) {
	for i := 1; i < len(moves); i++ {
		m := moves[i]
		j := i
		for j > 0 && sign*int(moves[j-1].Size) < sign*int(m.Size) {
			moves[j] = moves[j-1]
			j--
		}
		moves[j] = m
	}
}
