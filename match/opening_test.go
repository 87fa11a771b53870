package match

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// connectPair connects two fake engines over loopback, black's first.
func connectPair(t *testing.T, black, white *matchtest.Engine) (*otp.Remote, *otp.Remote) {
	t.Helper()
	gate, addr := openTestGate(t, nil)
	var remotes [2]*otp.Remote
	for i, e := range []*matchtest.Engine{black, white} {
		if err := e.Start(addr); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(e.Close)
		c, err := gate.Next(t.Context(), time.Now().Add(5*time.Second))
		if err != nil {
			t.Fatalf("engine %d did not connect: %v", i+1, err)
		}
		remotes[i] = otp.NewRemote(c)
		t.Cleanup(func() { remotes[i].Close() })
	}
	return remotes[0], remotes[1]
}

// An opening reaches both engines as play commands after clear_board, and
// the game goes on from it with genmove for the side to move.
func TestPlayGameFromOpening(t *testing.T) {
	alice, bob := &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}
	black, white := connectPair(t, alice, bob)
	opening, err := othello.ParseMoves("f5d6c3")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	g, err := PlayGameFrom(ctx, black, white, testLimits, opening, nil)
	if err != nil {
		t.Fatalf("PlayGameFrom: %v", err)
	}
	if g.Forfeit != nil {
		t.Fatalf("forfeit %v, want a clean game", g.Forfeit)
	}
	if g.Opening != 3 || !strings.HasPrefix(g.Record(), "f5d6c3") || len(g.Times) != len(g.Moves) {
		t.Errorf("opening %d, record %s, %d times for %d moves; want 3, starting f5d6c3, one time a move",
			g.Opening, g.Record(), len(g.Times), len(g.Moves))
	}
	// Replaying the game from the opening with the fake engines' strategy
	// must give the same moves: white (bob) moved first after the opening.
	game := othello.NewGame()
	game.PlayAll(opening)
	for !game.Over() {
		game.Play(matchtest.FirstMove(game.Position()))
	}
	if got, want := g.Record(), game.Record(); got != want {
		t.Errorf("record %s, want %s", got, want)
	}
	wantStart := []string{"clear_board", "play 4 5", "play 5 3", "play 2 2"}
	for name, e := range map[string]*matchtest.Engine{"alice": alice, "bob": bob} {
		cmds := e.Commands()
		if len(cmds) < 5 || strings.Join(cmds[:4], ",") != strings.Join(wantStart, ",") {
			t.Errorf("%s received %q, want it to start with %q", name, cmds, wantStart)
		}
	}
	// Black to move after three plies is white: bob gets the first genmove.
	if cmds := bob.Commands(); cmds[4] != "genmove" {
		t.Errorf("bob's fifth command %q, want genmove", cmds[4])
	}
	if cmds := alice.Commands(); cmds[4] == "genmove" {
		t.Errorf("alice got genmove first, want play of white's move")
	}
}

// An illegal opening is the caller's error, found before anything is sent.
func TestPlayGameFromIllegalOpening(t *testing.T) {
	alice, bob := &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}
	black, white := connectPair(t, alice, bob)
	_, err := PlayGameFrom(t.Context(), black, white, testLimits, []othello.Move{othello.MoveAt(0, 0)}, nil)
	if err == nil || !strings.Contains(err.Error(), "opening a1") {
		t.Errorf("error %v, want one naming the opening a1", err)
	}
	time.Sleep(50 * time.Millisecond)
	if n := len(alice.Commands()) + len(bob.Commands()); n != 0 {
		t.Errorf("%d commands sent, want none", n)
	}
}

// WriteGame writes a lone game as WriteRecord writes a round, without
// player numbers.
func TestWriteGame(t *testing.T) {
	moves, _ := othello.ParseMoves("f5d6")
	game := othello.NewGame()
	game.PlayAll(moves)
	g := GameResult{Black: "alice", White: "bob", Played: true, Moves: game.Moves(), Final: game.Position(), Outcome: Draw}
	var b bytes.Buffer
	if err := WriteGame(&b, &g); err != nil {
		t.Fatal(err)
	}
	want := "black: alice\nwhite: bob\nmoves: f5d6\nscore: 3-3 (+0)\nresult: draw\n"
	if b.String() != want {
		t.Errorf("WriteGame:\n%q\nwant\n%q", b.String(), want)
	}
}

// referenceFrom plays the fake engines' strategy (the lowest legal square)
// from an opening to the end on the judge's rules: the game two FirstMove
// engines must play from it.
func referenceFrom(t *testing.T, opening []othello.Move) string {
	t.Helper()
	g := othello.NewGame()
	if err := g.PlayAll(opening); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200 && !g.Over(); i++ {
		g.Play(matchtest.FirstMove(g.Position()))
	}
	return othello.FormatMoves(g.Moves())
}

// A match with openings plays each twice, colours swapped, in order, and
// starts the list again when the rounds outnumber it.
func TestMatchOpenings(t *testing.T) {
	ops := make([][]othello.Move, 2)
	for i, s := range []string{"f5d6c3", "f5f4"} {
		var err error
		if ops[i], err = othello.ParseMoves(s); err != nil {
			t.Fatal(err)
		}
	}
	alice, bob := &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}
	run := runMatchOf(t, Match{Rounds: 5, Openings: ops}, alice, bob)
	if len(run.res.Games) != 5 {
		t.Fatalf("%d games, want 5", len(run.res.Games))
	}
	want := []int{0, 0, 1, 1, 0} // the opening of each round
	for i, g := range run.res.Games {
		op := ops[want[i]]
		if g.Forfeit != nil || g.Opening != len(op) || g.Record() != referenceFrom(t, op) || g.BlackPlayer != 1+i%2 {
			t.Errorf("round %d: forfeit %v, opening of %d plies, moves %s, black player %d; want a clean game from %s: %s, player %d black",
				g.Round, g.Forfeit, g.Opening, g.Record(), g.BlackPlayer, othello.FormatMoves(op), referenceFrom(t, op), 1+i%2)
		}
	}
	// Both engines get the opening's moves as play after clear_board.
	if cmds := alice.Commands(); len(cmds) < 5 || strings.Join(cmds[1:5], ",") != "clear_board,play 4 5,play 5 3,play 2 2" {
		t.Errorf("alice's first commands %q, want name, clear_board and the opening f5d6c3 as play", cmds)
	}
	var b bytes.Buffer
	WriteRecord(&b, &run.res)
	if !strings.Contains(b.String(), "round 3\nopening: f5f4\nblack: alice (player 1)\n") {
		t.Errorf("record:\n%s\nwant round 3 from the opening f5f4", b.String())
	}
	if s := run.res.Summary(); s.Games[2].Opening != "f5f4" || s.Games[4].Opening != "f5d6c3" {
		t.Errorf("summary openings %q and %q, want f5f4 and f5d6c3", s.Games[2].Opening, s.Games[4].Opening)
	}
}

// An opening that is illegal, or ends the game, is the caller's error,
// found before anything is sent.
func TestMatchBadOpening(t *testing.T) {
	gate, addr := openTestGate(t, nil)
	e1, e2 := &matchtest.Engine{Name: "a"}, &matchtest.Engine{Name: "b"}
	for _, e := range []*matchtest.Engine{e1, e2} {
		if err := e.Start(addr); err != nil {
			t.Fatal(err)
		}
		defer e.Close()
	}
	conns, err := gate.Players(t.Context(), time.Now().Add(2*time.Second))
	if err != nil || conns[0] == nil || conns[1] == nil {
		t.Fatalf("players: %v", err)
	}
	r1, r2 := otp.NewRemote(conns[0]), otp.NewRemote(conns[1])
	defer r1.Close()
	defer r2.Close()
	m := Match{Rounds: 2, Limits: testLimits, Openings: [][]othello.Move{{othello.MoveAt(4, 5)}, {othello.MoveAt(0, 0)}}}
	if _, err := m.Run(t.Context(), r1, r2); err == nil || !strings.Contains(err.Error(), "opening 2 (a1)") {
		t.Errorf("Run with an illegal second opening: %v, want an error naming it", err)
	}
	time.Sleep(50 * time.Millisecond)
	if c1, c2 := e1.Commands(), e2.Commands(); len(c1)+len(c2) != 0 {
		t.Errorf("commands sent before the opening was checked: %q, %q", c1, c2)
	}
}
