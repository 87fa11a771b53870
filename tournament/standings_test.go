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
	// a: 62.5% is 400·log10(0.625/0.375) = 88.74 Elo. Its 95% interval
	// reaches past 100% with four games, so the margin is infinite.
	if !near(st[0].Elo, 88.7395, 1e-3) || !math.IsInf(st[0].Margin, 1) {
		t.Errorf("a: Elo %.4f ± %v, want 88.7395 ± +Inf", st[0].Elo, st[0].Margin)
	}
	if !near(st[1].Elo, 0, 1e-9) {
		t.Errorf("c at 50%%: Elo %v, want 0", st[1].Elo)
	}
}

// Ratings are centred on the field. A gauntlet: hero beats b and c once
// and draws once with each (3/4, 75%: 400·log10(3) = +190.85 from its
// score); b and c score 0.5/2 each, 25%: -190.85. Their mean is
// (190.85 - 2·190.85)/3 = -63.62, so centred: hero +254.46, b and c
// -127.23; the sum is 0.
func TestStandingsEloCentred(t *testing.T) {
	g := func(n, b, w, winner int) Record {
		return Record{Game: n, Round: 1, BlackEngine: b, WhiteEngine: w, Winner: winner}
	}
	recs := []Record{g(1, 0, 1, 0), g(2, 1, 0, -1), g(3, 0, 2, -1), g(4, 2, 0, 0)}
	st := Standings([]string{"hero", "b", "c"}, recs)
	want := map[string]float64{"hero": 254.4647, "b": -127.2323, "c": -127.2323}
	sum := 0.0
	for _, s := range st {
		if !near(s.Elo, want[s.Name], 1e-3) {
			t.Errorf("%s: Elo %.4f, want %.4f", s.Name, s.Elo, want[s.Name])
		}
		sum += s.Elo
	}
	if !near(sum, 0, 1e-9) {
		t.Errorf("ratings sum to %v, want 0", sum)
	}
	// An engine that won or lost every game keeps an infinite rating and
	// stays out of the mean: here a beats b twice.
	st = Standings([]string{"a", "b"}, []Record{g(1, 0, 1, 0), g(2, 1, 0, 0)})
	if !math.IsInf(st[0].Elo, 1) || !math.IsInf(st[1].Elo, -1) {
		t.Errorf("all won / all lost: %v and %v, want +Inf and -Inf", st[0].Elo, st[1].Elo)
	}
	// Their bounds: 2 wins of 2 reach down to 0.025^(1/2) = 0.158114,
	// -290.51 (TestEloBound); with no finite rating there is nothing to
	// centre on.
	if !near(st[0].Bound, -290.5133, 1e-3) || !near(st[1].Bound, 290.5133, 1e-3) {
		t.Errorf("bounds %.4f and %.4f, want -290.5133 and +290.5133", st[0].Bound, st[1].Bound)
	}
}

// An engine that won every game is printed with its bound, centred like
// the others: a beats b and c twice each (4/4: bound 0.025^(1/4) =
// 0.397635, -72.15); b and c win one game each against the other, so
// score 1/4, -190.85, which centring moves to 0 and a's bound to
// -72.15 + 190.85 = +118.70.
func TestStandingsBoundCentred(t *testing.T) {
	g := func(n, b, w, winner int) Record {
		return Record{Game: n, Round: 1, BlackEngine: b, WhiteEngine: w, Winner: winner}
	}
	recs := []Record{g(1, 0, 1, 0), g(2, 1, 0, 0), g(3, 0, 2, 0), g(4, 2, 0, 0), g(5, 1, 2, 1), g(6, 2, 1, 2)}
	st := Standings([]string{"a", "b", "c"}, recs)
	if st[0].Name != "a" || !math.IsInf(st[0].Elo, 1) || !near(st[0].Bound, 118.6987, 1e-3) || !near(st[1].Elo, 0, 1e-9) {
		t.Errorf("a: Elo %v bound %.4f, b: Elo %.4f; want +Inf, 118.6987 and 0", st[0].Elo, st[0].Bound, st[1].Elo)
	}
	var b bytes.Buffer
	if err := WriteStandings(&b, st); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if got := strings.Join(strings.Fields(lines[1]), " "); got != "1 a 4 4 0 0 4.0 100.0% > +119 - 0" {
		t.Errorf("a's line %q, want its bound > +119 and no margin", got)
	}
	b.Reset()
	if err := WritePairwise(&b, []string{"a", "b", "c"}, Pairwise(3, recs)); err != nil {
		t.Fatal(err)
	}
	// a vs b, 2 of 2: the bound of 2 wins, uncentred.
	if got := strings.Join(strings.Fields(b.String()), " "); !strings.Contains(got, "a vs b +2 =0 -0 2.0/2 100.0% elo > -291 a vs c") ||
		!strings.Contains(got, "b vs c +1 =0 -1 1.0/2 50.0% elo 0 ± ") {
		t.Errorf("pairwise:\n%s\nwant a vs b with elo > -291, b vs c with a margin", b.String())
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
		{"rank", "name", "games", "wins", "draws", "losses", "points", "score", "elo", "±95%", "forfeits"},
		{"1", "a", "4", "2", "1", "1", "2.5", "62.5%", "+89", "inf", "0"},
		// 2 wins, 2 losses: σ = sqrt(0.25/4) = 0.25, 0.5 ± 0.49 spans
		// 400·log10(0.99/0.01) = 798 Elo either way.
		{"2", "c", "4", "2", "0", "2", "2.0", "50.0%", "0", "798", "1"},
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
		!strings.Contains(strings.Join(strings.Fields(b.String()), " "), "a vs b +1 =1 -0 1.5/2 75.0% elo +191 ± inf") {
		t.Errorf("pairwise:\n%s\nwant 3 lines, a vs b +1 =1 -0 1.5/2 75.0%% elo +191", b.String())
	}
}
