package othellogame

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/engineproc/proctest"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// TestMain lets the test binary double as the OTP engines of the games
// (matchtest.ProcessMain) and as NBoard engines (fakeNBoard).
func TestMain(m *testing.M) {
	if len(os.Args) == 4 && os.Args[1] == fakeNBoardArg {
		os.Exit(fakeNBoard(os.Args[2], os.Args[3], os.Stdin, os.Stdout, os.Stderr))
	}
	matchtest.ProcessTestMain(m)
}

// fake returns the fake engine name playing in mode.
func fake(t *testing.T, name, mode string) Program {
	argv, err := matchtest.ProcessArgv(name, mode)
	if err != nil {
		t.Fatal(err)
	}
	return Program{Name: name, Argv: argv}
}

// playGame plays game 1 of round 1 between black and white with connect
// time to connect, and returns it with the directory of the engines' logs.
func playGame(t *testing.T, ctx context.Context, connect time.Duration, black, white Program) (tournament.Played, string, error) {
	t.Helper()
	host, err := engineproc.NewHost(engineproc.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := Config{Limits: match.Limits{Connect: connect, GenMove: 5 * time.Second, Reply: 2 * time.Second}, Host: "127.0.0.1"}
	opening, err := othello.ParseMoves("f5d6")
	if err != nil {
		t.Fatal(err)
	}
	p := tournament.Pairing{Game: 1, Round: 1, Black: 0, White: 1, Moves: opening}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	played, err := Play(ctx, cfg, host, p, dir, black, white, zap.NewNop())
	return played, dir, err
}

// A game between two good engines is played from the opening to its end;
// both engines exit cleanly after quit, their figures recorded.
func TestPlayClean(t *testing.T) {
	t.Parallel()
	played, dir, err := playGame(t, t.Context(), 10*time.Second, fake(t, "alice", "good"), fake(t, "bob", "good"))
	if err != nil {
		t.Fatal(err)
	}
	g := played.Game
	if !g.Played || g.Forfeit != nil || g.Black != "alice" || g.White != "bob" || g.Round != 1 || len(g.Moves) < 20 ||
		othello.FormatMoves(g.Moves[:2]) != "f5d6" || !g.Final.GameOver() {
		t.Errorf("game %+v; want alice (black) and bob played from f5d6 to the end", g)
	}
	for i, u := range played.Usage {
		if u == nil || u.WallMS <= 0 || played.Exits[i] != "" {
			t.Errorf("colour %d: usage %+v, exit %q; want figures and a clean exit", i, u, played.Exits[i])
		}
	}
	log, _ := os.ReadFile(filepath.Join(dir, "engine2.log"))
	if !strings.Contains(string(log), "fake engine bob pid") {
		t.Errorf("engine2.log %q, want white's output", log)
	}
}

// An engine that exits without connecting loses unplayed, with its exit
// status; its opponent does not wait out the connect time, gets quit as
// one in good standing and exits cleanly. Both out: a draw, both forfeits.
func TestPlayEngineExits(t *testing.T) {
	t.Parallel()
	start := time.Now()
	played, _, err := playGame(t, t.Context(), 20*time.Second, fake(t, "dead", "exit"), fake(t, "alice", "good"))
	if err != nil {
		t.Fatal(err)
	}
	g := played.Game
	if g.Played || g.Forfeit == nil || g.Forfeit.Reason != otp.ForfeitNoConnection || g.ForfeitBy != othello.Black || g.Outcome != match.WhiteWins ||
		played.Exits[0] != "exit status 3" || played.Exits[1] != "" || !strings.Contains(g.Forfeit.Detail, "exit status 3") {
		t.Errorf("game %+v, exits %q; want dead (black) losing unplayed for no connection with exit status 3, alice clean", g, played.Exits)
	}
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("took %v, want well under the 20 s connect time", took)
	}
	played, _, err = playGame(t, t.Context(), 20*time.Second, fake(t, "x", "exit"), fake(t, "y", "exit"))
	if err != nil {
		t.Fatal(err)
	}
	if g := played.Game; g.Outcome != match.Draw || played.Forfeits[0] == nil || played.Forfeits[1] == nil ||
		played.Forfeits[1].Reason != otp.ForfeitNoConnection {
		t.Errorf("both out: game %+v, forfeits %v; want a draw with both forfeits", g, played.Forfeits)
	}
}

var pidRE = regexp.MustCompile(`fake engine \S+ pid (\d+)`)

// An engine that neither connects nor exits costs its opponent nothing:
// both are awaited at once, the opponent wins, and the hanging process is
// killed; so is its opponent if it crashes mid-game, losing for the
// disconnection with its exit status. An engine disqualified for an
// illegal move is never sent quit: it exits as hung up on.
func TestPlayFaults(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mode   string
		reason otp.ForfeitReason
		exit   string
	}{
		{"hang", otp.ForfeitNoConnection, "signal: killed"},
		{"crash", otp.ForfeitDisconnected, "exit status 3"},
		{"illegal", otp.ForfeitIllegalMove, "exit status 4"},
	} {
		played, dir, err := playGame(t, t.Context(), 3*time.Second, fake(t, "good", "good"), fake(t, c.mode, c.mode))
		if err != nil {
			t.Fatal(err)
		}
		g := played.Game
		if g.Forfeit == nil || g.Forfeit.Reason != c.reason || g.ForfeitBy != othello.White || g.Outcome != match.BlackWins ||
			played.Exits[0] != "" || !strings.HasPrefix(played.Exits[1], c.exit) {
			t.Errorf("%s: game %+v, exits %q; want white losing for %s with %q, black clean", c.mode, g, played.Exits, c.reason, c.exit)
		}
		proctest.CheckDead(t, dir, pidRE)
	}
}

// A cancelled game is no result: Play returns the context's error.
func TestPlayCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := playGame(t, ctx, 3*time.Second, fake(t, "a", "good"), fake(t, "b", "good")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled game: %v, want context.Canceled", err)
	}
}
