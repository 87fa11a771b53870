package match

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// TestGameResultFromSummary turns real matches into their JSON summaries
// and back: every round rebuilt from its summary is the game the judge
// played (moves, opening, final board, outcome, forfeit, players, round):
// clean games from an opening, one lost by an illegal move and the rounds
// left unplayed after it alike.
func TestGameResultFromSummary(t *testing.T) {
	clean := runMatchOf(t, Match{Rounds: 2, Openings: [][]othello.Move{{othello.MoveAt(4, 5), othello.MoveAt(5, 3)}}},
		&matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"})
	illegal := onCommand("genmove", 2, func(c matchtest.Call) matchtest.Action {
		return matchtest.Action{Writes: []string{"genmove " + matchtest.IllegalMove(c.Position).OTP()}}
	})
	forfeit := runMatch(t, 3, &matchtest.Engine{Name: "alice", Behave: illegal}, &matchtest.Engine{Name: "bob"})
	for _, run := range []matchRun{clean, forfeit} {
		// Through JSON, as the summary is read from a file.
		data, err := json.Marshal(run.res.Summary())
		if err != nil {
			t.Fatal(err)
		}
		var s Summary
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		for i := range s.Games {
			want := &run.res.Games[i]
			got, err := s.Games[i].GameResult()
			if err != nil {
				t.Fatalf("round %d: %v", i+1, err)
			}
			if got.Played != want.Played || got.Round != want.Round || got.Black != want.Black || got.White != want.White ||
				got.BlackPlayer != want.BlackPlayer || got.Outcome != want.Outcome || got.Note != want.Note {
				t.Errorf("round %d: rebuilt %+v, want %+v", i+1, got, want)
			}
			if !want.Played {
				continue
			}
			if got.Record() != want.Record() || got.Final != want.Final || got.Opening != want.Opening ||
				got.ForfeitBy != want.ForfeitBy || !reflect.DeepEqual(got.Forfeit, want.Forfeit) {
				t.Errorf("round %d: rebuilt moves %s opening %d final %v forfeit %v by %v; want %s, %d, %v, %v by %v", i+1,
					got.Record(), got.Opening, got.Final, got.Forfeit, got.ForfeitBy,
					want.Record(), want.Opening, want.Final, want.Forfeit, want.ForfeitBy)
			}
		}
	}
	if g := forfeit.res.Games[0]; g.Forfeit == nil || g.ForfeitBy != othello.Black {
		t.Errorf("round 1 of the forfeit match: %+v, want black's illegal move", g)
	}
	if g := forfeit.res.Games[1]; g.Played {
		t.Error("round 2 of the forfeit match was played, want it decided without play")
	}
}

// TestGameResultRefusesBadFacts changes one fact of a real game at a time:
// each change contradicts the moves, and is refused with what is wrong.
func TestGameResultRefusesBadFacts(t *testing.T) {
	moves, final := matchtest.Reference()
	g := GameResult{Played: true, Moves: moves, Final: final, Outcome: outcomeOf(final.Score())}
	good := g.Facts()
	if _, err := good.GameResult(""); err != nil {
		t.Fatalf("the reference game: %v", err)
	}
	// The reference game's first moves, stopped by a forfeit.
	cut := good
	cut.Moves = othello.FormatMoves(moves[:3])
	pos := othello.Start().Play(moves[0]).Play(moves[1]).Play(moves[2])
	cut.BlackDiscs, cut.WhiteDiscs, cut.Score = popcount(pos.Black()), popcount(pos.White()), pos.Score()
	cut.Forfeit, cut.ForfeitBy, cut.Outcome = &otp.Forfeit{Reason: otp.ForfeitTimeout}, "white", "black wins"
	if _, err := cut.GameResult(othello.FormatMoves(moves[:5])); err != nil {
		t.Fatalf("a game cut short in its opening by a forfeit: %v", err)
	}
	won := good.Outcome // the reference game is not a draw
	lost := map[string]string{"black wins": "white wins", "white wins": "black wins"}[won]
	for _, c := range []struct {
		name    string
		from    GameFacts
		opening string
		change  func(f *GameFacts)
		want    string
	}{
		{"unknown outcome", good, "", func(f *GameFacts) { f.Outcome = "black won" }, `outcome "black won"`},
		{"no outcome", good, "", func(f *GameFacts) { f.Outcome = "" }, `outcome ""`},
		{"bad notation", good, "", func(f *GameFacts) { f.Moves = "z9" + f.Moves[2:] }, "moves: "},
		{"an illegal move", good, "", func(f *GameFacts) { f.Moves = "a1" + f.Moves[2:] }, "moves: move 1 (a1)"},
		{"another opening", good, "f5", func(f *GameFacts) {}, "do not start with the opening f5"},
		{"bad opening", good, "f", func(f *GameFacts) {}, "opening: "},
		{"black's discs", good, "", func(f *GameFacts) { f.BlackDiscs++ }, "but the moves end with"},
		{"the score", good, "", func(f *GameFacts) { f.Score = -f.Score }, "but the moves end with"},
		{"the loser wins", good, "", func(f *GameFacts) { f.Outcome = lost }, "but the score"},
		{"a forfeit by nobody", good, "", func(f *GameFacts) { f.Forfeit = &otp.Forfeit{Reason: otp.ForfeitTimeout} }, "by nobody"},
		{"unfinished, no forfeit", cut, "", func(f *GameFacts) { f.Forfeit, f.ForfeitBy = nil, "" }, "is not over"},
		{"a forfeit without one", cut, "", func(f *GameFacts) { f.Forfeit = nil }, "without a forfeit"},
		{"the forfeiter wins", cut, "", func(f *GameFacts) { f.Outcome = "white wins" }, `a forfeit by white makes it "black wins"`},
		{"both forfeit a game played", cut, "", func(f *GameFacts) { f.ForfeitBy = "both" }, `forfeit by "both"`},
	} {
		f := c.from
		c.change(&f)
		if _, err := f.GameResult(c.opening); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
	// An unplayed game holds no moves to check, whatever its forfeits.
	none := GameFacts{Played: false, Note: "no connection", Outcome: "draw", ForfeitBy: "both", Forfeit: &otp.Forfeit{Reason: otp.ForfeitNoConnection}}
	if g, err := none.GameResult("f5"); err != nil || g.Played || g.Forfeit != nil || g.Note != "no connection" {
		t.Errorf("an unplayed game: %+v, %v; want it unplayed, with its note", g, err)
	}
}
