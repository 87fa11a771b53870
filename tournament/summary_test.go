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
	if top.Name != "a" || top.Points != 2.5 || top.Score != 62.5 || top.Elo == nil || !near(*top.Elo, 88.7395, 1e-3) ||
		top.EloLow == nil || !near(*top.EloLow, -341.6345, 1e-3) || top.EloHigh == nil || !near(*top.EloHigh, 613.2219, 1e-3) {
		t.Errorf("first standing %+v, want a, 2.5 points, 62.5%%, Elo 88.74 in [-341.63, +613.22]", top)
	}
	if !strings.Contains(string(data), `"elo_low95":-341.63`) || !strings.Contains(string(data), `"a_elo_high95":1465.45`) {
		t.Errorf("the intervals are not in the JSON:\n%s", data)
	}
}

// An engine that won every game has a null Elo and a null upper end in
// JSON; so has the pair. An engine without games has all three null.
func TestSummaryInfiniteEnds(t *testing.T) {
	h := testHeader()
	h.Engines = append(h.Engines, EngineInfo{Name: "idle"})
	recs := []Record{{Game: 1, BlackEngine: 0, WhiteEngine: 1, Winner: 0}, {Game: 2, BlackEngine: 1, WhiteEngine: 0, Winner: 0}}
	s := NewSummary(h, recs, true, time.Now())
	a, b, idle := s.Standings[0], s.Standings[1], s.Standings[2]
	if a.Elo != nil || a.EloLow == nil || !near(*a.EloLow, -290.5133, 1e-3) || a.EloHigh != nil ||
		b.Elo != nil || b.EloLow != nil || b.EloHigh == nil || !near(*b.EloHigh, 290.5133, 1e-3) {
		t.Errorf("standings %+v and %+v, want null Elo and [-290.51, null], [null, +290.51]", a, b)
	}
	if idle.Name != "idle" || idle.Elo != nil || idle.EloLow != nil || idle.EloHigh != nil {
		t.Errorf("an engine without games: %+v, want nulls", idle)
	}
	if p := s.Pairs[0]; p.Elo != nil || p.EloLow == nil || !near(*p.EloLow, -290.5133, 1e-3) || p.EloHigh != nil {
		t.Errorf("pair %+v, want null Elo and [-290.51, null]", p)
	}
	data, _ := json.Marshal(s)
	if !strings.Contains(string(data), `"elo":null,"elo_low95":-290.51`) || !strings.Contains(string(data), `"a_elo":null,"a_elo_low95":-290.51`) {
		t.Errorf("JSON lacks the ends:\n%s", data)
	}
}
