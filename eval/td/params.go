package td

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"

	"github.com/tcgothello/mcts/eval"
)

// Params are the parameters that decide the weights: a checkpoint records
// them, and a resumed run must keep them. The messages of Check name them
// by their flags in cmd/train.
type Params struct {
	Seed    uint64  `json:"seed"`
	Phases  int     `json:"phases"`
	Alpha   float64 `json:"alpha"`
	Decay   int64   `json:"alpha_decay"`
	Lambda  float64 `json:"lambda"`
	Epsilon float64 `json:"epsilon"`
	Batch   int     `json:"batch"`
}

// Defaults, with their reasons (docs/eval.md has the measurements).
const (
	// DefaultGames is the length of a full run: two workers play 11,000 to
	// 12,000 games a second on the project's 2-core machine when it is
	// otherwise idle, so 30 million take 45 minutes idle and about an hour
	// when others use a third of the machine.
	DefaultGames = 30_000_000
	// DefaultEvery spaces the checkpoints, each followed by its evaluation
	// games (a fraction of a second): 30 in a full run, a minute or two
	// apart, so that an interruption loses little.
	DefaultEvery = 1_000_000
	// defaultPhases cuts the game into runs of 4 plies: each phase's
	// weights see a 15th of the positions, and the opening, middle game
	// and endgame still get their own weights. 8 phases learned a little
	// faster in short runs and 30 a little slower, the gap closing as the
	// games grew (docs/eval.md).
	defaultPhases = 15
	// defaultAlpha is the step of every activated weight per disc of TD
	// error at the start: with about 50 weights per position, one update
	// corrects a fifth of the error, so the first games teach fast. In runs
	// of 400,000 games a constant 0.004 equalled 0.002, which beat 0.001
	// and 0.0005; the decay below then helps.
	defaultAlpha = 0.004
	// defaultDecay halves the learning rate after a million games and
	// keeps it falling as 1/t, so that late updates average over many
	// games instead of following the last few. Decays over 200,000 and
	// 1,000,000 games were equal at 800,000 games; the longer one keeps
	// learning through a run of tens of millions.
	defaultDecay = 1_000_000
	// defaultLambda mixes the next position's value (low variance) with
	// the later values and the result (no bias): 0.5 beat 0 and equalled
	// 0.8 in runs of 400,000 games.
	defaultLambda = 0.5
	// defaultEpsilon makes one move in ten random, about six a game: it
	// beat 0.05 and 0.2 in runs of 400,000 games.
	defaultEpsilon = 0.1
	// GamesPerBatch games are played in parallel with the same weights
	// before their updates are applied in order. Larger batches keep the
	// workers busier; 64 games are a few milliseconds of play, so the
	// weights are never more than that out of date.
	GamesPerBatch = 64
)

// DefaultParams returns the parameters of the shipped weights' run.
func DefaultParams() Params {
	return Params{Seed: 1, Phases: defaultPhases, Alpha: defaultAlpha, Decay: defaultDecay, Lambda: defaultLambda,
		Epsilon: defaultEpsilon, Batch: GamesPerBatch}
}

// Check validates the training parameters (also those read from a
// checkpoint).
func (p *Params) Check() error {
	var errs []error
	if p.Phases < 1 || p.Phases > eval.MaxPhases {
		errs = append(errs, fmt.Errorf("--phases %d: want 1..%d", p.Phases, eval.MaxPhases))
	}
	if !(p.Alpha > 0 && p.Alpha <= 0.1) {
		errs = append(errs, fmt.Errorf("--alpha %v: want more than 0, at most 0.1", p.Alpha))
	}
	if p.Decay < 0 {
		errs = append(errs, fmt.Errorf("--alpha-decay %d: want 0 (constant) or more", p.Decay))
	}
	if !(p.Lambda >= 0 && p.Lambda <= 1) {
		errs = append(errs, fmt.Errorf("--lambda %v: want 0..1", p.Lambda))
	}
	if !(p.Epsilon >= 0 && p.Epsilon <= 1) {
		errs = append(errs, fmt.Errorf("--epsilon %v: want 0..1", p.Epsilon))
	}
	if p.Batch != GamesPerBatch {
		errs = append(errs, fmt.Errorf("batch of %d games, this trainer plays %d", p.Batch, GamesPerBatch))
	}
	return errors.Join(errs...)
}

// alphaAt returns the learning rate after games games.
func (p *Params) alphaAt(games int64) float64 {
	if p.Decay == 0 {
		return p.Alpha
	}
	return p.Alpha * float64(p.Decay) / float64(p.Decay+games)
}

// flags maps each training parameter's flag to its value, to compare
// the command line with a checkpoint.
func (p *Params) flags() map[string]string {
	return map[string]string{
		"seed":        fmt.Sprint(p.Seed),
		"phases":      fmt.Sprint(p.Phases),
		"alpha":       fmt.Sprint(p.Alpha),
		"alpha-decay": fmt.Sprint(p.Decay),
		"lambda":      fmt.Sprint(p.Lambda),
		"epsilon":     fmt.Sprint(p.Epsilon),
	}
}

// ParamChangeError refuses to resume a checkpoint with a parameter given
// another value than the checkpoint's.
type ParamChangeError struct {
	Flag, Given, Saved string // the parameter's flag, its value given and the checkpoint's
}

// Error names the flag, both values, and that a resumed run keeps the
// checkpoint's.
func (e *ParamChangeError) Error() string {
	return fmt.Sprintf("--%s %s: the checkpoint was trained with %s; a resumed run keeps its parameters", e.Flag, e.Given, e.Saved)
}

// refuseChanges returns a *ParamChangeError for the first flag (in name
// order) that the command line gave (changed reports it; nil: none) with a
// value other than the checkpoint's.
func refuseChanges(given, saved map[string]string, changed func(flag string) bool) error {
	names := make([]string, 0, len(given))
	for name := range given {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if changed != nil && changed(name) && given[name] != saved[name] {
			return &ParamChangeError{Flag: name, Given: given[name], Saved: saved[name]}
		}
	}
	return nil
}

// checkNoCheckpoint refuses to start afresh over an existing checkpoint.
func checkNoCheckpoint(path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("checkpoint %s exists: --resume continues it; remove it to start afresh", path)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// loadCheckpoint reads a checkpoint's weights and decodes its metadata into
// st; ok is false when the metadata is not JSON of st's shape.
func loadCheckpoint(path string, st any) (m *eval.Model, ok bool, err error) {
	m, err = eval.LoadModel(path)
	if err != nil {
		return nil, false, fmt.Errorf("resume: %w", err)
	}
	return m, json.Unmarshal([]byte(m.Meta), st) == nil, nil
}
