package tournament

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// The summary holds the header, the standings (infinite Elo as null), the
// pairs and the games in game order, and is valid JSON.
func TestNewSummary(t *testing.T) {
	h := testHeader()
	h.Engines = append(h.Engines, EngineInfo{Name: "c"})
	recs := sixGames()
	recs[0], recs[5] = recs[5], recs[0]
	s := NewSummary(h, recs, true, time.Now())
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != resultsVersion || !s.Complete || len(s.Games) != 6 || s.Games[0].Game != 1 || len(s.Pairs) != 3 {
		t.Errorf("summary version %d complete %v, %d games (first %d), %d pairs; want %d, true, 6 (1), 3",
			s.Version, s.Complete, len(s.Games), s.Games[0].Game, len(s.Pairs), resultsVersion)
	}
	top := s.Standings[0]
	if top.Name != "a" || top.Points != 2.5 || top.Score != 62.5 || top.Elo == nil || !near(*top.Elo, 88.7395, 1e-3) || top.Margin != nil {
		t.Errorf("first standing %+v, want a, 2.5 points, 62.5%%, Elo 88.74, margin null", top)
	}
	if !strings.Contains(string(data), `"elo_margin95":null`) {
		t.Errorf("an infinite margin is not null in JSON:\n%s", data)
	}
}

// An engine that won every game has a null Elo and its bound in JSON; so
// has the pair.
func TestSummaryEloBound(t *testing.T) {
	h := testHeader()
	recs := []Record{{Game: 1, BlackEngine: 0, WhiteEngine: 1, Winner: 0}, {Game: 2, BlackEngine: 1, WhiteEngine: 0, Winner: 0}}
	s := NewSummary(h, recs, true, time.Now())
	a, b := s.Standings[0], s.Standings[1]
	if a.Elo != nil || a.EloBound == nil || !near(*a.EloBound, -290.5133, 1e-3) || b.EloBound == nil || !near(*b.EloBound, 290.5133, 1e-3) {
		t.Errorf("standings %+v and %+v, want null Elo and bounds -290.51 and +290.51", a, b)
	}
	if p := s.Pairs[0]; p.Elo != nil || p.EloBound == nil || !near(*p.EloBound, -290.5133, 1e-3) {
		t.Errorf("pair %+v, want null Elo and bound -290.51", p)
	}
	data, _ := json.Marshal(s)
	if !strings.Contains(string(data), `"elo_bound":-290.51`) || !strings.Contains(string(data), `"a_elo_bound":-290.51`) {
		t.Errorf("JSON lacks the bounds:\n%s", data)
	}
	// A finite rating has no bound.
	if s := NewSummary(h, sixGames()[:0], true, time.Now()); len(s.Standings) > 0 && s.Standings[0].EloBound != nil {
		t.Errorf("no games, bound %v, want none", *s.Standings[0].EloBound)
	}
}
