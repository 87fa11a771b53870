package match

import (
	"context"
	"fmt"
	"io"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// DefaultName is the name of a player that never told its own.
const DefaultName = "unknown"

// Match is a match between two players: its rounds, limits, and where it
// reports. The zero Limits are not usable; start from DefaultLimits.
type Match struct {
	Rounds int
	Limits Limits
	// Log receives the match's events; nil logs nothing.
	Log *zap.Logger
	// OnGame, if set, is called after every round, played or not (for a
	// progress line).
	OnGame func(*GameResult)
	// Openings, if any, are the move sequences the rounds start from, each
	// played by two rounds in a row with the colours swapped: rounds 1 and
	// 2 play the first, 3 and 4 the second, and so on, starting the list
	// again when the rounds outnumber it. Without them every round starts
	// from the start position, so two deterministic engines play the same
	// two games over and over. Each must be legal and leave the game going.
	Openings [][]othello.Move
	// NoShow, where set for a player that never connected, is the detail
	// of its forfeit instead of "not connected within" the connect time:
	// say, that the engine the judge started exited first.
	NoShow [2]string
	// Clocks, where set, tell the CPU time of each player's engine
	// (player 1's first), for Limits.Time to charge it: Host sets them
	// for the engines it starts.
	Clocks [2]movetime.Clock
}

// PlayerResult is one player's standing in a match: the classic result
// line, and why it was disqualified if it was.
type PlayerResult struct {
	Name string
	// Addr is the player's network address, empty if it never connected.
	Addr string
	// Quit is true if the player was in good standing after the quit
	// exchange.
	Quit            bool
	Win, Lose, Draw int
	// Forfeit is the rule that disqualified the player, nil if none;
	// ForfeitRound the round it happened in (0 before the first).
	Forfeit      *otp.Forfeit
	ForfeitRound int
	// QuitError says what went wrong with quit, for a player in good
	// standing until then.
	QuitError string
	// Usage is what the player's engine process used over the match, nil
	// unless the judge started it.
	Usage *engineproc.Usage
}

// Result is the outcome of a match.
type Result struct {
	Players [2]PlayerResult
	// Games holds one entry per round, in order.
	Games      []GameResult
	Start, End time.Time
	// Interrupted is set when the match was interrupted (its context
	// cancelled: Ctrl-C) before its end; InterruptedRound is the round in
	// progress then, which is not in Games, 0 when none was (before the
	// first round, or while quit was being sent after the last).
	Interrupted      bool
	InterruptedRound int
	// TimeRule is how genmove was timed (Limits.Time) and MoveLimit its
	// limit, for the record and the summary; MoveLimit is 0 for a result
	// read back from a summary older than them.
	TimeRule  movetime.Rule
	MoveLimit time.Duration
}

// Lines writes the classic result lines, player 1 first, and the UTC time
// stamp of now.
func (r *Result) Lines(w io.Writer, now time.Time) error {
	for _, p := range r.Players {
		quit := 0
		if p.Quit {
			quit = 1
		}
		if _, err := fmt.Fprintf(w, "NAME:%s QUIT:%d WIN:%d LOSE:%d DRAW:%d\n", p.Name, quit, p.Win, p.Lose, p.Draw); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "time stamp: %s\n", now.UTC().Format("15:04:05"))
	return err
}

// Run plays the match between two players, player 1 first; a nil player
// never connected and loses every round. If ctx is cancelled it returns
// ctx's error and the result so far: the rounds finished, each player's
// tallies of them, and the round it stopped in as Interrupted, which
// counts for nobody (a game cut short says nothing of either player). A
// player's fault is never an error, only a part of the result. Run does
// not close the players.
func (m *Match) Run(ctx context.Context, p1, p2 *otp.Remote) (res Result, err error) {
	log := m.Log
	if log == nil {
		log = zap.NewNop()
	}
	res.Start = time.Now()
	res.TimeRule, res.MoveLimit = m.Limits.Time, m.Limits.GenMove
	defer func() { res.End = time.Now() }()
	for i, op := range m.Openings {
		g := othello.NewGame()
		if err := g.PlayAll(op); err != nil {
			return res, fmt.Errorf("opening %d (%s): %w", i+1, othello.FormatMoves(op), err)
		}
		if g.Over() {
			return res, fmt.Errorf("opening %d (%s) ends the game", i+1, othello.FormatMoves(op))
		}
	}
	remotes := [2]*otp.Remote{p1, p2}
	out := [2]bool{}
	disqualify := func(i, round int, f *otp.Forfeit) {
		out[i] = true
		res.Players[i].Forfeit, res.Players[i].ForfeitRound = f, round
		log.Warn("player disqualified",
			zap.Int("player", i+1), zap.String("name", res.Players[i].Name), zap.Int("round", round),
			zap.String("reason", string(f.Reason)), zap.String("command", f.Command),
			zap.String("received", fmt.Sprintf("%q", f.Received)), zap.String("detail", f.Detail),
			zap.Duration("elapsed", f.Elapsed))
	}
	for i, r := range remotes {
		res.Players[i].Name = DefaultName
		if r == nil {
			detail := m.NoShow[i]
			if detail == "" {
				detail = fmt.Sprintf("not connected within %v", m.Limits.Connect)
			}
			disqualify(i, 0, &otp.Forfeit{Reason: otp.ForfeitNoConnection, Detail: detail})
			continue
		}
		res.Players[i].Addr = r.Addr().String()
	}
	for i, r := range remotes {
		if out[i] {
			continue
		}
		ex, err := r.Name(ctx, m.Limits.Reply)
		if err != nil {
			f := otp.AsForfeit(err)
			if f == nil {
				res.Interrupted = ctx.Err() != nil
				return res, err
			}
			disqualify(i, 0, f)
			continue
		}
		res.Players[i].Name = ex.Name
		log.Info("player", zap.Int("player", i+1), zap.String("name", ex.Name), zap.String("addr", res.Players[i].Addr))
		if ex.Ignored != "" {
			log.Warn("name reply: kept its first token as the name and ignored the rest, as the classic judge does",
				zap.Int("player", i+1), zap.String("name", ex.Name), zap.String("ignored", fmt.Sprintf("%q", ex.Ignored)))
		}
	}

	for round := 1; round <= m.Rounds; round++ {
		b := 0 // player 1 is black in odd rounds
		if round%2 == 0 {
			b = 1
		}
		w := 1 - b
		g := GameResult{Round: round, BlackPlayer: b + 1, Black: res.Players[b].Name, White: res.Players[w].Name}
		switch {
		case out[b] && out[w]:
			g.Outcome, g.Note = Draw, "both players are out"
		case out[b] || out[w]:
			loser := b
			if out[w] {
				loser = w
			}
			g.Outcome = winFor(colorOf(1-loser, b))
			since := fmt.Sprintf("round %d", res.Players[loser].ForfeitRound)
			if res.Players[loser].ForfeitRound == 0 {
				since = "the start"
			}
			g.Note = fmt.Sprintf("player %d (%s) is out since %s: %s", loser+1, res.Players[loser].Name,
				since, res.Players[loser].Forfeit.Reason)
		default:
			played, err := playGameFrom(ctx, WithClock(remotes[b], m.Clocks[b]), WithClock(remotes[w], m.Clocks[w]), m.Limits,
				m.opening(round), log.With(zap.Int("round", round)))
			played.Round, played.BlackPlayer, played.Black, played.White = g.Round, g.BlackPlayer, g.Black, g.White
			g = played
			if err != nil {
				if ctx.Err() != nil {
					res.Interrupted, res.InterruptedRound = true, round
					log.Warn("match interrupted", zap.Int("round", round), zap.Int("rounds_finished", len(res.Games)))
				} else {
					res.Games = append(res.Games, g) // a bug: the game as far as it went
				}
				return res, err
			}
			if ctx.Err() != nil {
				// A forfeit that the interruption itself caused (a
				// connection closed by the signal's arrival) is no
				// verdict on the player.
				res.Interrupted, res.InterruptedRound = true, round
				log.Warn("match interrupted", zap.Int("round", round), zap.Int("rounds_finished", len(res.Games)))
				return res, ctx.Err()
			}
			if g.Forfeit != nil {
				loser := b
				if g.ForfeitBy == othello.White {
					loser = w
				}
				disqualify(loser, round, g.Forfeit)
			}
			black, white := g.Discs()
			log.Info("game over", zap.Int("round", round), zap.String("black", g.Black), zap.String("white", g.White),
				zap.Int("black_discs", black), zap.Int("white_discs", white), zap.String("outcome", g.Outcome.String()),
				zap.String("moves", g.Record()), zap.Duration("duration", g.Duration))
		}
		m.count(&res, &g, b)
		res.Games = append(res.Games, g)
		if m.OnGame != nil {
			m.OnGame(&res.Games[len(res.Games)-1])
		}
	}

	for i, r := range remotes {
		if out[i] {
			continue
		}
		if err := r.Quit(ctx, m.Limits.Reply); err != nil {
			if otp.AsForfeit(err) == nil {
				res.Interrupted = ctx.Err() != nil
				return res, err
			}
			res.Players[i].QuitError = err.Error()
			log.Warn("quit failed", zap.Int("player", i+1), zap.String("name", res.Players[i].Name), zap.Error(err))
			continue
		}
		res.Players[i].Quit = true
	}
	return res, nil
}

// opening returns the moves round starts from: nil without Openings.
func (m *Match) opening(round int) []othello.Move {
	if len(m.Openings) == 0 {
		return nil
	}
	return m.Openings[(round-1)/2%len(m.Openings)]
}

// NeverPlayed returns the players (0 or 1) that played no game of the
// match: disqualified before the first round, for never connecting or for
// a bad name reply. A match that one player never took part in says
// nothing of the other's strength, which a script should hear of.
func (r *Result) NeverPlayed() []int {
	var out []int
	for i, p := range r.Players {
		if p.Forfeit != nil && p.ForfeitRound == 0 {
			out = append(out, i)
		}
	}
	return out
}

// count adds a round's outcome to both players' tallies; b is the index of
// the player who had black.
func (m *Match) count(res *Result, g *GameResult, b int) {
	winner, ok := g.Outcome.Winner()
	if !ok {
		res.Players[0].Draw++
		res.Players[1].Draw++
		return
	}
	wi := b
	if winner == othello.White {
		wi = 1 - b
	}
	res.Players[wi].Win++
	res.Players[1-wi].Lose++
}

// colorOf returns player i's colour when player b has black.
func colorOf(i, b int) othello.Color {
	if i == b {
		return othello.Black
	}
	return othello.White
}
