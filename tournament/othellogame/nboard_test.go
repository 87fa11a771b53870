package othellogame

import (
	"bufio"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engineproc/proctest"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// fakeNBoardArg makes the test binary an NBoard engine (fakeNBoard).
const fakeNBoardArg = "fake-nboard"

// fakeNBoard is an NBoard engine on in and out, named name, playing in
// mode: good (the lowest legal square of the game it was set, exit 0
// after quit, 4 if its input ends without one), illegal (answers go
// with an occupied square), garbage (answers go with "=== garbage"),
// silent (says it thinks, then never answers go: to be killed), crash
// (exits with status 3 at go) or noping (never answers ping). It writes
// its process id and the depth it was set to stderr.
func fakeNBoard(name, mode string, in io.Reader, out, stderr io.Writer) int {
	fmt.Fprintf(stderr, "fake engine %s pid %d\n", name, os.Getpid())
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	var pos othello.Position
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "quit":
			return 0
		case "ping":
			if mode != "noping" {
				fmt.Fprintf(out, "pong %s\n", strings.Join(f[1:], " "))
			}
		case "set":
			if len(f) > 2 && f[1] == "depth" {
				fmt.Fprintf(stderr, "fake engine %s depth %s\n", name, f[2])
				fmt.Fprintf(out, "set myname %s\n", name)
			}
			if len(f) > 2 && f[1] == "game" {
				r, err := othello.ParseGGF(strings.TrimPrefix(line, "set game "))
				if err != nil {
					fmt.Fprintln(stderr, err)
					return 2
				}
				g, err := r.Game()
				if err != nil {
					fmt.Fprintln(stderr, err)
					return 2
				}
				pos = g.Position()
			}
		case "go":
			fmt.Fprintf(out, "status %s is thinking\n", name)
			switch mode {
			case "illegal":
				fmt.Fprintf(out, "=== %s/0.00/0.0\n", strings.ToUpper(matchtest.IllegalMove(pos).String()))
			case "garbage":
				fmt.Fprintln(out, "=== garbage")
			case "silent":
				time.Sleep(time.Minute)
			case "crash":
				return 3
			default:
				m := othello.Move(bits.TrailingZeros64(pos.Moves()))
				fmt.Fprintf(out, "nodestats 1 0.00\n=== %s/0.00/0.0\nstatus\n", strings.ToUpper(m.String()))
			}
		}
	}
	fmt.Fprintln(stderr, "fake engine: input ended without quit")
	return 4
}

// fakeNB returns the fake NBoard engine name playing in mode, told depth.
func fakeNB(t *testing.T, name, mode string, depth int) Program {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Program{Name: name, Argv: []string{exe, fakeNBoardArg, name, mode}, Protocol: tournament.ProtocolNBoard, Depth: depth}
}

// An OTP engine and an NBoard engine play a whole game, in either
// colour: from the opening to two passes, every move legal on the judge's
// board, both exiting cleanly after quit. The NBoard engine was told its
// depth, and its log holds its stderr and the lines it answered with.
func TestPlayNBoardAgainstOTP(t *testing.T) {
	t.Parallel()
	for _, nbWhite := range []bool{true, false} {
		black, white := fake(t, "otp", "good"), fakeNB(t, "nb", "good", 7)
		if !nbWhite {
			black, white = fakeNB(t, "nb", "good", 7), fake(t, "otp", "good")
		}
		played, dir, err := playGame(t, t.Context(), 10*time.Second, black, white)
		if err != nil {
			t.Fatal(err)
		}
		g := played.Game
		replay := othello.NewGame()
		if err := replay.PlayAll(g.Moves); err != nil || !replay.Over() {
			t.Errorf("nboard white %v: moves %s do not replay to two passes: %v", nbWhite, g.Record(), err)
		}
		if !g.Played || g.Forfeit != nil || othello.FormatMoves(g.Moves[:2]) != "f5d6" || !strings.HasSuffix(g.Record(), "papa") {
			t.Errorf("nboard white %v: game %+v; want a clean game from f5d6 to two passes", nbWhite, g)
		}
		for i, u := range played.Usage {
			if u == nil || played.Exits[i] != "" {
				t.Errorf("nboard white %v, colour %d: usage %+v, exit %q; want figures and a clean exit", nbWhite, i, u, played.Exits[i])
			}
		}
		logName := "engine2.log"
		if !nbWhite {
			logName = "engine1.log"
		}
		log, _ := os.ReadFile(filepath.Join(dir, logName))
		for _, want := range []string{"fake engine nb depth 7", "set myname nb", "pong 1", "=== "} {
			if !strings.Contains(string(log), want) {
				t.Errorf("nboard white %v: the NBoard engine's log lacks %q:\n%s", nbWhite, want, log)
			}
		}
		proctest.CheckDead(t, dir, pidRE)
	}
}

// An NBoard engine that breaks the rules loses as an OTP engine does,
// with the reason and what it sent: an illegal move, a reply that is no
// move, silence past the move's limit (the process killed), an exit
// mid-game (its status recorded), no pong to its first ping (the game
// lost unplayed). No process survives.
func TestPlayNBoardFaults(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mode     string
		reason   otp.ForfeitReason
		received string
		exit     string
		played   bool
	}{
		{"illegal", otp.ForfeitIllegalMove, "=== ", "exit status 4", true},
		{"garbage", otp.ForfeitMalformed, "=== garbage", "exit status 4", true},
		{"silent", otp.ForfeitTimeout, "is thinking", "signal: killed", true},
		{"crash", otp.ForfeitDisconnected, "is thinking", "exit status 3", true},
		{"noping", otp.ForfeitTimeout, "", "exit status 4", false},
	} {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			played, dir, err := playGame(t, t.Context(), 3*time.Second, fake(t, "good", "good"), fakeNB(t, c.mode, c.mode, 0))
			if err != nil {
				t.Fatal(err)
			}
			g := played.Game
			if g.Forfeit == nil || g.Forfeit.Reason != c.reason || !strings.Contains(g.Forfeit.Received, c.received) ||
				g.ForfeitBy != othello.White || g.Outcome != match.BlackWins || g.Played != c.played {
				t.Errorf("game %+v, forfeit %v; want white losing for %s, received %q, played %v", g, g.Forfeit, c.reason, c.received, c.played)
			}
			if played.Exits[0] != "" || !strings.HasPrefix(played.Exits[1], c.exit) {
				t.Errorf("exits %q; want black clean, white %q", played.Exits, c.exit)
			}
			proctest.CheckDead(t, dir, pidRE)
		})
	}
}
