package referee

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/killallgo/console"
)

// Endpoint is the referee's side of a program that speaks the console
// protocol: where its commands go and where its replies come from. Start
// makes one of a program it starts; a test may make one of pipes.
type Endpoint struct {
	Name string    // for the record and the messages
	In   io.Writer // the program's standard input
	Out  io.Reader // the program's standard output
	// Exited is closed when the program has exited; nil if that is not
	// known (then only the end of Out tells).
	Exited <-chan struct{}
	// Status describes how the program exited, once Exited is closed.
	Status func() string
	// Clock, if set, tells the CPU time of the program and whatever it
	// started, for a game timed by CPU time (Config.Time); nil times its
	// thinks by the wall clock.
	Clock movetime.Clock
	// Limit, if set, tells the resource limit that ended the program,
	// once it has ended: the breach (BreachMemoryLimit, BreachDiskLimit)
	// and the limit in words; "" while it runs or when none did.
	Limit func() (Breach, string)

	lines  chan line     // Out's lines, read by a goroutine from the first use
	done   chan struct{} // closed by close: the reading goroutine stops
	closed bool
}

// line is one line of a program's output, or the error that ended it.
type line struct {
	text string
	err  error
}

// exitNoteWait is how long the referee waits, after a program's output
// ended or a write failed, to learn its exit status for the message: a
// program that closes its output is about to exit, but on a busy machine
// the exit may take a while to be seen.
const exitNoteWait = 2 * time.Second

// send writes one command line.
func (e *Endpoint) send(cmd string) error {
	e.startReading()
	if _, err := io.WriteString(e.In, cmd+"\n"); err != nil {
		return fmt.Errorf("cannot be sent %q: %v%s", cmd, err, e.exitNote())
	}
	return nil
}

// readLoop passes Out's lines to e.lines until it ends. A line longer than
// the protocol's bound is passed as an error: no reply is that long.
func (e *Endpoint) readLoop(lines chan<- line, done <-chan struct{}) {
	lr := lineread.New(e.Out, console.MaxLineBytes)
	for {
		text, err := lr.Next()
		long := errors.Is(err, lineread.ErrTooLong)
		if long {
			err = tooLongError{console.MaxLineBytes}
		}
		select {
		case lines <- line{text: text, err: err}:
		case <-done:
			return
		}
		if err != nil && !long {
			close(lines)
			return
		}
	}
}

// errLate is the error of a reply that did not come in time.
var errLate = errors.New("did not reply")

// errClosed is the error of a program whose output ended.
var errClosed = errors.New("closed its output")

// tooLongError is the error of a line longer than the protocol allows.
type tooLongError struct{ limit int }

func (e tooLongError) Error() string { return fmt.Sprintf("a line longer than %d bytes", e.limit) }

// reply reads the program's next line within limit that is not blank
// once its prompts are stripped (console.StripPrompt), as it was written. It returns
// an error wrapping errLate if none came in time, or saying that the
// output ended (with the exit status when the program exited).
func (e *Endpoint) reply(limit time.Duration) (string, error) {
	e.startReading()
	t := time.NewTimer(limit)
	defer t.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			switch {
			case !ok || errors.Is(l.err, io.EOF):
				return "", fmt.Errorf("%w%s", errClosed, e.exitNote())
			case l.err != nil:
				return "", fmt.Errorf("wrote %w", l.err)
			case strings.TrimSpace(console.StripPrompt(l.text)) == "":
				continue // a blank line, or a prompt alone, is no reply
			}
			return l.text, nil
		case <-t.C:
			return "", fmt.Errorf("%w within %v", errLate, limit)
		}
	}
}

// startReading starts reading Out, once, at the first command sent or
// reply awaited: a program may write before it reads (a template
// program's prompt), and must not wait on its output for the referee.
func (e *Endpoint) startReading() {
	if e.lines == nil {
		e.lines, e.done = make(chan line, 16), make(chan struct{})
		go e.readLoop(e.lines, e.done)
	}
}

// exitNote returns ": it exited (STATUS)" if the program exits within
// exitNoteWait, else "".
func (e *Endpoint) exitNote() string {
	if e.Exited == nil {
		return ""
	}
	t := time.NewTimer(exitNoteWait)
	defer t.Stop()
	select {
	case <-e.Exited:
		return ": it exited (" + e.Status() + ")"
	case <-t.C:
		return ""
	}
}

// close stops reading the program's output: the referee is done with it.
func (e *Endpoint) close() {
	if e.done != nil && !e.closed {
		close(e.done)
		e.closed = true
	}
}
