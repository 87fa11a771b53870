package main

import (
	"bufio"
	"errors"
	"io"
	"math/bits"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/syncbuf"
	"github.com/tcgothello/mcts/othello"
)

// TestPonderWiring runs the real engine with --ponder on, in the stdin OTP
// mode and in NBoard's: after its first move it must ponder until the
// opponent's move and the next search arrive, and say so in its log.
func TestPonderWiring(t *testing.T) {
	for _, c := range []struct {
		name  string
		args  []string
		first string // the command for a move
		reply string // the prefix of the line answering it
		then  func(m othello.Move, opp othello.Move) string
	}{
		{"otp", nil, "genmove", "genmove ", func(_, opp othello.Move) string {
			return "play " + opp.OTP() + "\ngenmove"
		}},
		{"nboard", []string{"--nboard"}, "go", "=== ", func(m, opp othello.Move) string {
			return "move " + m.String() + "\nmove " + opp.String() + "\ngo"
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			var stderr syncbuf.Buffer
			done := make(chan int, 1)
			args := append([]string{"--ponder", "on", "--time", "100ms", "--arena", "1048576", "--table-mb", "8",
				"--seed", "3", "--log-level", "info"}, c.args...)
			go func() {
				code := run(args, inR, outW, &stderr)
				outW.Close()
				done <- code
			}()
			// A stuck engine ends the test instead of hanging it: the
			// reads below then see the end of the output.
			watchdog := time.AfterFunc(time.Minute, func() {
				outR.CloseWithError(errors.New("the engine did not answer within a minute"))
				inW.CloseWithError(errors.New("the engine did not answer within a minute"))
			})
			defer watchdog.Stop()
			lines := bufio.NewScanner(outR)
			answer := func() othello.Move {
				t.Helper()
				for lines.Scan() {
					if rest, ok := strings.CutPrefix(lines.Text(), c.reply); ok {
						if c.name == "otp" {
							m, err := othello.ParseOTP(rest)
							if err != nil {
								t.Fatalf("%q: %v", lines.Text(), err)
							}
							return m
						}
						gm, err := othello.ParseGGFMove(rest)
						if err != nil {
							t.Fatalf("%q: %v", lines.Text(), err)
						}
						return gm.Move
					}
				}
				t.Fatalf("the engine's output ended before a %q line", c.reply)
				return othello.NoMove
			}
			io.WriteString(inW, c.first+"\n")
			m := answer()
			g := othello.NewGame()
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Millisecond) // the opponent thinks
			opp := othello.Move(63 - bits.LeadingZeros64(g.Position().Moves()))
			io.WriteString(inW, c.then(m, opp)+"\n")
			answer()
			io.WriteString(inW, "quit\n")
			inW.Close()
			go io.Copy(io.Discard, outR)
			select {
			case code := <-done:
				if code != exitOK {
					t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the engine did not exit within 10s of quit")
			}
			// The pondering's own search reports the tree it kept too:
			// only a "move chosen" line says the next search kept one.
			log := stderr.String()
			kept := false
			for _, l := range strings.Split(log, "\n") {
				kept = kept || strings.Contains(l, "move chosen") && strings.Contains(l, "reused")
			}
			if !strings.Contains(log, "pondered") || !kept {
				t.Errorf("no \"pondered\" line, or the second search kept no tree:\n%s", log)
			}
		})
	}
}
