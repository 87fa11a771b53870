// Package console is the console protocol of the course's 2013 Kill-All
// Go homework (seeds 000 and 001): one command a line on stdin, one reply
// on stdout. Session is the program's side; docs/killallgo.md lists the
// commands and every reply, errors included.
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/killallgo"
)

// DefaultTimeLimit is the seed's default think time, in seconds.
const DefaultTimeLimit = 10

// MaxTimeLimit bounds `time`: an hour is far beyond any time limit a
// referee sets, and keeps the deadline arithmetic far from overflowing.
const MaxTimeLimit = 3600

// MaxLineBytes bounds a command line: the longest command is a dozen
// bytes, and a line beyond this is not a command of the protocol.
const MaxLineBytes = 4096

// ThinkBudget returns the time a think may search with a limit of
// seconds, counted from when the command was read: the limit less the
// margin of package movetime, so that the reply is never late.
func ThinkBudget(seconds int) time.Duration {
	return movetime.Budget(time.Duration(seconds) * time.Second)
}

// Session is the program's side of one run of the protocol.
type Session struct {
	game   *killallgo.Game
	limit  int // seconds per think
	player killallgo.Player
	out    *bufio.Writer
	log    *zap.Logger
	prompt string // written before each command is read; "" for none
}

// Prompt is what the course's 2013 template writes before it reads each
// command (the seed's sample session: ">reset", ">ok"). Session writes it
// only when told to (SetPrompt), for a person at a terminal: a referee
// reading a pipe wants the reply alone.
const Prompt = ">"

// SetPrompt makes the session write p before it reads each command, ""
// (the default) for nothing.
func (s *Session) SetPrompt(p string) { s.prompt = p }

// StripPrompt returns a line a program wrote without the prompts and
// blanks before its reply: ">>ok" and "> 4 3", from a program on the
// course's template, which writes Prompt before reading each command,
// are "ok" and "4 3". A referee reads every reply through it, so that
// such a program is judged by what it answered.
func StripPrompt(line string) string {
	return strings.TrimLeft(line, Prompt+" \t")
}

// NewSession returns a session on an empty board whose think asks p and
// whose replies go to w.
func NewSession(p killallgo.Player, w io.Writer, log *zap.Logger) *Session {
	return &Session{
		game:   killallgo.NewGame(),
		limit:  DefaultTimeLimit,
		player: p,
		out:    bufio.NewWriter(w),
		log:    log,
	}
}

// errLineTooLong is the reply's reason for a line longer than
// MaxLineBytes.
var errLineTooLong = fmt.Errorf("a line longer than %d bytes is not a command of the protocol; it was skipped", MaxLineBytes)

// Serve answers the commands read from r until quit or the end of the
// input, both of which return nil; it returns an error if r or the output
// fails. A line longer than MaxLineBytes gets an error reply, is skipped
// whole, and changes nothing.
func (s *Session) Serve(r io.Reader) error {
	lr := lineread.New(r, MaxLineBytes)
	for {
		if s.prompt != "" {
			s.out.WriteString(s.prompt)
			if err := s.out.Flush(); err != nil {
				return fmt.Errorf("writing the prompt: %w", err)
			}
		}
		line, err := lr.Next()
		// The think time counts from here: the referee's clock started
		// when it sent the line.
		read := time.Now()
		if errors.Is(err, io.EOF) {
			return nil
		}
		quit := false
		switch {
		case errors.Is(err, lineread.ErrTooLong):
			s.log.Warn("line too long", zap.Int("max", MaxLineBytes))
			s.fail("%v", errLineTooLong)
		case err != nil:
			return err
		default:
			quit = s.handle(line, read)
		}
		if err := s.out.Flush(); err != nil {
			return fmt.Errorf("writing the reply: %w", err)
		}
		if quit {
			return nil
		}
	}
}

// reply writes one line of reply.
func (s *Session) reply(format string, args ...any) {
	fmt.Fprintf(s.out, format+"\n", args...)
}

// fail writes an error reply: "error: " and what was wrong.
func (s *Session) fail(format string, args ...any) {
	s.reply("error: "+format, args...)
}

// Usage lines of the error replies.
var usageTime = fmt.Sprintf("usage: time SECONDS (an integer 1..%d)", MaxTimeLimit)

const (
	usageReset   = "usage: reset"
	usagePut     = "usage: put b|w X Y (1 <= X, Y <= 7)"
	usageDisplay = "usage: display"
	usageStart   = "usage: start game"
	usageThink   = "usage: think b|w"
	usageQuit    = "usage: quit"
)

// handle answers one line and reports whether it was quit. A blank line
// gets no reply. Commands and their words are matched without regard to
// case.
func (s *Session) handle(line string, read time.Time) (quit bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	s.log.Debug("command", zap.String("line", line))
	cmd, args := strings.ToLower(f[0]), f[1:]
	switch cmd {
	case "reset":
		if len(args) != 0 {
			s.fail(usageReset)
			return false
		}
		s.game.Reset()
		s.player.Reset()
		s.reply("ok")
	case "time":
		n, err := strconv.Atoi(strings.Join(args, " "))
		if len(args) != 1 || err != nil || n < 1 || n > MaxTimeLimit {
			s.fail(usageTime)
			return false
		}
		s.limit = n
		s.reply("ok")
	case "put":
		s.put(args)
	case "display":
		if len(args) != 0 {
			s.fail(usageDisplay)
			return false
		}
		s.display()
	case "start":
		if len(args) != 1 || strings.ToLower(args[0]) != "game" {
			s.fail(usageStart)
			return false
		}
		if err := s.game.Start(); err != nil {
			s.fail("%v", err)
			return false
		}
		s.player.Reset()
		s.reply("ok")
	case "think":
		c, ok := color(args, 1)
		if !ok {
			s.fail(usageThink)
			return false
		}
		s.think(c, read)
	case "quit":
		if len(args) != 0 {
			s.fail(usageQuit)
			return false
		}
		return true
	default:
		s.fail("unknown command %q: want reset, time, put, display, start game, think or quit", f[0])
	}
	return false
}

// color parses args[0] as b or w, args having exactly n words.
func color(args []string, n int) (goban.Color, bool) {
	if len(args) != n {
		return goban.Empty, false
	}
	for _, c := range [...]goban.Color{goban.Black, goban.White} {
		if strings.EqualFold(args[0], ColorLetter(c)) {
			return c, true
		}
	}
	return goban.Empty, false
}

// ColorLetter returns the protocol's name of a colour in put and think:
// b for black, w for white. The session reads it in either case; a
// referee writes it.
func ColorLetter(c goban.Color) string {
	if c == goban.Black {
		return "b"
	}
	return "w"
}

// put answers put b|w x y.
func (s *Session) put(args []string) {
	c, ok := color(args, 3)
	if !ok {
		s.fail(usagePut)
		return
	}
	x, errX := strconv.Atoi(args[1])
	y, errY := strconv.Atoi(args[2])
	m, on := killallgo.At(x, y)
	if errX != nil || errY != nil || !on {
		s.fail(usagePut)
		return
	}
	if err := s.game.Put(m, c); err != nil {
		s.fail("illegal move %s %d %d: %v", args[0], x, y, err)
		return
	}
	s.reply("ok")
}

// display answers display: the time limit, then the board, top row (y =
// 7) first.
func (s *Session) display() {
	s.reply("time limit=%d", s.limit)
	fmt.Fprint(s.out, s.game.Board().String())
}

// think answers think b|w: the search's move for c, played on the board.
func (s *Session) think(c goban.Color, read time.Time) {
	if !s.game.Started() {
		s.fail("%v", killallgo.ErrNotStarted)
		return
	}
	ctx, cancel := context.WithDeadline(context.Background(), read.Add(ThinkBudget(s.limit)))
	defer cancel()
	m := s.player.Move(ctx, s.game, c)
	if err := s.game.Play(m, c); err != nil {
		// The player checked the move against the game: a bug.
		s.log.Error("the chosen move is illegal; passing instead", zap.Stringer("move", m), zap.Error(err))
		m = killallgo.Pass
		_ = s.game.Pass(c)
	}
	x, y := m.XY()
	s.reply("%d %d", x, y)
}
