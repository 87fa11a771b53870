// Package client is the judge's side of the NBoard protocol: it drives an
// engine that speaks NBoard (version 2) over its stdin and stdout, as the
// NBoard GUI would, so that such an engine (Edax, Egaroucid for Console,
// NTest, search --nboard) plays under the judge like an OTP engine. Before
// each move it sends the whole game as "set game GGF" with a ping, then
// "go", and reads the engine's "=== MOVE" within the move's time limit; a
// fault (no reply in time, a reply that is no move, a move unasked, the
// output closed) is an *otp.Forfeit, as an OTP player's is, so that a
// match's game loop judges both alike. docs/nboard.md, "Playing NBoard
// engines under the judge", describes it.
package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// Version is the protocol version announced with "nboard".
const Version = 2

// MaxReply bounds what an engine may write in answer to one command,
// status and analysis lines included: a real engine's reply to go is a
// few lines, so 64 KiB is far beyond any, and an engine that floods the
// pipe is stopped rather than read without end. A single line longer
// than this is also a fault.
const MaxReply = 64 << 10

// drainLimit bounds how long the output of a closed engine is still read
// (and copied to its log): long enough for the engine to see the end of
// its input and exit, or for the judge to stop it (engineproc.StopGrace,
// 2 s, then a kill), short enough that an engine whose output a child
// process keeps open cannot hold a reader for long.
const drainLimit = 10 * time.Second

// queuedLines is how many lines of output wait for the judge while it is
// not reading (between moves): enough for any engine's idle chatter,
// after which the engine blocks on its pipe, as it would under the GUI.
const queuedLines = 256

// Engine is the judge's view of one NBoard engine: its pipes and the game
// as the judge has told it. It is not safe for concurrent use: like the
// GUI, the judge sends a command and waits for its answer.
type Engine struct {
	in    io.WriteCloser
	out   io.ReadCloser
	lines chan line
	quit  chan struct{}
	once  sync.Once
	// drain is how long Close goes on reading the output (drainLimit;
	// shorter in tests).
	drain time.Duration
	game  *othello.Game
	pings int
	name  string
	// closed is set once the output has ended, with why.
	closed error
}

// line is one line of the engine's output, or the error that ended it.
type line struct {
	text string
	err  error
}

// New returns the judge's view of an engine whose stdin is in and whose
// stdout is out; it reads out from now on, copying every line it reads to
// transcript if that is not nil (the engine's log). Call Hello before the
// game and Close at the end.
func New(in io.WriteCloser, out io.ReadCloser, transcript io.Writer) *Engine {
	e := &Engine{in: in, out: out, lines: make(chan line, queuedLines), quit: make(chan struct{}), drain: drainLimit, game: othello.NewGame()}
	go e.read(transcript)
	return e
}

// errOutputClosed is why an engine's output ended at its end of file.
var errOutputClosed = errors.New("the engine closed its output")

// errLineTooLong is the fault of an output line longer than MaxReply.
var errLineTooLong = fmt.Errorf("an output line longer than %d bytes", MaxReply)

// read passes out's lines to e.lines until out ends or e is closed; a
// line longer than MaxReply ends it too. Once e is closed it goes on
// reading, and copying to transcript, what nobody will ask for any more,
// until out ends or Close's drain time closes it: an engine that writes
// after its quit (a last status line) must find a reader, or it dies of
// a broken pipe.
func (e *Engine) read(transcript io.Writer) {
	defer close(e.lines)
	lr := lineread.New(e.out, MaxReply)
	for {
		text, err := lr.Next()
		l := line{text: text, err: err}
		switch {
		case errors.Is(err, io.EOF):
			l.err = errOutputClosed
		case errors.Is(err, lineread.ErrTooLong):
			l.err = errLineTooLong
		case err == nil && transcript != nil:
			io.WriteString(transcript, text+"\n")
		}
		select {
		case e.lines <- l:
		case <-e.quit:
			// Nobody will read e.lines again: drop the line and keep
			// the engine's pipe flowing.
		}
		if l.err != nil {
			return
		}
	}
}

// Name returns the name the engine gave with "set myname", "" if none.
func (e *Engine) Name() string { return e.name }

// Close closes the engine's stdin (it sees the end of its input) and
// stops passing its output on. The output is still read, and copied to
// the transcript, until the engine closes it (it exits) or for the drain
// time (drainLimit) at most, after which it is closed: closing it at once
// would kill with SIGPIPE an engine that writes one more line on its way
// out, and the judge would record an unclean exit.
func (e *Engine) Close() error {
	e.once.Do(func() {
		close(e.quit)
		e.in.Close()
		time.AfterFunc(e.drain, func() { e.out.Close() })
	})
	return nil
}

// Hello starts the session as the GUI does: "nboard 2", "set depth N"
// when depth is above 0, and a ping, whose pong must come by deadline
// (the engine's start-up, its evaluation loaded, included). An engine
// that exits or does not answer in time gets a *otp.Forfeit.
func (e *Engine) Hello(ctx context.Context, depth int, deadline time.Time) error {
	var cmd strings.Builder
	fmt.Fprintf(&cmd, "nboard %d\n", Version)
	if depth > 0 {
		fmt.Fprintf(&cmd, "set depth %d\n", depth)
	}
	ping := e.ping(&cmd)
	_, err := e.exchange(ctx, cmd.String(), ping, deadline, nil)
	return err
}

// ping adds the next ping to cmd and returns the pong that answers it.
func (e *Engine) ping(cmd *strings.Builder) string {
	e.pings++
	n := strconv.Itoa(e.pings)
	cmd.WriteString("ping " + n + "\n")
	return "pong " + n
}

// ClearBoard starts a new game from the standard position. Nothing is
// sent: every go carries the whole game. An engine whose output has
// already ended gets its forfeit now.
func (e *Engine) ClearBoard(ctx context.Context, limit time.Duration) error {
	e.game = othello.NewGame()
	return e.alive("set game")
}

// Play records a move of the game; the engine learns it with the next
// set game. A move illegal on the judge's own copy of the game is the
// judge's error, not the engine's.
func (e *Engine) Play(ctx context.Context, m othello.Move, limit time.Duration) error {
	if err := e.game.Play(m); err != nil {
		return fmt.Errorf("nboard client: %v is not legal in the game told to the engine: %w", m, err)
	}
	return e.alive("move")
}

// GenMove asks for the engine's move: it sends the game as "set game"
// with a ping and "go", and waits, at most limit from the first byte
// sent, for the pong and then a line "=== MOVE[/eval[/time]]" (or
// "=== MOVE eval time", as Edax writes it); other lines (status,
// nodestats, search...) are read and ignored, as the GUI does. A move
// before the pong was sent unasked (ForfeitExtraData); a "===" line
// without a square or PA is malformed. When the side to move has no
// move the engine is not asked: the pass is played for it at once, so
// that no engine is asked to move without a move to make (engines differ
// in what they answer then). The move's legality is the
// caller's business, as with an OTP engine; a legal move is played on
// the engine's game.
func (e *Engine) GenMove(ctx context.Context, limit time.Duration) (otp.Exchange, error) {
	pos := e.game.Position()
	// The judge's game ends with two passes, so a board full or without
	// moves for either side is still asked twice.
	if pos.MustPass() {
		if err := e.alive("go"); err != nil {
			return otp.Exchange{}, err
		}
		e.game.Play(othello.Pass)
		return otp.Exchange{Command: "go", Move: othello.Pass}, nil
	}
	r := othello.NewGGF(e.game)
	ggf, err := r.Format()
	if err != nil {
		return otp.Exchange{}, fmt.Errorf("nboard client: %w", err)
	}
	var cmd strings.Builder
	cmd.WriteString("set game " + ggf + "\n")
	pong := e.ping(&cmd)
	cmd.WriteString("go\n")
	var move othello.Move
	ex, err := e.exchange(ctx, cmd.String(), pong, time.Now().Add(limit), func(text string) (bool, error) {
		rest, ok := strings.CutPrefix(text, "===")
		if !ok {
			return false, nil
		}
		var perr error
		move, perr = parseMove(rest)
		return true, perr
	})
	if err != nil {
		return ex, err
	}
	ex.Move = move
	if pos.IsLegal(move) {
		e.game.Play(move)
	}
	return ex, nil
}

// parseMove reads the move of a "===" line, what follows "===": a square
// or PA, then "/eval/time" or " eval time", either optional.
func parseMove(s string) (othello.Move, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ' ' || r == '\t' })
	if len(f) == 0 {
		return othello.NoMove, errors.New("no move after ===")
	}
	m, err := othello.ParseSquare(f[0])
	if err != nil {
		return othello.NoMove, fmt.Errorf("=== %s: %v", f[0], err)
	}
	return m, nil
}

// Quit tells the engine the game is over; it has no reply.
func (e *Engine) Quit(ctx context.Context, limit time.Duration) error {
	if _, err := io.WriteString(e.in, "quit\n"); err != nil {
		return fmt.Errorf("quit could not be sent: %w", err)
	}
	return nil
}

// alive returns the forfeit of an engine whose output has ended (it
// exited), for the command cmd, and nil while it runs: commands that
// send nothing still notice an engine that is gone.
func (e *Engine) alive(cmd string) error {
	if e.closed == nil {
		select {
		case l, ok := <-e.lines:
			switch {
			case !ok:
				e.closed = errOutputClosed
			case l.err != nil:
				e.closed = l.err
			default:
				// A line between commands: put nothing back, the
				// GUI ignores unasked output too.
				return nil
			}
		default:
			return nil
		}
	}
	return &otp.Forfeit{Reason: otp.ForfeitDisconnected, Command: cmd, Detail: e.closed.Error()}
}

// exchange writes cmd in one piece and reads the engine's lines until
// deadline: first the line pong, before which a "===" line is a move sent
// unasked; then, if reply is not nil, until reply says a line completes
// the answer (or fails it). The Exchange holds every line received, from
// the write to the verdict.
func (e *Engine) exchange(ctx context.Context, cmd, pong string, deadline time.Time, reply func(string) (bool, error)) (otp.Exchange, error) {
	name := lastCommand(cmd)
	ex := otp.Exchange{Command: name}
	start := time.Now()
	limit := time.Until(deadline)
	var got strings.Builder
	fault := func(reason otp.ForfeitReason, detail string) error {
		return &otp.Forfeit{Reason: reason, Command: name, Received: got.String(), Detail: detail, Elapsed: time.Since(start)}
	}
	if e.closed != nil {
		return ex, fault(otp.ForfeitDisconnected, e.closed.Error())
	}
	if err := ctx.Err(); err != nil {
		return ex, err
	}
	if _, err := io.WriteString(e.in, cmd); err != nil {
		return ex, fault(otp.ForfeitDisconnected, "the command could not be sent: "+err.Error())
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	synced := false
	for {
		select {
		case <-ctx.Done():
			return ex, ctx.Err()
		case <-timer.C:
			want := pong
			if synced {
				want = "a === move"
			}
			return ex, fault(otp.ForfeitTimeout, fmt.Sprintf("no %s within %v", want, limit.Round(time.Millisecond)))
		case l, ok := <-e.lines:
			if !ok || l.err != nil {
				e.closed = errOutputClosed
				if ok {
					e.closed = l.err
				}
				reason := otp.ForfeitDisconnected
				if errors.Is(e.closed, errLineTooLong) {
					reason = otp.ForfeitTooLong
				}
				return ex, fault(reason, e.closed.Error())
			}
			got.WriteString(l.text + "\n")
			if got.Len() > MaxReply {
				return ex, fault(otp.ForfeitTooLong, fmt.Sprintf("more than %d bytes without a complete reply", MaxReply))
			}
			if name, ok := strings.CutPrefix(l.text, "set myname "); ok {
				e.name = strings.TrimSpace(name)
			}
			if !synced {
				if strings.HasPrefix(l.text, "===") {
					return ex, fault(otp.ForfeitExtraData, "a move before "+pong+": sent unasked")
				}
				if strings.TrimSpace(l.text) == pong {
					synced = true
					if reply == nil {
						ex.Received, ex.Elapsed = got.String(), time.Since(start)
						return ex, nil
					}
				}
				continue
			}
			done, err := reply(l.text)
			if err != nil {
				return ex, fault(otp.ForfeitMalformed, err.Error())
			}
			if done {
				ex.Received, ex.Elapsed = got.String(), time.Since(start)
				return ex, nil
			}
		}
	}
}

// lastCommand names an exchange by its last command's word: "ping" for
// the hello, "go" for a move.
func lastCommand(cmd string) string {
	lines := strings.Split(strings.TrimRight(cmd, "\n"), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
