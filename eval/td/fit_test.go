package td

import (
	"bytes"
	"context"
	"io"
	"math/bits"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// minimax is the reference for the labeller's search: plain negamax over
// every move to leafDiscs discs, no pruning, no ordering.
func minimax(m *eval.Model, p othello.Position, leafDiscs int) float32 {
	moves := p.Moves()
	if moves == 0 {
		if othello.Moves(p.Opponent, p.Player) == 0 {
			return float32(p.DiscDiff())
		}
		return -minimax(m, p.Pass(), leafDiscs)
	}
	if bits.OnesCount64(p.Player|p.Opponent) >= leafDiscs {
		return m.Score(p)
	}
	first, best := true, float32(0)
	for ; moves != 0; moves &= moves - 1 {
		v := -minimax(m, p.Play(othello.Move(bits.TrailingZeros64(moves))), leafDiscs)
		if first || v > best {
			first, best = false, v
		}
	}
	return best
}

// mustDefaultModel returns the shipped weights as a model.
func mustDefaultModel(t *testing.T) *eval.Model {
	t.Helper()
	m, err := eval.DefaultModel()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLabelSearchMatchesMinimax compares the alpha-beta labels with the
// reference minimax on positions of every phase (the shipped weights at
// the leaves, so that values differ), and the exact labels with the
// reference's at depths that reach the end of the game.
func TestLabelSearchMatchesMinimax(t *testing.T) {
	m := mustDefaultModel(t)
	byPhase := samplePhases(m, 7, streamFit, 4, 0.3, 2)
	for _, depth := range []int{1, 2, 3} {
		l, err := newLabeller(m, nil, 0, depth)
		if err != nil {
			t.Fatal(err)
		}
		for ph, positions := range byPhase {
			for _, p := range positions {
				got, exact, err := l.label(p)
				if err != nil || exact {
					t.Fatalf("depth %d, %s: exact %v, error %v", depth, p, exact, err)
				}
				if want := minimax(m, p, bits.OnesCount64(p.Player|p.Opponent)+depth); got != want {
					t.Errorf("phase %d, depth %d, %s: label %g, minimax %g", ph, depth, p, got, want)
				}
			}
		}
	}
	// The last phase's positions have 4 empty squares or fewer: the
	// exact labels must be the reference's values to the end, with the
	// empty squares given to the winner as the solver counts them.
	solve, err := newLabeller(m, nil, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range byPhase[len(byPhase)-1] {
		got, exact, err := solve.label(p)
		if err != nil || !exact {
			t.Fatalf("%s: exact %v, error %v", p, exact, err)
		}
		if want := exactScore(p); got != want {
			t.Errorf("%s: exact label %g, reference %g", p, got, want)
		}
	}
}

// exactScore is the reference's perfect-play score, empty squares to the
// winner.
func exactScore(p othello.Position) float32 {
	moves := p.Moves()
	if moves == 0 {
		if othello.Moves(p.Opponent, p.Player) == 0 {
			d := p.DiscDiff()
			switch {
			case d > 0:
				d += p.Empties()
			case d < 0:
				d -= p.Empties()
			}
			return float32(d)
		}
		return -exactScore(p.Pass())
	}
	first, best := true, float32(0)
	for ; moves != 0; moves &= moves - 1 {
		v := -exactScore(p.Play(othello.Move(bits.TrailingZeros64(moves))))
		if first || v > best {
			first, best = false, v
		}
	}
	return best
}

// smallFit is a fit small enough for a test: a few hundred positions a
// phase, exact labels to 8 empties.
func smallFit(dir string, workers int) FitConfig {
	p := DefaultFitParams()
	p.Games, p.HeldOut, p.SolveEmpties, p.Epochs = 24, 6, 8, 2
	return FitConfig{FitParams: p, Workers: workers, Checkpoint: filepath.Join(dir, "fit.ckpt"), Output: filepath.Join(dir, "fit.weights")}
}

// stopAfter is an output that cancels a context once it has seen a line
// containing mark: the fitter then stops after that phase.
type stopAfter struct {
	mark   string
	cancel context.CancelFunc
	buf    bytes.Buffer
}

func (s *stopAfter) Write(b []byte) (int, error) {
	if strings.Contains(string(b), s.mark) {
		s.cancel()
	}
	return s.buf.Write(b)
}

// TestFitDeterministicAcrossWorkersAndResume fits with one worker, and
// with two stopped after a phase and resumed: the weights must be equal
// bit for bit, and different from the prior's.
func TestFitDeterministicAcrossWorkersAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("fits three times")
	}
	run := func(o FitConfig, out io.Writer, ctx context.Context) (*eval.Model, bool) {
		t.Helper()
		f, err := NewFit(o, out)
		if err != nil {
			t.Fatal(err)
		}
		interrupted, err := f.Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if interrupted {
			return nil, true
		}
		m, err := eval.LoadModel(o.Checkpoint)
		if err != nil {
			t.Fatal(err)
		}
		return m, false
	}
	one, _ := run(smallFit(t.TempDir(), 1), io.Discard, context.Background())
	if one.Equal(mustDefaultModel(t)) {
		t.Fatal("the fit left the prior's weights unchanged")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := &stopAfter{mark: "phase 9 (", cancel: cancel}
	if _, interrupted := run(smallFit(dir, 2), stop, ctx); !interrupted {
		t.Fatalf("the fit was not interrupted:\n%s", stop.buf.String())
	}
	if !strings.Contains(stop.buf.String(), "interrupted after phase 9") {
		t.Fatalf("no interruption line:\n%s", stop.buf.String())
	}
	o := smallFit(dir, 2)
	o.Resume = true
	var out bytes.Buffer
	resumed, _ := run(o, &out, context.Background())
	if !strings.Contains(out.String(), "resuming: 6 of 15 phases fitted") {
		t.Errorf("the resumed fit did not start at phase 8:\n%s", out.String())
	}
	if !resumed.Equal(one) {
		t.Fatal("the fit with two workers, stopped and resumed, differs from the one with one worker")
	}
	w, err := eval.Load(o.Output)
	if err != nil {
		t.Fatal(err)
	}
	if w.Phases() != 15 {
		t.Fatalf("output has %d phases", w.Phases())
	}
}

// TestFitRefusesChanges: a resumed fit keeps the checkpoint's parameters,
// and a fresh fit does not overwrite a checkpoint.
func TestFitRefusesChanges(t *testing.T) {
	dir := t.TempDir()
	o := smallFit(dir, 1)
	o.Games = 1
	f, err := NewFit(o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.saveCheckpoint(); err != nil {
		t.Fatal(err)
	}
	if _, err := NewFit(o, io.Discard); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("a fresh fit over a checkpoint: %v", err)
	}
	o.Resume, o.Depth = true, 5
	o.Changed = func(flag string) bool { return flag == "depth" }
	if _, err := NewFit(o, io.Discard); err == nil || !strings.Contains(err.Error(), "--depth 5") {
		t.Errorf("resuming with another depth: %v", err)
	}
	o.Depth, o.Changed = 4, nil
	o.Resume = false
	o.Checkpoint = filepath.Join(dir, "other.ckpt")
	o.Depth = 3
	if _, err := NewFit(o, io.Discard); err == nil || !strings.Contains(err.Error(), "--depth 3") {
		t.Errorf("a depth shorter than a phase: %v", err)
	}
}
