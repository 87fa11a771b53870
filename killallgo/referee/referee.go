// Package referee plays one game of 7x7 Kill-All Go between two programs
// that speak the course's 2013 console protocol (package console; seeds
// 000 and 001), checks every move on its own board, and records the game
// as SGF.
//
// The conversation, for each program: reset, time T, black's handicap
// stones by put b X Y, start game, each answered "ok". Then white moves
// first: the referee sends think w to white's program, checks the reply
// "X Y" ("0 0" a pass) on its own killallgo.Game, sends it to black's
// program as put w X Y (a pass is sent nothing: it changes no position),
// and asks black, and so on, until the game is decided by the kill-all
// rules (killallgo): black wins when its stone leaves no white stone;
// white wins when black, to move, has no legal move, when both pass in a
// row, or at the move cap. Last, quit to both.
//
// Every line a program writes is read without the prompts ('>') and
// blanks before its reply (console.StripPrompt): programs built on the
// course's template write a prompt before reading each command, so that
// their replies arrive as ">>ok" and ">4 3". The transcript and the
// messages quote the lines as they were written.
//
// A program that fails its set-up (reset, time, the handicap, start
// game) could not play: the game is unplayed, as an Othello game is when
// an engine never connects, and it is void when neither program could
// play (Result.Unplayed, Result.Faults).
//
// A program forfeits, and the message quotes why, for a reply that is not
// "ok" to a set-up command or a put, a think reply that is not two
// integers naming a point or 0 0, an illegal move (occupied, suicide,
// repetition), a think reply later than the time limit (plus a small
// grace for the pipe), or a program that closes its output or exits.
package referee

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/sgf"
)

// DefaultGrace is the time a think reply may take beyond the limit: the
// pipe and the scheduler of a shared machine, not thinking. It is the
// Othello engine's hard grace (otp.HardGrace) too.
const DefaultGrace = 200 * time.Millisecond

// DefaultAckTimeout is the time a program has to answer reset, time, put
// and start game: they need no thought, but a program may be slow to start
// (allocating its search tree before it reads its first line).
const DefaultAckTimeout = 10 * time.Second

// Config is how a game is played.
type Config struct {
	TimeLimit  int              // seconds per think, sent by time; 1..console.MaxTimeLimit
	Handicap   []killallgo.Move // black's stones, put before start game
	Grace      time.Duration    // see DefaultGrace
	AckTimeout time.Duration    // see DefaultAckTimeout
	Date       string           // the record's DT, such as "2026-11-25"; none if ""
	// Time is the clock a think is charged by: the wall clock (the zero
	// Rule) or, for a program whose Endpoint has a Clock, its CPU time
	// under a wall-clock cap; the limit either way is TimeLimit and Grace.
	Time movetime.Rule
}

// Breach names the rule a program broke, in the words the Othello
// protocol's forfeits use (otp.ForfeitReason), so that a tournament counts
// the forfeits of every game alike.
type Breach string

// The breaches.
const (
	BreachTimeout      Breach = "timeout"         // a reply later than its limit
	BreachDisconnected Breach = "disconnected"    // the program closed its output, exited, or cannot be written to
	BreachWrongReply   Breach = "wrong reply"     // not ok to a set-up command or a put
	BreachMalformed    Breach = "malformed reply" // a think reply that is not X Y
	BreachTooLong      Breach = "over-long reply" // a line longer than the protocol allows
	BreachIllegalMove  Breach = "illegal move"    // occupied, suicide or a repeated position
	BreachMemoryLimit  Breach = "memory limit"    // it ended killed at --engine-memory
	BreachDiskLimit    Breach = "disk limit"      // it ended with its scratch full, or killed for a file past --engine-disk
)

// Result is how a game ended.
type Result struct {
	Winner  goban.Color
	Reason  string // why, in a sentence: "black captured every white stone", "white forfeits: ..."
	Forfeit bool   // the loser broke the protocol or the rules
	Late    bool   // the forfeit was for a late reply
	Breach  Breach // the rule the loser broke, when Forfeit
	Plies   int    // moves played (passes included) from start game
	// Unplayed says that the game never started: a program failed its
	// set-up (reset, time, the handicap, start game), as an Othello
	// engine that never connects, and no move was asked for. Both
	// programs are set up, whatever the first did, so that Faults holds
	// every program that could not play; when both could not, Winner is
	// goban.Empty, and Breach is black's.
	Unplayed bool
	Faults   []Fault
	// Thinking is each colour's time answering think, from the command
	// sent to the reply read, for the accounting of its CPU time.
	Thinking map[goban.Color]time.Duration
	Record   *sgf.Game
	// Transcript is the conversation, one line a message: "→ black: put b
	// 3 3", "← black: ok".
	Transcript []string
}

// Fault is the forfeit of one program that could not play.
type Fault struct {
	Color  goban.Color
	Breach Breach
	Reason string // "to \"reset\" it closed its output: ..."
}

// forfeit is a program's breach of the protocol or the rules.
type forfeit struct {
	loser  goban.Color
	reason string
	breach Breach
}

// game is one game in progress.
type game struct {
	cfg     Config
	players map[goban.Color]*Endpoint
	board   *killallgo.Game
	record  *sgf.Game
	lines   []string
	log     *zap.Logger
	thought map[goban.Color]time.Duration
}

// Check returns why cfg cannot be played, or nil.
func (cfg Config) Check() error {
	if cfg.TimeLimit < 1 || cfg.TimeLimit > console.MaxTimeLimit {
		return fmt.Errorf("time limit %d s: want 1..%d", cfg.TimeLimit, console.MaxTimeLimit)
	}
	g := killallgo.NewGame()
	for _, m := range cfg.Handicap {
		if err := g.Put(m, goban.Black); err != nil {
			return fmt.Errorf("handicap stone %v: %w", m, err)
		}
	}
	if cfg.Grace < 0 || cfg.AckTimeout < 0 {
		return fmt.Errorf("grace %v, ack timeout %v: want 0 (the default) or more", cfg.Grace, cfg.AckTimeout)
	}
	return nil
}

// Play plays one game, black's program at black and white's at white, and
// returns how it ended, or an error (and no game) if cfg cannot be played
// (Config.Check). It sends quit to both at the end; stopping the programs
// is the caller's.
func Play(black, white *Endpoint, cfg Config, log *zap.Logger) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	if cfg.Grace == 0 {
		cfg.Grace = DefaultGrace
	}
	if cfg.AckTimeout == 0 {
		cfg.AckTimeout = DefaultAckTimeout
	}
	g := &game{
		cfg:     cfg,
		players: map[goban.Color]*Endpoint{goban.Black: black, goban.White: white},
		board:   killallgo.NewGame(),
		log:     log,
		thought: map[goban.Color]time.Duration{},
	}
	g.record = &sgf.Game{
		Size: killallgo.Size, PlayerBlack: black.Name, PlayerWhite: white.Name, Handicap: len(cfg.Handicap),
		Date: cfg.Date, Application: "killallgo:referee", ToPlay: sgf.White,
		Comment: fmt.Sprintf("7x7 Kill-All Go, handicap %d, %d s a move, timed by the %s", len(cfg.Handicap), cfg.TimeLimit, clockName(cfg)),
	}
	res := g.play()
	for _, c := range []goban.Color{goban.Black, goban.White} {
		g.send(c, "quit") // a program that is gone cannot be told
	}
	res.Plies = g.board.Plies()
	res.Record = g.record
	res.Transcript = g.lines
	res.Thinking = g.thought
	g.record.Result = killallgo.Result(res.Winner)
	switch {
	case res.Winner == goban.Empty:
		g.record.Result = "Void" // SGF's "no result": neither could play
	case res.Late:
		g.record.Result += "Time"
	case res.Forfeit:
		g.record.Result += "Forfeit"
	}
	end := res.Winner.String() + " wins: " + res.Reason
	if res.Winner == goban.Empty {
		end = "not played: " + res.Reason
	}
	if n := len(g.record.Moves); n > 0 {
		g.record.Moves[n-1].Comment = end
	} else {
		g.record.Comment += "\n" + end
	}
	return res, nil
}

// clockName names the clock a game's thinks are charged by, for its
// record: "wall clock", or "programs' CPU time (...; at most 30.6s by
// the wall clock)".
func clockName(cfg Config) string {
	if !cfg.Time.ByCPU() {
		return "wall clock"
	}
	return fmt.Sprintf("programs' CPU time (--time-basis cpu; at most %v by the wall clock)", cfg.Time.Wait(cfg.thinkLimit()))
}

// thinkLimit is the time a think may take: the limit and the grace.
func (cfg Config) thinkLimit() time.Duration {
	return time.Duration(cfg.TimeLimit)*time.Second + cfg.Grace
}

// play runs the game to its end.
func (g *game) play() Result {
	if faults := g.setUp(); len(faults) > 0 {
		for i, f := range faults {
			faults[i] = g.limited(f)
		}
		return unplayed(faults)
	}
	passes := 0
	for c := goban.White; ; c = c.Other() {
		m, f := g.think(c)
		if f != nil {
			return lost(g.limited(f))
		}
		if m == killallgo.Pass {
			passes++
		} else {
			passes = 0
			x, y := m.XY()
			if f := g.ack(c.Other(), fmt.Sprintf("put %s %d %d", console.ColorLetter(c), x, y), g.cfg.AckTimeout); f != nil {
				return lost(g.limited(f))
			}
		}
		st, err := g.board.State(c.Other())
		switch {
		case err == nil && st.Over() && st.Winner() == goban.Black:
			return Result{Winner: goban.Black, Reason: "black captured every white stone"}
		case err != nil || g.board.Plies() >= killallgo.MaxPlies:
			// The state is over at the cap too: say why.
			return Result{Winner: goban.White, Reason: fmt.Sprintf("the game reached the move cap of %d plies", killallgo.MaxPlies)}
		case st.Over():
			return Result{Winner: goban.White, Reason: "black, to move, has no legal move"}
		case passes == 2:
			return Result{Winner: goban.White, Reason: "both players passed, white's stones alive"}
		}
	}
}

// limited returns f, the forfeit of a program, as the forfeit for the
// resource limit the program ran into when one ended it (its Endpoint's
// Limit says): that, not the closed output it left, is why it lost.
func (g *game) limited(f *forfeit) *forfeit {
	hit := g.players[f.loser].Limit
	if hit == nil {
		return f
	}
	if b, why := hit(); b != "" {
		return &forfeit{loser: f.loser, reason: fmt.Sprintf("%s: %s; the referee saw: %s", b, why, f.reason), breach: b}
	}
	return f
}

// lost returns the result of a forfeit.
func lost(f *forfeit) Result {
	return Result{Winner: f.loser.Other(), Reason: f.loser.String() + " forfeits: " + f.reason, Forfeit: true,
		Late: f.breach == BreachTimeout, Breach: f.breach}
}

// unplayed returns the result of a game whose set-up failed: the one
// program that failed forfeits, or neither wins when both failed.
func unplayed(faults []*forfeit) Result {
	res := lost(faults[0])
	res.Unplayed = true
	for _, f := range faults {
		res.Faults = append(res.Faults, Fault{Color: f.loser, Breach: f.breach, Reason: f.reason})
	}
	if len(faults) == 2 {
		res.Winner, res.Late = goban.Empty, false
		res.Reason = fmt.Sprintf("neither program could play: black forfeits: %s; white forfeits: %s", faults[0].reason, faults[1].reason)
	}
	return res
}

// setUp sends each program reset, time, the handicap and start game, and
// sets up the referee's board. It returns the forfeits of the programs
// that failed, black's first: white is set up even when black failed, so
// that a game neither program can play is known as such.
func (g *game) setUp() []*forfeit {
	cmds := []string{"reset", "time " + strconv.Itoa(g.cfg.TimeLimit)}
	for _, m := range g.cfg.Handicap {
		_ = g.board.Put(m, goban.Black) // checked by Config.Check
		x, y := m.XY()
		cmds = append(cmds, fmt.Sprintf("put b %d %d", x, y))
		g.record.AddBlack = append(g.record.AddBlack, point(m))
	}
	_ = g.board.Start() // a new game has not started
	cmds = append(cmds, "start game")
	var faults []*forfeit
	for _, c := range []goban.Color{goban.Black, goban.White} {
		for _, cmd := range cmds {
			if f := g.ack(c, cmd, g.cfg.AckTimeout); f != nil {
				faults = append(faults, f)
				break
			}
		}
	}
	return faults
}

// ack sends cmd to colour c's program and wants "ok" within limit.
func (g *game) ack(c goban.Color, cmd string, limit time.Duration) *forfeit {
	if f := g.sendTo(c, cmd); f != nil {
		return f
	}
	reply, err := g.reply(c, limit)
	switch {
	case err != nil:
		return &forfeit{loser: c, reason: fmt.Sprintf("to %q it %v", cmd, err), breach: breachOf(err)}
	case !strings.EqualFold(strings.TrimSpace(console.StripPrompt(reply)), "ok"):
		return &forfeit{loser: c, reason: fmt.Sprintf("to %q it replied %q, want ok", cmd, reply), breach: BreachWrongReply}
	}
	return nil
}

// think asks colour c's program for its move, checks it and plays it on
// the referee's board and record.
func (g *game) think(c goban.Color) (killallgo.Move, *forfeit) {
	cmd := "think " + console.ColorLetter(c)
	clock := g.cfg.Time.Start(g.cfg.thinkLimit(), g.players[c].Clock)
	start := time.Now()
	if f := g.sendTo(c, cmd); f != nil {
		return 0, f
	}
	reply, err := g.reply(c, clock.Wait())
	elapsed := time.Since(start)
	g.thought[c] += elapsed
	if err != nil {
		reason := fmt.Sprintf("to %q it %v", cmd, err)
		if isLate(err) && clock.CapNote() != "" {
			reason += ": " + clock.CapNote()
		}
		return 0, &forfeit{loser: c, reason: reason, breach: breachOf(err)}
	}
	if why, late := clock.Late(elapsed); late {
		return 0, &forfeit{loser: c, reason: fmt.Sprintf("to %q it replied %q, but it %s", cmd, reply, why), breach: BreachTimeout}
	}
	m, err := parseMove(console.StripPrompt(reply))
	if err != nil {
		return 0, &forfeit{loser: c, reason: fmt.Sprintf("to %q it replied %q: %v", cmd, reply, err), breach: BreachMalformed}
	}
	err = g.board.Play(m, c)
	if err != nil {
		return 0, &forfeit{loser: c, reason: fmt.Sprintf("to %q it replied %q, an illegal move: %v", cmd, reply, err), breach: BreachIllegalMove}
	}
	mv := sgf.Move{Color: sgfColor(c), Pass: true}
	if m != killallgo.Pass {
		mv = sgf.Move{Color: sgfColor(c), Point: point(m)}
	}
	g.record.Moves = append(g.record.Moves, mv)
	return m, nil
}

// parseMove parses a think reply: "X Y", two integers 1..7, or "0 0".
func parseMove(reply string) (killallgo.Move, error) {
	f := strings.Fields(reply)
	if len(f) != 2 {
		return 0, fmt.Errorf("want two integers X Y (0 0 for a pass)")
	}
	x, errX := strconv.Atoi(f[0])
	y, errY := strconv.Atoi(f[1])
	if errX != nil || errY != nil {
		return 0, fmt.Errorf("want two integers X Y (0 0 for a pass)")
	}
	if x == 0 && y == 0 {
		return killallgo.Pass, nil
	}
	m, ok := killallgo.At(x, y)
	if !ok {
		return 0, fmt.Errorf("(%d, %d) is off the board: want 1 <= X, Y <= %d, or 0 0", x, y, killallgo.Size)
	}
	return m, nil
}

// sendTo sends cmd to colour c's program, or returns its forfeit if it
// cannot be sent. A program that exited cannot be written to; whether the
// referee finds that out by writing or by reading depends on the timing,
// so a failed write looks at the output first, to give the same reason
// either way: the output closed, and the exit status.
func (g *game) sendTo(c goban.Color, cmd string) *forfeit {
	err := g.send(c, cmd)
	if err == nil {
		return nil
	}
	if _, rerr := g.reply(c, exitNoteWait); rerr != nil && !isLate(rerr) {
		return &forfeit{loser: c, reason: fmt.Sprintf("to %q it %v", cmd, rerr), breach: breachOf(rerr)}
	}
	return &forfeit{loser: c, reason: fmt.Sprintf("the command %q %v", cmd, err), breach: BreachDisconnected}
}

// send writes cmd to colour c's program and to the transcript.
func (g *game) send(c goban.Color, cmd string) error {
	g.lines = append(g.lines, "→ "+c.String()+": "+cmd)
	g.log.Debug("send", zap.Stringer("to", c), zap.String("command", cmd))
	return g.players[c].send(cmd)
}

// reply reads colour c's program's reply within limit, into the
// transcript.
func (g *game) reply(c goban.Color, limit time.Duration) (string, error) {
	r, err := g.players[c].reply(limit)
	if err != nil {
		g.lines = append(g.lines, "← "+c.String()+": ("+err.Error()+")")
		return "", err
	}
	g.lines = append(g.lines, "← "+c.String()+": "+r)
	g.log.Debug("reply", zap.Stringer("from", c), zap.String("reply", r))
	return r, nil
}

// breachOf returns the breach of a reply's error: late, too long, or
// the output's end.
func breachOf(err error) Breach {
	switch {
	case isLate(err):
		return BreachTimeout
	case errors.As(err, new(tooLongError)):
		return BreachTooLong
	}
	return BreachDisconnected
}

// isLate reports whether err is a reply's lateness.
func isLate(err error) bool { return errors.Is(err, errLate) }

// sgfColor returns the record's colour.
func sgfColor(c goban.Color) sgf.Color {
	if c == goban.Black {
		return sgf.Black
	}
	return sgf.White
}

// point returns the record's point of a move on the board (the record's
// rows count from the top, the protocol's y from the bottom).
func point(m killallgo.Move) sgf.Point {
	x, y := m.XY()
	return sgf.Point{Col: x - 1, Row: killallgo.Size - y}
}
