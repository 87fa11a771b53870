package versus

import (
	"context"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/solve"
)

// negamax is plain negamax over the Game interface alone.
func negamax(g Game, s State) int {
	moves := g.Moves(&s, nil)
	if len(moves) == 0 {
		return g.Score(&s)
	}
	best := 0
	for i, m := range moves {
		c := s
		g.Play(&c, m)
		if v := -negamax(g, c); i == 0 || v > best {
			best = v
		}
	}
	return best
}

// TestGameAgreesWithSolver: the variant as the core sees it (moves, play,
// score) has the value the alpha-beta solver finds, for every variant,
// with and without the penalty.
func TestGameAgreesWithSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	for i := range 120 {
		b := samegame.RandomBoard(r, 2+r.IntN(3), 2+r.IntN(3), 2+r.IntN(3))
		for _, penalty := range []bool{false, true} {
			s := solve.NewSolver(solve.Options{Penalty: penalty, TableMB: 1})
			for _, v := range []solve.Variant{solve.Minimax, solve.More, solve.Less} {
				g := NewGame(v, penalty, b)
				got := negamax(g, NewState(b))
				want := s.SolveVariant(ctx, b, v).Value
				if got != want {
					t.Fatalf("board %d %v penalty %v: Game negamax %d, solver %d\n%s", i, v, penalty, got, want, b.String())
				}
				if abs(got) > g.MaxScore {
					t.Fatalf("value %d beyond MaxScore %d", got, g.MaxScore)
				}
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestPlayoutAllocatesNothing: the playout, the search's inner loop.
func TestPlayoutAllocatesNothing(t *testing.T) {
	b := samegame.RandomBoard(rand.New(rand.NewPCG(1, 1)), 10, 10, 4)
	g := NewGame(solve.More, false, b)
	rng := mcts.NewRNG(1)
	s := NewState(b)
	if n := testing.AllocsPerRun(20, func() { g.Playout(s, &rng) }); n != 0 {
		t.Fatalf("%v allocations a playout", n)
	}
}

// TestSearchFindsWins: on small boards that the first player wins in
// "more", MCTS with MCTS-Solver on a budget that proves the root plays a
// winning move (the solver's value after it is still a win).
func TestSearchFindsWins(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	ctx := context.Background()
	s := solve.NewSolver(solve.Options{TableMB: 1})
	checked := 0
	for range 60 {
		b := samegame.RandomBoard(r, 3, 3, 3)
		if b.Terminal() || s.SolveVariant(ctx, b, solve.More).Value <= 0 {
			continue
		}
		g := NewGame(solve.More, false, b)
		cfg := mcts.DefaultConfig()
		cfg.ArenaNodes = 1 << 14
		cfg.Seed = 1
		srch, err := mcts.New[State, Move, Game](g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		res, err := srch.Search(ctx, NewState(b), mcts.Limits{Playouts: 20000})
		if err != nil {
			t.Fatal(err)
		}
		st := NewState(b)
		g.Play(&st, res.Move)
		// The opponent moves next: the first player's value after the move
		// is minus the opponent's negamax value.
		if v := -negamax(g, st); v <= 0 {
			t.Fatalf("played %s, value after it %d, but the board is won\n%s", res.Move, v, b.String())
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d won boards checked", checked)
	}
}

// TestSessionTranscript: a person against a person through Play, with a
// bad move rejected and asked again, ends with the scores of each and the
// end adjustment to the last mover.
func TestSessionTranscript(t *testing.T) {
	b := samegame.MustBoard(
		"122",
		"113",
	)
	// A line over MaxLine is answered, and the person asked again.
	in := lineread.New(strings.NewReader("c1\nz9\n"+strings.Repeat("q", MaxLine+1)+"\nb2\na1\n"), MaxLine)
	var out strings.Builder
	alice := &Person{Label: "alice", In: in, Out: &out}
	bob := &Person{Label: "bob", In: in, Out: &out}
	v, err := Play(context.Background(), NewGame(solve.More, true, b), b, alice, bob, &out)
	if err != nil {
		t.Fatal(err)
	}
	// alice takes the 2s (0 points), bob the 1s (1 point); the 3 is left:
	// no penalty (one cell), value 0-1.
	if v != -1 {
		t.Fatalf("value %d\n%s", v, out.String())
	}
	for _, want := range []string{
		"  c1 is not a group of two or more cells",
		"  move \"z9\": want a column letter a-t and a row number from 1",
		"alice, your move (a cell of a group, e.g. c1; quit):   a line over 4096 bytes is not a move\nalice, your move",
		"alice plays b2: 2 cells of colour 2, 0 points",
		"bob plays a1: 3 cells of colour 1, 1 points",
		"game over after b2,a1; end adjustment +0 to the last mover\nalice: 0   bob: 1\nvalue for alice: -1 (more)\n",
		" 2  1 2 2\n 1  1 1 3\n    a b c",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("transcript lacks %q:\n%s", want, out.String())
		}
	}
	// Quitting.
	in = lineread.New(strings.NewReader("quit\n"), MaxLine)
	alice.In = in
	if _, err := Play(context.Background(), NewGame(solve.More, true, b), b, alice, bob, &out); err != ErrQuit {
		t.Fatalf("quit: %v", err)
	}
	// Ctrl-C while a person thinks: the context ends the wait for input.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pr, pw := io.Pipe()
	defer pw.Close()
	alice.In = lineread.New(pr, MaxLine)
	if _, err := Play(ctx, NewGame(solve.More, true, b), b, alice, bob, &out); err != context.Canceled {
		t.Fatalf("interrupted: %v", err)
	}
}
