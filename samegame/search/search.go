package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/tcgothello/mcts/internal/proctime"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
)

// Algorithm selects how a search spends its time.
type Algorithm int

// The algorithms.
const (
	// NMCS is Nested Monte-Carlo Search (Cazenave 2009).
	NMCS Algorithm = iota
	// NRPA is Nested Rollout Policy Adaptation (Rosin 2011).
	NRPA
	// SPMCTS is single-player MCTS (Schadd et al. 2008) on the shared core
	// (package mcts, Config.SinglePlayer), one move at a time.
	SPMCTS
	// Beam is beam search, each position valued by a playout.
	Beam
	// Depth is the seed's depth-limited search with an evaluation
	// function, one move at a time.
	Depth
)

var algorithmNames = [...]string{NMCS: "nmcs", NRPA: "nrpa", SPMCTS: "sp-mcts", Beam: "beam", Depth: "depth"}

// String returns the algorithm's name as ParseAlgorithm accepts it.
func (a Algorithm) String() string {
	if a >= 0 && int(a) < len(algorithmNames) {
		return algorithmNames[a]
	}
	return fmt.Sprintf("algorithm(%d)", int(a))
}

// ParseAlgorithm parses nmcs, nrpa, sp-mcts, beam or depth.
func ParseAlgorithm(s string) (Algorithm, error) {
	for a, name := range algorithmNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return Algorithm(a), nil
		}
	}
	return NMCS, fmt.Errorf("unknown algorithm %q: want %s", s, strings.Join(algorithmNames[:], ", "))
}

// Config holds every coefficient of a search. Start from DefaultConfig;
// docs/samegame.md says how each default was chosen.
type Config struct {
	Algorithm Algorithm
	// Penalty scores the end with the penalty rule (samegame.Board.Penalty).
	Penalty bool
	// Seed seeds the random numbers: a fixed seed and playout budget give
	// the same result on every run.
	Seed uint64
	// Tabu turns on the colour-avoiding playouts: the colour with the most
	// cells when a playout starts is not played until it is the only
	// choice (or its cells form a single group), so that it gathers into
	// one big group (Schadd et al.'s TabuColorRandom, Cazenave's NMCS).
	Tabu bool
	// Probes is how many random cells a playout probes for its move (a
	// cell of an allowed group of two or more gives that group, so big
	// groups are drawn more often) before it lists every move and draws
	// one uniformly; 0 always lists them. Default 8: on standard board 1 a
	// playout then costs 37 µs of CPU instead of 66 µs, and its mean score
	// is 279 instead of 299 (3,000 playouts each).
	Probes int

	// Level is the nesting level of NMCS and NRPA: a level-n step runs a
	// level n-1 search after each move (NMCS) or n-1 searches to adapt the
	// policy (NRPA); level 0 is one playout. A run that ends before the
	// limits starts again (the best sequence is kept). DefaultLevel gives
	// each algorithm's default.
	Level int
	// Iterations is NRPA's N, the level n-1 searches of one level-n search.
	// Default 100, Rosin's value, not tuned here.
	Iterations int
	// Alpha is NRPA's learning rate. Default 1, Rosin's value: 2 scored
	// 12% less on boards 1 and 3 at 300,000 playouts (docs/samegame.md).
	Alpha float64
	// TabuBias, for NRPA with Tabu, multiplies the weight of the avoided
	// colour's moves in its playouts instead of excluding them (0, the
	// default, excludes them as the other playouts do): the policy can
	// then learn that one of them is good, where the avoided colour is
	// no better a choice than another (a board whose colours are nearly
	// equal in number). Default 0: at 30,000 playouts a board, 0.05 and
	// 0.2 lost to 0 on boards 1-5 and 7 (docs/samegame.md).
	TabuBias float64
	// Stabilize is the playouts a level-1 NRPA search runs with one policy
	// before each adaptation, keeping the best of them (Cazenave, Sevestre
	// and Toulemont's stabilized NRPA): a level-1 search is Iterations
	// times Stabilize playouts. Default 1, plain NRPA: 4 gained on
	// standard board 7 (+836 at 300,000 playouts, +680 at 60 s of CPU)
	// and lost a little on most other boards (docs/samegame.md).
	Stabilize int
	// CellCode makes NRPA's code of a move a hash of its colour and the
	// set of its cells, instead of its colour, representative cell and
	// size: two groups that share those three but differ in shape get
	// their own weights, at the price of a pass over the cells of every
	// group at every step of a playout. Default false: the cell code cost
	// 5% more a playout and scored 18% less on boards 1 and 3 at 300,000
	// playouts.
	CellCode bool
	// SizeBias is a prior of generalised NRPA (Cazenave 2020): a group of
	// n cells has the bias SizeBias*(n-2) added to its weight in every
	// playout and in the probabilities adaptation uses. Negative values
	// favour small groups, which clears the clutter around the groups
	// that grow. Default 0, plain NRPA: -0.1 scored 1% less on boards 1,
	// 3 and 7 at 300,000 playouts.
	SizeBias float64

	// Width is the beam's width on its first pass; each later pass doubles
	// it. Default 64: 16 and 64 scored alike in the matches, and 64 makes
	// a first pass of a few seconds on a 15x15 board.
	Width int
	// BeamPlayouts values the beam's positions by a playout each; false
	// values them by the evaluation (evaluate), far cheaper, so the beam
	// can be much wider for the same time.
	BeamPlayouts bool

	// Plies is the depth of the depth-limited search's first game (each
	// later game searches a ply deeper). Default 2, the seed's example: a
	// 2-ply game takes well under a second on a 15x15 board, so deeper
	// games follow within a 10 s budget.
	Plies int

	// Exploration and VarianceD are SP-MCTS's C and D, in points and
	// points squared (the search divides them by ScoreScale to reward
	// units). Defaults 200 and 100,000, the best of a grid of C in 0.5, 200,
	// 1,000 and D in 1,000 to 1,000,000 at 50,000 playouts a board on
	// standard boards 1, 7 and 10 (docs/samegame.md): C = 200 led at every
	// D, and D = 100,000 at C = 0.5 and 200. Schadd et al.'s first values
	// for raw scores, 0.5 and 10,000, scored 19% less there.
	Exploration float64
	VarianceD   float64
}

// ScoreScale is the points that SP-MCTS counts as a reward of 1 (its Shape's
// MaxScore): a typical good score on a 15x15 board of 5 colours, so that
// rewards are near 0..1. It only scales C and D, which are given in points.
const ScoreScale = 4000

// DefaultLevel is the nesting level the measured matches chose for a
// search of seconds a board (docs/samegame.md): level 1 for NMCS (a level-2
// search does not finish its first move in 10 s), level 3 for NRPA (it
// adapts its policy from the first level-2 result on, and beat level 2;
// a budget of several level-3 runs restarts level 3, which beat level 4
// at five runs' budget, docs/samegame.md).
func DefaultLevel(a Algorithm) int {
	if a == NMCS {
		return 1
	}
	return 3
}

// DefaultConfig returns the default configuration: NRPA, the strongest in
// the measured matches.
func DefaultConfig() Config {
	return Config{
		Algorithm:    NRPA,
		Tabu:         true,
		Probes:       8,
		Level:        DefaultLevel(NRPA),
		Iterations:   100,
		Alpha:        1,
		Stabilize:    1,
		Width:        64,
		BeamPlayouts: true,
		Plies:        2,
		Exploration:  200,
		VarianceD:    100000,
	}
}

// Validate reports every invalid field in one error, or nil.
func (c Config) Validate() error {
	var errs []error
	if c.Algorithm < 0 || int(c.Algorithm) >= len(algorithmNames) {
		errs = append(errs, fmt.Errorf("algorithm %d: want one of %s", int(c.Algorithm), strings.Join(algorithmNames[:], ", ")))
	}
	if c.Level < 1 || c.Level > maxLevel {
		errs = append(errs, fmt.Errorf("level %d: want 1..%d", c.Level, maxLevel))
	}
	if c.Probes < 0 || c.Probes > maxProbes {
		errs = append(errs, fmt.Errorf("probes %d: want 0..%d", c.Probes, maxProbes))
	}
	if c.Iterations < 1 {
		errs = append(errs, fmt.Errorf("iterations %d: want 1 or more", c.Iterations))
	}
	if c.Stabilize < 1 || c.Stabilize > maxStabilize {
		errs = append(errs, fmt.Errorf("stabilize %d: want 1..%d", c.Stabilize, maxStabilize))
	}
	if !(c.TabuBias >= 0 && c.TabuBias <= 1) {
		errs = append(errs, fmt.Errorf("tabu bias %v: want 0..1", c.TabuBias))
	}
	if !(c.SizeBias >= -maxSizeBias && c.SizeBias <= maxSizeBias) {
		errs = append(errs, fmt.Errorf("size bias %v: want -%v..%v", c.SizeBias, maxSizeBias, maxSizeBias))
	}
	if !(c.Alpha > 0) || math.IsInf(c.Alpha, 0) {
		errs = append(errs, fmt.Errorf("alpha %v: want a finite number > 0", c.Alpha))
	}
	if c.Width < 1 || c.Width > maxWidth {
		errs = append(errs, fmt.Errorf("width %d: want 1..%d", c.Width, maxWidth))
	}
	if c.Plies < 1 || c.Plies > maxPlies {
		errs = append(errs, fmt.Errorf("plies %d: want 1..%d", c.Plies, maxPlies))
	}
	if !(c.Exploration >= 0) || math.IsInf(c.Exploration, 0) || !(c.VarianceD >= 0) || math.IsInf(c.VarianceD, 0) {
		errs = append(errs, fmt.Errorf("exploration %v, variance D %v: want finite numbers >= 0", c.Exploration, c.VarianceD))
	}
	return errors.Join(errs...)
}

// Limits bound a search: it stops at the deadline, after the playout
// budget, or when the context ends, whichever comes first. A search with
// a budget and no deadline depends only on its seed.
type Limits struct {
	Deadline time.Time // zero: none
	// Playouts is the budget, 0 for none: playouts, or for the depth
	// search and the beam valued by evaluation (which play none)
	// positions visited.
	Playouts int64
	// CPU is a limit on the CPU time the process uses from the start of
	// the search, 0 for none: on a shared machine, where the search waits
	// for a core much of the time, it gives the search the work of CPU on
	// one core of its own, whatever the wall time.
	CPU time.Duration
}

// ErrNoLimit is returned for a search that could run for ever.
var ErrNoLimit = errors.New("search has no limit: give a deadline, a playout budget or a context with a deadline")

// Result is the best sequence a search found.
type Result struct {
	Score int             // the sequence's score, the end adjustment included
	Moves []samegame.Cell // the moves, to the end of the game
	// Playouts and Nodes count the playouts run and the positions the
	// search visited (moves played, in playouts and outside them).
	Playouts int64
	Nodes    int64
	Elapsed  time.Duration
	// CPU is the CPU time the process used during the search (0 where it
	// cannot be read): on a loaded machine, less than Elapsed.
	CPU time.Duration
}

// Search returns the best sequence of moves it finds from b, to the end
// of the game, within lim. The sequence always ends the game, and
// samegame.Replay gives it Score; a longer search never returns a worse
// one for the same seed, since the best sequence seen is kept.
func Search(ctx context.Context, b samegame.Board, cfg Config, lim Limits) (Result, error) {
	start := time.Now()
	cpuStart, _ := proctime.CPU()
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	if lim.Playouts < 0 {
		return Result{}, fmt.Errorf("playout budget %d: want 0 (none) or more", lim.Playouts)
	}
	deadline := lim.Deadline
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	if deadline.IsZero() && lim.Playouts == 0 && lim.CPU <= 0 {
		return Result{}, ErrNoLimit
	}
	s := newSearcher(ctx, b, cfg, deadline, lim.Playouts)
	if lim.CPU > 0 {
		if now, ok := proctime.CPU(); ok {
			s.cpuLimit, s.cpuEnd = true, now+lim.CPU
		} else {
			return Result{}, errors.New("a CPU time limit: the process's CPU time cannot be read on this system")
		}
	}
	switch cfg.Algorithm {
	case NMCS:
		s.runNMCS()
	case NRPA:
		s.runNRPA()
	case SPMCTS:
		if err := s.runSPMCTS(); err != nil {
			return Result{}, err
		}
	case Beam:
		s.runBeam()
	case Depth:
		s.runDepth()
	}
	if s.bestScore == math.MinInt {
		// Stopped before a single playout: one playout from the root
		// gives a whole game (it ignores the limits).
		s.stopped, s.cpuLimit = false, false
		s.budget, s.deadline = 0, time.Time{}
		s.playout(&s.root, 0)
	}
	cpuEnd, _ := proctime.CPU()
	return Result{
		CPU:      cpuEnd - cpuStart,
		Score:    s.bestScore,
		Moves:    cells(s.best),
		Playouts: s.playouts,
		Nodes:    s.nodes,
		Elapsed:  time.Since(start),
	}, nil
}

// cells converts grid indices to the rules' cells.
func cells(moves []uint16) []samegame.Cell {
	out := make([]samegame.Cell, len(moves))
	for i, m := range moves {
		out[i] = cellOf(m)
	}
	return out
}

// Bounds of the configuration.
const (
	maxLevel  = 6 // NMCS and NRPA: level 6 is far beyond any deadline
	maxWidth  = 1 << 16
	maxPlies  = 6    // depth search: 6 plies of 20-40 moves is already hours
	maxProbes = 1000 // probes: far past the point where listing the moves is cheaper
	// maxStabilize bounds NRPA's playouts per level-1 adaptation: the
	// literature uses up to a few dozen; thousands would make a level-1
	// search longer than any budget.
	maxStabilize = 1000
	// maxSizeBias bounds the size bias so that exp(bias*(n-2)) stays
	// finite for every group of up to 400 cells.
	maxSizeBias = 1
)

// clockEvery is how many calls of done pass between two looks at the clock
// and the context: the algorithms call it once a playout or once a node,
// each some microseconds, so the search notices its deadline well within a
// millisecond.
const clockEvery = 16

// searcher is the state shared by every algorithm: the root, the limits,
// the random numbers, the group-finding scratch, the counters, and the
// best sequence seen anywhere (path + playout), which is the answer.
type searcher struct {
	ctx      context.Context
	cfg      Config
	root     grid
	deadline time.Time
	budget   int64
	cpuLimit bool // stop when the process's CPU time reaches cpuEnd
	cpuEnd   time.Duration
	stopped  bool
	rng      mcts.RNG
	sc       scratch

	playouts, nodes int64
	ticks           int64 // calls of done, which looks at the clock every clockEvery

	// path is the sequence of moves from the root to the position the
	// algorithm is working on; a playout appends its moves to it, and
	// the whole line is a candidate for best.
	path      []uint16
	best      []uint16
	bestScore int

	probes  int      // random cells a playout probes before it enumerates
	moveBuf []group  // the playout's moves
	played  []uint16 // the moves of the last playout: see playout
}

func newSearcher(ctx context.Context, b samegame.Board, cfg Config, deadline time.Time, budget int64) *searcher {
	s := &searcher{
		ctx:       ctx,
		cfg:       cfg,
		root:      newGrid(&b),
		deadline:  deadline,
		budget:    budget,
		path:      make([]uint16, 0, samegame.MaxPlies),
		best:      make([]uint16, 0, samegame.MaxPlies),
		bestScore: math.MinInt,
		probes:    cfg.Probes,
		moveBuf:   make([]group, 0, samegame.MaxMoves),
	}
	s.rng = mcts.NewRNG(cfg.Seed ^ s.root.hash())
	return s
}

// done reports whether the search must stop, looking at the clock and
// the context every clockEvery playouts; once true it stays true.
func (s *searcher) done() bool {
	if s.stopped {
		return true
	}
	s.ticks++
	work := s.playouts
	if s.cfg.Algorithm == Depth || s.cfg.Algorithm == Beam && !s.cfg.BeamPlayouts {
		work = s.nodes
	}
	if s.budget > 0 && work >= s.budget || s.ticks%clockEvery == 0 && s.expired() {
		s.stopped = true
	}
	return s.stopped
}

// expired reports whether the deadline or the CPU limit has passed, or the
// context ended.
func (s *searcher) expired() bool {
	if s.cpuLimit {
		if now, _ := proctime.CPU(); now >= s.cpuEnd {
			return true
		}
	}
	return !s.deadline.IsZero() && !time.Now().Before(s.deadline) || s.ctx.Err() != nil
}

// remaining returns the time the search has left: until the deadline, or
// of CPU time, whichever is less; ok is false when it has neither.
func (s *searcher) remaining() (left time.Duration, ok bool) {
	if !s.deadline.IsZero() {
		left, ok = time.Until(s.deadline), true
	}
	if s.cpuLimit {
		now, _ := proctime.CPU()
		if cpu := s.cpuEnd - now; !ok || cpu < left {
			left, ok = cpu, true
		}
	}
	return left, ok
}

// offer keeps line, a whole game from the root scoring score, if it is the
// best seen.
func (s *searcher) offer(score int, line []uint16) {
	if score > s.bestScore {
		s.bestScore = score
		s.best = append(s.best[:0], line...)
	}
}
