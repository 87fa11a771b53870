// Package kaggame plugs 7x7 Kill-All Go into a tournament (package
// tournament): its openings are handicap layouts, a game is refereed by
// killallgo/referee between two programs of the 2013 console protocol,
// each started afresh, and the record is SGF.
//
// A layout is black's handicap stones as Go programs write points,
// "C3 E5 E3 C5" (column A-G from the left, row 1-7 from the bottom), or
// "none" for no stone. The tournament plays each layout twice for every
// pair of programs, each program black once, as it plays Othello's
// openings with the colours swapped.
package kaggame

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/gtp"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/referee"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/sgf"
	"github.com/tcgothello/mcts/tournament"
)

// noStones is the layout of no handicap stone.
const noStones = "none"

// defaultHandicaps are the numbers of stones of the default layouts
// (killallgo.Handicap's points): with white moving first, random playouts
// give black 32.5%, 48.0% and 62.9% of the games at 2, 4 and 6 stones
// (docs/killallgo.md), so the three span an even game from both sides.
var defaultHandicaps = [...]int{2, 4, 6}

// DefaultLayouts returns the shipped layouts: 2, 4 and 6 handicap stones
// at killallgo.Handicap's points.
func DefaultLayouts() []tournament.Opening {
	out := make([]tournament.Opening, len(defaultHandicaps))
	for i, n := range defaultHandicaps {
		stones, _ := killallgo.Handicap(n)
		out[i] = tournament.Opening{Text: FormatLayout(stones), Line: i + 1}
	}
	return out
}

// FormatLayout writes black's stones as a layout: "C3 E5", or "none".
func FormatLayout(stones []killallgo.Move) string {
	if len(stones) == 0 {
		return noStones
	}
	words := make([]string, len(stones))
	for i, m := range stones {
		words[i] = m.String()
	}
	return strings.Join(words, " ")
}

// ParseLayout reads a layout: points such as C3 separated by spaces, or
// "none". The stones must be distinct points that can stand on the
// board together (none without a liberty).
func ParseLayout(s string) ([]killallgo.Move, error) {
	words := strings.Fields(s)
	if len(words) == 1 && strings.EqualFold(words[0], noStones) {
		return nil, nil
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("empty layout: want points such as C3 E5, or %s", noStones)
	}
	g := killallgo.NewGame()
	stones := make([]killallgo.Move, len(words))
	for i, w := range words {
		v, err := gtp.ParseVertex(w, killallgo.Size)
		if err != nil || v.Pass {
			return nil, fmt.Errorf("layout %q: stone %q: want a point A1..G7", s, w)
		}
		m, _ := killallgo.At(v.X, v.Y)
		if err := g.Put(m, goban.Black); err != nil {
			return nil, fmt.Errorf("layout %q: stone %s: %w", s, m, err)
		}
		stones[i] = m
	}
	return stones, nil
}

// ParseLayouts reads a layouts file: one layout a line, '#' starting a
// comment, blank lines skipped. Each comes back in the form results files
// record (FormatLayout), so that "c3 e5" and "C3  E5" are one layout.
func ParseLayouts(r io.Reader) ([]tournament.Opening, error) {
	return tournament.ParseOpeningLines(r, func(line string) (string, error) {
		stones, err := ParseLayout(line)
		return FormatLayout(stones), err
	})
}

// Program is one side of a game: a program of the console protocol.
type Program struct {
	Name    string // the engine's name in the tournament
	Command string // its command line (split as referee.Start splits it), a seed appended if it takes one
	// Stderr receives the program's standard error (its log).
	Stderr io.Writer
}

// Config is how every game of a tournament is played.
type Config struct {
	TimeLimit  int           // seconds per think, sent by time (referee.Config)
	Grace      time.Duration // referee.Config's
	AckTimeout time.Duration // referee.Config's
	Time       movetime.Rule // referee.Config's
}

// Play plays the scheduled game p between black and white, each started
// afresh under host's limits and stopped at the end, and returns it as a
// tournament records it: the outcome, the forfeit with the rule broken
// and the referee's sentence, the moves in Go notation ("E4 pass D3"),
// the exit status of a program that did not exit cleanly, what each
// program used (its thinking time the time it took to answer think), and
// the SGF record. A forfeit of a program the kernel killed at its memory
// limit is the caller's to name (Usage.MemoryLimit). A program that
// cannot be started, or fails its set-up (it exits at once, say), could
// not play: it loses unplayed, and a game neither could play is an
// unplayed draw in which both forfeit, as in Othello. The error is ctx's (the programs are
// killed, and the game is not recorded) or a layout that cannot be read.
func Play(ctx context.Context, cfg Config, host *engineproc.Host, p tournament.Pairing, black, white Program, log *zap.Logger) (tournament.Played, error) {
	var played tournament.Played
	stones, err := ParseLayout(p.OpeningText())
	if err != nil {
		return played, err
	}
	start := time.Now()
	g := match.GameResult{Round: p.Round, Black: black.Name, White: white.Name, Start: start}
	progs := [2]Program{black, white}
	var procs [2]*referee.Process
	var startErrs [2]error
	for i, pr := range progs {
		procs[i], startErrs[i] = referee.Start(host, pr.Name, pr.Command, pr.Stderr)
	}
	defer func() {
		for _, pr := range procs {
			if pr != nil {
				pr.Stop()
			}
		}
	}()
	if startErrs[0] != nil || startErrs[1] != nil {
		return unplayed(g, startErrs), nil
	}
	// A cancelled tournament kills the programs: the referee's reads
	// end at once, and the game it returns is not recorded. Never after
	// they are stopped (Process.Kill): stopping takes the lock first.
	var mu sync.Mutex
	stopped := false
	stopKills := context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		for _, pr := range procs {
			if !stopped {
				pr.Kill()
			}
		}
	})
	disarm := func() {
		stopKills()
		mu.Lock()
		stopped = true
		mu.Unlock()
	}
	defer disarm()
	res, err := referee.Play(&procs[0].Endpoint, &procs[1].Endpoint,
		referee.Config{TimeLimit: cfg.TimeLimit, Handicap: stones, Grace: cfg.Grace, AckTimeout: cfg.AckTimeout,
			Time: cfg.Time, Date: start.UTC().Format(time.DateOnly)}, log)
	if err != nil {
		return played, err
	}
	if err := ctx.Err(); err != nil {
		return played, err
	}
	disarm()
	for i, pr := range procs {
		u := pr.Stop()
		u.ThinkMS = match.Milliseconds(res.Thinking[[2]goban.Color{goban.Black, goban.White}[i]])
		played.Usage[i] = &u
		played.Exits[i] = pr.ExitStatus()
		procs[i] = nil
	}
	g.Played, g.Duration = !res.Unplayed, time.Since(start)
	g.Outcome = match.WhiteWins
	if res.Winner == goban.Black {
		g.Outcome = match.BlackWins
	}
	switch {
	case res.Unplayed:
		// A program that failed its set-up could not play, as an engine
		// that never connects: the game is unplayed, and a draw in which
		// both forfeit when neither could play.
		var out [2]*otp.Forfeit
		for _, f := range res.Faults {
			i := 0
			if f.Color == goban.White {
				i = 1
			}
			out[i] = &otp.Forfeit{Reason: otp.ForfeitReason(f.Breach), Detail: f.Reason}
		}
		if out[0] != nil && out[1] != nil {
			g.Outcome, g.Forfeit, g.ForfeitBy = match.Draw, out[0], othello.Black
			played.Forfeits = out
			g.Note = res.Reason
		} else {
			g.Forfeit, g.ForfeitBy = out[0], othello.Black
			if out[0] == nil {
				g.Forfeit, g.ForfeitBy = out[1], othello.White
			}
			g.Note = fmt.Sprintf("%s (%s) could not play: %s", g.ForfeitBy, progs[g.ForfeitBy].Name, g.Forfeit.Detail)
		}
	case res.Forfeit:
		g.Forfeit = &otp.Forfeit{Reason: otp.ForfeitReason(res.Breach), Detail: res.Reason}
		g.ForfeitBy = othello.White // the loser's colour
		if res.Winner == goban.White {
			g.ForfeitBy = othello.Black
		}
	default:
		g.Note = res.Reason
	}
	played.Game = g
	played.Moves = movesText(res.Record)
	var b bytes.Buffer
	res.Record.Comment += fmt.Sprintf("\ngame %d, round %d, layout %s", p.Game, p.Round, p.OpeningText())
	if err := sgf.Write(&b, res.Record); err != nil {
		return played, fmt.Errorf("game %d: SGF record: %w", p.Game, err)
	}
	played.Record = b.Bytes()
	return played, nil
}

// unplayed is the game lost by the programs that could not be started:
// by both, a draw, as an Othello game neither engine could play.
func unplayed(g match.GameResult, errs [2]error) tournament.Played {
	var out [2]*otp.Forfeit
	for i, err := range errs {
		if err != nil {
			out[i] = &otp.Forfeit{Reason: otp.ForfeitNoConnection, Detail: "could not be started: " + err.Error()}
		}
	}
	played := tournament.Played{}
	switch {
	case out[0] != nil && out[1] != nil:
		g.Outcome, g.Note = match.Draw, fmt.Sprintf("neither program could be started: black %v, white %v", errs[0], errs[1])
		g.Forfeit, g.ForfeitBy = out[0], othello.Black
		played.Forfeits = out
	case out[0] != nil:
		g.Outcome, g.Forfeit, g.ForfeitBy = match.WhiteWins, out[0], othello.Black
		g.Note = "black could not be started"
	default:
		g.Outcome, g.Forfeit, g.ForfeitBy = match.BlackWins, out[1], othello.White
		g.Note = "white could not be started"
	}
	g.Duration = time.Since(g.Start)
	played.Game = g
	return played
}

// movesText writes the record's moves as results files keep them: one
// word a ply, Go notation, "pass" for a pass.
func movesText(rec *sgf.Game) string {
	words := make([]string, len(rec.Moves))
	for i, m := range rec.Moves {
		if m.Pass {
			words[i] = "pass"
			continue
		}
		// The record's rows count from the top.
		mv, _ := killallgo.At(m.Point.Col+1, killallgo.Size-m.Point.Row)
		words[i] = mv.String()
	}
	return strings.Join(words, " ")
}
