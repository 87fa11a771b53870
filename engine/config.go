package engine

import (
	"errors"
	"fmt"

	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/othello"
)

// The search's types and values, from the shared core (package mcts), under
// the names Othello's callers have always used.
type (
	// Algorithm selects how the search spends its playouts: UCT, UCB or Greedy.
	Algorithm = mcts.Algorithm
	// Reward selects how the end of a playout is scored: WinLoss or DiscDiff.
	Reward = mcts.Reward
	// Leaf selects how the search values the position where an iteration
	// ends: LeafPlayout, LeafEval or LeafMix.
	Leaf = mcts.Leaf
	// Limits bound one search.
	Limits = mcts.Limits
	// Result is the outcome of a search: the move and its statistics.
	Result = mcts.Result[othello.Move]
	// Stats describes one search, for logs and analysis.
	Stats = mcts.Stats[othello.Move]
	// MoveStats is what the search knows of one root move.
	MoveStats = mcts.MoveStats[othello.Move]
)

// The algorithms, rewards and leaf evaluations: see package mcts.
const (
	UCT         = mcts.UCT
	UCB         = mcts.UCB
	Greedy      = mcts.Greedy
	WinLoss     = mcts.WinLoss
	DiscDiff    = mcts.DiscDiff
	LeafPlayout = mcts.LeafPlayout
	LeafEval    = mcts.LeafEval
	LeafMix     = mcts.LeafMix
)

// Reasons a search stopped, as found in Stats.Stopped: see package mcts.
const (
	StopDeadline    = mcts.StopDeadline
	StopPlayouts    = mcts.StopPlayouts
	StopSingleMove  = mcts.StopSingleMove
	StopPrunedToOne = mcts.StopPrunedToOne
	StopAllEqual    = mcts.StopAllEqual
	StopCancelled   = mcts.StopCancelled
	StopProven      = mcts.StopProven
	StopGreedy      = mcts.StopGreedy
	StopDecided     = mcts.StopDecided
)

// ParseAlgorithm parses "uct", "ucb" or "greedy" (case-insensitive).
func ParseAlgorithm(s string) (Algorithm, error) { return mcts.ParseAlgorithm(s) }

// ParseReward parses "winloss" or "discdiff" (case-insensitive).
func ParseReward(s string) (Reward, error) { return mcts.ParseReward(s) }

// ParseLeaf parses "playout", "eval" or "mix" (case-insensitive).
func ParseLeaf(s string) (Leaf, error) { return mcts.ParseLeaf(s) }

// Arena bounds, in nodes of mcts.NodeBytes (24) bytes.
const (
	// MinArenaNodes is the smallest arena: the root and the most children a
	// position can have (every square but the root's own discs), so that the
	// root can always be expanded.
	MinArenaNodes = 1 + maxMoves
	// MaxArenaNodes keeps the arena at 1.5 GiB (2 GiB with pruning's
	// sums of squares), at most half the course's 4 GiB memory limit,
	// leaving room for the rest of the program.
	MaxArenaNodes = mcts.MaxArenaNodes
)

// MaxSolveEmpties bounds Config.SolveEmpties. A leaf proof cannot be
// stopped, and at 14 empty squares it takes up to a few milliseconds; at
// 20 it can take a second, which would make a search miss its deadline.
const MaxSolveEmpties = 14

// MaxPriorVisits bounds Config.PriorVisits: see package mcts.
const MaxPriorVisits = mcts.MaxPriorVisits

// Config holds every coefficient of an Othello search: the shared core's
// (mcts.Config, whose fields it promotes) and Othello's own. Start from
// DefaultConfig; docs/engine.md explains each default and what it rests on.
type Config struct {
	mcts.Config

	// SolveEmpties is the largest number of empty squares at which UCT
	// proves a leaf with the leaf solver (Searcher.SetLeafSolver) instead
	// of expanding it; without a leaf solver it does nothing. Default 10:
	// see docs/engine.md for the measurement.
	SolveEmpties int
}

// DefaultConfig returns the default configuration; the reason for each
// value is in the doc comment of its field.
func DefaultConfig() Config {
	return Config{Config: mcts.DefaultConfig(), SolveEmpties: 10}
}

// Validate reports every invalid field in one error, or nil. The pruning
// fields are checked only when Pruning is on.
func (c Config) Validate() error {
	errs := []error{c.Config.Validate()}
	if c.SolveEmpties < 0 || c.SolveEmpties > MaxSolveEmpties {
		errs = append(errs, fmt.Errorf("solve empties %d: want 0..%d", c.SolveEmpties, MaxSolveEmpties))
	}
	if c.ArenaNodes < MinArenaNodes && c.ArenaNodes >= 2 {
		errs = append(errs, fmt.Errorf("arena nodes %d: want %d..%d", c.ArenaNodes, MinArenaNodes, MaxArenaNodes))
	}
	return errors.Join(errs...)
}
