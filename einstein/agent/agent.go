// Package agent implements the agent's side of the course's protocol for
// Einstein Würfelt Nicht (Kari), the "Frame of an Agent" of seed 002, and
// the reference players random and greedy.
//
// The runner (the course's game program, or `einstein game`) and an agent
// talk over the agent's stdin and stdout in messages of fixed length, with
// no separators; the agent reads one byte at a time and writes each of its
// messages in one piece:
//
//	R1  1 byte   'e' end of all games, 'f' you are red (first) in this
//	             round, 's' you are blue (second)
//	R2  6 bytes  the layout: a permutation of 123456 (einstein.Layout)
//	R3  2 bytes  "ww" you won, "ll" you lost, "00" the opponent passed, or
//	             the opponent's move nd: cube n, direction d (1 horizontal,
//	             2 vertical, 3 diagonal, in the mover's own sense)
//	M   2 bytes  the agent's move: "00" (pass) or nd
//
// A round is R1 and R2, then for red the agent's first move; after that
// the agent reads R3 and, unless it is "ww" or "ll", answers with M.
package agent

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"go.uber.org/zap"
)

// CourseLimit is the course's time limit for a move, which the runner
// counts from its write of the opponent's move to the arrival of the
// agent's.
const CourseLimit = 10 * time.Second

// ThinkMargin is what an agent keeps back of CourseLimit by default: the
// search's own clock does not see the pipes, the process waiting for a
// CPU on a loaded machine (the course runs both agents and the runner on
// one host), or a garbage collection between the search and the write.
// The search itself stops within a millisecond of its deadline, so the
// margin is for the machine.
const ThinkMargin = time.Second

// Player chooses the moves of an agent.
type Player interface {
	// Move returns a legal move (einstein.Position.Moves) for the side
	// to move in p, a game that is not over.
	Move(p einstein.Position) einstein.Move
}

// The R3 messages that end a round.
const (
	msgWin  = "ww"
	msgLose = "ll"
)

// ErrNoEnd is returned by Serve when its input ends before the message
// 'e' (end of all games).
var ErrNoEnd = errors.New("the input ended without 'e' (end of all games)")

// flusher is a writer with a buffer to flush after every message.
type flusher interface {
	Flush() error
}

// Serve runs an agent on the protocol until the runner sends 'e': it reads
// the runner's messages from r one byte at a time, keeps the game on its
// own board, asks p for a move whenever it is the agent's turn and writes
// it to w (flushed if w has a Flush method). It returns nil after 'e', and
// an error that says what was wrong and where if the input ends early
// (ErrNoEnd before a round), is not a message of the protocol, or is an
// illegal move, or if w fails. It reads nothing after the 'e'. log (which
// may be nil) gets a line per round at the info level and one per move at
// the debug level.
func Serve(r io.Reader, w io.Writer, p Player, log *zap.Logger) error {
	if log == nil {
		log = zap.NewNop()
	}
	s := &session{r: r, w: w, player: p, log: log}
	for s.round = 1; ; s.round++ {
		done, err := s.playRound()
		if err != nil {
			return err
		}
		if done {
			return nil
		}
	}
}

// session is the state of Serve.
type session struct {
	r      io.Reader
	w      io.Writer
	player Player
	log    *zap.Logger
	round  int
	pos    einstein.Position
	buf    [einstein.Cubes]byte
}

// read reads n bytes into s.buf one byte at a time: a runner that sends
// more than one message at once loses nothing, and a byte the protocol
// does not expect yet stays in the pipe. what names the message for the
// error if the input ends early.
func (s *session) read(n int, what string) (string, error) {
	for i := range n {
		if _, err := io.ReadFull(s.r, s.buf[i:i+1]); err != nil {
			if errors.Is(err, io.EOF) {
				if what == "R1" {
					return "", ErrNoEnd
				}
				return "", fmt.Errorf("%s: the input ended in %s after %d of %d bytes", s.where(), what, i, n)
			}
			return "", fmt.Errorf("%s: reading %s: %w", s.where(), what, err)
		}
	}
	return string(s.buf[:n]), nil
}

// where names the place in the session for an error.
func (s *session) where() string {
	if s.pos == (einstein.Position{}) {
		return fmt.Sprintf("round %d", s.round)
	}
	return fmt.Sprintf("round %d, turn %d", s.round, s.pos.Turn())
}

// playRound plays one round and returns true if the runner sent 'e'
// instead.
func (s *session) playRound() (done bool, err error) {
	s.pos = einstein.Position{}
	r1, err := s.read(1, "R1")
	if err != nil {
		return false, err
	}
	var me einstein.Color
	switch r1 {
	case "e":
		s.log.Info("end of all games", zap.Int("rounds", s.round-1))
		return true, nil
	case "f":
		me = einstein.Red
	case "s":
		me = einstein.Blue
	default:
		return false, fmt.Errorf("%s: R1 is %q: want 'e', 'f' or 's'", s.where(), r1)
	}
	r2, err := s.read(einstein.Cubes, "R2")
	if err != nil {
		return false, err
	}
	l, err := einstein.ParseLayout(r2)
	if err != nil {
		return false, fmt.Errorf("%s: R2: %w", s.where(), err)
	}
	s.pos = einstein.New(l)
	s.log.Info("round", zap.Int("round", s.round), zap.Stringer("side", me), zap.Stringer("layout", l))
	for {
		if s.pos.ToMove() != me {
			r3, err := s.read(2, "R3")
			if err != nil {
				return false, err
			}
			switch r3 {
			case msgWin, msgLose:
				s.log.Info("round over", zap.Int("round", s.round), zap.Bool("won", r3 == msgWin),
					zap.Int("plies", s.pos.Ply()))
				return false, nil
			}
			if s.pos.Over() {
				return false, fmt.Errorf("%s: R3 is %q, but the game is over (%v won): want ww or ll", s.where(), r3, s.pos.Winner())
			}
			m, err := einstein.ParseMove(r3)
			if err != nil {
				return false, fmt.Errorf("%s: R3: %w", s.where(), err)
			}
			if err := s.pos.Play(m); err != nil {
				return false, fmt.Errorf("%s: the opponent's %w", s.where(), err)
			}
			s.log.Debug("opponent moved", zap.Stringer("move", m))
			continue
		}
		if s.pos.Over() {
			return false, fmt.Errorf("%s: the game is over (%v won) but no ww or ll came", s.where(), s.pos.Winner())
		}
		m := s.player.Move(s.pos)
		if err := s.pos.Play(m); err != nil {
			return false, fmt.Errorf("%s: internal error: the player chose an illegal %w", s.where(), err)
		}
		s.log.Debug("moved", zap.Stringer("move", m))
		if err := s.send(m.String()); err != nil {
			return false, err
		}
	}
}

// send writes a message in one piece and flushes it.
func (s *session) send(msg string) error {
	if _, err := io.WriteString(s.w, msg); err != nil {
		return fmt.Errorf("%s: writing %s: %w", s.where(), msg, err)
	}
	if f, ok := s.w.(flusher); ok {
		if err := f.Flush(); err != nil {
			return fmt.Errorf("%s: writing %s: %w", s.where(), msg, err)
		}
	}
	return nil
}
