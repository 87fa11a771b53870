package web

import (
	"math/bits"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// TestWholeGame plays a game to its end through the API: the person plays
// the highest legal square, the fake engine the lowest.
func TestWholeGame(t *testing.T) {
	for _, color := range []string{"black", "white"} {
		t.Run(color, func(t *testing.T) {
			_, ts := startServer(t, firstLegal{})
			st := post(t, ts, "/api/new", `{"color":"`+color+`","thinkMillis":10}`)
			if st.Human != color || st.ThinkMillis != 10 {
				t.Fatalf("after new: human %q think %d ms, want %q and 10", st.Human, st.ThinkMillis, color)
			}
			humanMoves := 0
			for i := 0; i < 80 && !st.Over; i++ {
				st = waitFor(t, ts, "the person's turn or the end", func(s State) bool { return s.YourTurn || s.Over })
				if st.Over {
					break
				}
				if st.Thinking || st.Turn != color || len(st.Legal) == 0 {
					t.Fatalf("your turn with thinking=%v turn=%q legal=%v", st.Thinking, st.Turn, st.Legal)
				}
				before := st.Record
				mv := st.Legal[len(st.Legal)-1]
				st = post(t, ts, "/api/move", `{"move":"`+mv+`"}`)
				humanMoves++
				if !strings.HasPrefix(st.Record, before+mv) {
					t.Fatalf("after playing %s on record %q: record %q", mv, before, st.Record)
				}
			}
			if !st.Over {
				t.Fatalf("the game did not end after %d moves of the person: %+v", humanMoves, st)
			}
			pos := replay(t, st)
			if got := pos.Board64(); got != st.Board {
				t.Errorf("board %s, but the record %q leads to %s", st.Board, st.Record, got)
			}
			if !pos.GameOver() {
				t.Errorf("state says over, but %s has a legal move", pos)
			}
			black, white := bits.OnesCount64(pos.Black()), bits.OnesCount64(pos.White())
			if st.Black != black || st.White != white {
				t.Errorf("counts %d-%d, want %d-%d", st.Black, st.White, black, white)
			}
			want := "draw"
			if black > white {
				want = "black"
			} else if white > black {
				want = "white"
			}
			if st.Result != want || !strings.HasPrefix(st.Status, "Game over") {
				t.Errorf("result %q status %q, want %q and a game-over sentence", st.Result, st.Status, want)
			}
			if st.YourTurn || st.Thinking || len(st.Legal) != 0 {
				t.Errorf("finished game: yourTurn=%v thinking=%v legal=%v, want false, false, []", st.YourTurn, st.Thinking, st.Legal)
			}
			if st.Thought == nil || st.Thought.Color != st.Engine {
				t.Errorf("thought %+v, want the engine's (%s) last move", st.Thought, st.Engine)
			}
			// The GGF copy is the same game, with the roles and the result.
			r, err := othello.ParseGGF(st.GGF)
			if err != nil {
				t.Fatalf("ggf %q: %v", st.GGF, err)
			}
			g, err := r.Game()
			if err != nil || g.Record() != st.Record || g.Position().Board64() != st.Board {
				t.Errorf("ggf %q replays to %q (%v); want the record %q", st.GGF, g.Record(), err, st.Record)
			}
			if you := map[string]string{"black": r.Black, "white": r.White}[color]; you != "you" ||
				r.Result != othello.GGFResult(black-white) {
				t.Errorf("ggf players %q/%q result %q; want you as %s and %s", r.Black, r.White, r.Result, color, othello.GGFResult(black-white))
			}
			// A move after the end is refused.
			if status, msg := refused(t, ts, http.MethodPost, "/api/move", "application/json", `{"move":"a1"}`); status != http.StatusConflict || !strings.Contains(msg, "game is over") {
				t.Errorf("move after the end: %d %q, want 409 and \"game is over\"", status, msg)
			}
		})
	}
}

// TestEngineMoveShown checks what the page shows of the engine's move.
func TestEngineMoveShown(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	post(t, ts, "/api/new", `{"color":"black"}`)
	st := post(t, ts, "/api/move", `{"move":"d3"}`)
	if st.LastMove != "d3" || !st.Thinking || st.Thought != nil {
		t.Fatalf("after d3: last move %q thinking %v thought %v", st.LastMove, st.Thinking, st.Thought)
	}
	st = waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	pos := othello.Start().Play(othello.MoveAt(2, 3))
	reply := othello.Move(bits.TrailingZeros64(pos.Moves()))
	want := "d3" + reply.String()
	if st.Record != want || st.LastMove != reply.String() {
		t.Fatalf("record %q last %q, want %q and %s", st.Record, st.LastMove, want, reply)
	}
	th := st.Thought
	if th == nil {
		t.Fatal("thought is null after the engine moved")
	}
	if th.Move != reply.String() || th.Color != "white" || th.WinRate == nil || *th.WinRate != 0.25 ||
		th.Playouts != int64(100*bits.OnesCount64(pos.Moves())) || len(th.PV) != 1 || th.PV[0] != th.Move || th.Summary != "fake" {
		t.Errorf("thought %+v (win rate %v), want the fake engine's numbers for %s", th, th.WinRate, reply)
	}
	if got := replay(t, st).Board64(); got != st.Board {
		t.Errorf("board %s, want %s", st.Board, got)
	}
}

// TestForcedPasses loads positions where one side has no move: the server
// plays the pass and says so.
func TestForcedPasses(t *testing.T) {
	// Black on b1, white on a1: black has no move; white's only move is
	// c1, which takes black's last disc.
	board := "OX" + strings.Repeat("-", 62)
	t.Run("person passes", func(t *testing.T) {
		_, ts := startServer(t, firstLegal{})
		st := post(t, ts, "/api/load", `{"board":"`+board+`","side":"X","color":"black"}`)
		if st.Record != "pac1" || !st.Over || st.Result != "white" || st.White != 3 || st.Black != 0 {
			t.Fatalf("record %q over %v result %q count %d-%d, want \"pac1\", true, white, 0-3", st.Record, st.Over, st.Result, st.Black, st.White)
		}
		if len(st.Notices) != 1 || !strings.Contains(st.Notices[0], "You (black) had no legal move") {
			t.Errorf("notices %q, want one announcing the person's pass", st.Notices)
		}
		if st.Thought == nil || st.Thought.Move != "c1" || st.Thought.Summary != "only legal move" || st.Thought.WinRate != nil {
			t.Errorf("thought %+v, want c1 as the only legal move without a win rate", st.Thought)
		}
		// docs/web.md: pv starts with the engine's move, searched or not.
		if th := st.Thought; th == nil || th.Playouts != 0 || !reflect.DeepEqual(th.PV, []string{"c1"}) {
			t.Errorf("thought %+v, want no playouts and the pv [c1]", th)
		}
		if !strings.Contains(st.Status, "The engine wins by 3") {
			t.Errorf("status %q, want the engine's win by 3", st.Status)
		}
	})
	t.Run("engine passes", func(t *testing.T) {
		_, ts := startServer(t, firstLegal{})
		st := post(t, ts, "/api/load", `{"board":"`+board+`","side":"black","color":"white"}`)
		if st.Record != "pa" || !st.YourTurn || st.Turn != "white" || len(st.Legal) != 1 || st.Legal[0] != "c1" {
			t.Fatalf("record %q yourTurn %v turn %q legal %v, want \"pa\", true, white, [c1]", st.Record, st.YourTurn, st.Turn, st.Legal)
		}
		if len(st.Notices) != 1 || !strings.Contains(st.Notices[0], "The engine (black) had no legal move and passed") {
			t.Errorf("notices %q, want one announcing the engine's pass", st.Notices)
		}
		st = post(t, ts, "/api/move", `{"move":"c1"}`)
		if !st.Over || st.Result != "white" || !strings.Contains(st.Status, "You win by 3") || len(st.Notices) != 0 {
			t.Errorf("after c1: over %v result %q status %q notices %q, want the person's win and no notice", st.Over, st.Result, st.Status, st.Notices)
		}
	})
}

func TestUndo(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	start := getState(t, ts)
	post(t, ts, "/api/move", `{"move":"d3"}`)
	mid := waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	post(t, ts, "/api/move", `{"move":"`+mid.Legal[0]+`"}`)
	waitFor(t, ts, "the engine's second reply", func(s State) bool { return s.YourTurn })

	st := post(t, ts, "/api/undo", "")
	if st.Board != mid.Board || st.Record != mid.Record || !st.YourTurn || !st.CanUndo {
		t.Fatalf("first undo: board %s record %q yourTurn %v canUndo %v, want %s %q true true", st.Board, st.Record, st.YourTurn, st.CanUndo, mid.Board, mid.Record)
	}
	if st.Thought != nil {
		t.Errorf("thought %+v after undo, want null: its move was taken back", st.Thought)
	}
	st = post(t, ts, "/api/undo", "{}")
	if st.Board != start.Board || st.Record != "" || st.CanUndo || st.LastMove != "" {
		t.Fatalf("second undo: board %s record %q canUndo %v last %q, want the start", st.Board, st.Record, st.CanUndo, st.LastMove)
	}
	status, msg := refused(t, ts, http.MethodPost, "/api/undo", "application/json", "")
	if status != http.StatusConflict || !strings.Contains(msg, "nothing to undo") {
		t.Errorf("undo at the start: %d %q, want 409 \"nothing to undo\"", status, msg)
	}
}

// TestUndoAsWhite checks that undo stops at the person's turn: the
// engine's opening move stays.
func TestUndoAsWhite(t *testing.T) {
	_, ts := startServer(t, firstLegal{})
	post(t, ts, "/api/new", `{"color":"white"}`)
	opened := waitFor(t, ts, "the engine's opening", func(s State) bool { return s.YourTurn })
	if len(opened.Record) != 2 || opened.CanUndo {
		t.Fatalf("after the engine's opening: record %q canUndo %v, want one move and nothing to undo", opened.Record, opened.CanUndo)
	}
	post(t, ts, "/api/move", `{"move":"`+opened.Legal[0]+`"}`)
	waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	st := post(t, ts, "/api/undo", "")
	if st.Record != opened.Record || st.Board != opened.Board || !st.YourTurn {
		t.Errorf("undo: record %q board %s yourTurn %v, want %q %s true", st.Record, st.Board, st.YourTurn, opened.Record, opened.Board)
	}
}

// TestUndoWhileThinking takes a move back while the engine thinks about
// its reply: the reply, when it comes, is dropped.
func TestUndoWhileThinking(t *testing.T) {
	th := newGated()
	s, ts := startServer(t, th)
	start := getState(t, ts)
	st := post(t, ts, "/api/move", `{"move":"f5"}`)
	if !st.Thinking || st.YourTurn || !strings.Contains(st.Status, "thinking") {
		t.Fatalf("after f5: thinking %v yourTurn %v status %q, want the engine thinking", st.Thinking, st.YourTurn, st.Status)
	}
	status, msg := refused(t, ts, http.MethodPost, "/api/move", "application/json", `{"move":"d3"}`)
	if status != http.StatusConflict || !strings.Contains(msg, "thinking") {
		t.Errorf("move while thinking: %d %q, want 409 about thinking", status, msg)
	}
	st = post(t, ts, "/api/undo", "")
	if st.Thinking || st.Board != start.Board || st.Record != "" || !st.YourTurn {
		t.Fatalf("undo while thinking: thinking %v board %s record %q, want the start position and no search", st.Thinking, st.Board, st.Record)
	}
	th.open()
	s.Close() // waits for the abandoned search to return
	if got := getState(t, ts); got.Version != st.Version || got.Board != start.Board {
		t.Errorf("after the abandoned search returned: version %d board %s, want %d and the start", got.Version, got.Board, st.Version)
	}
}

func TestLoad(t *testing.T) {
	th := newGated()
	_, ts := startServer(t, th)
	// FFO #40, black to move: the engine (black) must think.
	const board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------"
	st := post(t, ts, "/api/load", `{"board":"`+board+`","side":"X","color":"white"}`)
	if st.Board != board || st.Turn != "black" || st.Start != board+" X" || st.Record != "" || !st.Thinking {
		t.Fatalf("load: board %s turn %q start %q record %q thinking %v", st.Board, st.Turn, st.Start, st.Record, st.Thinking)
	}
	var g *othello.Game
	select {
	case g = <-th.started:
	case <-time.After(testTimeout):
		t.Fatal("the engine did not start thinking on the loaded position")
	}
	if got := g.Position().String(); got != board+" X" {
		t.Errorf("the engine thinks on %s, want %s X", got, board)
	}
	th.open()
	st = waitFor(t, ts, "the engine's move", func(s State) bool { return !s.Thinking })
	if len(st.Record) != 2 || st.Turn != "white" || !st.YourTurn {
		t.Errorf("after the engine's move: record %q turn %q, want one move and white to move", st.Record, st.Turn)
	}
	if got := replay(t, st).Board64(); got != st.Board {
		t.Errorf("board %s, want %s from the loaded start and the record", st.Board, got)
	}
}
