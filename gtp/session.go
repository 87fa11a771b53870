package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/internal/lineread"
)

// Engine is a program of the Go family as the session drives it. Its
// methods are called one at a time. An error it returns wraps one of the
// standard errors (ErrIllegalMove, ...), whose text is the reply; the
// whole error goes to the log.
type Engine interface {
	// SetBoardSize sets the board's side and clears the board; an error
	// wrapping ErrUnacceptable for a size the engine does not play.
	SetBoardSize(n int) error
	// BoardSize returns the board's side.
	BoardSize() int
	// ClearBoard empties the board and forgets the game.
	ClearBoard()
	// SetKomi sets the komi.
	SetKomi(k float64)
	// Play plays a move of colour c (a pass too); an error wrapping
	// ErrIllegalMove leaves the game as it was.
	Play(c Color, v Vertex) error
	// GenMove chooses a move of colour c, plays it and returns it; resign
	// true if the engine resigns instead (no move is played). It answers
	// by the context's deadline when it has one, and within its own
	// default time otherwise.
	GenMove(ctx context.Context, c Color) (v Vertex, resign bool)
	// Undo takes back the last move; an error wrapping ErrCannotUndo if
	// there is none.
	Undo() error
	// ShowBoard returns the board as text, lines separated by "\n",
	// none of them empty.
	ShowBoard() string
	// FinalScore returns the result as GTP writes it ("W+2.5", "B+31",
	// "0"), or an error wrapping ErrCannotScore.
	FinalScore() (string, error)
}

// Handicapper is an Engine that takes handicap stones chosen by the
// controller on an empty board: set_free_handicap.
type Handicapper interface {
	// SetFreeHandicap places black stones on the empty board; an error
	// wrapping ErrBoardNotEmpty or ErrBadVertexList, the board unchanged.
	SetFreeHandicap(vs []Vertex) error
}

// Config is what a session says of its engine, and how it plans time.
type Config struct {
	Name, Version string // the replies to name and version
	// MovesToPlan is the number of its own moves a player is assumed to
	// have left when genmove shares out main time without byo-yomi
	// stones; 0 means DefaultMovesToPlan. A game's length is the
	// engine's knowledge.
	MovesToPlan int
}

// MaxLineBytes bounds a command line: the longest standard command is a
// handicap of a few hundred stones; a longer line is answered with an
// error and skipped.
const MaxLineBytes = 4096

// Session is the engine's side of one GTP connection.
type Session struct {
	engine Engine
	cfg    Config
	clock  Clock
	out    *bufio.Writer
	log    *zap.Logger
}

// NewSession returns a session that drives e and writes its responses to
// w.
func NewSession(e Engine, cfg Config, w io.Writer, log *zap.Logger) *Session {
	if cfg.MovesToPlan <= 0 {
		cfg.MovesToPlan = DefaultMovesToPlan
	}
	return &Session{engine: e, cfg: cfg, clock: Clock{movesToPlan: cfg.MovesToPlan}, out: bufio.NewWriter(w), log: log}
}

// handler answers one command's arguments: the result, or an error whose
// text is the reply.
type handler func(s *Session, args []string, read time.Time) (string, error)

// commandNames are the names of commands, sorted, as list_commands lists
// them (set_free_handicap only for a Handicapper).
var commandNames = []string{"boardsize", "clear_board", "final_score", "genmove", "known_command", "komi",
	"list_commands", "name", "play", "protocol_version", "quit", "set_free_handicap", "showboard",
	"time_left", "time_settings", "undo", "version"}

// commands are the commands a session knows, by name.
var commands = map[string]handler{
	"protocol_version":  func(*Session, []string, time.Time) (string, error) { return "2", nil },
	"name":              func(s *Session, _ []string, _ time.Time) (string, error) { return s.cfg.Name, nil },
	"version":           func(s *Session, _ []string, _ time.Time) (string, error) { return s.cfg.Version, nil },
	"known_command":     (*Session).knownCommand,
	"list_commands":     func(s *Session, _ []string, _ time.Time) (string, error) { return strings.Join(s.names(), "\n"), nil },
	"quit":              func(*Session, []string, time.Time) (string, error) { return "", nil },
	"boardsize":         (*Session).boardSize,
	"clear_board":       (*Session).clearBoard,
	"komi":              (*Session).komi,
	"play":              (*Session).play,
	"genmove":           (*Session).genMove,
	"undo":              func(s *Session, _ []string, _ time.Time) (string, error) { return "", s.engine.Undo() },
	"showboard":         func(s *Session, _ []string, _ time.Time) (string, error) { return "\n" + s.engine.ShowBoard(), nil },
	"final_score":       func(s *Session, _ []string, _ time.Time) (string, error) { return s.engine.FinalScore() },
	"time_settings":     (*Session).timeSettings,
	"time_left":         (*Session).timeLeft,
	"set_free_handicap": (*Session).setFreeHandicap,
}

// names returns the commands this session's engine answers, sorted.
func (s *Session) names() []string {
	ns := make([]string, 0, len(commandNames))
	for _, n := range commandNames {
		if n == "set_free_handicap" {
			if _, ok := s.engine.(Handicapper); !ok {
				continue
			}
		}
		ns = append(ns, n)
	}
	return ns
}

// Serve answers the commands read from r until quit or the end of the
// input, both of which return nil; it returns an error if r or the output
// fails. A line longer than MaxLineBytes gets a syntax error and is
// skipped.
func (s *Session) Serve(r io.Reader) error {
	lr := lineread.New(r, MaxLineBytes)
	for {
		raw, err := lr.Next()
		read := time.Now() // genmove's time counts from here
		if errors.Is(err, io.EOF) {
			return nil
		}
		quit := false
		switch {
		case errors.Is(err, lineread.ErrTooLong):
			s.respond("", fmt.Errorf("%w: a line longer than %d bytes was skipped", ErrSyntax, MaxLineBytes), "")
		case err != nil:
			return err
		default:
			if line := Preprocess(raw); line != "" {
				quit = s.handle(line, read)
			}
		}
		if err := s.out.Flush(); err != nil {
			return fmt.Errorf("writing the response: %w", err)
		}
		if quit {
			return nil
		}
	}
}

// Preprocess applies GTP's preprocessing to a line: control characters
// other than tab removed (a carriage return too), the text from a '#' on
// removed, tabs turned into spaces, and the spaces at both ends trimmed.
// A line that preprocesses to "" is no command and gets no response.
func Preprocess(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < ' ' || r == 0x7f:
			return -1
		}
		return r
	}, line)
	return strings.TrimSpace(line)
}

// handle answers one preprocessed, non-empty line and reports whether it
// was quit.
func (s *Session) handle(line string, read time.Time) (quit bool) {
	f := strings.Fields(line)
	id := ""
	if _, err := strconv.ParseUint(f[0], 10, 63); err == nil {
		id, f = f[0], f[1:]
	}
	if len(f) == 0 {
		s.respond(id, fmt.Errorf("%w: an id without a command", ErrSyntax), line)
		return false
	}
	name, args := f[0], f[1:]
	h := commands[name]
	if h == nil || !slices.Contains(s.names(), name) {
		s.respond(id, fmt.Errorf("%w: %q", ErrUnknownCommand, name), line)
		return false
	}
	s.log.Debug("command", zap.String("line", line))
	result, err := h(s, args, read)
	if err != nil {
		s.respond(id, err, line)
		return false
	}
	s.out.WriteString("=" + id + " " + result + "\n\n")
	return name == "quit"
}

// standard are the errors whose text is the reply.
var standard = []error{ErrUnknownCommand, ErrSyntax, ErrUnacceptable, ErrIllegalMove, ErrCannotUndo,
	ErrCannotScore, ErrBoardNotEmpty, ErrBadVertexList}

// respond writes a failure: the standard message err wraps, or err's own
// text if it wraps none.
func (s *Session) respond(id string, err error, line string) {
	msg := err.Error()
	for _, e := range standard {
		if errors.Is(err, e) {
			msg = e.Error()
			break
		}
	}
	s.log.Info("command failed", zap.String("line", line), zap.Error(err))
	s.out.WriteString("?" + id + " " + strings.ReplaceAll(msg, "\n", " ") + "\n\n")
}

// knownCommand answers known_command NAME.
func (s *Session) knownCommand(args []string, _ time.Time) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("%w: known_command NAME", ErrSyntax)
	}
	return strconv.FormatBool(slices.Contains(s.names(), args[0])), nil
}

// boardSize answers boardsize N.
func (s *Session) boardSize(args []string, _ time.Time) (string, error) {
	n, err := oneInt(args, "boardsize SIZE")
	if err != nil {
		return "", err
	}
	if n < 1 || n > MaxSize {
		return "", fmt.Errorf("%w: %d", ErrUnacceptable, n)
	}
	s.clock.Reset()
	return "", s.engine.SetBoardSize(n)
}

// clearBoard answers clear_board.
func (s *Session) clearBoard(_ []string, _ time.Time) (string, error) {
	s.engine.ClearBoard()
	s.clock.NewGame()
	return "", nil
}

// komi answers komi K.
func (s *Session) komi(args []string, _ time.Time) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("%w: komi NUMBER", ErrSyntax)
	}
	k, err := strconv.ParseFloat(args[0], 64)
	if err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
		return "", fmt.Errorf("%w: komi %q is not a number", ErrSyntax, args[0])
	}
	s.engine.SetKomi(k)
	return "", nil
}

// play answers play COLOR VERTEX.
func (s *Session) play(args []string, _ time.Time) (string, error) {
	if len(args) != 2 {
		return "", fmt.Errorf("%w: play COLOR VERTEX", ErrSyntax)
	}
	c, err := ParseColor(args[0])
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	v, err := ParseVertex(args[1], s.engine.BoardSize())
	if err != nil {
		// A vertex off the board is an illegal move, not bad syntax.
		if errors.Is(err, ErrOffBoard) {
			return "", fmt.Errorf("%w: %v", ErrIllegalMove, err)
		}
		return "", fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	return "", s.engine.Play(c, v)
}

// genMove answers genmove COLOR, by the deadline the time settings give.
func (s *Session) genMove(args []string, read time.Time) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("%w: genmove COLOR", ErrSyntax)
	}
	c, err := ParseColor(args[0])
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	ctx := context.Background()
	if budget, ok := s.clock.Budget(c); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, read.Add(budget))
		defer cancel()
	}
	v, resign := s.engine.GenMove(ctx, c)
	if resign {
		return "resign", nil
	}
	return v.String(), nil
}

// timeSettings answers time_settings MAIN BYOYOMI STONES.
func (s *Session) timeSettings(args []string, _ time.Time) (string, error) {
	n, err := ints(args, 3, "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES")
	if err != nil {
		return "", err
	}
	s.clock.Settings(seconds(n[0]), seconds(n[1]), n[2])
	return "", nil
}

// timeLeft answers time_left COLOR TIME STONES.
func (s *Session) timeLeft(args []string, _ time.Time) (string, error) {
	if len(args) != 3 {
		return "", fmt.Errorf("%w: time_left COLOR TIME STONES", ErrSyntax)
	}
	c, err := ParseColor(args[0])
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	n, err := ints(args[1:], 2, "time_left COLOR TIME STONES")
	if err != nil {
		return "", err
	}
	s.clock.Left(c, seconds(n[0]), n[1])
	return "", nil
}

// setFreeHandicap answers set_free_handicap VERTEX...
func (s *Session) setFreeHandicap(args []string, _ time.Time) (string, error) {
	h := s.engine.(Handicapper) // names() lists the command only then
	if len(args) < 2 {
		return "", fmt.Errorf("%w: want at least two stones", ErrBadVertexList)
	}
	vs := make([]Vertex, len(args))
	for i, a := range args {
		v, err := ParseVertex(a, s.engine.BoardSize())
		if err != nil || v.Pass || slices.Contains(vs[:i], v) {
			return "", fmt.Errorf("%w: %q", ErrBadVertexList, a)
		}
		vs[i] = v
	}
	return "", h.SetFreeHandicap(vs)
}

// oneInt parses the one integer argument of a command.
func oneInt(args []string, usage string) (int, error) {
	n, err := ints(args, 1, usage)
	if err != nil {
		return 0, err
	}
	return n[0], nil
}

// ints parses exactly n non-negative integer arguments.
func ints(args []string, n int, usage string) ([]int, error) {
	if len(args) != n {
		return nil, fmt.Errorf("%w: %s", ErrSyntax, usage)
	}
	out := make([]int, n)
	for i, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 || v > maxSeconds {
			return nil, fmt.Errorf("%w: %s: %q is not an integer 0..%d", ErrSyntax, usage, a, maxSeconds)
		}
		out[i] = v
	}
	return out, nil
}
