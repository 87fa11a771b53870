package killallgo

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/goban"
)

// TestCoordinates: (x, y) is the column from the left and the row from
// the bottom; a move is the seed's Board[i][j] index i*9+j with (x, y) =
// (j, 8-i), and goban's point at row 7-y, column x-1.
func TestCoordinates(t *testing.T) {
	b, _ := goban.New(Size)
	for x := 1; x <= Size; x++ {
		for y := 1; y <= Size; y++ {
			m, ok := At(x, y)
			if !ok {
				t.Fatalf("At(%d, %d) is off the board", x, y)
			}
			i, j := 8-y, x
			if int(m) != i*9+j {
				t.Errorf("At(%d, %d) = %d, want Board[%d][%d] = %d", x, y, m, i, j, i*9+j)
			}
			if p, _ := b.Point(7-y, x-1); m.Point() != p {
				t.Errorf("At(%d, %d).Point() = %d, goban's point %d", x, y, m.Point(), p)
			}
			if gx, gy := m.XY(); gx != x || gy != y {
				t.Errorf("At(%d, %d).XY() = (%d, %d)", x, y, gx, gy)
			}
		}
	}
	for _, bad := range [][2]int{{0, 1}, {1, 0}, {8, 1}, {1, 8}, {-1, 3}} {
		if _, ok := At(bad[0], bad[1]); ok {
			t.Errorf("At(%d, %d) is on the board", bad[0], bad[1])
		}
	}
	for _, c := range []struct {
		x, y int
		want string
	}{{1, 1, "A1"}, {3, 5, "C5"}, {7, 7, "G7"}, {7, 1, "G1"}} {
		if got := xy(t, c.x, c.y).String(); got != c.want {
			t.Errorf("(%d, %d).String() = %q, want %q", c.x, c.y, got, c.want)
		}
	}
	if Pass.String() != "pass" {
		t.Errorf("Pass.String() = %q", Pass.String())
	}
	if x, y := Pass.XY(); x != 0 || y != 0 {
		t.Errorf("Pass.XY() = (%d, %d), want (0, 0)", x, y)
	}
}

func TestNewStateErrors(t *testing.T) {
	b9, _ := goban.New(9)
	if _, err := NewState(b9, goban.White); !errors.Is(err, ErrBoardSize) {
		t.Errorf("a 9x9 board: %v, want ErrBoardSize", err)
	}
	b7, _ := goban.New(Size)
	if _, err := NewState(b7, goban.Empty); !errors.Is(err, ErrColor) {
		t.Errorf("no colour to move: %v, want ErrColor", err)
	}
}

// TestBlackWinsByCapturingAll: black wins when its stone leaves no white
// stone, and only then: capturing some white stones is not enough, and a
// white stone elsewhere keeps the game going.
func TestBlackWinsByCapturingAll(t *testing.T) {
	rows := []string{
		".......",
		".......",
		".......",
		".......",
		"XX.....",
		"OOX....",
		".OX....",
	}
	s := newState(t, goban.Black, rows...)
	if s.Over() {
		t.Fatal("over before black captures")
	}
	mustPlay(t, &s, 1, 1) // captures the three white stones: none is left
	if !s.Over() || s.Winner() != goban.Black {
		t.Fatalf("after the capture of every white stone: over %v, winner %v, want black\n%s", s.Over(), s.Winner(), s.Board())
	}
	if ms := s.Moves(nil); len(ms) != 0 {
		t.Errorf("moves after the game ended: %v", ms)
	}
	if got := (Rules{}).Score(&s); got != -1 {
		t.Errorf("Score for white, to move, who lost: %d, want -1", got)
	}
	if err := s.Play(Pass); !errors.Is(err, ErrGameOver) {
		t.Errorf("a move after the end: %v, want ErrGameOver", err)
	}

	// The same capture with a white stone elsewhere: the game goes on.
	rows[0] = "......O"
	s = newState(t, goban.Black, rows...)
	mustPlay(t, &s, 1, 1)
	if s.Over() || s.Winner() != goban.Empty {
		t.Fatalf("a white stone is left: over %v, winner %v\n%s", s.Over(), s.Winner(), s.Board())
	}
	// White passes; black captures the last stone.
	mustPlay(t, &s, 0, 0)
	mustPlay(t, &s, 6, 7)
	mustPlay(t, &s, 0, 0)
	mustPlay(t, &s, 7, 6)
	if s.Winner() != goban.Black {
		t.Fatalf("the last white stone captured: winner %v\n%s", s.Winner(), s.Board())
	}
}

// TestBlackMovesWithoutWhite: a black stone placed while no white stone is
// on the board wins at once, as the rule says; white, moving first after
// the handicap, has a stone on the board by then.
func TestBlackMovesWithoutWhite(t *testing.T) {
	b, _ := goban.New(Size)
	s, _ := NewState(b, goban.Black)
	mustPlay(t, &s, 4, 4)
	if s.Winner() != goban.Black {
		t.Errorf("a black stone on a board without white: winner %v, want black", s.Winner())
	}
	s, _ = NewState(b, goban.White)
	mustPlay(t, &s, 4, 4)
	mustPlay(t, &s, 3, 3)
	if s.Over() {
		t.Errorf("a black stone beside a white one: the game is over\n%s", s.Board())
	}
}

// checkerboard is the seed's example of white's win: every empty point is
// a white eye, so every black move is suicide.
var checkerboard = []string{
	".O.O.O.",
	"O.O.O.O",
	".O.O.O.",
	"O.O.O.O",
	".O.O.O.",
	"O.O.O.O",
	".O.O.O.",
}

// TestBlackStuck: black, to move, with no legal move has lost; white in
// the same position may fill any of its eyes, or pass.
func TestBlackStuck(t *testing.T) {
	s := newState(t, goban.Black, checkerboard...)
	if !s.Over() || s.Winner() != goban.White {
		t.Fatalf("black without a legal move: over %v, winner %v, want white", s.Over(), s.Winner())
	}
	if ms := s.Moves(nil); len(ms) != 0 {
		t.Errorf("black's moves: %v, want none", ms)
	}
	if got := (Rules{}).Score(&s); got != -1 {
		t.Errorf("Score for black, stuck: %d, want -1", got)
	}
	s = newState(t, goban.White, checkerboard...)
	ms := s.Moves(nil)
	if len(ms) != 26 || ms[len(ms)-1] != Pass || s.Over() {
		t.Errorf("white's moves: %d %v (over %v), want the 25 empty points and a pass", len(ms), ms, s.Over())
	}
}

// TestSuicideAndCapture: black may not play into a white eye unless the
// stone captures; a capturing move into an eye is legal.
func TestSuicideAndCapture(t *testing.T) {
	rows := []string{
		".O.O.OX",
		"OOOOOOX",
		"XXXXXXX",
		".......",
		".......",
		".......",
		".......",
	}
	s := newState(t, goban.Black, rows...)
	set := moveSet(&s)
	for _, x := range []int{1, 3, 5} {
		if set[xy(t, x, 7)] || s.Legal(xy(t, x, 7)) {
			t.Errorf("black's suicide in white's eye at (%d, 7) is a move", x)
		}
	}
	if set[Pass] || s.Legal(Pass) {
		t.Error("black may pass")
	}
	// Black stones in two of the eyes (set up without liberties) leave
	// white one liberty: black's stone there captures every white stone.
	rows[0] = "XO.OXOX"
	s = newState(t, goban.Black, rows...)
	if !moveSet(&s)[xy(t, 3, 7)] {
		t.Fatal("black's capture at (3, 7), white's last liberty, is not a move")
	}
	mustPlay(t, &s, 3, 7)
	if s.Winner() != goban.Black || s.Board().Count(goban.White) != 0 {
		t.Errorf("the capture left no white stone: winner %v\n%s", s.Winner(), s.Board())
	}
}

// koSetup is a ko on the bottom edge: black takes at (2, 1), capturing the
// white stone at (3, 1); white's retake at (3, 1) would capture the black
// stone at (2, 1). White's stones up the board keep the game going.
var koSetup = []string{
	"...O...",
	".......",
	".......",
	".......",
	".......",
	".OX....",
	"O.OX...",
}

// TestKoAndSuperko: the immediate retake is no move; after two passes the
// basic ko has lifted (goban's Board allows the retake) but the retake
// would repeat the start position, and positional superko forbids it, in
// the State and in the Game.
func TestKoAndSuperko(t *testing.T) {
	g := gameFrom(t, koSetup...)
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	take, retake := xy(t, 2, 1), xy(t, 3, 1)
	if err := g.Put(take, goban.Black); err != nil {
		t.Fatal(err)
	}
	s, err := g.State(goban.White)
	if err != nil {
		t.Fatal(err)
	}
	if moveSet(&s)[retake] {
		t.Errorf("the immediate retake at %v is a move\n%s", retake, s.Board())
	}
	// White passes, black passes (a front end may record one): the basic
	// ko is lifted, the repetition remains.
	if err := g.Pass(goban.White); err != nil {
		t.Fatal(err)
	}
	if err := g.Pass(goban.Black); err != nil {
		t.Fatal(err)
	}
	s, _ = g.State(goban.White)
	if !s.Board().IsLegal(retake.Point(), goban.White) {
		t.Fatal("the test is wrong: the board alone forbids the retake after two passes")
	}
	if moveSet(&s)[retake] || s.Legal(retake) {
		t.Errorf("the retake after two passes, a repetition, is a move")
	}
	if err := g.Check(retake, goban.White); !errors.Is(err, goban.ErrSuperko) {
		t.Errorf("Game.Check of the retake: %v, want ErrSuperko", err)
	}
}

// TestMoveCap: the game is over, white winning, at MaxPlies plies; a black
// win on the last ply counts.
func TestMoveCap(t *testing.T) {
	s := newState(t, goban.White, koSetup...)
	s.plies = MaxPlies - 1
	mustPlay(t, &s, 0, 0)
	if !s.Over() || s.Winner() != goban.White || len(s.Moves(nil)) != 0 {
		t.Fatalf("at the cap: over %v, winner %v, moves %v", s.Over(), s.Winner(), s.Moves(nil))
	}
	s = newState(t, goban.Black,
		".......", ".......", ".......", ".......", ".......", "X......", "O......")
	s.plies = MaxPlies - 1
	mustPlay(t, &s, 2, 1)
	if s.Winner() != goban.Black {
		t.Fatalf("black captures the last white stone on the last ply: winner %v", s.Winner())
	}
}

// TestGameSetupAndErrors: set-up stones capture and may not be suicide;
// Start twice is refused; the game's errors leave it unchanged; State
// follows the record.
func TestGameSetupAndErrors(t *testing.T) {
	g := NewGame()
	if _, err := g.State(goban.White); !errors.Is(err, ErrNotStarted) {
		t.Errorf("State before Start: %v, want ErrNotStarted", err)
	}
	if err := g.Pass(goban.White); !errors.Is(err, ErrNotStarted) {
		t.Errorf("Pass before Start: %v, want ErrNotStarted", err)
	}
	for _, p := range [][3]int{{1, 2, 'b'}, {2, 1, 'b'}, {2, 2, 'w'}} {
		c := goban.Black
		if p[2] == 'w' {
			c = goban.White
		}
		if err := g.Put(xy(t, p[0], p[1]), c); err != nil {
			t.Fatal(err)
		}
	}
	before := g.Board().String()
	for _, c := range []struct {
		m    Move
		c    goban.Color
		want error
	}{
		{xy(t, 1, 1), goban.White, goban.ErrSuicide},
		{xy(t, 1, 2), goban.White, goban.ErrOccupied},
		{Move(0), goban.Black, goban.ErrOffBoard},
		{Move(9), goban.Black, goban.ErrOffBoard},
		{xy(t, 3, 3), goban.Empty, goban.ErrColor},
	} {
		if err := g.Put(c.m, c.c); !errors.Is(err, c.want) {
			t.Errorf("Put(%v, %v): %v, want %v", c.m, c.c, err, c.want)
		}
	}
	if g.Board().String() != before {
		t.Fatalf("a refused put changed the board:\n%s", g.Board())
	}
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	if err := g.Start(); !errors.Is(err, ErrStarted) {
		t.Errorf("Start twice: %v, want ErrStarted", err)
	}
	// Black captures the set-up white stone: black has won, and the
	// State says so.
	if err := g.Put(xy(t, 3, 2), goban.Black); err != nil {
		t.Fatal(err)
	}
	if err := g.Put(xy(t, 2, 3), goban.Black); err != nil {
		t.Fatal(err)
	}
	s, err := g.State(goban.White)
	if err != nil {
		t.Fatal(err)
	}
	if s.Winner() != goban.Black || s.Plies() != 2 || g.Plies() != 2 {
		t.Errorf("after the capture: winner %v, plies %d and %d\n%s", s.Winner(), s.Plies(), g.Plies(), s.Board())
	}
	g.Reset()
	if g.Started() || g.Board().Count(goban.Empty) != Size*Size {
		t.Errorf("after Reset: started %v, board\n%s", g.Started(), g.Board())
	}
}

// The reference: the kill-all rules as docs/killallgo.md states them,
// computed the slow way on the front end's Game, whose superko compares
// whole positions (goban.Game), not hashes: the moves of colour c after a
// record whose last move is last.
func refMoves(g *Game, c goban.Color, last goban.Move) []Move {
	b := g.Board()
	if g.Plies() >= MaxPlies {
		return nil
	}
	if last.Color == goban.Black && last.Point != goban.Pass && !strings.Contains(b.String(), "O") {
		return nil // black has won
	}
	var ms []Move
	for y := Size; y >= 1; y-- {
		for x := 1; x <= Size; x++ {
			m, _ := At(x, y)
			if g.Check(m, c) == nil {
				ms = append(ms, m)
			}
		}
	}
	if c == goban.White {
		ms = append(ms, Pass)
	}
	return ms
}

// TestAgainstReference plays seeded random games from random handicaps,
// white passing now and then, and compares after every ply the State's
// moves, end and winner with the reference's, its board with the Game's,
// and the State with the one the Game builds from its record (equal with
// ==, as tree reuse needs).
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	superko, blackWins, whiteWins := 0, 0, 0
	for game := range 300 {
		g := NewGame()
		for range rng.IntN(7) {
			m, _ := At(1+rng.IntN(Size), 1+rng.IntN(Size))
			_ = g.Put(m, goban.Black) // an occupied point is refused: fewer stones
		}
		if err := g.Start(); err != nil {
			t.Fatal(err)
		}
		s, err := g.State(goban.White)
		if err != nil {
			t.Fatal(err)
		}
		last := goban.Move{Point: goban.Pass, Color: goban.Empty}
		blackWon := func() bool {
			return last.Color == goban.Black && last.Point != goban.Pass && !strings.Contains(g.Board().String(), "O")
		}
		for ply := 0; ; ply++ {
			c := s.ToMove()
			want := refMoves(g, c, last)
			if got := s.Moves(nil); !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d, %v to move: moves\n%v\nwant\n%v\n%s", game, ply, c, got, want, s.Board())
			}
			for _, p := range g.Board().LegalMoves(c, nil) {
				if errors.Is(g.Check(pointMove(p), c), goban.ErrSuperko) {
					superko++
				}
			}
			if len(want) == 0 {
				wantWinner := goban.White
				if blackWon() {
					wantWinner = goban.Black
				}
				if s.Winner() != wantWinner || !s.Over() {
					t.Fatalf("game %d ply %d: over %v, winner %v, want %v", game, ply, s.Over(), s.Winner(), wantWinner)
				}
				if wantWinner == goban.Black {
					blackWins++
				} else {
					whiteWins++
				}
				break
			}
			if s.Over() {
				t.Fatalf("game %d ply %d: over with moves %v", game, ply, want)
			}
			m := want[rng.IntN(len(want))]
			if c == goban.White && rng.IntN(20) == 0 {
				m = Pass
			}
			if err := s.Play(m); err != nil {
				t.Fatalf("game %d ply %d: %v plays %v: %v", game, ply, c, m, err)
			}
			if m == Pass {
				err = g.Pass(c)
			} else {
				err = g.Put(m, c)
			}
			if err != nil {
				t.Fatalf("game %d ply %d: the Game refuses %v %v: %v", game, ply, c, m, err)
			}
			last = goban.Move{Point: m.Point(), Color: c}
			if s.Board().String() != g.Board().String() {
				t.Fatalf("game %d ply %d: the State's board\n%sthe Game's\n%s", game, ply, s.Board(), g.Board())
			}
			rebuilt, err := g.State(s.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			if rebuilt != s {
				t.Fatalf("game %d ply %d: the State rebuilt from the record differs from the one played", game, ply)
			}
		}
	}
	if superko == 0 || blackWins == 0 || whiteWins == 0 {
		t.Errorf("the games did not cover the rules: %d superko refusals, %d black wins, %d white wins", superko, blackWins, whiteWins)
	}
	t.Logf("%d superko refusals, %d black wins, %d white wins", superko, blackWins, whiteWins)
}

// TestGameClone: a clone plays on without changing the original, and the
// original's later moves do not reach the clone.
func TestGameClone(t *testing.T) {
	g := NewGame()
	b2, _ := At(2, 2)
	if err := g.Put(b2, goban.Black); err != nil {
		t.Fatal(err)
	}
	before := g.Clone()
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	c := g.Clone()
	w3, _ := At(3, 3)
	if err := c.Put(w3, goban.White); err != nil {
		t.Fatal(err)
	}
	if g.Plies() != 0 || g.Board().At(w3.Point()) != goban.Empty {
		t.Errorf("the clone's move reached the original: %d plies\n%s", g.Plies(), g.Board())
	}
	if before.Started() || before.Board().At(b2.Point()) != goban.Black {
		t.Errorf("a clone made in set-up: started %v\n%s", before.Started(), before.Board())
	}
	if c.Plies() != 1 || c.Board().At(w3.Point()) != goban.White {
		t.Errorf("clone: %d plies\n%s", c.Plies(), c.Board())
	}
}
