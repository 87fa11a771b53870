package tournament

import (
	"math"
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

// StandingSummary is one line of the standings in a Summary. Elo and
// Margin are null when infinite (every game won or lost, or none played).
type StandingSummary struct {
	Rank   int      `json:"rank"`
	Engine int      `json:"engine"`
	Name   string   `json:"name"`
	Games  int      `json:"games"`
	Wins   int      `json:"wins"`
	Draws  int      `json:"draws"`
	Losses int      `json:"losses"`
	Points float64  `json:"points"`
	Score  float64  `json:"score_percent"`
	Elo    *float64 `json:"elo"`
	Margin *float64 `json:"elo_margin95"`
	// EloBound is set when Elo is null because every game was won (a
	// lower bound) or lost (an upper bound): Standing.Bound.
	EloBound   *float64 `json:"elo_bound,omitempty"`
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
	Margin *float64 `json:"elo_margin95"`
	// EloBound is set when Elo is null because A won (or lost) every
	// game: Score.EloBound.
	EloBound *float64 `json:"a_elo_bound,omitempty"`
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
	s.Games = slices.Clone(recs)
	slices.SortFunc(s.Games, func(a, b Record) int { return a.Game - b.Game })
	for i, st := range Standings(names, recs) {
		s.Standings = append(s.Standings, StandingSummary{
			Rank: i + 1, Engine: st.Engine, Name: st.Name, Games: st.Games(), Wins: st.Wins, Draws: st.Draws, Losses: st.Losses,
			Points: st.Points(), Score: 100 * st.Fraction(), Elo: finite(st.Elo), Margin: finite(st.Margin),
			Forfeits: st.Forfeits, WhiteGames: st.White,
		})
		if math.IsInf(st.Elo, 0) {
			s.Standings[len(s.Standings)-1].EloBound = finite(st.Bound)
		}
	}
	s.Resources = ResourceTotals(names, recs)
	for _, p := range PairResults(Pairwise(len(names), recs)) {
		d, e := p.Elo()
		ps := PairSummary{A: names[p.A], B: names[p.B], Wins: p.Wins, Draws: p.Draws, Losses: p.Losses,
			Score: 100 * p.Fraction(), Elo: finite(d), Margin: finite(e)}
		if b, ok := p.EloBound(); ok {
			ps.EloBound = &b
		}
		s.Pairs = append(s.Pairs, ps)
	}
	return s
}
