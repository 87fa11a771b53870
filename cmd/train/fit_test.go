package main

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/eval"
)

// TestFitCommand runs a tiny fit through the command line: it writes the
// output in the shipped format, refuses to overwrite its checkpoint, and a
// resumed fit with a changed parameter exits 2.
func TestFitCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("fits 15 phases")
	}
	dir := t.TempDir()
	ctx := context.Background()
	args := append([]string{"fit", "--games", "20", "--held-out", "5", "--solve-empties", "6", "--epochs", "1", "--workers", "2"},
		files(dir, "fit")...)
	code, out, e := runTrain(t, ctx, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	for _, want := range []string{"phase 14 (1..4 empties)", "phase 0 (57..60 empties)", "done: 15 phases fitted"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	w, err := eval.Load(filepath.Join(dir, "fit.weights"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Metadata(), `"trainer":"cmd/train fit`) || !strings.Contains(w.Metadata(), `"done":15`) {
		t.Errorf("metadata does not say how the weights were made: %.200s", w.Metadata())
	}
	if code, _, e := runTrain(t, ctx, args...); code != exitError || !strings.Contains(e, "exists") {
		t.Errorf("a second fit over the checkpoint: exit %d, %s", code, e)
	}
	if code, _, e := runTrain(t, ctx, append(args, "--resume", "--depth", "6")...); code != exitUsage || !strings.Contains(e, "--depth 6") {
		t.Errorf("resuming with another depth: exit %d, %s", code, e)
	}
}

func TestFitUsage(t *testing.T) {
	ctx := context.Background()
	code, out, _ := runTrain(t, ctx, "fit", "--help")
	if code != exitOK || !strings.Contains(out, "--solve-empties") || !strings.Contains(out, "Exit status") {
		t.Errorf("fit --help: exit %d:\n%s", code, out)
	}
	for _, bad := range [][]string{
		{"fit", "--depth", "0"},
		{"fit", "--rate", "0"},
		{"fit", "--games", "0"},
		{"fit", "--workers", "0"},
		{"fit", "--nonsense"},
		{"fit", "extra"},
	} {
		if code, _, e := runTrain(t, ctx, bad...); code != exitUsage || !strings.Contains(e, "train fit:") {
			t.Errorf("%q: exit %d, %s", bad, code, e)
		}
	}
}

// TestExactError measures the shipped weights twice and a zero model: the
// two copies must report the same error, the zero model an error equal to
// the mean absolute score (it predicts 0), and the shipped weights less.
func TestExactError(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "zero.weights")
	m, err := eval.NewModel(15)
	if err != nil {
		t.Fatal(err)
	}
	w, err := m.Weights()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Save(zero); err != nil {
		t.Fatal(err)
	}
	def := "../../eval/default.weights"
	code, out, e := runTrain(t, context.Background(), "--exact-error", "--eval-games", "60", "--exact-empties", "8", def, def, zero)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 { // phases 14 (1..4 empties) and 13 (5..8)
		t.Fatalf("want 2 phases:\n%s", out)
	}
	for _, l := range lines {
		var ph, lo, hi, n int
		var score, secs, a, b, z float64
		_, err := fmt.Sscanf(l, "train: phase %d (%d..%d empties), %d positions, mean |score| %f, solved in %fs; mean absolute error in discs:  "+
			def+" %f  "+def+" %f  "+zero+" %f", &ph, &lo, &hi, &n, &score, &secs, &a, &b, &z)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if a != b || math.Abs(z-score) > 0.006 || a >= z || n < 50 {
			t.Errorf("%q: want equal copies, the zero model's error the mean score, the shipped weights' below it", l)
		}
	}
	if code, _, _ := runTrain(t, context.Background(), "--exact-error"); code != exitUsage {
		t.Errorf("--exact-error without files: exit %d", code)
	}
}
