package versus

import (
	"context"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/solve"
)

// TestComputerConfig: minimax is searched for the shared score with
// MCTS-Solver off; more and less for a win, the rest of cfg kept.
func TestComputerConfig(t *testing.T) {
	b := samegame.MustBoard("1122", "1122")
	cfg := mcts.DefaultConfig()
	cfg.Solver, cfg.Seed = true, 7
	for _, tc := range []struct {
		v      solve.Variant
		reward mcts.Reward
		solver bool
	}{{solve.Minimax, mcts.DiscDiff, false}, {solve.More, mcts.WinLoss, true}, {solve.Less, mcts.WinLoss, true}} {
		got := NewGame(tc.v, false, b).ComputerConfig(cfg)
		if got.Reward != tc.reward || got.Solver != tc.solver || got.Seed != 7 {
			t.Errorf("%v: reward %v, solver %v, seed %d; want %v, %v, 7", tc.v, got.Reward, got.Solver, got.Seed, tc.reward, tc.solver)
		}
	}
}

// TestNewComputer: the computer plays the only move of a board with one
// group; a configuration the core refuses is an error.
func TestNewComputer(t *testing.T) {
	b := samegame.MustBoard("12", "11")
	g := NewGame(solve.More, false, b)
	cfg := g.ComputerConfig(mcts.DefaultConfig())
	cfg.ArenaNodes = samegame.MaxMoves + 1
	c, err := NewComputer("first (computer)", g, cfg, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	s := NewState(b)
	cell, err := c.Choose(context.Background(), s)
	if err != nil || c.Name() != "first (computer)" {
		t.Fatalf("Choose: %v, %v; name %q", cell, err, c.Name())
	}
	if gr, ok := s.Board.GroupAt(cell); !ok || gr.Size != 3 {
		t.Errorf("chose %v, not the group of three 1s", cell)
	}
	cfg.ArenaNodes = 1
	if _, err := NewComputer("x", g, cfg, 0, 100); err == nil {
		t.Error("an arena of one node accepted")
	}
}

// TestNewPlayers: each kind gives its player, labelled by its place; an
// unknown kind is refused by name.
func TestNewPlayers(t *testing.T) {
	b := samegame.MustBoard("12", "11")
	g := NewGame(solve.Minimax, false, b)
	cfg := g.ComputerConfig(mcts.DefaultConfig())
	cfg.ArenaNodes = MinArenaNodes
	var out strings.Builder
	ps, err := NewPlayers(g, [2]string{ComputerKind, PersonKind}, cfg, 0, 10, lineread.New(strings.NewReader(""), MaxLine), &out)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ps[0].(*Computer); !ok || ps[0].Name() != "first (computer)" {
		t.Errorf("first: %T %q", ps[0], ps[0].Name())
	}
	if p, ok := ps[1].(*Person); !ok || p.Name() != "second (person)" || p.Out != &out {
		t.Errorf("second: %T %q", ps[1], ps[1].Name())
	}
	if _, err := NewPlayers(g, [2]string{PersonKind, "robot"}, cfg, 0, 10, nil, &out); err == nil || !strings.Contains(err.Error(), `"robot"`) {
		t.Errorf("a robot: %v", err)
	}
}
