package tournament

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/otp"
)

// sixGames is a hand-made round robin of a, b and c: a scores 2.5/4, c 2/4
// (one game lost by forfeit), b 1.5/4.
func sixGames() []Record {
	g := func(n, b, w, winner int, by string) Record {
		r := Record{Game: n, Round: 1, BlackEngine: b, WhiteEngine: w, Winner: winner, ForfeitBy: by}
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
	if st[1].Elo != 0 {
		t.Errorf("c at 50%%: Elo %v, want 0", st[1].Elo)
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
