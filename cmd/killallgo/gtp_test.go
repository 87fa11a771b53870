package main

import (
	"io"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/gtp"
	"github.com/tcgothello/mcts/killallgo"
)

// gtpEngine is a `killallgo --gtp` run over pipes, and its controller.
type gtpEngine struct {
	*gtp.Client
	in   *io.PipeWriter
	done chan int // the exit status
}

// startGTP runs the program with --gtp and args in a goroutine.
func startGTP(t *testing.T, args ...string) *gtpEngine {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e := &gtpEngine{Client: gtp.NewClient(outR, inW), in: inW, done: make(chan int, 1)}
	go func() {
		code := run(append([]string{"--gtp", "--log-level", "warn"}, args...), inR, outW, io.Discard)
		inR.Close()
		outW.Close()
		e.done <- code
	}()
	return e
}

// send sends a command that must succeed.
func (e *gtpEngine) send(t *testing.T, cmd string) string {
	t.Helper()
	r, err := e.Send(cmd)
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return r
}

// TestTwoGTP plays two `killallgo --gtp` engines against each other as
// gogui-twogtp does: the same set-up sent to both, genmove to the side to
// move and play of its answer to the other, until the game is decided on
// the controller's own board; then both engines' final_score must be the
// controller's result, and quit must end both cleanly.
func TestTwoGTP(t *testing.T) {
	for _, handicap := range []int{2, 5} {
		black := startGTP(t, "--playouts", "200", "--seed", "1", "--arena", "65536")
		white := startGTP(t, "--playouts", "200", "--seed", "2", "--arena", "65536")
		stones, _ := killallgo.Handicap(handicap)
		var names []string
		ref := killallgo.NewGame()
		for _, m := range stones {
			names = append(names, m.String())
			if err := ref.Put(m, goban.Black); err != nil {
				t.Fatal(err)
			}
		}
		_ = ref.Start()
		for _, e := range []*gtpEngine{black, white} {
			if v := e.send(t, "protocol_version"); v != "2" {
				t.Fatalf("protocol_version %q", v)
			}
			e.send(t, "boardsize 7")
			e.send(t, "clear_board")
			e.send(t, "komi 0")
			e.send(t, "time_settings 0 5 1")
			e.send(t, "set_free_handicap "+strings.Join(names, " "))
		}
		players := map[goban.Color]*gtpEngine{goban.Black: black, goban.White: white}
		passes, winner := 0, goban.Empty
		for c := goban.White; winner == goban.Empty; c = c.Other() {
			if ref.Plies() > killallgo.MaxPlies {
				winner = goban.White
				break
			}
			reply := players[c].send(t, "genmove "+c.String())
			v, err := gtp.ParseVertex(reply, killallgo.Size)
			if err != nil {
				t.Fatalf("ply %d: genmove %v: %q: %v", ref.Plies(), c, reply, err)
			}
			if v.Pass {
				passes++
				_ = ref.Pass(c)
			} else {
				passes = 0
				m, _ := killallgo.At(v.X, v.Y)
				if err := ref.Put(m, c); err != nil {
					t.Fatalf("ply %d: %v plays %v, illegal: %v", ref.Plies(), c, reply, err)
				}
			}
			players[c.Other()].send(t, "play "+c.String()+" "+reply)
			st, err := ref.State(c.Other())
			switch {
			case err != nil:
				winner = goban.White
			case st.Over():
				winner = st.Winner()
			case passes == 2:
				winner = goban.White
			}
		}
		want := map[goban.Color]string{goban.Black: "B+", goban.White: "W+"}[winner]
		for _, e := range []*gtpEngine{black, white} {
			if got := e.send(t, "final_score"); got != want {
				t.Errorf("handicap %d: final_score %q, want %q after %d plies", handicap, got, want, ref.Plies())
			}
			board := e.send(t, "showboard")
			if strings.Count(board, "X") != ref.Board().Count(goban.Black) || strings.Count(board, "O") != ref.Board().Count(goban.White) {
				t.Errorf("handicap %d: the engine's board\n%s\nis not the controller's\n%s", handicap, board, ref.Board())
			}
			e.send(t, "quit")
			if code := <-e.done; code != exitOK {
				t.Errorf("exit status %d after quit", code)
			}
			e.in.Close()
		}
		t.Logf("handicap %d: %v wins after %d plies", handicap, winner, ref.Plies())
	}
}
