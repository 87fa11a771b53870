package tournament

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"time"
)

// Summary is the machine-readable form of a tournament (--json): what was
// played, the standings, each pair's result and every game.
type Summary struct {
	Header
	// Complete is false when the tournament stopped before its last game,
	// unless a sequential test (SPRT) ended it by deciding.
	Complete  bool              `json:"complete"`
	End       time.Time         `json:"end"`
	Standings []StandingSummary `json:"standings"`
	Pairs     []PairSummary     `json:"pairs"`
	Games     []Record          `json:"games"`
	// SPRT is where the sequential test stood at the end, when one ran.
	SPRT *SPRTResult `json:"sprt,omitempty"`
	// Resources are each engine's figures summed over its games, when
	// the games have them.
	Resources []EngineResources `json:"resources,omitempty"`
}

// StandingSummary is one line of the standings in a Summary. Elo is null
// when infinite (every game won or lost) or without games; EloLow and
// EloHigh, the ends of its 95% interval (Standing.Low and High), are null
// when infinite.
type StandingSummary struct {
	Rank       int      `json:"rank"`
	Engine     int      `json:"engine"`
	Name       string   `json:"name"`
	Games      int      `json:"games"`
	Wins       int      `json:"wins"`
	Draws      int      `json:"draws"`
	Losses     int      `json:"losses"`
	Points     float64  `json:"points"`
	Score      float64  `json:"score_percent"`
	Elo        *float64 `json:"elo"`
	EloLow     *float64 `json:"elo_low95"`
	EloHigh    *float64 `json:"elo_high95"`
	Forfeits   int      `json:"forfeits"`
	WhiteGames int      `json:"white_games"`
}

// PairSummary is the result of one pair in a Summary, from the first
// engine's side.
type PairSummary struct {
	A      string   `json:"a"`
	B      string   `json:"b"`
	Wins   int      `json:"a_wins"`
	Draws  int      `json:"draws"`
	Losses int      `json:"a_losses"`
	Score  float64  `json:"a_score_percent"`
	Elo    *float64 `json:"a_elo"`
	// EloLow and EloHigh are the ends of the 95% interval of A's Elo
	// difference (Score.EloInterval), null when infinite.
	EloLow  *float64 `json:"a_elo_low95"`
	EloHigh *float64 `json:"a_elo_high95"`
}

// finite returns x, or nil when x is infinite or not a number, which JSON
// cannot hold.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// NewSummary builds the summary of the games recs of the tournament h.
func NewSummary(h Header, recs []Record, complete bool, end time.Time) Summary {
	names := h.Names()
	s := Summary{Header: h, Complete: complete, End: end.UTC(), Standings: []StandingSummary{}, Pairs: []PairSummary{}}
	s.Version = resultsVersion
	s.Fingerprint = h.ComputeFingerprint()
	s.Games = slices.Clone(recs)
	slices.SortFunc(s.Games, func(a, b Record) int { return a.Game - b.Game })
	for i, st := range Standings(names, recs) {
		elo := finite(st.Elo)
		if st.Games() == 0 {
			elo = nil
		}
		s.Standings = append(s.Standings, StandingSummary{
			Rank: i + 1, Engine: st.Engine, Name: st.Name, Games: st.Games(), Wins: st.Wins, Draws: st.Draws, Losses: st.Losses,
			Points: st.Points(), Score: 100 * st.Fraction(), Elo: elo, EloLow: finite(st.Low), EloHigh: finite(st.High),
			Forfeits: st.Forfeits, WhiteGames: st.White,
		})
	}
	s.Resources = ResourceTotals(names, recs)
	for _, p := range PairResults(Pairwise(len(names), recs)) {
		lo, hi := p.EloInterval()
		s.Pairs = append(s.Pairs, PairSummary{A: names[p.A], B: names[p.B], Wins: p.Wins, Draws: p.Draws, Losses: p.Losses,
			Score: 100 * p.Fraction(), Elo: finite(p.Elo()), EloLow: finite(lo), EloHigh: finite(hi)})
	}
	return s
}

// WriteFile writes the summary to path, indented JSON ending in a newline,
// replacing the file.
func (s *Summary) WriteFile(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
