// Package nboard speaks the NBoard protocol (version 2), the text protocol
// of the NBoard Othello GUI, on the engine's side: the GUI sets a game (in
// GGF) and a depth, sends moves, and asks for the engine's move (go) or its
// analysis (hint); ping and pong keep the two in step. The search is any
// thinking.Thinker. docs/nboard.md describes what is supported and how.
package nboard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/thinking"
)

// Version is the protocol version this package speaks.
const Version = 2

// maxLine bounds a command line: a whole game in GGF is about 1.5 KB, so
// 64 KiB holds any real one; a longer line is refused and skipped without
// the memory growing.
const maxLine = 64 << 10

// Depth to think time. An NBoard user picks a search depth; this engine
// searches by time, and an alpha-beta engine's time roughly doubles every
// few plies, so the time doubles every depthDoubling levels from
// baseThink at depth 1, up to maxThink.
const (
	// baseThink is the think time at depth 1: enough for a few thousand
	// playouts, a quick but not random move.
	baseThink = 100 * time.Millisecond
	// depthDoubling is how many depth levels double the think time:
	// depth 10 thinks 0.8 s, depth 16 3.2 s, depth 20 about 8 s.
	depthDoubling = 3
	// maxThink caps the think time (reached at depth 28): NBoard has no
	// clock of its own, and a minute is as long as anyone waits at a board.
	maxThink = 60 * time.Second
	// maxDepth is the largest depth accepted; deeper asks think maxThink.
	maxDepth = 60
)

// ThinkTime returns the think time of NBoard depth d (1..60).
func ThinkTime(d int) time.Duration {
	t := float64(baseThink) * math.Exp2(float64(d-1)/depthDoubling)
	return min(time.Duration(t), maxThink)
}

// evalScale turns a win rate (0..1, 0.5 even) into NBoard's evaluation,
// which is in discs: 64·(2p−1) spans the same −64..+64 as a disc
// difference. Under the engine's disc-difference reward (its value is
// (d+64)/128) it is exactly the expected disc difference; under the
// default win/loss reward it is a monotone stand-in: +64 a sure win, 0 even.
const evalScale = 64

// Config configures a session.
type Config struct {
	Name    string           // reported with "set myname" and in status lines
	Thinker thinking.Thinker // the search
	// ThinkTime is the think time before the GUI sets a depth.
	ThinkTime time.Duration
	Logger    *zap.Logger // nil for none
	// Errors gets one line for each command that could not be obeyed;
	// the protocol has no error reply, so they go beside it (stderr).
	Errors io.Writer
	// Ponder, when positive, has the engine think on the opponent's time
	// after each go, for at most this long and two think times
	// (otp.Chooser.Ponder, otp.PonderTime), on the
	// position after the move it answered, when its Thinker can
	// (thinking.Ponderer); 0 for never. The next go or hint stops it, as
	// do set game and the end of the session.
	Ponder time.Duration
}

// session is the engine's side of one NBoard connection.
type session struct {
	cfg     Config
	out     io.Writer
	chooser *otp.Chooser
	game    *othello.Game
	depth   int // 0 until "set depth"
	think   time.Duration
	// pending holds the lines that arrived during a search and wait for
	// it to end, and the end of the input if it came then too.
	pending []line
}

// errQuit ends the session at the GUI's request.
var errQuit = errors.New("quit")

// Serve runs a session on in and out until in ends, the GUI sends quit, or
// ctx is cancelled. It returns an error only when out or in fails.
func Serve(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	if cfg.Thinker == nil {
		return errors.New("nboard: no Thinker")
	}
	if cfg.Logger == nil {
		cfg.Logger = zap.NewNop()
	}
	if cfg.Errors == nil {
		cfg.Errors = io.Discard
	}
	if cfg.ThinkTime <= 0 {
		cfg.ThinkTime = ThinkTime(1)
	}
	s := &session{cfg: cfg, out: out, chooser: otp.NewChooser(cfg.Thinker, cfg.Logger),
		game: othello.NewGame(), think: cfg.ThinkTime}
	lines := make(chan line)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// A session that ends leaves no pondering behind: stopped, and waited
	// for (cancel alone would not wait).
	defer s.chooser.StopPondering()
	go readLines(ctx, in, lines)
	for {
		var l line
		if len(s.pending) > 0 {
			l, s.pending = s.pending[0], s.pending[1:]
		} else {
			var ok bool
			select {
			case l, ok = <-lines:
				if !ok {
					return nil
				}
			case <-ctx.Done():
				return nil
			}
		}
		if l.end {
			return nil
		}
		if l.err != nil {
			if errors.Is(l.err, errLineTooLong) {
				s.complain("%v", l.err)
				continue
			}
			return fmt.Errorf("nboard: reading commands: %w", l.err)
		}
		err := s.handle(ctx, l.text, lines)
		if errors.Is(err, errQuit) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// line is one command line read, or the error that ended the input.
type line struct {
	text string
	err  error
	// end marks the end of the input queued during a search: it ends the
	// session after the commands before it, as quit does, but unlike quit
	// it does not stop a search. It is a flag, not a text, so that no
	// command line can be mistaken for it.
	end bool
}

var errLineTooLong = fmt.Errorf("a command line longer than %d bytes was skipped", maxLine)

// readLines sends in's lines to lines, then closes it at the end of in.
func readLines(ctx context.Context, in io.Reader, lines chan<- line) {
	defer close(lines)
	br := bufio.NewReaderSize(in, 4096)
	send := func(l line) bool {
		select {
		case lines <- l:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for {
		var b []byte
		long := false
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			if len(b)+len(chunk) > maxLine {
				long = true
			} else {
				b = append(b, chunk...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		switch {
		case long:
			if !send(line{err: errLineTooLong}) {
				return
			}
		case len(b) > 0:
			if !send(line{text: strings.TrimRight(string(b), "\r\n")}) {
				return
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			send(line{err: err})
			return
		}
	}
}

// complain writes a line about a command that could not be obeyed.
func (s *session) complain(format string, args ...any) {
	fmt.Fprintf(s.cfg.Errors, "nboard: "+format+"\n", args...)
}

// reply writes lines to the GUI.
func (s *session) reply(lines ...string) error {
	for _, l := range lines {
		if _, err := io.WriteString(s.out, l+"\n"); err != nil {
			return fmt.Errorf("nboard: cannot write %q: %w", l, err)
		}
	}
	return nil
}

// handle obeys one command. Bad input costs an error line and changes
// nothing; unknown commands are ignored, as the protocol asks.
func (s *session) handle(ctx context.Context, text string, lines <-chan line) error {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil
	}
	switch cmd, args := f[0], f[1:]; cmd {
	case "nboard":
		if len(args) != 1 || args[0] != strconv.Itoa(Version) {
			s.complain("%q: this engine speaks version %d; going on", text, Version)
		}
	case "set":
		return s.set(text, args)
	case "move":
		if len(args) != 1 {
			s.complain("%q: want move <square or pa>[/eval[/time]]", text)
			return nil
		}
		// Only the square counts: the GUI's evaluation and time after it
		// are ignored, unread, for refusing a move over a field the
		// engine never uses would leave its game behind the GUI's, and
		// the protocol has no reply to say so.
		square, _, _ := strings.Cut(args[0], "/")
		m, err := othello.ParseSquare(square)
		if err == nil {
			err = s.game.Play(m)
		}
		if err != nil {
			s.complain("%q: %v; the position is unchanged", text, err)
		}
	case "go":
		return s.search(ctx, lines, func(c otp.Choice) error {
			if err := s.goReply(c); err != nil {
				return err
			}
			s.ponder(ctx, c.Move)
			return nil
		})
	case "hint":
		n, err := strconv.Atoi(strings.Join(args, ""))
		if len(args) != 1 || err != nil || n < 1 {
			s.complain("%q: want hint <number of moves, 1 or more>", text)
			return nil
		}
		return s.search(ctx, lines, func(c otp.Choice) error { return s.hintReply(c, n) })
	case "ping":
		// A search has always stopped by now: searches run inside
		// handle, and a ping stops them.
		return s.reply(strings.TrimSpace("pong " + strings.Join(args, " ")))
	case "learn":
		// There is no book to learn into; the protocol asks for the
		// acknowledgement all the same.
		return s.reply("learned")
	case "quit":
		return errQuit
	default:
		s.complain("unknown command %q ignored", cmd)
	}
	return nil
}

// set obeys the set commands.
func (s *session) set(text string, args []string) error {
	if len(args) == 0 {
		s.complain("%q: want set depth|game|contempt|myname ...", text)
		return nil
	}
	switch args[0] {
	case "depth":
		d, err := strconv.Atoi(strings.Join(args[1:], " "))
		if len(args) != 2 || err != nil || d < 1 || d > maxDepth {
			s.complain("%q: want set depth <1..%d>", text, maxDepth)
			return nil
		}
		s.depth, s.think = d, ThinkTime(d)
		s.cfg.Logger.Info("nboard depth", zap.Int("depth", d), zap.Duration("think_time", s.think))
		return s.reply("set myname " + s.cfg.Name)
	case "game":
		ggf := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "set"))
		ggf = strings.TrimSpace(strings.TrimPrefix(ggf, "game"))
		r, err := othello.ParseGGF(ggf)
		if err != nil {
			s.complain("set game: %v; the position is unchanged", err)
			return nil
		}
		g, err := r.Game()
		if err != nil {
			s.complain("set game: %v; the position is unchanged", err)
			return nil
		}
		// A new game, an undo or a loaded position: what was pondered will
		// not come.
		s.chooser.StopPondering()
		s.game = g
	case "contempt":
		// Accepted and ignored: the search values wins, not a
		// draw's worth to one side.
		if _, err := strconv.ParseFloat(strings.Join(args[1:], " "), 64); len(args) != 2 || err != nil {
			s.complain("%q: want set contempt <number>", text)
		}
	case "myname":
		if len(args) < 2 {
			s.complain("%q: want set myname <name>", text)
			return nil
		}
		s.cfg.Name = strings.Join(args[1:], " ")
	default:
		s.complain("%q: unknown setting ignored", text)
	}
	return nil
}

// search asks the Chooser for a move in the current position and hands
// the choice to done. While it thinks it keeps reading: a ping or a quit,
// even one that came before the search began but after the command that
// started it, stops the search, and its result, no longer wanted, is not
// written; other commands wait for the search to end. The end of the input
// lets the search finish (a script may end with go), then ends the session.
func (s *session) search(ctx context.Context, lines <-chan line, done func(otp.Choice) error) error {
	if err := s.reply("status " + s.cfg.Name + " is thinking"); err != nil {
		return err
	}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	result := make(chan otp.Choice, 1)
	go func(g *othello.Game) { result <- s.chooser.Choose(sctx, g, s.think) }(s.game.Clone())
	stopped := false
	interrupt := func() { stopped = true; stop() }
	for _, p := range s.pending {
		if stops(p.text) {
			interrupt()
		}
	}
	var ch otp.Choice
	for waiting := true; waiting; {
		select {
		case ch = <-result:
			waiting = false
		case l, ok := <-lines:
			switch {
			case !ok:
				lines = nil // read no more; let the search finish
				s.pending = append(s.pending, line{end: true})
			case errors.Is(l.err, errLineTooLong):
				// Reported in its turn; the input goes on.
				s.pending = append(s.pending, l)
			case l.err != nil:
				lines = nil
				s.pending = append(s.pending, line{end: true})
				s.complain("reading commands: %v", l.err)
			default:
				if stops(l.text) {
					interrupt()
				}
				s.pending = append(s.pending, l)
			}
		}
	}
	if stopped || ctx.Err() != nil {
		return s.reply("status")
	}
	if ch.Err != nil {
		s.complain("search failed, playing %s: %v", ch.Move, ch.Err)
	}
	if err := done(ch); err != nil {
		return err
	}
	return s.reply("status")
}

// ponder thinks on the opponent's time after the engine answered m, when
// the session was configured to: the GUI plays m in its own game and sends
// it back later, so the position pondered is the session's game after m.
func (s *session) ponder(ctx context.Context, m othello.Move) {
	if s.cfg.Ponder <= 0 {
		return
	}
	g := s.game.Clone()
	if err := g.Play(m); err != nil {
		// Unreachable: the Chooser answers a legal move.
		s.cfg.Logger.Error("not pondering: the move answered is not legal here", zap.String("move", m.String()), zap.Error(err))
		return
	}
	s.chooser.Ponder(ctx, g, otp.PonderTime(s.cfg.Ponder, s.think))
}

// stops reports whether a command stops a search: ping and quit.
func stops(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && (f[0] == "ping" || f[0] == "quit")
}

// goReply writes the move of a go: "=== MOVE/eval/seconds", the evaluation
// empty for a move played without a search.
func (s *session) goReply(c otp.Choice) error {
	t := c.Thought
	if !c.Searched || c.Err != nil {
		return s.reply("=== " + moveName(c.Move) + "//0.00")
	}
	if err := s.reply(fmt.Sprintf("nodestats %d %.2f", t.Playouts, t.Elapsed.Seconds())); err != nil {
		return err
	}
	return s.reply(fmt.Sprintf("=== %s/%.2f/%.2f", moveName(c.Move), thoughtEval(t), t.Elapsed.Seconds()))
}

// hintReply writes the analysis of a hint: a "search" line for each of the
// n best moves the search valued, best first (see better), or for its
// chosen move only when it reports no values. A move played without a search (forced, or a
// failed search) gets no line: there is no value to report.
func (s *session) hintReply(c otp.Choice, n int) error {
	t := c.Thought
	if !c.Searched || c.Err != nil {
		return nil
	}
	if err := s.reply(fmt.Sprintf("nodestats %d %.2f", t.Playouts, t.Elapsed.Seconds())); err != nil {
		return err
	}
	if len(t.Values) == 0 {
		return s.reply(s.searchLine(c.Move, thoughtEval(t), t.Playouts))
	}
	vs := append([]thinking.MoveValue(nil), t.Values...)
	sort.SliceStable(vs, func(i, j int) bool { return better(vs[i], vs[j]) })
	for _, v := range vs[:min(n, len(vs))] {
		eval := valueEval(v)
		if t.Proof == thinking.ProofExact {
			switch {
			case v.Move == t.Move:
				// The solver's exact score of its move outranks a bare win.
				eval = float64(t.Score)
			case v.Proven && v.Outcome > 0:
				// Another proven win: the solver proved none better
				// than its move, so its margin is at most that one's,
				// a closer bound than the scale's end.
				eval = min(eval, float64(t.Score))
			}
		}
		if err := s.reply(s.searchLine(v.Move, eval, v.Visits)); err != nil {
			return err
		}
	}
	return nil
}

// better orders the root's moves as a tree search ranks them: a proven win
// first and a proven loss last, and otherwise the most simulated first,
// for the mean of a move tried a few times is mostly noise.
func better(a, b thinking.MoveValue) bool {
	ra, rb := provenRank(a), provenRank(b)
	if ra != rb {
		return ra > rb
	}
	return a.Visits > b.Visits
}

// provenRank is +1 for a proven win, -1 for a proven loss, 0 otherwise.
func provenRank(v thinking.MoveValue) int {
	if !v.Proven {
		return 0
	}
	return v.Outcome
}

// searchLine is one line of analysis: "search MOVE eval 0 depth" and, as
// free text, the simulations behind the value. The depth is the one the
// GUI set (a tree search has no single depth to report).
func (s *session) searchLine(m othello.Move, eval float64, visits int64) string {
	return fmt.Sprintf("search %s %.2f 0 %d %d playouts", moveName(m), eval, s.depth, visits)
}

// moveName writes a move as NBoard does: "F5", or "PA" for a pass.
func moveName(m othello.Move) string {
	if m == othello.Pass {
		return "PA"
	}
	return strings.ToUpper(m.String())
}

// thoughtEval is the evaluation of a search's move, in discs for the mover:
// the exact score when the solver proved one, else the win rate scaled.
func thoughtEval(t thinking.Thought) float64 {
	if t.Proof == thinking.ProofExact {
		return float64(t.Score)
	}
	return evalScale * (2*t.WinRate - 1)
}

// valueEval is the evaluation of one root move: a proven result at the
// ends of the scale, else the win rate scaled.
func valueEval(v thinking.MoveValue) float64 {
	if v.Proven {
		return evalScale * float64(v.Outcome)
	}
	return evalScale * (2*v.WinRate - 1)
}
