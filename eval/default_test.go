package eval

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

func TestDefault(t *testing.T) {
	w, err := Default()
	if err != nil {
		t.Fatalf("the embedded weights do not load: %v", err)
	}
	if again, _ := Default(); again != w {
		t.Error("Default parsed the embedded file twice")
	}
	if !strings.Contains(w.Metadata(), `"games":`) || !strings.Contains(w.Metadata(), "self-play") {
		t.Errorf("metadata %q does not say how the weights were made", w.Metadata())
	}
	// The shipped weights have learned something: their greedy player
	// beats a uniformly random one in more than 90% of 200 games (seeded,
	// so the result is fixed for a given weights file).
	rng := rand.New(rand.NewPCG(1, 2))
	points := 0.0
	const games = 200
	for i := 0; i < games; i++ {
		pos := othello.Start()
		greedyColor := othello.Color(i % 2)
		for !pos.GameOver() {
			moves := pos.Moves()
			switch {
			case moves == 0:
				pos = pos.Pass()
			case pos.Turn == greedyColor:
				m, _ := w.BestMove(pos)
				pos = pos.Play(m)
			default:
				for k := rng.IntN(bits.OnesCount64(moves)); k > 0; k-- {
					moves &= moves - 1
				}
				pos = pos.Play(othello.Move(bits.TrailingZeros64(moves)))
			}
		}
		diff := pos.Score()
		if greedyColor == othello.White {
			diff = -diff
		}
		switch {
		case diff > 0:
			points++
		case diff == 0:
			points += 0.5
		}
	}
	if pct := 100 * points / games; pct <= 90 {
		t.Errorf("the shipped weights' greedy player scores %.1f%% against random, want more than 90%%", pct)
	} else {
		t.Logf("greedy with the shipped weights vs random: %.1f%% of %d games", pct, games)
	}
}

func TestOpen(t *testing.T) {
	d, _ := Default()
	if w, err := Open(""); w != d || err != nil {
		t.Errorf("Open(\"\") = %p, %v; want the embedded set %p", w, err, d)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "none.weights")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want not-exist", err)
	}
}
