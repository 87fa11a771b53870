// Package otp speaks the Othello text protocol (OTP) of the classic course
// judge, byte for byte (docs/protocol.md). The engine side is a Session,
// which answers the judge's commands on its own game, and two transports:
// ServeLines (stdin lines, for a person) and ServeConn with DialJudge (a TCP
// client without framing, for a judge). The package talks to a search only
// through the Thinker interface of package thinking, so it never imports the
// engine.
package otp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// unknownCommand is the reply to anything that is not a command.
const unknownCommand = "unknown command"

// SessionConfig is what a Session is made of.
type SessionConfig struct {
	// Name is the reply to "name": one token of printable ASCII without
	// white space, at most 514 bytes.
	Name string
	// Thinker chooses the moves for genmove and playgen.
	Thinker thinking.Thinker
	// ThinkTime is the budget of one genmove, from the moment the command
	// is read to the deadline given to the Thinker. It must be positive.
	ThinkTime time.Duration
	// Logger receives a debug line per command, an info line per genmove
	// and every error; nil logs nothing.
	Logger *zap.Logger
	// Board receives the boards printed by showboard and board, and the
	// help text: the log stream, never the protocol channel. Nil discards
	// them.
	Board io.Writer
	// Ponder, when positive, has the engine think on the opponent's time
	// after each genmove, for at most this long and ponderPerThink think
	// times (Chooser.Ponder, PonderTime), when its Thinker can
	// (thinking.Ponderer); 0 for never. The opponent's play
	// lets it go on; the next genmove stops it, and so does anything that
	// changes the game otherwise (clear_board, undo, undoundo, code), quit
	// and the end of ServeLines or ServeConn.
	Ponder time.Duration
	// TimeBank, when set, spreads the game's think time over its moves
	// (TimeBank): a genmove thinks ThinkTime plus a share of what the
	// searched moves before it left unused, and a new game (clear_board)
	// starts with an empty bank. The Thinker should then stop a search
	// once its move is decided (player.Config.StopWhenDecided), or little
	// is saved.
	TimeBank bool
}

// Session is the engine side of one OTP connection: a game with its
// history, and the dispatch of commands to replies. It is not safe for
// concurrent use; a transport calls Handle from one goroutine.
type Session struct {
	name      string
	game      *othello.Game
	chooser   *Chooser
	thinkTime time.Duration
	log       *zap.Logger
	board     io.Writer
	ponder    time.Duration
	bank      *TimeBank // nil: every genmove thinks thinkTime
}

// NewSession returns a session at the start position. It fails if the name
// is not a valid token, the Thinker is nil or the think time not positive.
func NewSession(cfg SessionConfig) (*Session, error) {
	if err := CheckEngineName(cfg.Name); err != nil {
		return nil, err
	}
	if cfg.Thinker == nil {
		return nil, errors.New("session needs a thinker")
	}
	if cfg.ThinkTime <= 0 {
		return nil, fmt.Errorf("think time %v must be positive", cfg.ThinkTime)
	}
	s := &Session{
		name:      cfg.Name,
		game:      othello.NewGame(),
		thinkTime: cfg.ThinkTime,
		log:       cfg.Logger,
		board:     cfg.Board,
		ponder:    cfg.Ponder,
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	if cfg.TimeBank {
		s.bank = NewTimeBank(cfg.ThinkTime)
	}
	s.chooser = NewChooser(cfg.Thinker, s.log)
	if s.board == nil {
		s.board = io.Discard
	}
	return s, nil
}

// CheckEngineName reports why name cannot be an engine's reply to "name",
// or nil: the judge reads it as one word of at most 514 bytes, so it must
// be printable ASCII without white space.
func CheckEngineName(name string) error {
	if name == "" {
		return errors.New("name is empty")
	}
	if len(name) > MaxNameLen {
		return fmt.Errorf("name is %d bytes long, at most %d allowed", len(name), MaxNameLen)
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c <= ' ' || c > '~' {
			return fmt.Errorf("name %q: byte %d is %#02x, want printable ASCII without spaces", name, i, c)
		}
	}
	return nil
}

// Game returns the session's game, for callers that show it. It must not
// be used while Handle runs.
func (s *Session) Game() *othello.Game { return s.game }

// Handle answers one message with the exact reply of the classic table (see
// docs/protocol.md), without any newline: the transport frames it. quit is
// true after "quit". Trailing white space and NULs are ignored and the first word is
// matched case-insensitively. Whatever is wrong with a message (unknown, malformed,
// illegal), the game is left as it was and the error is logged; the reply
// is still one the classic judge accepts.
func (s *Session) Handle(ctx context.Context, msg string) (reply string, quit bool) {
	cmd := strings.TrimRight(msg, trailingJunk)
	defer func() {
		s.log.Debug("command", zap.String("command", clip(cmd)), zap.String("reply", reply))
	}()
	if err := checkCommand(cmd); err != nil {
		s.log.Error("unknown command", zap.String("message", clip(msg)), zap.Error(err))
		return unknownCommand, false
	}
	f := strings.Fields(cmd)
	name, args := strings.ToLower(f[0]), f[1:]
	switch name {
	case "clear_board", "undo", "undoundo", "code", "quit":
		// The pondered position is no longer the one the next genmove
		// follows from.
		s.chooser.StopPondering()
	}
	switch name {
	case "name":
		return "name " + s.name, false
	case "clear_board":
		s.game.Reset()
		if s.bank != nil {
			s.bank.Reset()
		}
		return "clear_board", false
	case "play":
		s.play(name, args)
		return "play", false
	case "genmove":
		return "genmove " + s.genmove(ctx).OTP(), false
	case "playgen":
		return s.playgen(ctx, args), false
	case "undo":
		s.undo(name, 1)
		return "undo", false
	case "undoundo":
		s.undo(name, 2)
		return "undoundo", false
	case "final_score":
		return fmt.Sprintf("final_score %d", s.game.Position().Score()), false
	case "showboard":
		s.show(s.game.Position().ClassicBoard())
		return "showboard", false
	case "code":
		s.loadCode(args)
		return "code", false
	case "quit":
		return "quit", true
	case "board":
		s.show(s.game.Position().Pretty())
		return "board", false
	case "help":
		s.show(helpText)
		return "help", false
	}
	s.log.Error("unknown command", zap.String("message", clip(cmd)))
	return unknownCommand, false
}

// helpText lists the commands for a person at a terminal.
const helpText = `Commands (x = row 0-7 from the top, y = column 0-7 from the left; 8 0 is a pass):
  name              the engine's name
  clear_board       new game at the start position
  play x y          play (x, y) for the side to move
  genmove           the engine chooses a move for the side to move and plays it
  playgen x y       play (x, y), then the engine answers with its move
  undo              take back the last ply
  undoundo          take back two plies
  final_score       black discs minus white discs
  showboard         print the board (classic layout)
  board             print the board for people, legal moves marked *
  code D66          load a position: 64 digits (0 empty, 1 black, 2 white), side to move (odd black), passes
  help              this text
  quit              leave
`

// parseMove parses the arguments of play and playgen: exactly "x y".
func parseMove(args []string) (othello.Move, error) {
	if len(args) != 2 {
		return othello.NoMove, fmt.Errorf("want two coordinates \"x y\", got %s", plural.Of(len(args), "word"))
	}
	return othello.ParseOTPFields(args[0], args[1])
}

// play plays the move in args for the side to move; a malformed or illegal
// move is logged and changes nothing, as in the classic engine.
func (s *Session) play(cmd string, args []string) bool {
	m, err := parseMove(args)
	if err == nil {
		err = s.game.Play(m)
	}
	if err != nil {
		s.log.Error("move not played", zap.String("command", cmd),
			zap.Strings("args", args), zap.String("position", s.code()), zap.Error(err))
		return false
	}
	return true
}

// playgen plays the move in args, then a move of the engine's own, and
// returns the reply. When the move is not played, or ends the game, there
// is no engine move and the reply is a bare "playgen".
func (s *Session) playgen(ctx context.Context, args []string) string {
	if !s.play("playgen", args) {
		return "playgen"
	}
	if s.game.Over() {
		s.log.Info("game over after the move of playgen: no reply move")
		return "playgen"
	}
	return "playgen " + s.genmove(ctx).OTP()
}

// undo takes back n plies, or as many as there are.
func (s *Session) undo(cmd string, n int) {
	for i := 0; i < n; i++ {
		if !s.game.Undo() {
			s.log.Warn("nothing to undo", zap.String("command", cmd), zap.Int("undone", i), zap.Int("asked", n))
			return
		}
	}
}

// loadCode loads the position of a code command. Unlike the classic engine,
// which silently resets on a bad code, it keeps the current game.
func (s *Session) loadCode(args []string) {
	if len(args) != 1 {
		s.log.Error("code not loaded", zap.Strings("args", args),
			zap.Error(fmt.Errorf("want one argument of %d digits, got %s", othello.CodeLen, plural.Of(len(args), "word"))))
		return
	}
	pos, passes, err := othello.ParseCode(args[0])
	if err == nil {
		err = s.game.SetPosition(pos, passes)
	}
	if err != nil {
		s.log.Error("code not loaded", zap.String("code", clip(args[0])), zap.Error(err))
		return
	}
	s.log.Info("position loaded", zap.String("position", pos.String()), zap.Int("passes", passes))
}

// show writes text to the board stream.
func (s *Session) show(text string) {
	if _, err := io.WriteString(s.board, text); err != nil {
		s.log.Warn("cannot print the board", zap.Error(err))
	}
}

// genmove chooses a move for the side to move with the shared policy of
// Choose, plays it and returns it.
func (s *Session) genmove(ctx context.Context) othello.Move {
	if s.game.Over() {
		// The judge stops after two passes; answer a pass without playing
		// it, since no move can be played in a finished game.
		s.log.Error("genmove after the end of the game: replying 8 0, nothing played",
			zap.String("position", s.code()))
		return othello.Pass
	}
	think := s.thinkTime
	if s.bank != nil {
		think = s.bank.Allot(s.game.Position().Empties())
	}
	start := time.Now()
	ch := s.chooser.Choose(ctx, s.game, think)
	if s.bank != nil && ch.Searched {
		s.bank.Spend(time.Since(start))
		s.log.Debug("time bank", zap.Duration("allotted", think), zap.Duration("saved", s.bank.Saved()))
	}
	if err := s.game.Play(ch.Move); err != nil {
		// Unreachable: Choose returns a legal move.
		s.log.Error("genmove could not play its own move", zap.String("move", ch.Move.String()), zap.Error(err))
	} else if s.ponder > 0 {
		s.chooser.Ponder(ctx, s.game, PonderTime(s.ponder, s.thinkTime))
	}
	return ch.Move
}

// code returns the current position in classic code form, for logs.
func (s *Session) code() string {
	return s.game.Position().Code(s.game.Passes())
}
