package td

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// mustNewModel returns a zero model.
func mustNewModel(t *testing.T, phases int) *eval.Model {
	t.Helper()
	m, err := eval.NewModel(phases)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestZeroWeightsBaseline(t *testing.T) {
	r := VsRandom(mustNewModel(t, 15), 1, 200, 2)
	t.Logf("zero weights: %s", r)
	if r.Percent() > 75 {
		t.Errorf("zero weights score %s against random: the learning test's threshold would prove nothing", r)
	}
}

// TestSelfPlayRecord replays a recorded game on othello.Game, which checks
// every move, and compares the recorded features, turns and result.
func TestSelfPlayRecord(t *testing.T) {
	m := mustNewModel(t, 15)
	for n := uint64(0); n < 20; n++ {
		var r record
		selfPlay(m, 3, n, 0.3, &r)
		g := othello.NewGame()
		for i := 0; i < r.n; i++ {
			for g.Position().MustPass() {
				if err := g.Play(othello.Pass); err != nil {
					t.Fatalf("game %d: %v", n, err)
				}
			}
			pos := g.Position()
			var f eval.Features
			m.Features(pos, &f)
			if f != r.feats[i] || pos.Turn != r.turn[i] {
				t.Fatalf("game %d, position %d: recorded features or turn differ from the replay", n, i)
			}
			if err := g.Play(r.moves[i]); err != nil {
				t.Fatalf("game %d, position %d: %v", n, i, err)
			}
		}
		if !g.Position().GameOver() {
			t.Fatalf("game %d: the record ends before the game does", n)
		}
		if got := g.Position().Score(); got != r.final {
			t.Fatalf("game %d: final %d, replay says %d", n, r.final, got)
		}
		var again record
		selfPlay(m, 3, n, 0.3, &again)
		if again.n != r.n || again.moves != r.moves {
			t.Fatalf("game %d played twice differs", n)
		}
	}
}

// TestLearnTargets checks the lambda-returns on a hand-made record of
// three positions in different phases (so that no weight is shared and
// each value is zero before its own update): black to move, then white,
// then white again (black passed), and black won by 10.
func TestLearnTargets(t *testing.T) {
	m := mustNewModel(t, 15)
	var r record
	positions := []othello.Position{
		othello.Start(), // 4 discs: phase 0
		{Player: 0xff00, Opponent: 0xff, Turn: othello.White},               // 16 discs: phase 3
		{Player: 0xffffff00, Opponent: 0xff00000000ff, Turn: othello.White}, // 40 discs: phase 9
	}
	for i, p := range positions {
		m.Features(p, &r.feats[i])
		r.turn[i] = p.Turn
	}
	r.n, r.final = 3, 10
	const lambda = 0.5
	var st tdStats
	learn(m, &r, 1.0/1024, lambda, &st)
	// White's return at the end is -10; one ply before, with no turn
	// change, lambda times that; at the start black's is minus lambda
	// times white's.
	want := []float64{10 * lambda * lambda, -10 * lambda, -10} // by position
	if st.count != 3 || st.absSum != 10+5+2.5 || st.sqSum != 100+25+6.25 {
		t.Errorf("TD errors: count %d, sum |d| %v, sum d² %v; want 3, 17.5, 131.25", st.count, st.absSum, st.sqSum)
	}
	for i := range positions {
		if v := m.ValueOf(&r.feats[i]); (v > 0) != (want[i] > 0) || v == 0 {
			t.Errorf("position %d: value %v after the update, want the sign of %v", i, v, want[i])
		}
	}
}

// TestVsModelItselfIsEven trains a model briefly and plays it against
// itself from paired openings: each pair's two games are the same game
// with the colours swapped, so the score is exactly even.
func TestVsModelItselfIsEven(t *testing.T) {
	dir := t.TempDir()
	tr, err := New(Config{Params: DefaultParams(), Games: 512, Workers: 2, Every: DefaultEvery, Progress: time.Hour,
		Checkpoint: filepath.Join(dir, "m.ckpt"), Output: filepath.Join(dir, "m.weights")}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	m := tr.model
	if r := VsModel(m, m.Clone(), 1, 100, 2); r.Percent() != 50 || r.Games != 100 {
		t.Errorf("a model against itself from paired openings scores %s, want exactly 50%%", r)
	}
}

// TestNewRefuses: a configuration that would divide by zero, learn from
// games never played, or never reach its bounds is an error naming it.
func TestNewRefuses(t *testing.T) {
	dir := t.TempDir()
	good := Config{Params: DefaultParams(), Games: GamesPerBatch, Workers: 1, Every: DefaultEvery, Progress: time.Hour,
		Checkpoint: filepath.Join(dir, "m.ckpt"), Output: filepath.Join(dir, "m.weights")}
	for _, c := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Workers = 0 }, "0 workers"},
		{func(c *Config) { c.Every = 0 }, "a checkpoint every 0 games"},
		{func(c *Config) { c.Every = GamesPerBatch + 1 }, "a checkpoint every"},
		{func(c *Config) { c.Games = GamesPerBatch - 1 }, "in all"},
		{func(c *Config) { c.Progress = 0 }, "progress lines every 0s"},
	} {
		cfg := good
		c.change(&cfg)
		if _, err := New(cfg, io.Discard); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error saying %q", cfg, err, c.want)
		}
	}
	if _, err := New(good, io.Discard); err != nil {
		t.Errorf("a good configuration: %v", err)
	}
}
