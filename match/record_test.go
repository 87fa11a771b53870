package match

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/otp"
)

// A forfeit shows in the record and the summary: who, why, what was sent,
// and the rounds decided without play.
func TestRecordAndSummaryOfAForfeit(t *testing.T) {
	illegal := onCommand("genmove", 1, func(c matchtest.Call) matchtest.Action {
		return matchtest.Action{Writes: []string{"genmove " + matchtest.IllegalMove(c.Position).OTP()}}
	})
	run := runMatch(t, 3, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob", Behave: illegal})
	var b bytes.Buffer
	if err := WriteRecord(&b, &run.res); err != nil {
		t.Fatal(err)
	}
	rec := b.String()
	for _, want := range []string{
		"round 1\nblack: alice (player 1)\nwhite: bob (player 2)\nmoves: d3\n",
		"result: black (alice) wins by forfeit\n",
		`forfeit: white (bob): genmove: illegal move`,
		`received "genmove 2 3"`,
		"round 2\nblack: bob (player 2)\nwhite: alice (player 1)\nnot played: player 2 (bob) is out since round 1: illegal move\nresult: white (alice) wins without play\n",
		"round 3\n",
		"player 2: bob: 0 won, 3 lost, 0 drawn; disqualified in round 1",
	} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}

	data, err := json.Marshal(run.res.Summary())
	if err != nil {
		t.Fatal(err)
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Games) != 3 {
		t.Fatalf("%d games in the summary, want 3", len(s.Games))
	}
	g := s.Games[0]
	if g.Winner != 1 || g.ForfeitBy != "white" || g.Forfeit == nil || g.Forfeit.Reason != otp.ForfeitIllegalMove || g.Moves != "d3" {
		t.Errorf("round 1 summary %+v, want player 1 winning on white's illegal move after d3", g)
	}
	for _, g := range s.Games[1:] {
		if g.Played || g.Winner != 1 {
			t.Errorf("round %d summary played=%v winner=%d, want unplayed, won by player 1", g.Round, g.Played, g.Winner)
		}
	}
	if p := s.Players[1]; p.Lose != 3 || p.Quit || p.Forfeit == nil || p.ForfeitRound != 1 {
		t.Errorf("player 2 summary %+v, want 3 losses, no quit, disqualified in round 1", p)
	}
	if line := ProgressLine(&run.res.Games[0], 3); !strings.Contains(line, "round 1/3: alice (black)") || !strings.Contains(line, "[white: illegal move]") {
		t.Errorf("progress line %q, want the round, the players and the forfeit", line)
	}
}

// The record's first line counts the rounds in English.
func TestRecordCountsRounds(t *testing.T) {
	for n, want := range map[int]string{1: ", 1 round, ", 2: ", 2 rounds, "} {
		r := Result{Players: [2]PlayerResult{{Name: "a"}, {Name: "b"}}, Games: make([]GameResult, n)}
		var b bytes.Buffer
		if err := WriteRecord(&b, &r); err != nil {
			t.Fatal(err)
		}
		if first, _, _ := strings.Cut(b.String(), "\n"); !strings.Contains(first, want) {
			t.Errorf("%d rounds: first line %q, want %q in it", n, first, want)
		}
	}
}
