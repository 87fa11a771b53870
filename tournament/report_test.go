package tournament

import (
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/otp"
)

// won returns game n of round r, black engine b against white w, won by
// winner (-1 for a draw), played unless an engine never connected.
func won(n, r, b, w, winner int, played bool) Record {
	rec := Record{Game: n, Round: r, BlackEngine: b, WhiteEngine: w, Winner: winner}
	rec.Played = played
	return rec
}

func TestNeverPlayed(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	recs := []Record{
		won(1, 1, 0, 1, 0, false), // b never connected
		won(2, 1, 1, 0, 0, false),
		won(3, 1, 0, 2, 2, true),
		won(4, 1, 2, 0, -1, false), // c played game 3
	}
	got := NeverPlayed(names, recs)
	want := []string{"b (2 games, all unplayed)"} // d had no game: not named
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("NeverPlayed = %q, want %q", got, want)
	}
	if got := NeverPlayed(names, recs[:1]); strings.Join(got, "|") != "a (1 game, all unplayed)|b (1 game, all unplayed)" {
		t.Errorf("NeverPlayed of game 1 = %q, want a and b with 1 game each", got)
	}
}

// The verdict names the hypothesis accepted in Elo, or why none was.
func TestSPRTVerdict(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	names := []string{"new", "old"}
	h1 := test.Result(Pentanomial{0, 0, 0, 0, 8}) // 8 pairs won twice: decided
	h0 := test.Result(Pentanomial{0, 0, 5, 0, 0}) // 5 pairs split: decided
	open := test.Result(Pentanomial{0, 0, 1, 0, 0})
	const head = "sprt elo0=0,elo1=200,alpha=0.05,beta=0.05: new vs old, "
	for _, c := range []struct {
		r      SPRTResult
		ranOut bool
		want   string
	}{
		{h1, false, head + "8 pairs (pentanomial 0 0 0 0 8): " + h1.Short() + ": H1 accepted (new is +200 Elo stronger than old rather than +0)"},
		{h0, true, head + "5 pairs (pentanomial 0 0 5 0 0): " + h0.Short() + ": H0 accepted (new is +0 Elo stronger than old rather than +200)"},
		{open, true, head + "1 pair (pentanomial 0 0 1 0 0): " + open.Short() + ": not decided: the rounds ran out first (more --rounds resume it)"},
		{open, false, head + "1 pair (pentanomial 0 0 1 0 0): " + open.Short() + ": not decided: stopped before the end"},
	} {
		if got := SPRTVerdict(&c.r, names, c.ranOut); got != c.want {
			t.Errorf("SPRTVerdict(%v, ranOut %v) =\n%s\nwant\n%s", c.r.Pentanomial, c.ranOut, got, c.want)
		}
	}
}

// The end of a tournament's output: the standings, the resources when
// asked, the pairs, the verdict when there is a test, in that order.
func TestWriteFinal(t *testing.T) {
	names := []string{"a", "b"}
	recs := []Record{won(1, 1, 0, 1, 0, true), won(2, 1, 1, 0, 0, true)}
	recs[0].BlackUsage = &engineproc.Usage{CPUMS: 1000, ThinkMS: 900, WallMS: 2000}
	var plain, full strings.Builder
	WriteFinal(&plain, names, recs, "2 of 2 games", nil, true, false)
	var st, pairs strings.Builder
	WriteStandings(&st, Standings(names, recs))
	WritePairwise(&pairs, names, Pairwise(2, recs))
	if want := "final standings (2 of 2 games)\n" + st.String() + "\npairs\n" + pairs.String(); plain.String() != want {
		t.Errorf("WriteFinal =\n%s\nwant\n%s", plain.String(), want)
	}
	test := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}.Result(CountPairs(recs, 0, 1))
	WriteFinal(&full, names, recs, "2 of 2 games", &test, true, true)
	out := full.String()
	res, pair, verdict := strings.Index(out, "\nresources (summed over each engine's games)\n"), strings.Index(out, "\npairs\n"), strings.Index(out, "\nsprt ")
	if !strings.HasPrefix(out, plain.String()[:len("final standings (2 of 2 games)\n")+st.Len()]) || res < 0 || pair < res || verdict < pair ||
		!strings.HasSuffix(out, SPRTVerdict(&test, names, true)+"\n") {
		t.Errorf("WriteFinal with resources and a test:\n%s\nwant the standings, resources, pairs, then the verdict", out)
	}
	var none strings.Builder
	WriteFinal(&none, names, recs[1:], "1 of 2 games", nil, false, true)
	if !strings.Contains(none.String(), "resources (summed over each engine's games)\nno game has figures\n") {
		t.Errorf("WriteFinal without figures:\n%s\nwant no game has figures", none.String())
	}
}

func TestProgressLines(t *testing.T) {
	r := Record{Game: 7, Round: 2, Opening: "625314", Black: "mcts", White: "greedy"}
	r.Played, r.Outcome, r.Moves, r.DurationMS = true, "black wins", "23 00 51", 1234.4
	if got, want := GameProgressLine(&r, 3, 24, 4), "game 3/24 (#7, opening 625314), round 2/4: mcts (black) vs greedy (white): black wins, 3 plies, 1.234s"; got != want {
		t.Errorf("GameProgressLine =\n%s\nwant\n%s", got, want)
	}
	r.Played, r.Note, r.Outcome = false, "white could not be started", "black wins"
	r.Forfeit, r.ForfeitBy = &otp.Forfeit{Reason: otp.ForfeitNoConnection}, "white"
	if got, want := GameProgressLine(&r, 3, 24, 4), "game 3/24 (#7, opening 625314), round 2/4: mcts (black) vs greedy (white): black wins, not played (white could not be started) [white: no connection]"; got != want {
		t.Errorf("GameProgressLine unplayed =\n%s\nwant\n%s", got, want)
	}
	r.ForfeitBy = "both"
	if got := GameProgressLine(&r, 3, 24, 4); !strings.HasSuffix(got, ") [both forfeit]") {
		t.Errorf("GameProgressLine both forfeit = %s", got)
	}
	g := match.GameResult{Round: 1, Black: "x", White: "y"}
	o := Record{Game: 2, Opening: "f5d6"}
	o.ForfeitBy = "both"
	if got, want := ProgressLine(&o, &g, 1, 2, 1), "game 1/2 (#2, opening f5d6), "+match.ProgressLine(&g, 1)+" [both forfeit]"; got != want {
		t.Errorf("ProgressLine =\n%s\nwant\n%s", got, want)
	}
}

func TestResourcesLine(t *testing.T) {
	r := Record{Black: "a", White: "b"}
	if got := r.ResourcesLine(); got != "" {
		t.Errorf("without figures: %q, want nothing", got)
	}
	u := engineproc.Usage{CPUMS: 1500, ThinkMS: 1200, WallMS: 2500, PeakRSSKiB: 2048}
	r.WhiteUsage = &u
	if got, want := r.ResourcesLine(), "resources: white (b): "+u.String()+"\n"; got != want {
		t.Errorf("ResourcesLine = %q, want %q", got, want)
	}
	r.BlackUsage = &u
	if got, want := r.ResourcesLine(), "resources: black (a): "+u.String()+"; white (b): "+u.String()+"\n"; got != want {
		t.Errorf("ResourcesLine = %q, want %q", got, want)
	}
}
