package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/eval/td"
	"github.com/tcgothello/mcts/othello"
)

// runTrain runs the program and returns its exit status and output.
func runTrain(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(ctx, args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// files returns checkpoint and output flags for files in dir.
func files(dir, name string) []string {
	return []string{"--checkpoint", filepath.Join(dir, name+".ckpt"), "--output", filepath.Join(dir, name+".weights")}
}

// quiet are flags that keep a test run short and silent.
var quiet = []string{"--eval-games", "0", "--final-games", "0", "--progress", "1h"}

// zeroModel returns a model of zero weights or fails the test.
func zeroModel(t *testing.T, phases int) *eval.Model {
	t.Helper()
	m, err := eval.NewModel(phases)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// loadModel loads a model or fails the test.
func loadModel(t *testing.T, path string) *eval.Model {
	t.Helper()
	m, err := eval.LoadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDeterministicAcrossWorkersAndResume(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	args := func(name string, more ...string) []string {
		// Two phases: the same code paths as 15, with less memory to fill.
		return append(append(append([]string{"--seed", "7", "--phases", "2"}, files(dir, name)...), quiet...), more...)
	}
	if code, _, e := runTrain(t, ctx, args("one", "--games", "256", "--workers", "1")...); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	if code, _, e := runTrain(t, ctx, args("three", "--games", "256", "--workers", "3")...); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	// The same games in two runs: 128 games, then resumed to 256, with a
	// checkpoint in the middle of the second part.
	if code, _, e := runTrain(t, ctx, args("split", "--games", "128", "--workers", "2")...); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	if code, _, e := runTrain(t, ctx, args("split", "--games", "256", "--workers", "2", "--resume", "--checkpoint-every", "192")...); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, e)
	}
	one := loadModel(t, filepath.Join(dir, "one.ckpt"))
	if !one.Equal(loadModel(t, filepath.Join(dir, "three.ckpt"))) {
		t.Error("1 worker and 3 workers learned different weights")
	}
	if !one.Equal(loadModel(t, filepath.Join(dir, "split.ckpt"))) {
		t.Error("a run stopped and resumed learned different weights from a straight run")
	}
	if one.Equal(zeroModel(t, 2)) {
		t.Error("the weights are still zero")
	}
	// The output holds the checkpoint's weights in fixed point.
	w, err := eval.Load(filepath.Join(dir, "one.weights"))
	if err != nil {
		t.Fatal(err)
	}
	cw, _ := one.Weights()
	p := othello.Start().Play(othello.MoveAt(2, 3))
	if w.Eval(p) != cw.Eval(p) {
		t.Error("the output differs from the checkpoint's weights")
	}
	if !strings.Contains(w.Metadata(), `"games":256`) || !strings.Contains(w.Metadata(), td.DataSource) {
		t.Errorf("output metadata %s: want the games and the data source", w.Metadata())
	}
	// A different seed learns different weights.
	if code, _, e := runTrain(t, ctx, args("other", "--seed", "8", "--games", "256")...); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	if one.Equal(loadModel(t, filepath.Join(dir, "other.ckpt"))) {
		t.Error("seeds 7 and 8 learned the same weights")
	}
}

// TestLearnsToBeatRandom is the trainer's purpose at tiny scale: after
// 1,024 self-play games (a fraction of a second; 4 phases learn fastest from
// so few), the greedy player beats a uniformly random one in more than 85%
// of 200 games, and the trainer's final line reports that score. The run is
// deterministic, so the threshold is not flaky; it fails if learning breaks
// (zero weights score about 50%: see TestZeroWeightsBaseline).
func TestLearnsToBeatRandom(t *testing.T) {
	dir := t.TempDir()
	code, out, e := runTrain(t, context.Background(), append(files(dir, "t"),
		"--phases", "4", "--games", "1024", "--eval-games", "0", "--final-games", "200", "--progress", "1h")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	r := td.VsRandom(loadModel(t, filepath.Join(dir, "t.ckpt")), 1, 200, 2)
	t.Logf("after 1024 games: %s", r)
	if r.Percent() <= 85 {
		t.Errorf("after 1024 games the greedy player scores %s against random, want more than 85%%", r)
	}
	if !strings.Contains(out, "final weights, greedy vs random: "+r.String()) {
		t.Errorf("output does not report the final score %s:\n%s", r, out)
	}
}

// TestCountsOfOne checks the lines that count phases and workers when
// there is one of each: "1 phase", "1 worker", not "1 phases".
func TestCountsOfOne(t *testing.T) {
	dir := t.TempDir()
	code, out, e := runTrain(t, context.Background(), append(append(files(dir, "one"), quiet...), "--phases", "1", "--workers", "1", "--games", "64")...)
	if code != 0 || !strings.Contains(out, "seed 1, 1 phase, alpha") || !strings.Contains(out, ", 1 worker\n") {
		t.Errorf("exit %d, output %q, stderr %q; want 1 phase and 1 worker", code, out, e)
	}
	code, out, _ = runTrain(t, context.Background(), "--info", filepath.Join(dir, "one.ckpt"))
	if code != 0 || !strings.Contains(out, ": pattern set ") || !strings.Contains(out, ", 1 phase, ") {
		t.Errorf("--info: exit %d, %q; want 1 phase", code, out)
	}
}

func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	code, out, _ := runTrain(t, ctx, "--help")
	if code != 0 || !strings.Contains(out, "--games") || !strings.Contains(out, "--resume") || !strings.Contains(out, "docs/eval.md") {
		t.Errorf("--help: exit %d, output %q", code, out)
	}
	for _, args := range [][]string{
		{"--games", "-1"},
		{"--games", "0"},
		{"--alpha", "0"},
		{"--lambda", "1.5"},
		{"--epsilon", "-0.1"},
		{"--phases", "61"},
		{"--workers", "0"},
		{"--alpha-decay", "-5"},
		{"--no-such-flag"},
		{"extra"},
		{"--compare", "onlyone"},
	} {
		if code, _, e := runTrain(t, ctx, args...); code != exitUsage || !strings.Contains(e, "train: ") {
			t.Errorf("%q: exit %d, stderr %q; want %d and a message", args, code, e, exitUsage)
		}
	}

	// A run, then the errors around its checkpoint.
	base := append(append(files(dir, "c"), quiet...), "--phases", "2")
	if code, _, e := runTrain(t, ctx, append(base, "--games", "64")...); code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	if code, _, e := runTrain(t, ctx, append(base, "--games", "128")...); code != exitError || !strings.Contains(e, "exists") {
		t.Errorf("existing checkpoint without --resume: exit %d, %q", code, e)
	}
	if code, _, e := runTrain(t, ctx, append(base, "--games", "128", "--resume", "--alpha", "0.01")...); code != exitUsage || !strings.Contains(e, "--alpha 0.01") {
		t.Errorf("resume with another alpha: exit %d, %q", code, e)
	}
	// The same value as the checkpoint's is fine.
	if code, _, e := runTrain(t, ctx, append(base, "--games", "128", "--resume", "--seed", "1")...); code != 0 {
		t.Errorf("resume with the same seed: exit %d, %q", code, e)
	}
	// --info describes the file.
	code, out, _ = runTrain(t, ctx, "--info", filepath.Join(dir, "c.ckpt"))
	if code != 0 || !strings.Contains(out, `"games": 128`) || !strings.Contains(out, "2 phases") {
		t.Errorf("--info: exit %d, %q", code, out)
	}
	// --compare plays the two files.
	code, out, _ = runTrain(t, ctx, "--compare", "--eval-games", "20", filepath.Join(dir, "c.ckpt"), filepath.Join(dir, "c.weights"))
	if code != 0 || strings.Count(out, "of 20)") != 3 {
		t.Errorf("--compare: exit %d, %q", code, out)
	}
	// A corrupt checkpoint is refused with a clear error and left alone.
	bad := filepath.Join(dir, "bad.ckpt")
	data, _ := os.ReadFile(filepath.Join(dir, "c.ckpt"))
	data[len(data)/2] ^= 0xff
	os.WriteFile(bad, data, 0o644)
	code, _, e := runTrain(t, ctx, append(append([]string{"--checkpoint", bad, "--output", filepath.Join(dir, "x")}, quiet...), "--resume")...)
	if code != exitError || !strings.Contains(e, "checksum") {
		t.Errorf("corrupt checkpoint: exit %d, %q", code, e)
	}
	if after, _ := os.ReadFile(bad); !bytes.Equal(after, data) {
		t.Error("the corrupt checkpoint was changed")
	}
	// Weights without the trainer's state cannot be resumed.
	code, _, e = runTrain(t, ctx, append(append([]string{"--checkpoint", filepath.Join(dir, "plain"), "--output", filepath.Join(dir, "y")}, quiet...), "--resume")...)
	if code != exitError || !strings.Contains(e, "no such file") {
		t.Errorf("missing checkpoint: exit %d, %q", code, e)
	}
	// A file that cannot be written is named before the first game: the
	// weights are written only at the end of the run.
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct{ flag, path string }{{"--output", filepath.Join(missing, "w")}, {"--checkpoint", filepath.Join(missing, "c")}} {
		args := append(append(files(dir, "fresh"), quiet...), "--phases", "2", "--games", "64", c.flag, c.path)
		want := "train: " + c.flag + " " + c.path + ": stat " + missing + ": no such file or directory\n"
		if code, out, e := runTrain(t, ctx, args...); code != exitError || e != want || out != "" {
			t.Errorf("%s in a missing directory: exit %d, stdout %q, stderr %q; want %d and %q alone", c.flag, code, out, e, exitError, want)
		}
	}
	zero := zeroModel(t, 2)
	zero.Save(filepath.Join(dir, "plain"))
	code, _, e = runTrain(t, ctx, append(append([]string{"--checkpoint", filepath.Join(dir, "plain"), "--output", filepath.Join(dir, "y")}, quiet...), "--resume")...)
	if code != exitError || !strings.Contains(e, "not this trainer's state") {
		t.Errorf("checkpoint without state: exit %d, %q", code, e)
	}
}

// TestInterrupt cancels the run's context: it stops, saves both files and
// exits 130, and --resume continues from there.
func TestInterrupt(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, out, e := runTrain(t, ctx, append(append(files(dir, "i"), quiet...), "--games", "640")...)
	if code != exitInterrupted || !strings.Contains(out, "interrupted at 0 games") {
		t.Fatalf("exit %d, %q %q", code, out, e)
	}
	for _, name := range []string{"i.ckpt", "i.weights"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s not written: %v", name, err)
		}
	}
	code, out, e = runTrain(t, context.Background(), append(append(files(dir, "i"), quiet...), "--games", "64", "--resume")...)
	if code != 0 || !strings.Contains(out, "resuming from 0 games") || !strings.Contains(out, "done: 64 games") {
		t.Errorf("resume after interrupt: exit %d, %q %q", code, out, e)
	}
}

// TestProgressOutput checks the lines a run prints: progress with speed
// and TD error, and after each checkpoint the two evaluations.
func TestProgressOutput(t *testing.T) {
	dir := t.TempDir()
	code, out, e := runTrain(t, context.Background(), append(files(dir, "p"), "--phases", "2",
		"--games", "128", "--checkpoint-every", "64", "--eval-games", "10", "--final-games", "10", "--progress", "1ns")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, e)
	}
	for _, want := range []string{
		"train: starting from 0 games: seed 1, 2 phases, alpha 0.004 (decay 1000000), lambda 0.5, epsilon 0.1, 2 workers\n",
		"train: 64 games  ", " games/s  TD error ", " discs (rms ", "  alpha 0.004  ",
		"train: checkpoint at 64 games: vs random ", "; vs previous checkpoint ", " of 10) (",
		"train: checkpoint at 128 games: vs random ",
		"train: done: 128 games, ",
		"train: final weights, greedy vs random: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
