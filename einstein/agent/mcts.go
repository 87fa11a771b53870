package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/mcts"
	"go.uber.org/zap"
)

// Options configure the Monte-Carlo player. Start from DefaultOptions.
type Options struct {
	// Config is the shared core's configuration: the algorithm (UCT or
	// UCB), the exploration constant, progressive pruning, MCTS-Solver,
	// tree reuse, the arena and the seed.
	Config mcts.Config
	// Policy is the playout's move choice.
	Policy Policy
	// Think is the time a move may take, from the call of Move; 0 for no
	// deadline (then Playouts must be set).
	Think time.Duration
	// Playouts is the playout budget of a move; 0 for none (then Think
	// must be set). With a budget and no Think the moves depend only on
	// the seed and the positions, not on the machine's speed.
	Playouts int64
}

// defaultPruneMinVisits is Einstein's Config.PruneMinVisits: 200, not the
// core's 1000. While pruning is on, every root move gets this many playouts
// before UCB1 takes over, and at the short budgets the strength was
// measured at, 1000 for each of six or so moves is the whole search: at
// 2,000 playouts a move, pruning with 1000 won 54.2% of 1,000 games
// against greedy, with 200 93.2% and with 100 94.5% (without pruning
// 92.7%); at 10,000 playouts 200 and 100 won 98.7% and 98.2%
// (docs/einstein.md). 200 is the larger of the two that the measurements
// cannot tell apart: a mean over more playouts is less likely to prune
// the best move.
const defaultPruneMinVisits = 200

// DefaultOptions returns the player's defaults: the core's defaults (UCT
// with C = 0.5, which 0.25, 1.0 and 1.4 did not beat against greedy at
// 2,000 playouts a move, MCTS-Solver and tree reuse on, pruning off, an arena of
// 8,388,608 nodes, 256 MiB, which holds the 3 million nodes of a 9 s
// search from the start with room for the subtrees kept between moves)
// with defaultPruneMinVisits for pruning, the WinFirst policy (at 2,000
// playouts a move it won 92.7% of 1,000 games against greedy, Uniform
// 61.0%), and no limit: the caller sets Think or Playouts.
func DefaultOptions() Options {
	cfg := mcts.DefaultConfig()
	cfg.PruneMinVisits = defaultPruneMinVisits
	return Options{Config: cfg, Policy: WinFirst}
}

// Validate reports every invalid option in one error, or nil.
func (o Options) Validate() error {
	var errs []error
	if err := o.Config.Validate(); err != nil {
		errs = append(errs, err)
	}
	if o.Config.Algorithm != mcts.UCT && o.Config.Algorithm != mcts.UCB {
		// The others need an evaluation, which this game does not have.
		errs = append(errs, fmt.Errorf("algorithm %v: want uct or ucb", o.Config.Algorithm))
	}
	if o.Config.Leaf != mcts.LeafPlayout || o.Config.PriorVisits != 0 {
		errs = append(errs, fmt.Errorf("leaf %v with %d prior visits: want playout leaves and none (there is no evaluation)",
			o.Config.Leaf, o.Config.PriorVisits))
	}
	if o.Policy != Uniform && o.Policy != WinFirst {
		errs = append(errs, fmt.Errorf("playout policy %v: want uniform or win-first", o.Policy))
	}
	if o.Think < 0 || o.Playouts < 0 {
		errs = append(errs, fmt.Errorf("think time %v, playouts %d: want neither negative", o.Think, o.Playouts))
	} else if o.Think == 0 && o.Playouts == 0 {
		errs = append(errs, errors.New("no limit: want a think time, a playout budget or both"))
	}
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("mcts player: %w", errors.Join(errs...))
}

// MCTS is the Monte-Carlo tree search player: every move is a search of the
// shared core (package mcts) on Game, within the think time and the
// playout budget. It keeps its tree from one move to the next (when
// Config.Reuse is on) and is not safe for concurrent use.
type MCTS struct {
	opts   Options
	search *mcts.Searcher[einstein.Position, einstein.Move, Game]
	log    *zap.Logger
	last   mcts.Stats[einstein.Move]
}

// NewMCTS validates o and returns a player with its node arena allocated.
// log (which may be nil) gets a line per move at the debug level.
func NewMCTS(o Options, log *zap.Logger) (*MCTS, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	s, err := mcts.New[einstein.Position, einstein.Move](Game{Policy: o.Policy}, o.Config)
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = zap.NewNop()
	}
	return &MCTS{opts: o, search: s, log: log}, nil
}

// Move returns the search's move in p, a game that is not over. It is
// always one of p's legal moves, chosen within the think time: the search
// looks at the clock every few dozen playouts, a fraction of a millisecond.
func (m *MCTS) Move(p einstein.Position) einstein.Move {
	return m.MoveContext(context.Background(), p)
}

// MoveContext is Move, stopping the search early when ctx ends (a front
// end that abandons the search: the browser page's new game). The move is
// still legal.
func (m *MCTS) MoveContext(ctx context.Context, p einstein.Position) einstein.Move {
	lim := mcts.Limits{Playouts: m.opts.Playouts}
	if m.opts.Think > 0 {
		lim.Deadline = time.Now().Add(m.opts.Think)
	}
	res, err := m.search.Search(ctx, p, lim)
	if err != nil {
		// Options.Validate and Serve rule every error out (no limit, a
		// finished game); should one come anyway, a legal move still
		// goes out.
		var buf [einstein.MaxMoves]einstein.Move
		ms := p.Moves(buf[:0])
		m.log.Error("search failed: playing the first legal move", zap.Error(err))
		if len(ms) == 0 {
			return einstein.Pass
		}
		return ms[0]
	}
	m.last = res.Stats
	m.log.Debug("search", zap.Int("turn", p.Turn()), zap.Stringer("side", p.ToMove()),
		zap.Stringer("move", res.Move), zap.Stringer("stats", res.Stats))
	return res.Move
}

// Stats returns the statistics of the last search.
func (m *MCTS) Stats() mcts.Stats[einstein.Move] { return m.last }

// Reset forgets the tree kept for reuse: the next move is searched afresh.
func (m *MCTS) Reset() { m.search.Reset() }
