package mcts

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Algorithm selects how the search spends its playouts.
type Algorithm int

// The search algorithms.
const (
	// UCT applies UCB1 at every node of a tree that grows by one node's
	// children at a time: selection, expansion, simulation, backpropagation.
	UCT Algorithm = iota
	// UCB is flat UCB1: the root's moves are the arms of a bandit, and each
	// playout starts right after one of them. No tree grows below the root.
	UCB
	// Greedy plays the move after which the evaluator (SetEvaluator) likes
	// the position best for the side that moved: a 1-ply search, which
	// shows what the evaluation alone knows.
	Greedy
)

// String returns the algorithm's name as ParseAlgorithm accepts it.
func (a Algorithm) String() string {
	switch a {
	case UCT:
		return "uct"
	case UCB:
		return "ucb"
	case Greedy:
		return "greedy"
	}
	return fmt.Sprintf("algorithm(%d)", int(a))
}

// ParseAlgorithm parses "uct", "ucb" or "greedy" (case-insensitive).
func ParseAlgorithm(s string) (Algorithm, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "uct":
		return UCT, nil
	case "ucb":
		return UCB, nil
	case "greedy":
		return Greedy, nil
	}
	return UCT, fmt.Errorf("unknown algorithm %q: want uct, ucb or greedy", s)
}

// Reward selects how the end of a playout is scored for the side that moved.
type Reward int

// The reward schemes. Both give a reward in 0..1, so that one exploration
// constant and one σ_e mean the same kind of thing under either.
const (
	// WinLoss scores a win 1, a draw 0.5 and a loss 0: the judge counts
	// games won, not discs.
	WinLoss Reward = iota
	// DiscDiff scores the final score d (Game.Score: the disc difference
	// in Othello) as (d+MaxScore)/(2*MaxScore), so the best possible win is
	// 1, a draw 0.5 and the worst loss 0.
	DiscDiff
)

// String returns the reward's name as ParseReward accepts it.
func (r Reward) String() string {
	switch r {
	case WinLoss:
		return "winloss"
	case DiscDiff:
		return "discdiff"
	}
	return fmt.Sprintf("reward(%d)", int(r))
}

// ParseReward parses "winloss" or "discdiff" (case-insensitive).
func ParseReward(s string) (Reward, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "winloss":
		return WinLoss, nil
	case "discdiff":
		return DiscDiff, nil
	}
	return WinLoss, fmt.Errorf("unknown reward %q: want winloss or discdiff", s)
}

// Leaf selects how the search values the position where an iteration ends.
type Leaf int

// The leaf evaluations.
const (
	// LeafPlayout plays one uniformly random game to its end: the course's
	// Monte-Carlo evaluation.
	LeafPlayout Leaf = iota
	// LeafEval asks the evaluator (SetEvaluator) instead: no playout.
	LeafEval
	// LeafMix averages both: EvalWeight times the evaluator's value plus
	// (1 - EvalWeight) times the playout's result.
	LeafMix
)

// String returns the leaf evaluation's name as ParseLeaf accepts it.
func (l Leaf) String() string {
	switch l {
	case LeafPlayout:
		return "playout"
	case LeafEval:
		return "eval"
	case LeafMix:
		return "mix"
	}
	return fmt.Sprintf("leaf(%d)", int(l))
}

// ParseLeaf parses "playout", "eval" or "mix" (case-insensitive).
func ParseLeaf(s string) (Leaf, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "playout":
		return LeafPlayout, nil
	case "eval":
		return LeafEval, nil
	case "mix":
		return LeafMix, nil
	}
	return LeafPlayout, fmt.Errorf("unknown leaf evaluation %q: want playout, eval or mix", s)
}

// Arena bounds, in nodes. A node is NodeBytes bytes (see tree.go), and 8
// more with progressive pruning or a single-player search (the sums of
// squares beside the arena).
const (
	// MaxArenaNodes keeps the arena at 1.5 GiB (2 GiB with the sums of
	// squares), at most half the course's 4 GiB memory limit, leaving room
	// for the rest of the program.
	MaxArenaNodes = 1 << 26
	// NodeBytes is the size of one node, whatever the game (checked by a
	// test).
	NodeBytes = 24
)

// MaxPriorVisits bounds Config.PriorVisits: beyond a thousand virtual
// visits the real results of a whole search could not outweigh them.
const MaxPriorVisits = 1000

// maxCount bounds the visit-count fields of Config: node visit counts are
// uint32, and this limit also fits an int on 32-bit platforms.
const maxCount = 1<<31 - 1

// Config holds every coefficient of the search. Start from DefaultConfig;
// docs/engine.md explains each default and what it rests on. The defaults
// were measured on Othello; another game may want its own (its package
// says so).
type Config struct {
	// Algorithm is UCT (default: it deepens where the playouts say the game
	// is decided, which flat UCB cannot) or UCB.
	Algorithm Algorithm

	// Exploration is C in UCB1's score mean + C*sqrt(ln N / n). Default 0.5,
	// measured: against 1.0 it scored 62.5% over 192 games at 5,000, 20,000
	// and 100,000 playouts a move (docs/strength.md); 0.3 and 0.7 were no
	// better at 5,000. (The UCB1 bound for rewards in 0..1 is sqrt(2);
	// random playouts are noisy enough that a deeper tree pays more.)
	Exploration float64

	// Reward is WinLoss (default: the judge counts wins) or DiscDiff.
	Reward Reward

	// Pruning turns progressive pruning on. Default off: plain UCT is the
	// established baseline, and pruning has not yet been shown by measured
	// matches to make the engine stronger.
	Pruning bool

	// PruneRD is r_d: a move is pruned when its mean + r_d*σ is below
	// mean - r_d*σ of the best move by mean (issue 3's rule: the reference
	// is that move, not the highest lower bound), σ being the standard
	// deviation of a mean.
	// Default 2.0: each bound is then about a 97.7% one-sided normal bound,
	// and the two means must be at least 2σ1+2σ2 apart, so a wrong prune
	// needs a very unlucky sample; Bouzy's experiments used values of 1 to
	// 4 and found about 2 a fair balance of speed and safety.
	PruneRD float64

	// PruneSigmaE is σ_e: two moves whose σ are both below it and that
	// cannot be separated count as equal, and when every move left at the
	// root is equal to the others the search stops. Default 0.001 (a tenth
	// of a per cent of win rate): a win/loss mean whose results vary needs
	// 90,000 to 250,000 playouts to get there, so in practice the rule stops
	// a search only when no result varies at all (every move wins, or every
	// move loses, in every line played), when searching on is pointless.
	PruneSigmaE float64

	// PruneMinVisits is the number of simulations a move needs before it
	// may be pruned, or serve as the reference that prunes others. While
	// pruning is on, every root move still in the running gets this many
	// simulations before UCB1 takes over (UCB1 alone gives a hopeless move
	// only about ln N of them, so it would never qualify); inside the tree
	// there is no such warm-up, and only moves UCB1 itself visited this
	// often are judged (docs/engine.md says why). Default 1000: a mean is
	// only as good as the subtree below it, and under UCT a move's early
	// mean is mostly random play, which can rank the minimax-best move low.
	// On 300 endgames of 4 to 8 empty squares with a unique best move, UCT
	// with pruning pruned that move 6 times at 100, once at 500 and never
	// at 1000 (docs/engine.md); the warm-up costs about 10,000 playouts at
	// the root, some 25 ms of a 10 s search.
	PruneMinVisits int

	// PruneNodeVisits is the number of visits a tree node below the root
	// needs before pruning passes run over its children. Default 10000:
	// ten times PruneMinVisits, a typical node's number of moves. A pass
	// can only judge children UCB1 has already given PruneMinVisits
	// simulations, which at a young node is at most the favourite, so
	// passes there would cost a square root per child and cut nothing.
	// Not yet tuned by measured matches.
	PruneNodeVisits int

	// PruneEvery is how many visits of a node pass between two pruning
	// passes over its children. Default 32: a pass costs about as much as
	// one UCB selection at that node (a square root per child), so its cost
	// stays a small fraction of the search, while a doomed move gets at
	// most 32 more visits of its parent before it is cut.
	PruneEvery int

	// ExpandVisits is the number of playouts a leaf must have had before
	// UCT expands it (creates all its children). Default 4: expanding at the
	// first revisit makes about three times as many nodes (each expansion
	// adds about ten) and filled the default arena within a 10 s search
	// from the middle game, for no measured gain in speed; a node's first
	// playouts say little about its children anyway. With Othello's
	// evaluation leaves, whose repeated visits return the same value, 1 and
	// 8 were both weaker than 4 at equal playouts, and with one prior
	// visit 2 and 8 both lost to 4 at 1 s a move (docs/strength.md).
	// Prior visits count: a child born with PriorVisits >= ExpandVisits
	// is expanded the first time an iteration reaches it. An iteration
	// expands one node at most, so it then ends at one of that node's
	// children.
	ExpandVisits int

	// ArenaNodes is the arena's capacity in nodes, NodeBytes each; the
	// arena is allocated by New. Default 1<<23 (8,388,608 nodes, 192 MiB): 10 s
	// UCT searches measured 3.8 to 6.3 million playouts and 2.9 to 5.0
	// million nodes (start, 40 and 20 empty squares; docs/engine.md), so the
	// default holds them with room to spare and stays far below the
	// course's 4 GiB. When the arena is full the search goes on playing out
	// from the leaves it has.
	ArenaNodes int

	// Solver turns on MCTS-Solver (Winands et al. 2008): UCT marks the
	// nodes where the game ends as proven wins, draws or losses, proves
	// small leaves with the leaf solver when it has one, and propagates
	// proven results up the tree, so that it stops spending playouts on
	// decided lines, never plays a proven loss when another move is not
	// lost, and stops when the root's result is proven. Default on; off
	// gives the plain UCT of the course's assignment.
	Solver bool

	// Leaf is how an iteration values its leaf: LeafPlayout (a random
	// playout), LeafEval (the evaluator) or LeafMix. The evaluator is
	// given by Searcher.SetEvaluator; without one only LeafPlayout works.
	// Default LeafPlayout: the course's algorithm, and what an engine
	// without an evaluator can do; search chooses its own default by
	// measured matches (docs/strength.md).
	Leaf Leaf

	// EvalWeight is the evaluator's share of a LeafMix value, 0..1.
	// Default 0.5: neither source is trusted over the other until a match
	// says so.
	EvalWeight float64

	// EvalScale turns the evaluator's estimate of the final disc
	// difference d into a win probability for WinLoss rewards,
	// 1/(1+exp(-d/EvalScale)). Default 8 discs: a position judged 8 discs
	// ahead is worth 0.73, 16 discs 0.88. Measured with Othello's
	// evaluation (docs/strength.md): the scale at which the value is the
	// probability of winning is about 4 discs, but the search plays no
	// better with it, nor at 1 s a move with a softer 32. (Under DiscDiff
	// the estimate maps like a playout's result.)
	EvalScale float64

	// PriorVisits gives every new node this many virtual visits at the
	// evaluator's value when its parent is expanded (Gelly and Silver's
	// prior knowledge): the selection then starts with the evaluation's
	// opinion and lets real results outweigh it. Node visit counts include
	// them. 0: none. Needs an evaluator. Default 0: on top of evaluation
	// leaves, 10 prior visits lost 31% over 40 games at 1 s a move in
	// Othello (docs/strength.md); they remain for playout leaves (not
	// measured there).
	PriorVisits int

	// MinimaxWeight is alpha of implicit minimax backups (Lanctot, Winands,
	// Pepels and Sturtevant 2014): every node also keeps the minimax value
	// of the evaluator over its subtree, and selection ranks a child by
	// (1-alpha)*mean + alpha*minimax instead of its mean. A node's minimax
	// value is its own evaluation until every child has one, then the best
	// of theirs for the side to move there (a proven result under WinLoss),
	// backed up along each iteration's path. Needs an evaluator. 0: off,
	// and the search keeps no such values (no memory, no work). Default 0:
	// see docs/strength.md for the matches.
	MinimaxWeight float64

	// Reuse keeps the tree between searches: when a search's position is
	// one or two plies below the last search's root (after the engine's
	// move and the opponent's reply), UCT starts from that subtree and its
	// visits instead of from nothing. A search then depends on the one
	// before it as well as on its seed; Searcher.Reset forgets the tree.
	// Default on.
	Reuse bool

	// SinglePlayer makes the search a one-player search, for puzzles such
	// as SameGame: the game has one player, who maximises Game.Score, so a
	// playout's reward is its score divided by Shape.MaxScore (MaxScore is
	// then a normalising scale, not a bound: a reward may exceed 1) and is
	// backed up unchanged, not flipped between levels. The search then
	// keeps the best playout it has seen when the game records its
	// playouts (Recorder), and selects with SP-MCTS's variance term
	// (VarianceD). It needs LeafPlayout, Solver and Pruning off (a puzzle
	// has no wins or losses to prove, and pruning's rule compares win
	// rates) and no prior visits. Default off: every two-player game.
	SinglePlayer bool

	// VarianceD is SP-MCTS's D (Schadd et al. 2008), used only with
	// SinglePlayer: selection adds sqrt(variance + D/n) to UCB1's score,
	// the variance being that of the child's rewards, so that a move whose
	// playouts vary widely (a rare high score among poor ones) is tried
	// more than its mean alone would earn, and a move seen n times keeps
	// an optimism of sqrt(D/n) even when its playouts agree. In reward
	// units (score/MaxScore, squared). Default 0; the SameGame search
	// sets its own (package samegame/search says how it was chosen).
	VarianceD float64

	// Seed seeds the random generator, together with the position searched:
	// the same Seed, position and playout budget give the same result. Zero
	// is a valid seed; callers that want varied games set it from the clock.
	Seed uint64
}

// DefaultConfig returns the default configuration; the reason for each
// value is in the doc comment of its field.
func DefaultConfig() Config {
	return Config{
		Algorithm:       UCT,
		Exploration:     0.5,
		Reward:          WinLoss,
		Pruning:         false,
		PruneRD:         2.0,
		PruneSigmaE:     0.001,
		PruneMinVisits:  1000,
		PruneNodeVisits: 10000,
		PruneEvery:      32,
		ExpandVisits:    4,
		ArenaNodes:      1 << 23,
		Solver:          true,
		Leaf:            LeafPlayout,
		EvalWeight:      0.5,
		EvalScale:       8,
		Reuse:           true,
	}
}

// Validate reports every invalid field in one error, or nil. The pruning fields are
// checked only when Pruning is on.
func (c Config) Validate() error {
	var errs []error
	if c.Algorithm != UCT && c.Algorithm != UCB && c.Algorithm != Greedy {
		errs = append(errs, fmt.Errorf("algorithm %d: want uct, ucb or greedy", int(c.Algorithm)))
	}
	if c.Leaf != LeafPlayout && c.Leaf != LeafEval && c.Leaf != LeafMix {
		errs = append(errs, fmt.Errorf("leaf %d: want playout, eval or mix", int(c.Leaf)))
	}
	if !finite(c.EvalWeight) || c.EvalWeight < 0 || c.EvalWeight > 1 {
		errs = append(errs, fmt.Errorf("eval weight %v: want 0..1", c.EvalWeight))
	}
	if !finite(c.EvalScale) || c.EvalScale <= 0 {
		errs = append(errs, fmt.Errorf("eval scale %v: want a finite number > 0", c.EvalScale))
	}
	if !finite(c.MinimaxWeight) || c.MinimaxWeight < 0 || c.MinimaxWeight > 1 {
		errs = append(errs, fmt.Errorf("minimax weight %v: want 0..1", c.MinimaxWeight))
	}
	if c.PriorVisits < 0 || c.PriorVisits > MaxPriorVisits {
		errs = append(errs, fmt.Errorf("prior visits %d: want 0..%d", c.PriorVisits, MaxPriorVisits))
	}
	if !finite(c.VarianceD) || c.VarianceD < 0 {
		errs = append(errs, fmt.Errorf("variance D %v: want a finite number >= 0", c.VarianceD))
	}
	if c.SinglePlayer {
		if c.Algorithm != UCT && c.Algorithm != UCB {
			errs = append(errs, fmt.Errorf("single player: algorithm %v: want uct or ucb", c.Algorithm))
		}
		if c.Solver || c.Pruning || c.Leaf != LeafPlayout || c.PriorVisits > 0 || c.MinimaxWeight > 0 {
			errs = append(errs, errors.New("single player: want solver and pruning off, playout leaves, no prior visits and no minimax weight"))
		}
	}
	if c.Reward != WinLoss && c.Reward != DiscDiff {
		errs = append(errs, fmt.Errorf("reward %d: want winloss or discdiff", int(c.Reward)))
	}
	if !finite(c.Exploration) || c.Exploration < 0 {
		errs = append(errs, fmt.Errorf("exploration %v: want a finite number >= 0", c.Exploration))
	}
	if c.ExpandVisits < 1 || c.ExpandVisits > maxCount {
		errs = append(errs, fmt.Errorf("expand visits %d: want 1..%d", c.ExpandVisits, maxCount))
	}
	if c.ArenaNodes < 2 || c.ArenaNodes > MaxArenaNodes {
		errs = append(errs, fmt.Errorf("arena nodes %d: want 2..%d (and room for the root's moves, checked by New)", c.ArenaNodes, MaxArenaNodes))
	}
	if c.Pruning {
		if !finite(c.PruneRD) || c.PruneRD <= 0 {
			errs = append(errs, fmt.Errorf("prune r_d %v: want a finite number > 0", c.PruneRD))
		}
		if !finite(c.PruneSigmaE) || c.PruneSigmaE < 0 {
			errs = append(errs, fmt.Errorf("prune sigma_e %v: want a finite number >= 0", c.PruneSigmaE))
		}
		if c.PruneMinVisits < 2 || c.PruneMinVisits > maxCount {
			errs = append(errs, fmt.Errorf("prune min visits %d: want 2..%d (a standard deviation needs two results)", c.PruneMinVisits, maxCount))
		}
		if c.PruneNodeVisits < 0 || c.PruneNodeVisits > maxCount {
			errs = append(errs, fmt.Errorf("prune node visits %d: want 0..%d", c.PruneNodeVisits, maxCount))
		}
		if c.PruneEvery < 1 || c.PruneEvery > maxCount {
			errs = append(errs, fmt.Errorf("prune every %d: want 1..%d", c.PruneEvery, maxCount))
		}
	}
	return errors.Join(errs...)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
