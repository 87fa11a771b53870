package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
)

// allCanonical counts the positions after plies plies up to symmetry by
// brute force from every first move, not only f5.
func allCanonical(pos othello.Position, plies int, seen map[othello.Position]bool) {
	if plies == 0 {
		seen[pos.Canonical()] = true
		return
	}
	legal := pos.Moves()
	for m := othello.Move(0); m < othello.Pass; m++ {
		if legal&m.Bit() != 0 {
			allCanonical(pos.Play(m), plies-1, seen)
		}
	}
}

// Starting every line with f5 loses no position: the counts equal a brute
// force over all first moves (3, 14, 60 and 322 positions after 2 to 5
// plies), each sequence reaches its own position and no two are images.
func TestEnumerate(t *testing.T) {
	for plies, want := range map[int]int{1: 1, 2: 3, 3: 14, 4: 60, 5: 322} {
		cands := enumerate(plies)
		seen := map[othello.Position]bool{}
		allCanonical(othello.Start(), plies, seen)
		if len(cands) != want || len(seen) != want {
			t.Errorf("%d plies: %d openings, brute force %d, want %d", plies, len(cands), len(seen), want)
		}
		mine := map[othello.Position]bool{}
		for _, c := range cands {
			g := othello.NewGame()
			if err := g.PlayAll(c.moves); err != nil || g.Position() != c.pos || len(c.moves) != plies || c.moves[0] != othello.MoveAt(4, 5) {
				t.Fatalf("%s: %v; want %d legal plies from f5 reaching its position", othello.FormatMoves(c.moves), err, plies)
			}
			k := c.pos.Canonical()
			if mine[k] || !seen[k] {
				t.Errorf("%s: repeated, or not found by brute force", othello.FormatMoves(c.moves))
			}
			mine[k] = true
		}
	}
}

func TestBalanced(t *testing.T) {
	cands := []candidate{{winRate: 0.9}, {winRate: 0.45}, {winRate: 0.52}, {winRate: 0.55}, {winRate: 0.48}}
	got := balanced(cands, 3)
	want := []float64{0.52, 0.48, 0.45}
	for i := range want {
		if got[i].winRate != want[i] {
			t.Fatalf("balanced: %v, want win rates %v (0.45 and 0.55 tie: first found first)", got, want)
		}
	}
}

// The file written parses as an openings file, with its header.
func TestGenerateSmall(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Seed, cfg.ArenaNodes = 3, 1<<16
	cands := enumerate(3)
	if err := evaluate(context.Background(), cands, cfg, 300, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range cands {
		if c.winRate <= 0 || c.winRate >= 1 {
			t.Errorf("%s: win rate %v, want strictly between 0 and 1", othello.FormatMoves(c.moves), c.winRate)
		}
	}
	var b bytes.Buffer
	if err := write(&b, balanced(cands, 4), len(cands), "go run ./cmd/openings ...", 3, 300, cfg); err != nil {
		t.Fatal(err)
	}
	ops, err := tournament.ParseOpenings(strings.NewReader(b.String()))
	if err != nil || len(ops) != 4 {
		t.Fatalf("ParseOpenings of the output: %d openings, %v; want 4\n%s", len(ops), err, b.String())
	}
	for _, want := range []string{"after 3 plies", "among the 14 distinct", "seed 3", "300 playouts", "go run ./cmd/openings"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("header lacks %q:\n%s", want, b.String())
		}
	}
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--plies", "0"}, &out, &errOut); code != 2 {
		t.Errorf("--plies 0: status %d, want 2", code)
	}
}
