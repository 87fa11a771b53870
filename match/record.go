package match

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// WriteRecord writes a readable record of every round of a match: players
// and colours, the moves in compact notation (passes as "pa"), the final
// score, the result and the reason for any forfeit.
func WriteRecord(w io.Writer, r *Result) error {
	var b strings.Builder
	rounds := fmt.Sprintf("%d rounds", len(r.Games))
	if len(r.Games) == 1 {
		rounds = "1 round"
	}
	fmt.Fprintf(&b, "match: %s (player 1) vs %s (player 2), %s, %s",
		r.Players[0].Name, r.Players[1].Name, rounds, r.Start.UTC().Format(time.RFC3339))
	if r.MoveLimit > 0 {
		// On the match's line, which readers of records skip whole.
		fmt.Fprintf(&b, "; genmove %s", r.TimeRule.Describe(r.MoveLimit))
	}
	b.WriteString("\n")
	for i := range r.Games {
		g := &r.Games[i]
		fmt.Fprintf(&b, "\nround %d\n", g.Round)
		if op := g.openingMoves(); op != "" {
			fmt.Fprintf(&b, "opening: %s\n", op)
		}
		writeGame(&b, g)
	}
	if r.Interrupted {
		b.WriteString("\n")
		if r.InterruptedRound > 0 {
			fmt.Fprintf(&b, "round %d\n", r.InterruptedRound)
		}
		b.WriteString(r.interruption() + "\n")
	}
	b.WriteString("\n")
	for i, p := range r.Players {
		fmt.Fprintf(&b, "player %d: %s: %d won, %d lost, %d drawn", i+1, p.Name, p.Win, p.Lose, p.Draw)
		switch {
		case p.Forfeit != nil:
			fmt.Fprintf(&b, "; disqualified in round %d: %v", p.ForfeitRound, p.Forfeit)
		case !p.Quit && r.Interrupted:
			b.WriteString("; not sent quit: the match was interrupted")
		case !p.Quit:
			fmt.Fprintf(&b, "; quit failed: %s", p.QuitError)
		}
		b.WriteString("\n")
	}
	for i, p := range r.Players {
		if p.Usage != nil {
			fmt.Fprintf(&b, "player %d resources: %s\n", i+1, p.Usage)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// interruption is the record's line for an interrupted match.
func (r *Result) interruption() string {
	if r.InterruptedRound > 0 {
		return "interrupted: this round was cut short and counts for nobody; the match ends here"
	}
	if len(r.Games) == 0 {
		return "interrupted before the first round"
	}
	return "interrupted after the last round, while quit was sent"
}

// WriteGame writes the record of one game as WriteRecord writes each round,
// without the round line: players and colours (with their player numbers
// when the game belongs to a match), moves, score, result and any forfeit.
func WriteGame(w io.Writer, g *GameResult) error {
	var b strings.Builder
	writeGame(&b, g)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeGame(b *strings.Builder, g *GameResult) {
	if g.BlackPlayer != 0 {
		fmt.Fprintf(b, "black: %s (player %d)\n", g.Black, g.BlackPlayer)
		fmt.Fprintf(b, "white: %s (player %d)\n", g.White, 3-g.BlackPlayer)
	} else {
		fmt.Fprintf(b, "black: %s\nwhite: %s\n", g.Black, g.White)
	}
	if !g.Played {
		fmt.Fprintf(b, "not played: %s\n", g.Note)
		fmt.Fprintf(b, "result: %s\n", resultText(g))
		return
	}
	fmt.Fprintf(b, "moves: %s\n", g.Record())
	black, white := g.Discs()
	fmt.Fprintf(b, "score: %d-%d (%+d)\n", black, white, g.Score())
	fmt.Fprintf(b, "result: %s\n", resultText(g))
	if g.Forfeit != nil {
		fmt.Fprintf(b, "forfeit: %s (%s): %v\n", g.ForfeitBy, g.nameOf(g.ForfeitBy == othello.Black), g.Forfeit)
	}
}

// openingMoves returns the opening the game started from, as far as it
// was played (a forfeit can stop it midway), in compact notation; "" if
// none.
func (g *GameResult) openingMoves() string {
	return othello.FormatMoves(g.Moves[:min(g.Opening, len(g.Moves))])
}

// nameOf returns the name of black's player if black, else white's.
func (g *GameResult) nameOf(black bool) string {
	if black {
		return g.Black
	}
	return g.White
}

// resultText says who won, by name, and how.
func resultText(g *GameResult) string {
	c, ok := g.Outcome.Winner()
	if !ok {
		return "draw"
	}
	how := ""
	switch {
	case g.Forfeit != nil:
		how = " by forfeit"
	case !g.Played:
		how = " without play"
	}
	return fmt.Sprintf("%s (%s) wins%s", c, g.nameOf(c == othello.Black), how)
}

// ProgressLine returns a one-line summary of a finished round, for people
// watching a match.
func ProgressLine(g *GameResult, rounds int) string {
	if !g.Played {
		return fmt.Sprintf("round %d/%d: %s (black) vs %s (white): %s, not played (%s)", g.Round, rounds, g.Black, g.White, resultText(g), g.Note)
	}
	black, white := g.Discs()
	line := fmt.Sprintf("round %d/%d: %s (black) %d-%d %s (white): %s, %d plies, %v",
		g.Round, rounds, g.Black, black, white, g.White, resultText(g), len(g.Moves), g.Duration.Round(time.Millisecond))
	if g.Forfeit != nil {
		line += fmt.Sprintf(" [%s: %s]", g.ForfeitBy, g.Forfeit.Reason)
	}
	return line
}

// Summary is the machine-readable form of a match result (--json).
type Summary struct {
	Start   time.Time       `json:"start"`
	End     time.Time       `json:"end"`
	Players []PlayerSummary `json:"players"`
	Games   []GameSummary   `json:"games"`
	// Interrupted is set for a match interrupted before its end (Ctrl-C):
	// Games are the rounds finished, and InterruptedRound the round in
	// progress then, counted for nobody (absent when none was).
	Interrupted      bool `json:"interrupted,omitempty"`
	InterruptedRound int  `json:"interrupted_round,omitempty"`
	// TimeBasis is the clock genmove was timed by, wall (the course's
	// rule) or cpu (--time-basis), with the limit of a move and, for
	// cpu, the wall-clock cap; absent in summaries older than them.
	TimeBasis string  `json:"time_basis,omitempty"`
	GenMoveMS float64 `json:"genmove_ms,omitempty"`
	WallCapMS float64 `json:"wall_cap_ms,omitempty"`
}

// PlayerSummary is one player's line of a Summary.
type PlayerSummary struct {
	Player       int          `json:"player"`
	Name         string       `json:"name"`
	Addr         string       `json:"addr,omitempty"`
	Quit         bool         `json:"quit"`
	Win          int          `json:"win"`
	Lose         int          `json:"lose"`
	Draw         int          `json:"draw"`
	Forfeit      *otp.Forfeit `json:"forfeit,omitempty"`
	ForfeitRound int          `json:"forfeit_round,omitempty"`
	QuitError    string       `json:"quit_error,omitempty"`
	// Usage is what the player's engine process used, when the judge
	// started it.
	Usage *engineproc.Usage `json:"usage,omitempty"`
}

// GameFacts is what every machine-readable form of a game holds (a match
// summary's rounds, a tournament's records), built in one place by
// GameResult.Facts so that the two cannot drift apart.
type GameFacts struct {
	// Played is false when the game could not start; Note says why.
	Played     bool   `json:"played"`
	Note       string `json:"note,omitempty"`
	Moves      string `json:"moves"`
	BlackDiscs int    `json:"black_discs"`
	WhiteDiscs int    `json:"white_discs"`
	Score      int    `json:"score"`
	// Outcome is "black wins", "white wins" or "draw".
	Outcome   string       `json:"outcome"`
	Forfeit   *otp.Forfeit `json:"forfeit,omitempty"`
	ForfeitBy string       `json:"forfeit_by,omitempty"`
	// DurationMS is the game's wall time in milliseconds.
	DurationMS float64 `json:"duration_ms"`
}

// Facts returns the game's GameFacts.
func (g *GameResult) Facts() GameFacts {
	black, white := g.Discs()
	f := GameFacts{
		Played: g.Played, Note: g.Note, Moves: g.Record(), BlackDiscs: black, WhiteDiscs: white, Score: g.Score(),
		Outcome: g.Outcome.String(), Forfeit: g.Forfeit, DurationMS: Milliseconds(g.Duration),
	}
	if g.Forfeit != nil {
		f.ForfeitBy = g.ForfeitBy.String()
	}
	return f
}

// GameSummary is one round of a Summary.
type GameSummary struct {
	Round       int    `json:"round"`
	Black       string `json:"black"`
	White       string `json:"white"`
	BlackPlayer int    `json:"black_player"`
	// Opening is the opening the round started from (--openings), its
	// moves being the first of Moves; empty without one.
	Opening string `json:"opening,omitempty"`
	GameFacts
	Winner     int     `json:"winner"` // player number, 0 for a draw
	MaxThinkMS float64 `json:"max_think_ms"`
}

// Summary returns the machine-readable form of the result.
func (r *Result) Summary() Summary {
	s := Summary{Start: r.Start.UTC(), End: r.End.UTC(), Players: []PlayerSummary{}, Games: []GameSummary{},
		Interrupted: r.Interrupted, InterruptedRound: r.InterruptedRound}
	if r.MoveLimit > 0 {
		s.TimeBasis, s.GenMoveMS = r.TimeRule.Name(), Milliseconds(r.MoveLimit)
		if r.TimeRule.ByCPU() {
			s.WallCapMS = Milliseconds(r.TimeRule.Wait(r.MoveLimit))
		}
	}
	for i, p := range r.Players {
		s.Players = append(s.Players, PlayerSummary{
			Player: i + 1, Name: p.Name, Addr: p.Addr, Quit: p.Quit, Win: p.Win, Lose: p.Lose, Draw: p.Draw,
			Forfeit: p.Forfeit, ForfeitRound: p.ForfeitRound, QuitError: p.QuitError, Usage: p.Usage,
		})
	}
	for i := range r.Games {
		g := &r.Games[i]
		gs := GameSummary{Round: g.Round, Black: g.Black, White: g.White, BlackPlayer: g.BlackPlayer, GameFacts: g.Facts()}
		gs.Opening = g.openingMoves()
		if c, ok := g.Outcome.Winner(); ok {
			gs.Winner = g.BlackPlayer
			if c != othello.Black {
				gs.Winner = 3 - g.BlackPlayer
			}
		}
		for _, d := range g.Times {
			gs.MaxThinkMS = max(gs.MaxThinkMS, Milliseconds(d))
		}
		s.Games = append(s.Games, gs)
	}
	return s
}

// Milliseconds returns d in milliseconds, fractions kept, as the JSON
// forms write durations.
func Milliseconds(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// ggfDate is the layout of GGF's DT property, as GGS writes it.
const ggfDate = "2006.01.02_15:04:05.UTC"

// ggfPlace is the PC property of the games the judge records.
const ggfPlace = "tcgothello judge"

// ggfForfeitMargin is the RE of a game lost by forfeit, from the winner's
// side: GGS records a resignation or a timeout as the largest margin, 64,
// whatever the board shows.
const ggfForfeitMargin = 64

// WriteGGF writes a game as one line of GGF (docs/data.md): players, date,
// result, the standard start and every ply with its genmove reply time (the
// opening's plies, not chosen by the players, have none). A game lost by a
// timeout has RE ±64.00:t, by another forfeit ±64.00:r (as a resignation).
// A round not played is no game: it writes nothing. A '[' or ']' in a name,
// which GGF cannot carry, is written as '(' or ')'.
func WriteGGF(w io.Writer, g *GameResult) error {
	if !g.Played {
		return nil
	}
	name := strings.NewReplacer("[", "(", "]", ")", "\n", " ", "\r", " ")
	r := othello.GGF{Place: ggfPlace, Black: name.Replace(g.Black), White: name.Replace(g.White), Start: othello.Start()}
	if !g.Start.IsZero() {
		r.Date = g.Start.UTC().Format(ggfDate)
	}
	r.Result = othello.GGFResult(g.Score())
	if g.Forfeit != nil {
		margin := ggfForfeitMargin
		if c, ok := g.Outcome.Winner(); ok && c == othello.White {
			margin = -margin
		}
		flag := ":r"
		if g.Forfeit.Reason == otp.ForfeitTimeout {
			flag = ":t"
		}
		r.Result = othello.GGFResult(margin) + flag
	}
	r.Moves = make([]othello.GGFMove, len(g.Moves))
	for i, m := range g.Moves {
		r.Moves[i].Move = m
		if i >= g.Opening && i < len(g.Times) {
			r.Moves[i].Time, r.Moves[i].HasTime = roundSeconds(g.Times[i]), true
		}
	}
	line, err := r.Format()
	if err != nil {
		return fmt.Errorf("round %d: %w", g.Round, err)
	}
	_, err = io.WriteString(w, line+"\n")
	return err
}

// roundSeconds returns d in seconds to the millisecond: a record needs no
// more, and fewer digits keep the lines short.
func roundSeconds(d time.Duration) float64 {
	// Milliseconds over 1000, not Seconds: the nearest float64 to 1.235
	// then prints as 1.235, not 1.2349999999999999.
	return float64(d.Round(time.Millisecond).Milliseconds()) / 1000
}

// WriteRecordGGF writes every played round of a match as WriteGGF does,
// one game a line.
func WriteRecordGGF(w io.Writer, r *Result) error {
	for i := range r.Games {
		if err := WriteGGF(w, &r.Games[i]); err != nil {
			return err
		}
	}
	return nil
}
