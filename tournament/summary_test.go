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
