package web

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/thinking"
)

// valuer is a fake engine that values every legal move, with numbers a
// test can recompute from the position alone: the position's win rate
// for the mover is positionRate, a move's is moveRate, its visits
// moveVisits. It plays its lowest legal square. With holdBlack it does
// not answer for a position with black to move (the person's, in these
// tests) until its context ends, and then reports the context's error on
// ended; started receives those games.
type valuer struct {
	holdBlack bool
	started   chan *othello.Game
	ended     chan error
}

func newValuer(holdBlack bool) *valuer {
	return &valuer{holdBlack: holdBlack, started: make(chan *othello.Game, 16), ended: make(chan error, 16)}
}

func positionRate(pos othello.Position) float64 { return float64(pos.Empties()) / 64 }
func moveRate(m othello.Move) float64           { return float64(m) / 64 }
func moveVisits(m othello.Move) int64           { return int64(m) + 1 }

func (v *valuer) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	pos := g.Position()
	if v.holdBlack && pos.Turn == othello.Black {
		v.started <- g
		<-ctx.Done()
		v.ended <- ctx.Err()
		return thinking.Thought{}, ctx.Err()
	}
	moves := pos.Moves()
	if moves == 0 {
		return thinking.Thought{Move: othello.Pass}, nil
	}
	m := othello.Move(bits.TrailingZeros64(moves))
	t := thinking.Thought{Move: m, Playouts: 1000, WinRate: positionRate(pos), PV: []othello.Move{m}, Summary: "valuer"}
	for b := moves; b != 0; b &= b - 1 {
		sq := othello.Move(bits.TrailingZeros64(b))
		t.Values = append(t.Values, thinking.MoveValue{Move: sq, Visits: moveVisits(sq), WinRate: moveRate(sq)})
	}
	// What the page must not show: a repeat of a legal move with another
	// value, an occupied square, the pass, no move at all.
	occupied := othello.Move(bits.TrailingZeros64(pos.Black() | pos.White()))
	t.Values = append(t.Values,
		thinking.MoveValue{Move: m, Visits: 5, WinRate: 0.99},
		thinking.MoveValue{Move: occupied, Visits: 5, WinRate: 0.5},
		thinking.MoveValue{Move: othello.Pass, Visits: 5, WinRate: 0.5},
		thinking.MoveValue{Move: othello.NoMove, Visits: 5, WinRate: 0.5})
	return t, nil
}

// positionAt returns the position st's game reached after ply moves.
func positionAt(t *testing.T, st State, ply int) othello.Position {
	t.Helper()
	cut := st
	cut.Record = st.Record[:2*ply]
	return replay(t, cut)
}

// wantEvaluations is what the plot must hold for st: a point for each ply
// in plies, from the valuer's rate of the position, turned to black's side.
func wantEvaluations(t *testing.T, st State, plies map[int]string) []Evaluation {
	t.Helper()
	want := []Evaluation{}
	for ply := 0; 2*ply <= len(st.Record); ply++ {
		source, ok := plies[ply]
		if !ok {
			continue
		}
		pos := positionAt(t, st, ply)
		black := positionRate(pos)
		if pos.Turn == othello.White {
			black = 1 - black
		}
		want = append(want, Evaluation{Ply: ply, Source: source, Color: pos.Turn.String(),
			Move: othello.Move(bits.TrailingZeros64(pos.Moves())).String(), Black: black})
	}
	return want
}

// checkEvaluations compares st's plot with the points of wantEvaluations.
func checkEvaluations(t *testing.T, what string, st State, plies map[int]string) {
	t.Helper()
	if want := wantEvaluations(t, st, plies); !reflect.DeepEqual(st.Evaluations, want) {
		t.Errorf("%s (record %s): evaluations\n%+v\nwant\n%+v", what, st.Record, st.Evaluations, want)
	}
}

// highestLegal returns the person's highest legal square in st.
func highestLegal(t *testing.T, st State) string {
	t.Helper()
	if len(st.Legal) == 0 {
		t.Fatalf("no legal move in %+v", st)
	}
	return st.Legal[len(st.Legal)-1]
}

// TestAnalyzeValues asks for the values of the person's moves: every legal
// square gets the engine's value and no other square does, the game does
// not change, and the position's value joins the plot.
func TestAnalyzeValues(t *testing.T) {
	_, ts := startServer(t, newValuer(false))
	post(t, ts, "/api/move", `{"move":"d3"}`)
	before := waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })

	st := post(t, ts, "/api/analyze", `{}`)
	if st.Analysis == nil || (!st.Analysis.Running && st.Analysis.Thought == nil) || st.Thinking {
		t.Fatalf("after POST /api/analyze: analysis %+v thinking %v; want an analysis, the engine not choosing a move", st.Analysis, st.Thinking)
	}
	st = waitFor(t, ts, "the analysis", func(s State) bool { return s.Analysis != nil && !s.Analysis.Running })
	a := st.Analysis
	if st.Board != before.Board || st.Record != before.Record || !reflect.DeepEqual(st.Legal, before.Legal) ||
		!st.YourTurn || st.CanUndo != before.CanUndo || !reflect.DeepEqual(st.Thought, before.Thought) {
		t.Errorf("the analysis changed the game:\n got %+v\nwant %+v", st, before)
	}
	pos := replay(t, st)
	var want []SquareValue
	for b := pos.Moves(); b != 0; b &= b - 1 {
		sq := othello.Move(bits.TrailingZeros64(b))
		r := moveRate(sq)
		want = append(want, SquareValue{Move: sq.String(), Visits: moveVisits(sq), WinRate: &r})
	}
	if !reflect.DeepEqual(a.Values, want) {
		t.Errorf("values %s, want one per legal square of %s: %s", valuesText(a.Values), pos.Board64(), valuesText(want))
	}
	if a.Ply != 2 || a.Error != "" || a.Thought == nil || a.Thought.Move != st.Legal[0] || a.Thought.Color != "black" || a.Thought.Playouts != 1000 {
		t.Errorf("analysis ply %d error %q thought %+v; want ply 2, the valuer's move %s for black", a.Ply, a.Error, a.Thought, st.Legal[0])
	}
	checkEvaluations(t, "after the analysis", st, map[int]string{1: sourceEngine, 2: sourceAnalysis})

	// A move changes the position: the analysis is dropped, its point
	// stays, the engine's reply adds one.
	st = post(t, ts, "/api/move", `{"move":"`+highestLegal(t, st)+`"}`)
	if st.Analysis != nil {
		t.Errorf("after a move the analysis is %+v, want null", st.Analysis)
	}
	st = waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	checkEvaluations(t, "after the next move", st, map[int]string{1: sourceEngine, 2: sourceAnalysis, 3: sourceEngine})

	// Asking again after the analysis ended analyses afresh; stop hides it.
	post(t, ts, "/api/analyze", "")
	waitFor(t, ts, "the second analysis", func(s State) bool { return s.Analysis != nil && !s.Analysis.Running })
	st = post(t, ts, "/api/analyze/stop", "")
	if st.Analysis != nil || len(st.Evaluations) != 4 {
		t.Errorf("after stop: analysis %+v, %d evaluations; want null and 4 (the analysis's point kept)", st.Analysis, len(st.Evaluations))
	}
}

// valuesText writes values briefly, for failure messages.
func valuesText(vs []SquareValue) string {
	var b strings.Builder
	for _, v := range vs {
		r := "null"
		if v.WinRate != nil {
			r = fmt.Sprintf("%.3f", *v.WinRate)
		}
		fmt.Fprintf(&b, "%s=%s/%d/%s%+d ", v.Move, r, v.Visits, v.Proof, v.Score)
	}
	return b.String()
}

// TestEvaluationsThroughGame follows the plot through a game: a point for
// each engine move and each analysis, truncated by undo to the positions
// the game still reaches, emptied by a new game and by a load.
func TestEvaluationsThroughGame(t *testing.T) {
	_, ts := startServer(t, newValuer(false))
	st := getState(t, ts)
	if st.Evaluations == nil || len(st.Evaluations) != 0 {
		t.Fatalf("a new game's evaluations %#v, want []", st.Evaluations)
	}
	plies := map[int]string{}
	for i := 0; i < 3; i++ {
		post(t, ts, "/api/move", `{"move":"`+highestLegal(t, st)+`"}`)
		st = waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
		plies[2*i+1] = sourceEngine
		checkEvaluations(t, fmt.Sprintf("after move %d", i+1), st, plies)
	}
	post(t, ts, "/api/analyze", "")
	st = waitFor(t, ts, "the analysis", func(s State) bool { return s.Analysis != nil && !s.Analysis.Running })
	plies[6] = sourceAnalysis
	checkEvaluations(t, "after the analysis at ply 6", st, plies)

	// Undo takes back plies 5 and 6: the points of the engine's move at 5
	// and of the analysis at 6 go; those up to the position now shown
	// (ply 4) stay.
	full := st
	st = post(t, ts, "/api/undo", "")
	if len(st.Record) != 8 {
		t.Fatalf("after undo the record is %q, want 4 moves", st.Record)
	}
	if want := full.Evaluations[:2]; !reflect.DeepEqual(st.Evaluations, want) {
		t.Errorf("after undo: evaluations %+v, want the first two of %+v", st.Evaluations, full.Evaluations)
	}
	// An analysis at ply 4, then a move: the point at 4 stays.
	post(t, ts, "/api/analyze", "")
	st = waitFor(t, ts, "the analysis at ply 4", func(s State) bool { return s.Analysis != nil && !s.Analysis.Running })
	post(t, ts, "/api/move", `{"move":"`+highestLegal(t, st)+`"}`)
	st = waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })
	checkEvaluations(t, "after analysing ply 4 and playing on", st, map[int]string{1: sourceEngine, 3: sourceEngine, 4: sourceAnalysis, 5: sourceEngine})

	// A new game as white: the engine opens, its point is at ply 0 with
	// black to move.
	post(t, ts, "/api/new", `{"color":"white"}`)
	st = waitFor(t, ts, "the engine's opening", func(s State) bool { return s.YourTurn })
	checkEvaluations(t, "after a new game as white", st, map[int]string{0: sourceEngine})

	// A load starts an empty plot.
	st = post(t, ts, "/api/load", `{"board":"`+othello.Start().Board64()+`","side":"O","color":"white"}`)
	if len(st.Evaluations) != 0 {
		t.Errorf("after a load: evaluations %+v, want none", st.Evaluations)
	}
}

// TestAnalysisCancelled starts an analysis that runs until cancelled and
// checks that each change of position, and stop, cancels its search,
// drops the analysis, and that its late answer is not recorded.
func TestAnalysisCancelled(t *testing.T) {
	fixed := func(body string) func(*testing.T, State) string {
		return func(*testing.T, State) string { return body }
	}
	actions := []struct {
		name, path string
		body       func(*testing.T, State) string
	}{
		{"move", "/api/move", func(t *testing.T, st State) string { return `{"move":"` + highestLegal(t, st) + `"}` }},
		{"undo", "/api/undo", fixed(``)},
		{"new game", "/api/new", fixed(`{}`)},
		{"load", "/api/load", fixed(`{"board":"` + othello.Start().Board64() + `","side":"X"}`)},
		{"stop", "/api/analyze/stop", fixed(`{}`)},
	}
	for _, c := range actions {
		t.Run(c.name, func(t *testing.T) {
			th := newValuer(true)
			s, ts := startServer(t, th)
			// Only cancellation may end the analysis, not its deadline.
			post(t, ts, "/api/settings", `{"thinkMillis":60000}`)
			post(t, ts, "/api/move", `{"move":"d3"}`)
			before := waitFor(t, ts, "the engine's reply", func(s State) bool { return s.YourTurn })

			st := post(t, ts, "/api/analyze", "")
			if st.Analysis == nil || !st.Analysis.Running || st.Analysis.Ply != 2 {
				t.Fatalf("analysis %+v, want one running at ply 2", st.Analysis)
			}
			select {
			case g := <-th.started:
				if g.Position() != replay(t, before) {
					t.Fatalf("the analysis searched %s, want the position shown %s", g.Position(), replay(t, before).String())
				}
			case <-time.After(testTimeout):
				t.Fatal("the analysis did not start")
			}
			// Refused while it runs, and the refusal changes nothing.
			running := getState(t, ts)
			if status, msg := refused(t, ts, "POST", "/api/analyze", "application/json", ""); status != 409 || !strings.Contains(msg, "already analysing") {
				t.Errorf("a second analysis: %d %q, want 409 already analysing", status, msg)
			}
			if after := getState(t, ts); !reflect.DeepEqual(after, running) {
				t.Errorf("a refused analysis changed the state:\n got %+v\nwant %+v", after, running)
			}

			st = post(t, ts, c.path, c.body(t, before))
			if st.Analysis != nil {
				t.Errorf("after %s the analysis is %+v, want null", c.name, st.Analysis)
			}
			select {
			case err := <-th.ended:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("the analysis ended with %v, want context.Canceled", err)
				}
			case <-time.After(testTimeout):
				t.Fatal("the analysis was not cancelled")
			}
			// Every search has returned and been handled (the engine's
			// reply to a move included).
			s.searches.Wait()
			st = getState(t, ts)
			if st.Analysis != nil {
				t.Errorf("after the cancelled analysis returned: analysis %+v, want null", st.Analysis)
			}
			for _, e := range st.Evaluations {
				if e.Source == sourceAnalysis {
					t.Errorf("the cancelled analysis left a point %+v", e)
				}
			}
		})
	}
}

// TestAnalyzeRefused asks for an analysis when there is nothing of the
// person's to analyse; each refusal leaves the state as it was.
func TestAnalyzeRefused(t *testing.T) {
	check := func(t *testing.T, status int, msg, want string, wantStatus int, before, after State) {
		t.Helper()
		if status != wantStatus || !strings.Contains(msg, want) {
			t.Errorf("%d %q, want %d and a message containing %q", status, msg, wantStatus, want)
		}
		if !reflect.DeepEqual(after, before) {
			t.Errorf("state changed:\n got %+v\nwant %+v", after, before)
		}
	}
	t.Run("engine thinking", func(t *testing.T) {
		g := newGated()
		_, ts := startServer(t, g)
		t.Cleanup(g.open)
		post(t, ts, "/api/new", `{"color":"white"}`)
		before := waitFor(t, ts, "the engine's search", func(s State) bool { return s.Thinking })
		status, msg := refused(t, ts, "POST", "/api/analyze", "application/json", "{}")
		check(t, status, msg, "engine is thinking", 409, before, getState(t, ts))
	})
	t.Run("game over", func(t *testing.T) {
		_, ts := startServer(t, newValuer(false))
		before := post(t, ts, "/api/load", `{"board":"XX`+strings.Repeat("-", 62)+`","side":"O"}`)
		if !before.Over {
			t.Fatalf("loaded position not over: %+v", before)
		}
		status, msg := refused(t, ts, "POST", "/api/analyze", "application/json", "")
		check(t, status, msg, "game is over", 409, before, getState(t, ts))
	})
	t.Run("after close", func(t *testing.T) {
		s, ts := startServer(t, newValuer(false))
		s.Close()
		before := getState(t, ts)
		status, msg := refused(t, ts, "POST", "/api/analyze", "application/json", "")
		check(t, status, msg, "shutting down", 503, before, getState(t, ts))
	})
}

// TestAnalyzeOnlyMove analyses a position where the person has one legal
// move: it is the only square with a value, with no estimate, and the plot
// gets no point, since nothing was searched.
func TestAnalyzeOnlyMove(t *testing.T) {
	_, ts := startServer(t, newValuer(false))
	// Black's only move is a1, flanking b1 against c1.
	post(t, ts, "/api/load", `{"board":"-OX`+strings.Repeat("-", 61)+`","side":"X"}`)
	post(t, ts, "/api/analyze", "")
	st := waitFor(t, ts, "the analysis", func(s State) bool { return s.Analysis != nil && !s.Analysis.Running })
	want := []SquareValue{{Move: "a1"}}
	if a := st.Analysis; !reflect.DeepEqual(a.Values, want) || a.Thought == nil || a.Thought.Summary != "only legal move" {
		t.Errorf("analysis of an only move: values %s thought %+v; want a1 alone with no value, \"only legal move\"", valuesText(a.Values), a.Thought)
	}
	if len(st.Evaluations) != 0 {
		t.Errorf("evaluations %+v, want none for a move chosen without a search", st.Evaluations)
	}
}

// TestEvaluation checks the turn of a search's result into a point of the
// plot, black's expectation, by hand.
func TestEvaluation(t *testing.T) {
	d3 := othello.MoveAt(2, 3)
	thought := func(rate float64, proof thinking.Proof, score int) otp.Choice {
		return otp.Choice{Move: d3, Searched: true, Thought: thinking.Thought{Move: d3, WinRate: rate, Proof: proof, Score: score}}
	}
	cases := []struct {
		name  string
		mover othello.Color
		ch    otp.Choice
		ok    bool
		black float64
		proof string
		score int
	}{
		{"black's estimate", othello.Black, thought(0.75, thinking.ProofNone, 0), true, 0.75, "", 0},
		{"white's estimate", othello.White, thought(0.75, thinking.ProofNone, 0), true, 0.25, "", 0},
		{"white wins by 6", othello.White, thought(1, thinking.ProofExact, 6), true, 0, "exact", -6},
		{"black loses, proven", othello.Black, thought(0.4, thinking.ProofWLD, -1), true, 0, "wld", -1},
		{"white's proven draw", othello.White, thought(0.6, thinking.ProofExact, 0), true, 0.5, "exact", 0},
		{"proven, rate broken", othello.White, thought(nan(), thinking.ProofWLD, -1), true, 1, "wld", 1},
		{"rate broken", othello.Black, thought(nan(), thinking.ProofNone, 0), false, 0, "", 0},
		{"rate above 1", othello.Black, thought(1.5, thinking.ProofNone, 0), false, 0, "", 0},
		{"forced", othello.Black, otp.Choice{Move: d3}, false, 0, "", 0},
		{"failed", othello.Black, otp.Choice{Move: d3, Searched: true, Err: errThinker, Thought: thinking.Thought{Move: d3, WinRate: 0.5}}, false, 0, "", 0},
	}
	for _, c := range cases {
		ev, ok := evaluation(7, c.mover, sourceEngine, c.ch)
		want := Evaluation{Ply: 7, Source: sourceEngine, Color: c.mover.String(), Move: "d3", Black: c.black, Proof: c.proof, Score: c.score}
		if ok != c.ok || (ok && ev != want) {
			t.Errorf("%s: %+v %v, want %+v %v", c.name, ev, ok, want, c.ok)
		}
	}
}

// TestSquareValues checks the values shown on the squares against
// hand-made searches of the start position, whose legal moves are d3, c4,
// f5 and e6.
func TestSquareValues(t *testing.T) {
	pos := othello.Start()
	sq := func(s string) othello.Move {
		m, err := othello.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	r := func(v float64) *float64 { return &v }
	cases := []struct {
		name string
		t    thinking.Thought
		want []SquareValue
	}{
		{"tree search", thinking.Thought{Move: sq("d3"), Values: []thinking.MoveValue{
			{Move: sq("f5"), Visits: 5, WinRate: 0.9, Proven: true, Outcome: 1},
			{Move: sq("e6"), Visits: 3, WinRate: nan()},
			{Move: sq("d3"), Visits: 10, WinRate: 0.6},
			{Move: sq("c4"), Visits: 0, WinRate: 0}, // never tried: no estimate
		}}, []SquareValue{
			{Move: "d3", Visits: 10, WinRate: r(0.6)},
			{Move: "c4"},
			{Move: "f5", Visits: 5, WinRate: r(0.9), Proof: "wld", Score: 1},
			{Move: "e6", Visits: 3},
		}},
		{"an evaluation's values, no visits", thinking.Thought{Move: sq("c4"), Values: []thinking.MoveValue{
			{Move: sq("d3"), WinRate: 0.25}, {Move: sq("c4"), WinRate: 0.5},
		}}, []SquareValue{{Move: "d3", WinRate: r(0.25)}, {Move: "c4", WinRate: r(0.5)}}},
		{"the solver's exact win, no values", thinking.Thought{Move: sq("f5"), WinRate: 1, Proof: thinking.ProofExact, Score: 4},
			[]SquareValue{{Move: "f5", WinRate: r(1), Proof: "exact", Score: 4}}},
		{"the solver's exact win, every move proven", thinking.Thought{Move: sq("f5"), WinRate: 1, Proof: thinking.ProofExact, Score: 4, Values: []thinking.MoveValue{
			{Move: sq("f5"), WinRate: 1, Proven: true, Outcome: 1}, {Move: sq("d3"), WinRate: 1, Proven: true, Outcome: 1},
			{Move: sq("c4"), WinRate: 0.5, Proven: true, Outcome: 0}, {Move: sq("e6"), WinRate: 0, Proven: true, Outcome: -1},
		}}, []SquareValue{
			{Move: "d3", WinRate: r(1), Proof: "wld", Score: 1},
			{Move: "c4", WinRate: r(0.5), Proof: "wld", Score: 0},
			{Move: "f5", WinRate: r(1), Proof: "exact", Score: 4},
			{Move: "e6", WinRate: r(0), Proof: "wld", Score: -1},
		}},
		{"a proven loss for every move", thinking.Thought{Move: sq("e6"), WinRate: 0.3, Proof: thinking.ProofWLD, Score: -1, Values: []thinking.MoveValue{
			{Move: sq("e6"), Visits: 8, WinRate: 0.3}, {Move: sq("d3"), Visits: 2, WinRate: 0.1, Proven: true, Outcome: -1},
		}}, []SquareValue{{Move: "d3", Visits: 2, WinRate: r(0.1), Proof: "wld", Score: -1}, {Move: "e6", Visits: 8, WinRate: r(0.3), Proof: "wld", Score: -1}}},
		{"an illegal move reported alone", thinking.Thought{Move: sq("a1"), WinRate: 0.5}, []SquareValue{}},
	}
	for _, c := range cases {
		if got := squareValues(pos, c.t); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %s, want %s", c.name, valuesText(got), valuesText(c.want))
		}
	}
}

// TestAnalysisFailure analyses with a search that fails: the analysis says
// why, shows no value, and the plot gets no point.
func TestAnalysisFailure(t *testing.T) {
	_, ts := startServer(t, thinkerFunc(func(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
		return thinking.Thought{}, errThinker
	}))
	before := getState(t, ts)
	post(t, ts, "/api/analyze", "")
	st := waitFor(t, ts, "the analysis", func(s State) bool { return s.Analysis != nil && !s.Analysis.Running })
	if a := st.Analysis; !strings.Contains(a.Error, "search exploded") || len(a.Values) != 0 || a.Thought != nil {
		t.Errorf("a failed analysis: %+v, want the error, no values, no thought", a)
	}
	if len(st.Evaluations) != 0 || st.Record != before.Record || st.Board != before.Board {
		t.Errorf("a failed analysis changed the game or the plot: record %q evaluations %+v", st.Record, st.Evaluations)
	}
}
