package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/einstein"
)

// scripted is a seat for tests: it plays its first legal move, or fails
// at its move number failAt (counting from 1) with err, or answers that
// move with an illegal one; it records what it was told.
type scripted struct {
	failAt  int
	err     error // nil: an illegal move at failAt
	moves   int
	results []string
}

func (s *scripted) Name() string                                { return "scripted" }
func (s *scripted) Begin(einstein.Color, einstein.Layout) error { return nil }
func (s *scripted) Move(_ context.Context, pos einstein.Position, _ einstein.Move, _ time.Duration) (einstein.Move, error) {
	s.moves++
	if s.moves == s.failAt {
		if s.err != nil {
			return einstein.Pass, s.err
		}
		var buf [einstein.MaxMoves]einstein.Move
		legal := pos.Moves(buf[:0])
		for _, m := range []einstein.Move{einstein.Pass, legal[0]} {
			// A pass while a move exists, or a move not allowed now.
			if pos.Check(m) != nil {
				return m, nil
			}
		}
		return einstein.Pass, errors.New("no illegal move found")
	}
	var buf [einstein.MaxMoves]einstein.Move
	return pos.Moves(buf[:0])[0], nil
}
func (s *scripted) Finish(won bool) {
	s.results = append(s.results, map[bool]string{true: "won", false: "lost"}[won])
}
func (s *scripted) Fault()   { s.results = append(s.results, "fault") }
func (s *scripted) Abandon() { s.results = append(s.results, "abandon") }
func (s *scripted) Close()   {}

// A round played out has a winner and no forfeit; a seat that breaks
// the rules loses with the rule named, its seat faulted and the other
// told it won.
func TestPlayRoundForfeits(t *testing.T) {
	l, _ := einstein.ParseLayout("123456")
	late := &BreachError{BreachTimeout, errors.New("sent no move within 1s")}
	for _, c := range []struct {
		name        string
		red, blue   *scripted
		winner      einstein.Color
		forfeit     bool
		breach      Breach
		reason      string
		redR, blueR string
	}{
		{"played out", &scripted{}, &scripted{}, 0, false, "", "", "", ""},
		{"red late", &scripted{failAt: 2, err: late}, &scripted{}, einstein.Blue, true, BreachTimeout, "red forfeits: sent no move within 1s", "fault", "won"},
		{"blue illegal", &scripted{}, &scripted{failAt: 1}, einstein.Red, true, BreachIllegalMove, "blue forfeits: illegal", "won", "fault"},
		{"blue says nothing of its rule", &scripted{}, &scripted{failAt: 1, err: errors.New("odd")}, einstein.Red, true, "", "blue forfeits: odd", "won", "fault"},
	} {
		res := PlayRound(t.Context(), l, [3]Seat{einstein.Red: c.red, einstein.Blue: c.blue}, time.Second, nil)
		if c.name == "played out" {
			if res.Forfeit || res.Abandoned != "" || len(res.Moves) == 0 || !strings.HasPrefix(res.Reason, "reached") && !strings.HasPrefix(res.Reason, "captured") {
				t.Errorf("%s: %+v, want a round won on the board", c.name, res)
			}
			continue
		}
		if res.Winner != c.winner || res.Forfeit != c.forfeit || res.Breach != c.breach || !strings.HasPrefix(res.Reason, c.reason) ||
			strings.Join(c.red.results, ",") != c.redR || strings.Join(c.blue.results, ",") != c.blueR {
			t.Errorf("%s: %+v, red told %v, blue %v; want %v wins, breach %q, %q..., red %s, blue %s",
				c.name, res, c.red.results, c.blue.results, c.winner, c.breach, c.reason, c.redR, c.blueR)
		}
	}
}

// A cancelled round is abandoned: no result, both seats told.
func TestPlayRoundAbandoned(t *testing.T) {
	l, _ := einstein.ParseLayout("654321")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	red, blue := &scripted{}, &scripted{}
	res := PlayRound(ctx, l, [3]Seat{einstein.Red: red, einstein.Blue: blue}, time.Second, nil)
	if !strings.Contains(res.Abandoned, "abandoned") || len(red.results) != 1 || red.results[0] != "abandon" || blue.results[0] != "abandon" {
		t.Errorf("%+v, red %v, blue %v; want abandoned, both told", res, red.results, blue.results)
	}
}

// ended is a seat whose agent has ended: Begin fails when beginErr says
// so, its first move fails as a closed output, and Gone says it is gone.
type ended struct {
	scripted
	beginErr bool
}

var errEnded = &BreachError{BreachDisconnected, errors.New(`closed its output after "": it exited (exit status 0)`)}

func (e *ended) Begin(einstein.Color, einstein.Layout) error {
	if e.beginErr {
		return errEnded
	}
	return nil
}
func (e *ended) Move(context.Context, einstein.Position, einstein.Move, time.Duration) (einstein.Move, error) {
	return einstein.Pass, errEnded
}
func (e *ended) Gone(time.Duration) error { return errEnded }

// alive is a seat in good standing that can also say so (Prober).
type alive struct{ scripted }

func (a *alive) Gone(time.Duration) error { return nil }

// A seat that ends before its first move could not play: the round is
// unplayed, its fault named; when the opponent had ended too, neither
// could play. A seat that fails after a move, or with a late first
// move, has played.
func TestPlayRoundUnplayed(t *testing.T) {
	l, _ := einstein.ParseLayout("123456")
	late := &BreachError{BreachTimeout, errors.New("sent no move within 1s")}
	gone := errEnded.Error()
	for _, c := range []struct {
		name      string
		red, blue Seat
		unplayed  bool
		winner    einstein.Color
		faults    []einstein.Color
		reason    string
	}{
		{"red ended", &ended{}, &alive{}, true, einstein.Blue, []einstein.Color{einstein.Red}, "red forfeits: " + gone},
		{"blue ended", &alive{}, &ended{}, true, einstein.Red, []einstein.Color{einstein.Blue}, "blue forfeits: " + gone},
		{"both ended", &ended{}, &ended{}, true, einstein.None, []einstein.Color{einstein.Red, einstein.Blue},
			"neither agent could play: red forfeits: " + gone + "; blue forfeits: " + gone},
		{"blue not given the board, red there", &alive{}, &ended{beginErr: true}, true, einstein.Red, []einstein.Color{einstein.Blue}, "blue forfeits: " + gone},
		{"blue not given the board, red ended", &ended{}, &ended{beginErr: true}, true, einstein.None, []einstein.Color{einstein.Red, einstein.Blue},
			"neither agent could play: red forfeits: " + gone + "; blue forfeits: " + gone},
		{"a person is not probed", &ended{}, &scripted{}, true, einstein.Blue, []einstein.Color{einstein.Red}, "red forfeits: " + gone},
		{"red late at once", &scripted{failAt: 1, err: late}, &ended{}, false, einstein.Blue, nil, "red forfeits: sent no move"},
		{"red ends after a move", &scripted{failAt: 2, err: errEnded}, &alive{}, false, einstein.Blue, nil, "red forfeits: " + gone},
	} {
		res := PlayRound(t.Context(), l, [3]Seat{einstein.Red: c.red, einstein.Blue: c.blue}, time.Second, nil)
		var faults []einstein.Color
		for _, f := range res.Faults {
			faults = append(faults, f.Color)
			if f.Breach != BreachDisconnected || f.Reason != gone {
				t.Errorf("%s: fault %+v, want %q: %q", c.name, f, BreachDisconnected, gone)
			}
		}
		if res.Unplayed != c.unplayed || res.Winner != c.winner || !res.Forfeit || !strings.HasPrefix(res.Reason, c.reason) ||
			fmt.Sprint(faults) != fmt.Sprint(c.faults) {
			t.Errorf("%s: unplayed %v, %v wins: %q, faults %v; want %v, %v: %q, %v",
				c.name, res.Unplayed, res.Winner, res.Reason, faults, c.unplayed, c.winner, c.reason, c.faults)
		}
	}
}
