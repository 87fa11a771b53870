package td

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"time"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/othello"
)

// fitterName marks the metadata of the files the fitter writes.
const fitterName = "cmd/train fit: regression on searched and solved positions"

// Streams of the fitter's games (see rng.go).
const (
	streamFit     = 4 // the games whose positions are fitted
	streamHeldOut = 5 // the games whose positions only measure the error
)

// FitParams are the parameters that decide a fit's weights: a checkpoint
// records them and a resumed fit keeps them.
type FitParams struct {
	Seed uint64 `json:"seed"`
	// Prior is the weights file the fit starts from and plays its games
	// with; "" for the embedded set.
	Prior string `json:"prior"`
	// Games are the self-play games that give the fitted positions, one
	// position of each phase from each game; HeldOut more games give the
	// positions that measure the error.
	Games   int `json:"games"`
	HeldOut int `json:"held_out"`
	// Epsilon is the probability of a uniformly random move in those games.
	Epsilon float64 `json:"epsilon"`
	// SolveEmpties: positions with this many empty squares or fewer are
	// labelled by the exact solver.
	SolveEmpties int `json:"solve_empties"`
	// Depth is the plies (discs placed) of the search that labels the
	// other positions, on the weights already fitted for the later phases.
	Depth int `json:"depth"`
	// Epochs bounds the passes of gradient descent over a phase's
	// positions; the epoch with the least held-out error is kept.
	Epochs int `json:"epochs"`
	// Rate is the step of every weight a position activates, per disc of
	// error.
	Rate float64 `json:"rate"`
}

// Defaults of the fitter, with their reasons (docs/eval.md).
const (
	// DefaultFitGames gives each phase 200,000 positions: every common
	// configuration of every pattern is seen hundreds of times, the rare
	// ones keep the prior's weights, and labelling them all takes about
	// half an hour of one core.
	DefaultFitGames = 200_000
	// DefaultHeldOut games give 10,000 positions a phase: the held-out
	// error to a few hundredths of a disc.
	DefaultHeldOut = 10_000
	// DefaultSolveEmpties: the solver proves a 12-empty position in a
	// fraction of a millisecond but a 16-empty one in about 7 ms (measured
	// on 2,000 positions of each), which would make phase 11 alone take 25
	// minutes; 12 is the last four phases' boundary (9..12 empties).
	DefaultSolveEmpties = 12
	// DefaultDepth is one phase of 4 plies, so that every search leaf
	// lies in the next phase, fitted already.
	DefaultDepth = 4
	// DefaultEpochs: in fits of 20,000 games the held-out error of most
	// phases stopped falling after 3 to 6 passes from the prior's
	// weights; the best pass is kept, so more only cost time.
	DefaultEpochs = 8
	// DefaultRate: about 50 weights move per position, so 0.002 corrects
	// a tenth of a position's error at each visit.
	DefaultRate = 0.002
)

// DefaultFitParams returns the parameters of the shipped fit.
func DefaultFitParams() FitParams {
	return FitParams{Seed: 1, Games: DefaultFitGames, HeldOut: DefaultHeldOut, Epsilon: defaultEpsilon,
		SolveEmpties: DefaultSolveEmpties, Depth: DefaultDepth, Epochs: DefaultEpochs, Rate: DefaultRate}
}

// Check validates the parameters (also those read from a checkpoint); its
// messages name the flags of cmd/train fit.
func (p *FitParams) Check() error {
	var errs []error
	if p.Games < 1 {
		errs = append(errs, fmt.Errorf("--games %d: want 1 or more", p.Games))
	}
	if p.HeldOut < 1 {
		errs = append(errs, fmt.Errorf("--held-out %d: want 1 or more", p.HeldOut))
	}
	if !(p.Epsilon >= 0 && p.Epsilon <= 1) {
		errs = append(errs, fmt.Errorf("--epsilon %v: want 0..1", p.Epsilon))
	}
	if p.SolveEmpties < 0 || p.SolveEmpties > 24 {
		errs = append(errs, fmt.Errorf("--solve-empties %d: want 0..24 (more takes seconds a position)", p.SolveEmpties))
	}
	if p.Depth < 1 || p.Depth > 12 {
		errs = append(errs, fmt.Errorf("--depth %d: want 1..12", p.Depth))
	}
	if p.Epochs < 1 {
		errs = append(errs, fmt.Errorf("--epochs %d: want 1 or more", p.Epochs))
	}
	if !(p.Rate > 0 && p.Rate <= 0.1) {
		errs = append(errs, fmt.Errorf("--rate %v: want more than 0, at most 0.1", p.Rate))
	}
	return errors.Join(errs...)
}

// flags maps each parameter's flag to its value.
func (p *FitParams) flags() map[string]string {
	return map[string]string{
		"seed": fmt.Sprint(p.Seed), "prior": p.Prior, "games": fmt.Sprint(p.Games),
		"held-out": fmt.Sprint(p.HeldOut), "epsilon": fmt.Sprint(p.Epsilon),
		"solve-empties": fmt.Sprint(p.SolveEmpties), "depth": fmt.Sprint(p.Depth),
		"epochs": fmt.Sprint(p.Epochs), "rate": fmt.Sprint(p.Rate),
	}
}

// FitConfig is one run of the fitter.
type FitConfig struct {
	FitParams
	// Workers label positions in parallel; any number gives the same
	// weights.
	Workers int
	// Checkpoint is written after every phase; Resume continues from it.
	Checkpoint string
	Resume     bool
	// Output receives the final weights in the shipped int16 format.
	Output string
	// Changed reports whether a parameter's flag was given on the command
	// line: a resumed fit refuses one that differs. nil for none.
	Changed func(flag string) bool
}

// fitState is what a fit's checkpoint records besides the weights.
type fitState struct {
	Trainer string `json:"trainer"`
	FitParams
	// Phases is the model's phase count; Done the phases fitted so far,
	// counted from the last phase back.
	Phases int `json:"phases"`
	Done   int `json:"done"`
	// Seconds is the wall time spent so far, over all runs.
	Seconds float64 `json:"seconds"`
	// Report holds a line per fitted phase: its positions and errors.
	Report []string `json:"report"`
	Data   string   `json:"data"`
}

// fitDataSource is the Data of the fitter's files.
const fitDataSource = "self-play games of the prior weights, labelled by this project's endgame solver and search; no external games or positions"

// Fitter refits the weights phase by phase, from the last phase back to the
// first: each phase's positions are labelled (exactly, or by a search whose
// leaves lie in the phases fitted already) and the phase's weights are
// moved towards the labels by gradient descent. Make one with NewFit.
type Fitter struct {
	opt   FitConfig
	st    fitState
	model *eval.Model
	// prior is the starting model: it plays the games and orders the
	// solver's moves.
	prior *eval.Model
	// order is the prior in fixed point, for the solver's move ordering.
	order *eval.Weights
	// labellers are the workers' labellers, made at the first use (each
	// holds a solver's table).
	labellers []*labeller
	out       io.Writer
}

// NewFit starts a fit, which writes its lines to out: from the prior, or
// from the checkpoint with Resume. A parameter changed on resuming is a
// *ParamChangeError.
func NewFit(o FitConfig, out io.Writer) (*Fitter, error) {
	if o.Workers < 1 {
		return nil, fmt.Errorf("td: %s: want 1 or more", plural.Of(o.Workers, "worker"))
	}
	if o.Checkpoint == "" || o.Output == "" {
		return nil, errors.New("td: a fit needs a checkpoint and an output file")
	}
	f := &Fitter{opt: o, out: out}
	if o.Resume {
		var st fitState
		m, ok, err := loadCheckpoint(o.Checkpoint, &st)
		if err != nil {
			return nil, err
		}
		if !ok || st.Trainer != fitterName {
			return nil, fmt.Errorf("resume: %s holds weights but not a fit's state", o.Checkpoint)
		}
		if err := st.FitParams.Check(); err != nil {
			return nil, fmt.Errorf("resume: %s: %w", o.Checkpoint, err)
		}
		if st.Phases != m.Phases() || st.Done < 0 || st.Done > st.Phases {
			return nil, fmt.Errorf("resume: %s: inconsistent state (%d of %s fitted)", o.Checkpoint, st.Done, plural.Of(st.Phases, "phase"))
		}
		if err := refuseChanges(o.FitParams.flags(), st.FitParams.flags(), o.Changed); err != nil {
			return nil, err
		}
		f.opt.FitParams, f.st, f.model = st.FitParams, st, m
	} else {
		if err := o.FitParams.Check(); err != nil {
			return nil, err
		}
		if err := checkNoCheckpoint(o.Checkpoint); err != nil {
			return nil, err
		}
	}
	prior, err := eval.OpenModel(f.opt.Prior)
	if err != nil {
		return nil, fmt.Errorf("prior: %w", err)
	}
	f.prior = prior
	if f.order, err = prior.Weights(); err != nil {
		return nil, fmt.Errorf("prior: %w", err)
	}
	if f.model == nil {
		f.model = prior.Clone()
		f.st = fitState{Trainer: fitterName, FitParams: o.FitParams, Phases: prior.Phases(), Data: fitDataSource}
	}
	if f.model.Phases() != prior.Phases() {
		return nil, fmt.Errorf("resume: the checkpoint has %s, the prior %d", plural.Of(f.model.Phases(), "phase"), prior.Phases())
	}
	if span := (60 + prior.Phases() - 1) / prior.Phases(); f.opt.Depth < span {
		return nil, fmt.Errorf("--depth %d: want at least %d, a phase's plies, so that the search's leaves lie in fitted phases", f.opt.Depth, span)
	}
	return f, nil
}

// Run fits the phases not yet fitted, writing the checkpoint after each,
// then the output. It reports whether ctx stopped it (between phases, or
// while a phase's positions were labelled: that phase is then redone on
// resuming).
func (f *Fitter) Run(ctx context.Context) (interrupted bool, err error) {
	o := &f.opt
	start := time.Now()
	secondsBefore := f.st.Seconds
	phases := f.model.Phases()
	fmt.Fprintf(f.out, "train fit: %s %d of %s fitted: seed %d, %s and %s held out, epsilon %g, exact at %d empties or fewer, else %d-ply search; %s of rate %g; %s\n",
		map[bool]string{false: "starting:", true: "resuming:"}[o.Resume], f.st.Done, plural.Of(phases, "phase"),
		o.Seed, plural.Of(o.Games, "game"), plural.Of(o.HeldOut, "game"), o.Epsilon, o.SolveEmpties, o.Depth,
		plural.Of(o.Epochs, "epoch"), o.Rate, plural.Of(o.Workers, "worker"))
	train := samplePhases(f.prior, o.Seed, streamFit, o.Games, o.Epsilon, o.Workers)
	held := samplePhases(f.prior, o.Seed, streamHeldOut, o.HeldOut, o.Epsilon, o.Workers)
	fmt.Fprintf(f.out, "train fit: sampled the positions of %s (%.0fs)\n", plural.Of(o.Games+o.HeldOut, "game"), time.Since(start).Seconds())
	for f.st.Done < phases {
		ph := phases - 1 - f.st.Done
		line, err := f.fitPhase(ctx, ph, train[ph], held[ph])
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(f.out, "train fit: interrupted in phase %d; %s holds the %d phases fitted before; --resume continues\n", ph, o.Checkpoint, f.st.Done)
				return true, nil
			}
			return false, err
		}
		f.st.Done++
		f.st.Report = append(f.st.Report, line)
		f.st.Seconds = secondsBefore + time.Since(start).Seconds()
		if err := f.saveCheckpoint(); err != nil {
			return false, err
		}
		fmt.Fprintf(f.out, "train fit: %s (%s in all)\n", line, (time.Duration(f.st.Seconds) * time.Second).String())
		if ctx.Err() != nil {
			fmt.Fprintf(f.out, "train fit: interrupted after phase %d; wrote %s; --resume continues\n", ph, o.Checkpoint)
			return true, nil
		}
	}
	w, err := f.model.Weights()
	if err != nil {
		return false, fmt.Errorf("%s: %w", o.Output, err)
	}
	if err := w.Save(o.Output); err != nil {
		return false, err
	}
	fmt.Fprintf(f.out, "train fit: done: %s fitted in %s; wrote %s\n", plural.Of(phases, "phase"),
		(time.Duration(f.st.Seconds) * time.Second).String(), o.Output)
	return false, nil
}

// saveCheckpoint writes the float32 weights and the state.
func (f *Fitter) saveCheckpoint() error {
	meta, err := json.Marshal(f.st)
	if err != nil {
		return err
	}
	f.model.Meta = string(meta)
	return f.model.Save(f.opt.Checkpoint)
}

// samplePhases plays games games of stream with m's epsilon-greedy player
// and returns, for each phase, one position of that phase (drawn uniformly
// among the game's positions in it where the side to move has a move)
// from every game that has one, in the order of the games.
func samplePhases(m *eval.Model, seed uint64, stream uint64, games int, epsilon float64, workers int) [][]othello.Position {
	phases := m.Phases()
	// picks[g*phases+ph] is game g's position of phase ph; the zero
	// Position (no discs) when the game has none.
	picks := make([]othello.Position, games*phases)
	parallel(workers, games, func(g int) {
		src := newRNG(seed, stream, uint64(g))
		var seen [eval.MaxPhases]int
		pos := othello.Start()
		for {
			moves := pos.Moves()
			if moves == 0 {
				if othello.Moves(pos.Opponent, pos.Player) == 0 {
					break
				}
				pos = pos.Pass()
				continue
			}
			// Reservoir sampling: the k-th position of a phase replaces
			// the pick with probability 1/k.
			ph := eval.PhaseOf(bits.OnesCount64(pos.Player|pos.Opponent), phases)
			seen[ph]++
			if src.uniform(seen[ph]) == 0 {
				picks[g*phases+ph] = pos
			}
			var mv othello.Move
			if src.chance(epsilon) {
				mv = src.randomMove(moves)
			} else {
				mv, _ = m.BestMove(pos)
			}
			pos = pos.Play(mv)
		}
	})
	out := make([][]othello.Position, phases)
	for g := range games {
		for ph := range phases {
			if p := picks[g*phases+ph]; p.Player|p.Opponent != 0 {
				out[ph] = append(out[ph], p)
			}
		}
	}
	return out
}

// labelAll labels positions on the workers, each with its own labeller on
// f.model, and counts the exact labels. It stops early, with ctx's error,
// when ctx ends.
func (f *Fitter) labelAll(ctx context.Context, positions []othello.Position) ([]float32, int, error) {
	labels := make([]float32, len(positions))
	exact := make([]bool, len(positions))
	errs := make([]error, len(positions))
	for len(f.labellers) < f.opt.Workers {
		l, err := newLabeller(f.model, f.order, f.opt.SolveEmpties, f.opt.Depth)
		if err != nil {
			return nil, 0, err
		}
		f.labellers = append(f.labellers, l)
	}
	pool := make(chan *labeller, f.opt.Workers)
	for _, l := range f.labellers {
		l.m = f.model // the model of the phases fitted so far
		pool <- l
	}
	parallel(f.opt.Workers, len(positions), func(i int) {
		if ctx.Err() != nil {
			errs[i] = ctx.Err()
			return
		}
		l := <-pool
		labels[i], exact[i], errs[i] = l.label(positions[i])
		pool <- l
	})
	n := 0
	for i, e := range errs {
		if e != nil {
			return nil, 0, e
		}
		if exact[i] {
			n++
		}
	}
	return labels, n, nil
}

// fitPhase labels a phase's positions and fits its weights, keeping the
// epoch with the least held-out error (the prior's weights if no epoch
// improves on them). It returns the phase's report line.
func (f *Fitter) fitPhase(ctx context.Context, ph int, train, held []othello.Position) (string, error) {
	start := time.Now()
	labels, exact, err := f.labelAll(ctx, train)
	if err != nil {
		return "", err
	}
	heldLabels, _, err := f.labelAll(ctx, held)
	if err != nil {
		return "", err
	}
	labelTime := time.Since(start)
	feats := make([]eval.Features, len(train))
	for i, p := range train {
		f.model.Features(p, &feats[i])
	}
	heldFeats := make([]eval.Features, len(held))
	for i, p := range held {
		f.model.Features(p, &heldFeats[i])
	}
	before := meanAbsError(f.model, heldFeats, heldLabels)
	best, bestEpoch, bestErr := f.model.Clone(), 0, before
	perm := make([]int, len(train))
	for i := range perm {
		perm[i] = i
	}
	rate := float32(f.opt.Rate)
	for epoch := 1; epoch <= f.opt.Epochs; epoch++ {
		src := newRNG(f.opt.Seed, streamFit, uint64(ph)<<32|uint64(epoch))
		for i := len(perm) - 1; i > 0; i-- {
			j := src.uniform(i + 1)
			perm[i], perm[j] = perm[j], perm[i]
		}
		for _, i := range perm {
			f.model.Update(&feats[i], rate*(labels[i]-f.model.ValueOf(&feats[i])))
		}
		if e := meanAbsError(f.model, heldFeats, heldLabels); e < bestErr {
			best, bestEpoch, bestErr = f.model.Clone(), epoch, e
		}
	}
	f.model = best
	spread := 0.0
	for _, y := range heldLabels {
		spread += math.Abs(float64(y))
	}
	return fmt.Sprintf("phase %d (%d..%d empties): %d positions (%d exact), labelled in %.0fs; held-out error %.3f -> %.3f discs (epoch %d of %d, %d positions, mean |label| %.2f)",
		ph, phaseEmpties(ph, f.model.Phases(), true), phaseEmpties(ph, f.model.Phases(), false),
		len(train), exact, labelTime.Seconds(), before, bestErr, bestEpoch, f.opt.Epochs, len(held), spread/float64(max(len(held), 1))), nil
}

// phaseEmpties returns the fewest (low) or most empty squares of a
// position with a move in phase ph.
func phaseEmpties(ph, phases int, low bool) int {
	lo, hi := 64, 0
	for discs := 4; discs <= 63; discs++ {
		if eval.PhaseOf(discs, phases) == ph {
			lo, hi = min(lo, 64-discs), max(hi, 64-discs)
		}
	}
	if low {
		return lo
	}
	return hi
}

// meanAbsError is m's mean absolute error in discs on the positions with
// features feats against labels (0 for none).
func meanAbsError(m *eval.Model, feats []eval.Features, labels []float32) float64 {
	if len(feats) == 0 {
		return 0
	}
	sum := 0.0
	for i := range feats {
		sum += math.Abs(float64(labels[i] - m.ValueOf(&feats[i])))
	}
	return sum / float64(len(feats))
}

// streamExact is the stream of ExactError's games, apart from the fit's
// own positions.
const streamExact = 6

// PhaseError is the mean absolute error of several models on one phase's
// positions against their exact scores.
type PhaseError struct {
	Phase         int
	Low, High     int // empty squares of the phase's positions
	Positions     int
	MeanAbsErrors []float64 // one per model, in discs
	MeanAbsScore  float64   // the mean absolute exact score, for scale
	SolveSeconds  float64
}

// ExactError measures models (of the same phases) on positions that no
// fit sees: one of each phase from each of games epsilon-greedy games of
// the first model, for the phases whose positions have at most maxEmpties
// empty squares, each solved exactly. Errors are in discs, against the
// solver's score (empty squares to the winner).
func ExactError(models []*eval.Model, seed uint64, games int, epsilon float64, maxEmpties, workers int) ([]PhaseError, error) {
	phases := models[0].Phases()
	for _, m := range models {
		if m.Phases() != phases {
			return nil, fmt.Errorf("models of %d and %d phases", phases, m.Phases())
		}
	}
	order, err := models[0].Weights()
	if err != nil {
		return nil, err
	}
	f := &Fitter{opt: FitConfig{FitParams: FitParams{SolveEmpties: maxEmpties, Depth: 1}, Workers: workers}, model: models[0], order: order}
	byPhase := samplePhases(models[0], seed, streamExact, games, epsilon, workers)
	var out []PhaseError
	for ph := phases - 1; ph >= 0; ph-- {
		lo, hi := phaseEmpties(ph, phases, true), phaseEmpties(ph, phases, false)
		if hi > maxEmpties || len(byPhase[ph]) == 0 {
			break
		}
		start := time.Now()
		labels, _, err := f.labelAll(context.Background(), byPhase[ph])
		if err != nil {
			return nil, err
		}
		e := PhaseError{Phase: ph, Low: lo, High: hi, Positions: len(labels), SolveSeconds: time.Since(start).Seconds()}
		feats := make([]eval.Features, len(labels))
		for i, p := range byPhase[ph] {
			models[0].Features(p, &feats[i])
			e.MeanAbsScore += math.Abs(float64(labels[i])) / float64(len(labels))
		}
		for _, m := range models {
			e.MeanAbsErrors = append(e.MeanAbsErrors, meanAbsError(m, feats, labels))
		}
		out = append(out, e)
	}
	return out, nil
}
