package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"time"

	"github.com/tcgothello/mcts/eval"
)

// trainerName marks the metadata of the files this program writes.
const trainerName = "cmd/train TD(lambda) self-play"

// state is what a checkpoint records besides the weights, as JSON in the
// file's metadata; the final weights carry it too, so that a weights file
// says how it was made.
type state struct {
	Trainer string `json:"trainer"`
	params
	// Games is the number of self-play games learned from so far.
	Games int64 `json:"games"`
	// Positions is the number of TD updates so far (positions with a move).
	Positions int64 `json:"positions"`
	// Seconds is the wall time spent so far, over all runs.
	Seconds float64 `json:"seconds"`
	// Data says where the games came from.
	Data string `json:"data"`
}

// dataSource is the Data of every file this program writes.
const dataSource = "self-play games of this trainer only; no external games or positions"

// trainer is one run of training.
type trainer struct {
	opt   options
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

// newTrainer starts a run: from zero weights, or from the checkpoint with
// --resume. changed reports whether a flag was given on the command line.
func newTrainer(o options, changed func(string) bool, out io.Writer) (*trainer, error) {
	t := &trainer{opt: o, out: out, recs: make([]record, gamesPerBatch)}
	if !o.resume {
		if _, err := os.Stat(o.checkpoint); err == nil {
			return nil, fmt.Errorf("checkpoint %s exists: --resume continues it; remove it to start afresh", o.checkpoint)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		m, err := eval.NewModel(o.Phases)
		if err != nil {
			return nil, err
		}
		t.model, t.prev = m, m.Clone()
		t.st = state{Trainer: trainerName, params: o.params, Data: dataSource}
		return t, nil
	}
	m, err := eval.LoadModel(o.checkpoint)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	var st state
	if err := json.Unmarshal([]byte(m.Meta), &st); err != nil || st.Trainer != trainerName {
		return nil, fmt.Errorf("resume: %s holds weights but not this trainer's state", o.checkpoint)
	}
	if err := st.params.check(); err != nil {
		return nil, fmt.Errorf("resume: %s: %w", o.checkpoint, err)
	}
	if st.Phases != m.Phases() || st.Games%gamesPerBatch != 0 || st.Games < 0 {
		return nil, fmt.Errorf("resume: %s: inconsistent state (%d phases, %d games)", o.checkpoint, st.Phases, st.Games)
	}
	given, saved := o.params.flags(), st.params.flags()
	for name, v := range given {
		if changed(name) && v != saved[name] {
			return nil, usageError{fmt.Errorf("--%s %s: the checkpoint was trained with %s; a resumed run keeps its parameters", name, v, saved[name])}
		}
	}
	t.opt.params = st.params
	t.model, t.prev, t.st = m, m.Clone(), st
	return t, nil
}

// run trains until the run's bound or ctx's cancellation, then writes the
// checkpoint and the output. It reports whether ctx stopped it.
func (t *trainer) run(ctx context.Context) (interrupted bool, err error) {
	o := &t.opt
	start := time.Now()
	secondsBefore := t.st.Seconds
	lastLine, gamesAtLine := start, t.st.Games
	verb := "starting"
	if o.resume {
		verb = "resuming"
	}
	fmt.Fprintf(t.out, "train: %s from %d games: seed %d, %d phases, alpha %g (decay %d), lambda %g, epsilon %g, %d workers\n",
		verb, t.st.Games,
		o.Seed, o.Phases, o.Alpha, o.Decay, o.Lambda, o.Epsilon, o.workers)
	for {
		if o.games > 0 && t.st.Games >= o.games {
			break
		}
		if o.duration > 0 && time.Since(start) >= o.duration {
			break
		}
		if ctx.Err() != nil {
			interrupted = true
			break
		}
		t.batch()
		t.st.Seconds = secondsBefore + time.Since(start).Seconds()
		if now := time.Now(); now.Sub(lastLine) >= o.progress {
			t.progressLine(now.Sub(lastLine), t.st.Games-gamesAtLine)
			lastLine, gamesAtLine = now, t.st.Games
		}
		if t.st.Games%o.every == 0 {
			if err := t.checkpoint(o.evalGames); err != nil {
				return false, err
			}
		}
	}
	t.st.Seconds = secondsBefore + time.Since(start).Seconds()
	if err := t.save(); err != nil {
		return interrupted, err
	}
	if interrupted {
		fmt.Fprintf(t.out, "train: interrupted at %d games; wrote %s and %s; --resume continues\n", t.st.Games, o.checkpoint, o.output)
		return true, nil
	}
	fmt.Fprintf(t.out, "train: done: %d games, %s of training in all; wrote %s and %s\n",
		t.st.Games, (time.Duration(t.st.Seconds) * time.Second).String(), o.checkpoint, o.output)
	if o.finalGames > 0 {
		r := vsRandom(t.model, o.Seed, o.finalGames, o.workers)
		fmt.Fprintf(t.out, "train: final weights, greedy vs random: %s\n", r)
	}
	return false, nil
}

// batch plays gamesPerBatch self-play games with the current weights, on
// the workers, then learns from them in the order of their numbers.
func (t *trainer) batch() {
	first := uint64(t.st.Games)
	parallel(t.opt.workers, gamesPerBatch, func(i int) {
		selfPlay(t.model, t.opt.Seed, first+uint64(i), t.opt.Epsilon, &t.recs[i])
	})
	alpha, lambda := float32(t.opt.alphaAt(t.st.Games)), float32(t.opt.Lambda)
	for i := range t.recs {
		learn(t.model, &t.recs[i], alpha, lambda, &t.td)
		t.st.Positions += int64(t.recs[i].n)
	}
	t.st.Games += gamesPerBatch
}

// progressLine prints games, speed and the TD error since the last line.
func (t *trainer) progressLine(elapsed time.Duration, games int64) {
	mean, rms := 0.0, 0.0
	if n := float64(t.td.count); n > 0 {
		mean, rms = t.td.absSum/n, math.Sqrt(t.td.sqSum/n)
	}
	fmt.Fprintf(t.out, "train: %d games  %.0f games/s  TD error %.2f discs (rms %.2f)  alpha %.3g  %s\n",
		t.st.Games, float64(games)/elapsed.Seconds(), mean, rms, t.opt.alphaAt(t.st.Games), (time.Duration(t.st.Seconds) * time.Second).String())
	t.td = tdStats{}
}

// checkpoint writes the checkpoint, then scores the greedy player against a
// random player and against the previous checkpoint over games games each.
func (t *trainer) checkpoint(games int) error {
	if err := t.saveCheckpoint(); err != nil {
		return err
	}
	line := fmt.Sprintf("train: checkpoint at %d games", t.st.Games)
	if games > 0 {
		start := time.Now()
		r := vsRandom(t.model, t.opt.Seed, games, t.opt.workers)
		p := vsModel(t.model, t.prev, t.opt.Seed, games, t.opt.workers)
		line += fmt.Sprintf(": vs random %s; vs previous checkpoint %s (%.1fs)", r, p, time.Since(start).Seconds())
	}
	fmt.Fprintln(t.out, line)
	t.prev = t.model.Clone()
	return nil
}

// saveCheckpoint writes the float32 weights and the state.
func (t *trainer) saveCheckpoint() error {
	meta, err := json.Marshal(t.st)
	if err != nil {
		return err
	}
	t.model.Meta = string(meta)
	return t.model.Save(t.opt.checkpoint)
}

// save writes the checkpoint and the int16 output.
func (t *trainer) save() error {
	if err := t.saveCheckpoint(); err != nil {
		return err
	}
	w, err := t.model.Weights()
	if err != nil {
		return fmt.Errorf("%s: %w", t.opt.output, err)
	}
	return w.Save(t.opt.output)
}
