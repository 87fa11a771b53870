// Package td learns the weights of the pattern evaluation (package eval)
// by TD(lambda) from self-play: the training loop with its checkpoints,
// resumption and progress lines, the self-play games, and the greedy
// matches that score the weights. It also refits weights by regression on
// positions labelled by the exact solver and by search (Fitter, "train
// fit"), and measures them against exact solves (ExactError). cmd/train is
// its command line;
// docs/eval.md explains the method and its coefficients.
package td

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/internal/plural"
)

// trainerName marks the metadata of the files this trainer writes (it
// keeps the command's name, which the files written before it moved here
// carry, so that --resume still reads them).
const trainerName = "cmd/train TD(lambda) self-play"

// state is what a checkpoint records besides the weights, as JSON in the
// file's metadata; the final weights carry it too, so that a weights file
// says how it was made.
type state struct {
	Trainer string `json:"trainer"`
	Params
	// Games is the number of self-play games learned from so far.
	Games int64 `json:"games"`
	// Positions is the number of TD updates so far (positions with a move).
	Positions int64 `json:"positions"`
	// Seconds is the wall time spent so far, over all runs.
	Seconds float64 `json:"seconds"`
	// Data says where the games came from.
	Data string `json:"data"`
}

// DataSource is the Data of every file this trainer writes.
const DataSource = "self-play games of this trainer only; no external games or positions"

// Config is one run of training: its parameters, its length, its files.
type Config struct {
	Params
	// Games stops the run after this many games in all, counting those
	// of the checkpoint resumed from; a multiple of GamesPerBatch, or 0
	// for no limit.
	Games int64
	// Duration also stops it after this much time in this run; 0 for no
	// limit.
	Duration time.Duration
	// Workers is the number of goroutines that play games; any number
	// gives the same weights.
	Workers int
	// Checkpoint is the checkpoint file, written every Every games (a
	// multiple of GamesPerBatch) and at the end.
	Checkpoint string
	Every      int64
	// Resume continues from Checkpoint with its parameters; without it,
	// an existing checkpoint is an error.
	Resume bool
	// Output is the file of the final weights, in the shipped format.
	Output string
	// EvalGames are played at each checkpoint against a random player and
	// as many against the previous checkpoint; FinalGames against a random
	// player at the end. 0 for none.
	EvalGames, FinalGames int
	// Progress is the interval between progress lines.
	Progress time.Duration
	// Changed reports whether a parameter's flag was given on the command
	// line: a resumed run refuses one that differs from the checkpoint's.
	// nil for none.
	Changed func(flag string) bool
}

// Trainer is one run of training. Make one with New.
type Trainer struct {
	opt   Config
	st    state
	model *eval.Model
	// prev is the model at the previous checkpoint, the opponent of the
	// next evaluation.
	prev *eval.Model
	recs []record
	out  io.Writer
	// td accumulates the TD errors since the last progress line.
	td tdStats
}

// New starts a run, which writes its lines to out: from zero weights, or
// from the checkpoint with Resume. A parameter changed on resuming is a
// *ParamChangeError.
func New(o Config, out io.Writer) (*Trainer, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	t := &Trainer{opt: o, out: out, recs: make([]record, GamesPerBatch)}
	if !o.Resume {
		if err := checkNoCheckpoint(o.Checkpoint); err != nil {
			return nil, err
		}
		m, err := eval.NewModel(o.Phases)
		if err != nil {
			return nil, err
		}
		t.model, t.prev = m, m.Clone()
		t.st = state{Trainer: trainerName, Params: o.Params, Data: DataSource}
		return t, nil
	}
	var st state
	m, ok, err := loadCheckpoint(o.Checkpoint, &st)
	if err != nil {
		return nil, err
	}
	if !ok || st.Trainer != trainerName {
		return nil, fmt.Errorf("resume: %s holds weights but not this trainer's state", o.Checkpoint)
	}
	if err := st.Params.Check(); err != nil {
		return nil, fmt.Errorf("resume: %s: %w", o.Checkpoint, err)
	}
	if st.Phases != m.Phases() || st.Games%GamesPerBatch != 0 || st.Games < 0 {
		return nil, fmt.Errorf("resume: %s: inconsistent state (%s, %s)", o.Checkpoint, plural.Of(st.Phases, "phase"), plural.Of(int(st.Games), "game"))
	}
	if err := refuseChanges(o.Params.flags(), st.Params.flags(), o.Changed); err != nil {
		return nil, err
	}
	t.opt.Params = st.Params
	t.model, t.prev, t.st = m, m.Clone(), st
	return t, nil
}

// check returns why a run of o would go wrong, or nil: no worker would
// leave every batch's games unplayed and learn from empty records, a
// checkpoint interval of 0 would divide by zero, and counts that are not
// whole batches would never be met. A program's own checks name its flags
// first (cmd/train); these keep the package safe without them.
func (o *Config) check() error {
	var errs []error
	if o.Workers < 1 {
		errs = append(errs, fmt.Errorf("td: %s: want 1 or more", plural.Of(o.Workers, "worker")))
	}
	if o.Every < 1 || o.Every%GamesPerBatch != 0 {
		errs = append(errs, fmt.Errorf("td: a checkpoint every %s: want a positive multiple of %d", plural.Of(int(o.Every), "game"), GamesPerBatch))
	}
	if o.Games < 0 || o.Games%GamesPerBatch != 0 {
		errs = append(errs, fmt.Errorf("td: %s in all: want 0 (no limit) or a multiple of %d", plural.Of(int(o.Games), "game"), GamesPerBatch))
	}
	if o.Progress <= 0 {
		errs = append(errs, fmt.Errorf("td: progress lines every %v: want a positive interval", o.Progress))
	}
	return errors.Join(errs...)
}

// Run trains until the run's bound or ctx's cancellation, then writes the
// checkpoint and the output. It reports whether ctx stopped it.
func (t *Trainer) Run(ctx context.Context) (interrupted bool, err error) {
	o := &t.opt
	start := time.Now()
	secondsBefore := t.st.Seconds
	lastLine, gamesAtLine := start, t.st.Games
	verb := "starting"
	if o.Resume {
		verb = "resuming"
	}
	fmt.Fprintf(t.out, "train: %s from %s: seed %d, %s, alpha %g (decay %d), lambda %g, epsilon %g, %s\n",
		verb, plural.Of(int(t.st.Games), "game"),
		o.Seed, plural.Of(o.Phases, "phase"), o.Alpha, o.Decay, o.Lambda, o.Epsilon, plural.Of(o.Workers, "worker"))
	for {
		if o.Games > 0 && t.st.Games >= o.Games {
			break
		}
		if o.Duration > 0 && time.Since(start) >= o.Duration {
			break
		}
		if ctx.Err() != nil {
			interrupted = true
			break
		}
		t.batch()
		t.st.Seconds = secondsBefore + time.Since(start).Seconds()
		if now := time.Now(); now.Sub(lastLine) >= o.Progress {
			t.progressLine(now.Sub(lastLine), t.st.Games-gamesAtLine)
			lastLine, gamesAtLine = now, t.st.Games
		}
		if t.st.Games%o.Every == 0 {
			if err := t.checkpoint(o.EvalGames); err != nil {
				return false, err
			}
		}
	}
	t.st.Seconds = secondsBefore + time.Since(start).Seconds()
	if err := t.save(); err != nil {
		return interrupted, err
	}
	if interrupted {
		fmt.Fprintf(t.out, "train: interrupted at %s; wrote %s and %s; --resume continues\n", plural.Of(int(t.st.Games), "game"), o.Checkpoint, o.Output)
		return true, nil
	}
	fmt.Fprintf(t.out, "train: done: %s, %s of training in all; wrote %s and %s\n",
		plural.Of(int(t.st.Games), "game"), (time.Duration(t.st.Seconds) * time.Second).String(), o.Checkpoint, o.Output)
	if o.FinalGames > 0 {
		r := VsRandom(t.model, o.Seed, o.FinalGames, o.Workers)
		fmt.Fprintf(t.out, "train: final weights, greedy vs random: %s\n", r)
	}
	return false, nil
}

// batch plays gamesPerBatch self-play games with the current weights, on
// the workers, then learns from them in the order of their numbers.
func (t *Trainer) batch() {
	first := uint64(t.st.Games)
	parallel(t.opt.Workers, GamesPerBatch, func(i int) {
		selfPlay(t.model, t.opt.Seed, first+uint64(i), t.opt.Epsilon, &t.recs[i])
	})
	alpha, lambda := float32(t.opt.alphaAt(t.st.Games)), float32(t.opt.Lambda)
	for i := range t.recs {
		learn(t.model, &t.recs[i], alpha, lambda, &t.td)
		t.st.Positions += int64(t.recs[i].n)
	}
	t.st.Games += GamesPerBatch
}

// progressLine prints games, speed and the TD error since the last line.
func (t *Trainer) progressLine(elapsed time.Duration, games int64) {
	mean, rms := 0.0, 0.0
	if n := float64(t.td.count); n > 0 {
		mean, rms = t.td.absSum/n, math.Sqrt(t.td.sqSum/n)
	}
	fmt.Fprintf(t.out, "train: %s  %.0f games/s  TD error %.2f discs (rms %.2f)  alpha %.3g  %s\n",
		plural.Of(int(t.st.Games), "game"), float64(games)/elapsed.Seconds(), mean, rms, t.opt.alphaAt(t.st.Games), (time.Duration(t.st.Seconds) * time.Second).String())
	t.td = tdStats{}
}

// checkpoint writes the checkpoint, then scores the greedy player against a
// random player and against the previous checkpoint over games games each.
func (t *Trainer) checkpoint(games int) error {
	if err := t.saveCheckpoint(); err != nil {
		return err
	}
	line := "train: checkpoint at " + plural.Of(int(t.st.Games), "game")
	if games > 0 {
		start := time.Now()
		r := VsRandom(t.model, t.opt.Seed, games, t.opt.Workers)
		p := VsModel(t.model, t.prev, t.opt.Seed, games, t.opt.Workers)
		line += fmt.Sprintf(": vs random %s; vs previous checkpoint %s (%.1fs)", r, p, time.Since(start).Seconds())
	}
	fmt.Fprintln(t.out, line)
	t.prev = t.model.Clone()
	return nil
}

// saveCheckpoint writes the float32 weights and the state.
func (t *Trainer) saveCheckpoint() error {
	meta, err := json.Marshal(t.st)
	if err != nil {
		return err
	}
	t.model.Meta = string(meta)
	return t.model.Save(t.opt.Checkpoint)
}

// save writes the checkpoint and the int16 output.
func (t *Trainer) save() error {
	if err := t.saveCheckpoint(); err != nil {
		return err
	}
	w, err := t.model.Weights()
	if err != nil {
		return fmt.Errorf("%s: %w", t.opt.Output, err)
	}
	return w.Save(t.opt.Output)
}
