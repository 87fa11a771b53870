package tournament

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/otp"
)

// sixGames is a hand-made round robin of a, b and c: a scores 2.5/4, c 2/4
// (one game lost by forfeit), b 1.5/4.
func sixGames() []Record {
	g := func(n, b, w, winner int, by string) Record {
		r := Record{Game: n, Round: 1, BlackEngine: b, WhiteEngine: w, Winner: winner, GameFacts: match.GameFacts{ForfeitBy: by}}
		if by != "" {
			r.Forfeit = &otp.Forfeit{Reason: otp.ForfeitDisconnected}
		}
		return r
	}
	return []Record{
		g(1, 0, 1, 0, ""),
		g(2, 1, 0, -1, ""),
		g(3, 0, 2, 2, ""),
		g(4, 2, 0, 0, ""),
		g(5, 1, 2, 1, "white"),
		g(6, 2, 1, 2, ""),
	}
}

func TestStandings(t *testing.T) {
	names := []string{"a", "b", "c"}
	st := Standings(names, sixGames())
	want := []struct {
		name                      string
		w, d, l, forfeits, whites int
	}{{"a", 2, 1, 1, 0, 2}, {"c", 2, 0, 2, 1, 2}, {"b", 1, 1, 2, 0, 2}}
	total := 0.0
	for i, w := range want {
		s := st[i]
		if s.Name != w.name || s.Wins != w.w || s.Draws != w.d || s.Losses != w.l || s.Forfeits != w.forfeits || s.White != w.whites {
			t.Errorf("rank %d: %+v, want %s +%d =%d -%d, %d forfeits, %d white", i+1, s, w.name, w.w, w.d, w.l, w.forfeits, w.whites)
		}
		total += s.Points()
	}
	if total != 6 {
		t.Errorf("points add up to %v, want 6 (one a game)", total)
	}
	// a: 62.5% is 400·log10(0.625/0.375) = 88.74 Elo; the mean of the
	// field is 0 here (a +88.74, c 0, b -88.74), so its interval is its
	// score's, 2.5 points of 4: finite at both ends.
	lo, hi := Score{Wins: 2, Draws: 1, Losses: 1}.EloInterval()
	if !near(st[0].Elo, 88.7395, 1e-3) || st[0].Low != lo || st[0].High != hi || math.IsInf(hi, 0) {
		t.Errorf("a: Elo %.4f [%v, %v], want 88.7395 [%v, %v]", st[0].Elo, st[0].Low, st[0].High, lo, hi)
	}
	if !near(st[1].Elo, 0, 1e-9) {
		t.Errorf("c at 50%%: Elo %v, want 0", st[1].Elo)
	}
}

// Every rating's sign follows its score, as cutechess prints them: each is
// the Elo difference its own score implies. A gauntlet: hero beats b and c
// once and draws once with each (3/4, 75%: 400·log10(3) = +190.85); b and
// c score 0.5/2 each, 25%: -190.85. Centred on the field, as they once
// were, hero would be +254.46 and b and c -127.23.
func TestStandingsEloFollowsScore(t *testing.T) {
	g := func(n, b, w, winner int) Record {
		return Record{Game: n, Round: 1, BlackEngine: b, WhiteEngine: w, Winner: winner}
	}
	recs := []Record{g(1, 0, 1, 0), g(2, 1, 0, -1), g(3, 0, 2, -1), g(4, 2, 0, 0)}
	st := Standings([]string{"hero", "b", "c"}, recs)
	want := map[string]float64{"hero": 190.8485, "b": -190.8485, "c": -190.8485}
	for _, s := range st {
		if !near(s.Elo, want[s.Name], 1e-3) {
			t.Errorf("%s: Elo %.4f, want %.4f", s.Name, s.Elo, want[s.Name])
		}
	}
	// A field like the issue's, where centring rated 37.5% at +125: a
	// wins all its 4 games; b scores 2.5/8 (31.25%, -137.0) and c 3.5/8
	// (43.75%, -43.7). Centred on the mean of the finite two, -90.3, c
	// was +46.7 with less than half the points. A score below 50% must
	// rate below 0, one above it above 0, and 100% +Inf.
	recs = []Record{g(1, 0, 1, 0), g(2, 1, 0, 0), g(3, 0, 2, 0), g(4, 2, 0, 0),
		g(5, 1, 2, 1), g(6, 2, 1, 1), g(7, 1, 2, 2), g(8, 2, 1, 2), g(9, 1, 2, 2), g(10, 2, 1, -1)}
	for _, s := range Standings([]string{"a", "b", "c"}, recs) {
		f := s.Fraction()
		if (f > 0.5) != (s.Elo > 0) || (f < 0.5) != (s.Elo < 0) || (f == 1) != math.IsInf(s.Elo, 1) {
			t.Errorf("%s: score %.1f%%, Elo %v: its sign contradicts the score", s.Name, 100*f, s.Elo)
		}
		if lo, hi := s.Score.EloInterval(); s.Low != lo || s.High != hi {
			t.Errorf("%s: interval [%v, %v], want its score's exact [%v, %v]", s.Name, s.Low, s.High, lo, hi)
		}
	}
	// An engine that won or lost every game has an infinite rating: here a
	// beats b twice. Their intervals: 2 wins of 2 reach down to
	// 0.025^(1/2) = 0.158114, -290.51, and up to infinity.
	st = Standings([]string{"a", "b"}, []Record{g(1, 0, 1, 0), g(2, 1, 0, 0)})
	if !math.IsInf(st[0].Elo, 1) || !math.IsInf(st[1].Elo, -1) {
		t.Errorf("all won / all lost: %v and %v, want +Inf and -Inf", st[0].Elo, st[1].Elo)
	}
	if !near(st[0].Low, -290.5133, 1e-3) || !math.IsInf(st[0].High, 1) || !math.IsInf(st[1].Low, -1) || !near(st[1].High, 290.5133, 1e-3) {
		t.Errorf("intervals [%.4f, %v] and [%v, %.4f], want [-290.5133, +Inf] and [-Inf, +290.5133]", st[0].Low, st[0].High, st[1].Low, st[1].High)
	}
}

// An engine that won every game is printed +inf with its exact interval:
// a beats b and c twice each (4/4: lower end 0.025^(1/4) = 0.397635,
// -72.15); b and c win one game each against the other, so score 1/4,
// -190.85 (once centred to 0, which moved a's lower end to +118.70).
func TestStandingsIntervalText(t *testing.T) {
	g := func(n, b, w, winner int) Record {
		return Record{Game: n, Round: 1, BlackEngine: b, WhiteEngine: w, Winner: winner}
	}
	recs := []Record{g(1, 0, 1, 0), g(2, 1, 0, 0), g(3, 0, 2, 0), g(4, 2, 0, 0), g(5, 1, 2, 1), g(6, 2, 1, 2)}
	st := Standings([]string{"a", "b", "c"}, recs)
	if st[0].Name != "a" || !math.IsInf(st[0].Elo, 1) || !near(st[0].Low, -72.1498, 1e-3) || !math.IsInf(st[0].High, 1) || !near(st[1].Elo, -190.8485, 1e-3) {
		t.Errorf("a: Elo %v [%.4f, %v], b: Elo %.4f; want +Inf [-72.1498, +Inf] and -190.8485", st[0].Elo, st[0].Low, st[0].High, st[1].Elo)
	}
	// b: 1 of 4, [-878.90, +247.28] (TestEloInterval).
	if !near(st[1].Low, -878.9035, 1e-3) || !near(st[1].High, 247.2795, 1e-3) {
		t.Errorf("b: [%.4f, %.4f], want its score's [-878.9035, 247.2795]", st[1].Low, st[1].High)
	}
	var b bytes.Buffer
	if err := WriteStandings(&b, st); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if got := strings.Join(strings.Fields(lines[1]), " "); got != "1 a 4 4 0 0 4.0 100.0% +inf [-72, +inf) 0" {
		t.Errorf("a's line %q, want the rating +inf and the interval [-72, +inf)", got)
	}
	if got := strings.Join(strings.Fields(lines[2]), " "); got != "2 b 4 1 0 3 1.0 25.0% -191 [-879, +247] 0" {
		t.Errorf("b's line %q, want -191 [-879, +247]", got)
	}
	b.Reset()
	if err := WritePairwise(&b, []string{"a", "b", "c"}, Pairwise(3, recs)); err != nil {
		t.Fatal(err)
	}
	// a vs b, 2 of 2; b vs c 1 of 2.
	if got := strings.Join(strings.Fields(b.String()), " "); !strings.Contains(got, "a vs b +2 =0 -0 2.0/2 100.0% elo +inf [-291, +inf) a vs c") ||
		!strings.Contains(got, "b vs c +1 =0 -1 1.0/2 50.0% elo 0 [-758, +758]") {
		t.Errorf("pairwise:\n%s\nwant a vs b with elo +inf [-291, +inf), b vs c with 0 [-758, +758]", b.String())
	}
}

// TestIntervalText prints the tallies the issue met, a pair's line each:
// every interval has its two ends, an infinite one open, and a pair that
// never met prints nothing.
func TestIntervalText(t *testing.T) {
	for _, c := range []struct {
		s    Score
		want string
	}{
		{Score{Wins: 4}, "elo +inf [-72, +inf)"},
		{Score{Wins: 7, Losses: 1}, "elo +338 [-18, +1000]"},
		{Score{Wins: 6, Losses: 2}, "elo +191 [-108, +593]"},
		{Score{Losses: 4}, "elo -inf (-inf, +72]"},
		{Score{Wins: 2, Losses: 2}, "elo 0 [-456, +456]"},
		{Score{Wins: 1, Draws: 1}, "elo +191 [-475, +1465]"},
	} {
		var recs []Record
		for i := range c.s.Games() {
			w := -1
			if i < c.s.Wins {
				w = 0
			} else if i >= c.s.Wins+c.s.Draws {
				w = 1
			}
			recs = append(recs, Record{Game: i + 1, BlackEngine: i % 2, WhiteEngine: 1 - i%2, Winner: w})
		}
		var b bytes.Buffer
		if err := WritePairwise(&b, []string{"x", "y"}, Pairwise(2, recs)); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); !strings.HasSuffix(got, "  "+c.want+"\n") {
			t.Errorf("%+v: %q, want it to end with %q", c.s, got, c.want)
		}
	}
	if got := formatInterval(Score{}.EloInterval()); got != "-" {
		t.Errorf("no games: %q, want -", got)
	}
}

func TestPairwise(t *testing.T) {
	m := Pairwise(3, sixGames())
	if m[0][1] != (Score{Wins: 1, Draws: 1}) || m[2][1] != (Score{Wins: 1, Losses: 1}) || m[0][0] != (Score{}) {
		t.Errorf("a vs b %+v, c vs b %+v, a vs a %+v; want +1=1-0, +1=0-1, nothing", m[0][1], m[2][1], m[0][0])
	}
	for i := range m {
		for j := range m {
			a, b := m[i][j], m[j][i]
			if a.Wins != b.Losses || a.Draws != b.Draws || a.Losses != b.Wins {
				t.Errorf("%d vs %d is %+v but %d vs %d is %+v: not mirror images", i, j, a, j, i, b)
			}
		}
	}
}

func TestWriteStandingsAndPairwise(t *testing.T) {
	names := []string{"a", "b", "c"}
	var b bytes.Buffer
	if err := WriteStandings(&b, Standings(names, sixGames())); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want a header and 3 engines:\n%s", len(lines), b.String())
	}
	for i, want := range [][]string{
		{"rank", "name", "games", "wins", "draws", "losses", "points", "score", "elo", "95%", "interval", "forfeits"},
		// 2.5 of 4: [-341.63, +613.22] (TestEloInterval).
		{"1", "a", "4", "2", "1", "1", "2.5", "62.5%", "+89", "[-342,", "+613]", "0"},
		// 2 of 4: [-455.90, +455.90] (TestEloInterval).
		{"2", "c", "4", "2", "0", "2", "2.0", "50.0%", "0", "[-456,", "+456]", "1"},
	} {
		if got := strings.Fields(lines[i]); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("line %d: %q, want fields %q", i+1, lines[i], want)
		}
	}
	b.Reset()
	if err := WritePairwise(&b, names, Pairwise(3, sixGames())); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "a vs b") || strings.Count(b.String(), "\n") != 3 ||
		!strings.Contains(strings.Join(strings.Fields(b.String()), " "), "a vs b +1 =1 -0 1.5/2 75.0% elo +191 [-475, +1465]") {
		t.Errorf("pairwise:\n%s\nwant 3 lines, a vs b +1 =1 -0 1.5/2 75.0%% elo +191", b.String())
	}
}
