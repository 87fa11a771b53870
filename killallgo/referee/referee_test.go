package referee

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/sgf"
)

// at returns the move at (x, y).
func at(x, y int) killallgo.Move {
	m, _ := killallgo.At(x, y)
	return m
}

// playPipes plays black's script against white's, over pipes.
func playPipes(t *testing.T, blackScript, whiteScript string, cfg Config) Result {
	t.Helper()
	res, err := Play(pipeFake("black-prog", blackScript), pipeFake("white-prog", whiteScript), cfg, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestGoldenGame: the whole conversation of a short game and its record,
// byte for byte. Black has a handicap stone at (2, 1); white plays the
// corner (1, 1), whose one liberty black takes at (1, 2): no white stone
// is left, black wins. Checked by hand against the protocol of seed 001
// and the rules of docs/killallgo.md.
func TestGoldenGame(t *testing.T) {
	cfg := Config{TimeLimit: 10, Handicap: []killallgo.Move{at(2, 1)}, Date: "2026-11-25"} // prompt fakes: a long limit keeps a busy machine from making one late
	res := playPipes(t, "1 2", "1 1", cfg)
	want, err := os.ReadFile("testdata/capture.transcript")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Transcript, "\n") + "\n"; got != string(want) {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
	if res.Winner != goban.Black || res.Forfeit || res.Reason != "black captured every white stone" || res.Plies != 2 {
		t.Errorf("result %+v", res)
	}
	wantSGF, err := os.ReadFile("testdata/capture.sgf")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sgf.Marshal(res.Record)
	if err != nil {
		t.Fatal(err)
	}
	if string(rec) != string(wantSGF) {
		t.Errorf("record:\n%s\nwant:\n%s", rec, wantSGF)
	}
}

// TestEnds: each way a game ends, and the forfeits, each with its
// reason quoted.
func TestEnds(t *testing.T) {
	hc := []killallgo.Move{at(2, 1)}
	cases := []struct {
		name, black, white string
		handicap           []killallgo.Move // nil: a stone at (2, 1)
		winner             goban.Color
		reason             string
		late               bool
		result             string
		breach             Breach
	}{
		{"both pass", "0 0", "0 0", nil, goban.White, "both players passed, white's stones alive", false, "W+", ""},
		{"malformed", "", "hello", nil, goban.Black, `white forfeits: to "think w" it replied "hello": want two integers X Y (0 0 for a pass)`, false, "B+Forfeit", BreachMalformed},
		{"three numbers", "", "1 1 1", nil, goban.Black, `replied "1 1 1": want two integers`, false, "B+Forfeit", BreachMalformed},
		{"off the board", "", "8 1", nil, goban.Black, `replied "8 1": (8, 1) is off the board`, false, "B+Forfeit", BreachMalformed},
		{"occupied", "", "2 1", nil, goban.Black, `white forfeits: to "think w" it replied "2 1", an illegal move: the point is occupied`, false, "B+Forfeit", BreachIllegalMove},
		{"suicide", "7 7,1 1", "1 2,2 1", []killallgo.Move{}, goban.White, `black forfeits: to "think b" it replied "1 1", an illegal move: suicide`, false, "W+Forfeit", BreachIllegalMove},
		{"a put refused", "badput;", "1 1", nil, goban.White, `black forfeits: to "put w 1 1" it replied "error: refused", want ok`, false, "W+Forfeit", BreachWrongReply},
		{"late", "", "!sleep", nil, goban.Black, `white forfeits: to "think w" it did not reply within 1.1s`, true, "B+Time", BreachTimeout},
		{"exits", "!exit", "", nil, goban.White, `black forfeits: to "think b" it closed its output: it exited (exit status 3)`, false, "W+Forfeit", BreachDisconnected},
		{"a long line", "", "!long", nil, goban.Black, `white forfeits: to "think w" it wrote a line longer than 4096 bytes`, false, "B+Forfeit", BreachTooLong},
	}
	for _, c := range cases {
		h := c.handicap
		if h == nil {
			h = hc
		}
		// A fake answers at once: only the one that sleeps 3 s needs the
		// short limit, and a long one keeps a busy machine from making
		// the others late.
		limit := 10
		if c.late {
			limit = 1
		}
		res := playPipes(t, c.black, c.white, Config{TimeLimit: limit, Handicap: h, Grace: 100 * time.Millisecond})
		if res.Winner != c.winner || !strings.Contains(res.Reason, c.reason) || res.Late != c.late ||
			res.Forfeit != (c.result != "W+" && c.result != "B+") || res.Record.Result != c.result || res.Breach != c.breach {
			t.Errorf("%s: %v wins, %q, forfeit %v, late %v, RE %q, breach %q; want %v, %q, late %v, RE %q, breach %q",
				c.name, res.Winner, res.Reason, res.Forfeit, res.Late, res.Record.Result, res.Breach, c.winner, c.reason, c.late, c.result, c.breach)
		}
		if c.late && res.Thinking[goban.White] < 1100*time.Millisecond {
			t.Errorf("%s: white thought %v, want the 1.1 s it was given at least", c.name, res.Thinking[goban.White])
		}
		if n := len(res.Record.Moves); n > 0 && !strings.Contains(res.Record.Moves[n-1].Comment, res.Reason) {
			t.Errorf("%s: the record's last comment %q does not say %q", c.name, res.Record.Moves[n-1].Comment, res.Reason)
		}
	}
}

// TestConfigRefused: a configuration that cannot be played is an error,
// and no game.
func TestConfigRefused(t *testing.T) {
	for _, cfg := range []Config{
		{TimeLimit: 0},
		{TimeLimit: 3601},
		{TimeLimit: 1, Handicap: []killallgo.Move{at(3, 3), at(3, 3)}},
		{TimeLimit: 1, Grace: -time.Second},
	} {
		if _, err := Play(pipeFake("b", ""), pipeFake("w", ""), cfg, zap.NewNop()); err == nil {
			t.Errorf("%+v: played, want an error", cfg)
		}
	}
}

// TestRandomGames plays whole games between random players over pipes:
// every game ends by the rules, and its record, read back from SGF and
// replayed on a fresh board, gives the same position and winner.
func TestRandomGames(t *testing.T) {
	for h := 0; h <= killallgo.MaxHandicap; h += 2 {
		stones, _ := killallgo.Handicap(h)
		res := playPipes(t, "", "", Config{TimeLimit: 5, Handicap: stones})
		if res.Forfeit {
			t.Fatalf("handicap %d: %s", h, res.Reason)
		}
		checkRecord(t, res)
	}
}

// checkRecord reads the result's record back from its SGF and replays it.
func checkRecord(t *testing.T, res Result) {
	t.Helper()
	data, err := sgf.Marshal(res.Record)
	if err != nil {
		t.Fatal(err)
	}
	back, err := sgf.Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !reflect.DeepEqual(back, res.Record) {
		t.Fatalf("record read back:\n%+v\nwant\n%+v", back, res.Record)
	}
	if back.Size != 7 || !strings.HasPrefix(string(data), "(;FF[4]GM[1]") || len(back.AddBlack) != back.Handicap {
		t.Errorf("record head: %s", data[:60])
	}
	g := killallgo.NewGame()
	for _, p := range back.AddBlack {
		if err := g.Put(at(p.Col+1, killallgo.Size-p.Row), goban.Black); err != nil {
			t.Fatal(err)
		}
	}
	_ = g.Start()
	for i, m := range back.Moves {
		c := map[sgf.Color]goban.Color{sgf.Black: goban.Black, sgf.White: goban.White}[m.Color]
		if want := []goban.Color{goban.White, goban.Black}[i%2]; c != want {
			t.Fatalf("move %d by %v, want %v: colours alternate from white", i+1, c, want)
		}
		if m.Pass {
			err = g.Pass(c)
		} else {
			err = g.Put(at(m.Point.Col+1, killallgo.Size-m.Point.Row), c)
		}
		if err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	if g.Plies() != res.Plies {
		t.Errorf("%d plies replayed, result says %d", g.Plies(), res.Plies)
	}
	last := goban.White
	if len(back.Moves)%2 == 0 {
		last = goban.Black
	}
	st, err := g.State(last.Other())
	twoPasses := len(back.Moves) >= 2 && back.Moves[len(back.Moves)-1].Pass && back.Moves[len(back.Moves)-2].Pass
	switch {
	case err != nil, twoPasses:
		if res.Winner != goban.White {
			t.Errorf("cap or two passes, but %v wins", res.Winner)
		}
	case !st.Over() || st.Winner() != res.Winner:
		t.Errorf("replayed: over %v, winner %v; result %v (%s)", st.Over(), st.Winner(), res.Winner, res.Reason)
	}
	if want := map[goban.Color]string{goban.Black: "B+", goban.White: "W+"}[res.Winner]; back.Result != want {
		t.Errorf("RE %q, want %q", back.Result, want)
	}
}

// TestTemplatePrompts: programs on the course's 2013 template write a
// prompt before reading each command, so that their replies read ">>ok"
// and ">4 3". The referee judges them by the replies: the golden game
// between two such programs ends as it does between plain ones, with the
// same record, and the transcript keeps the lines as they were written.
// A template program's illegal move is still its forfeit, quoted whole.
func TestTemplatePrompts(t *testing.T) {
	cfg := Config{TimeLimit: 10, Handicap: []killallgo.Move{at(2, 1)}, Date: "2026-11-25"}
	plain := playPipes(t, "1 2", "1 1", cfg)
	res := playPipes(t, "prompt;1 2", "prompt;1 1", cfg)
	if res.Forfeit || res.Winner != goban.Black || res.Reason != plain.Reason || res.Plies != plain.Plies {
		t.Errorf("template programs: %v wins after %d plies: %s; want %v after %d: %s",
			res.Winner, res.Plies, res.Reason, plain.Winner, plain.Plies, plain.Reason)
	}
	if !reflect.DeepEqual(res.Record, plain.Record) {
		t.Errorf("record %+v, want %+v", res.Record, plain.Record)
	}
	transcript := strings.Join(res.Transcript, "\n")
	for _, line := range []string{"← black: >>ok", "← white: >1 1", "← black: >1 2"} {
		if !strings.Contains(transcript, line) {
			t.Errorf("transcript lacks %q:\n%s", line, transcript)
		}
	}
	bad := playPipes(t, "prompt;", "prompt;2 1", cfg)
	want := `white forfeits: to "think w" it replied ">2 1", an illegal move: the point is occupied`
	if bad.Winner != goban.Black || bad.Reason != want || bad.Breach != BreachIllegalMove {
		t.Errorf("occupied point: %v wins: %q (%q); want black: %q", bad.Winner, bad.Reason, bad.Breach, want)
	}
	for h := 0; h <= killallgo.MaxHandicap; h += 3 {
		stones, _ := killallgo.Handicap(h)
		res := playPipes(t, "prompt;", "prompt;", Config{TimeLimit: 5, Handicap: stones})
		if res.Forfeit {
			t.Fatalf("handicap %d, random template programs: %s", h, res.Reason)
		}
		checkRecord(t, res)
	}
}

// TestUnplayed: a program that fails its set-up could not play, and the
// game is unplayed, as an Othello game with an engine that never
// connects: the other wins unplayed, and when neither could play the
// game is void, both programs named with their reasons.
func TestUnplayed(t *testing.T) {
	gone := `to "reset" it closed its output: it exited (exit status 3)`
	cases := []struct {
		black, white string
		winner       goban.Color
		faults       []goban.Color
		reason, re   string
	}{
		{"!gone", "", goban.White, []goban.Color{goban.Black}, "black forfeits: " + gone, "W+Forfeit"},
		{"", "!gone", goban.Black, []goban.Color{goban.White}, "white forfeits: " + gone, "B+Forfeit"},
		{"!gone", "!gone", goban.Empty, []goban.Color{goban.Black, goban.White},
			"neither program could play: black forfeits: " + gone + "; white forfeits: " + gone, "Void"},
	}
	for _, c := range cases {
		res := playPipes(t, c.black, c.white, Config{TimeLimit: 10})
		var faults []goban.Color
		for _, f := range res.Faults {
			faults = append(faults, f.Color)
			if f.Breach != BreachDisconnected || f.Reason != gone {
				t.Errorf("%q vs %q: fault %+v, want %q, %q", c.black, c.white, f, BreachDisconnected, gone)
			}
		}
		if !res.Unplayed || !res.Forfeit || res.Winner != c.winner || res.Reason != c.reason || res.Plies != 0 ||
			!reflect.DeepEqual(faults, c.faults) || res.Record.Result != c.re {
			t.Errorf("%q vs %q: unplayed %v, %v wins: %q, faults %v, RE %q; want unplayed, %v: %q, %v, %q",
				c.black, c.white, res.Unplayed, res.Winner, res.Reason, faults, res.Record.Result, c.winner, c.reason, c.faults, c.re)
		}
	}
	// A program that fails later has played: the game counts.
	if res := playPipes(t, "!exit", "", Config{TimeLimit: 10}); res.Unplayed || len(res.Faults) > 0 {
		t.Errorf("an exit at think: unplayed %v, faults %v", res.Unplayed, res.Faults)
	}
}
