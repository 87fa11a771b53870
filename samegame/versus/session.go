package versus

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/internal/lineread"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/solve"
)

// Player chooses the moves of one side.
type Player interface {
	// Name is how the session calls the player.
	Name() string
	// Choose returns a move for the side to move in s (not over).
	Choose(ctx context.Context, s State) (samegame.Cell, error)
}

// ErrQuit is returned by a person's Choose when they quit.
var ErrQuit = errors.New("quit")

// Person is a player at the terminal: it shows the board, asks for a move
// on out and reads it from in, one a line, until it gets a legal one.
type Person struct {
	Label string
	In    *lineread.Reader // of lines of at most MaxLine bytes
	Out   io.Writer
}

// MaxLine bounds a line a person types: a move is a few bytes, and a
// longer line is read to its end, dropped and answered, so that a runaway
// input neither fills the memory nor fills the terminal with its echo.
const MaxLine = 4096

// Name is the person's label.
func (p *Person) Name() string { return p.Label }

// line is one line of a person's input and its read error.
type line struct {
	text string
	err  error
}

// readLine reads a line, giving up when ctx ends (Ctrl-C at the prompt):
// the read goes on in its goroutine until a line comes, which is harmless
// as the program is ending.
func (p *Person) readLine(ctx context.Context) (string, error) {
	ch := make(chan line, 1)
	go func() {
		t, err := p.In.Next()
		ch <- line{t, err}
	}()
	select {
	case l := <-ch:
		return l.text, l.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Choose reads moves until one is legal; "quit" or the end of the input
// returns ErrQuit, the end of ctx its error.
func (p *Person) Choose(ctx context.Context, s State) (samegame.Cell, error) {
	for {
		fmt.Fprintf(p.Out, "%s, your move (a cell of a group, e.g. c1; quit): ", p.Label)
		line, err := p.readLine(ctx)
		if ctx.Err() != nil {
			fmt.Fprintln(p.Out)
			return samegame.Cell{}, ctx.Err()
		}
		if errors.Is(err, lineread.ErrTooLong) {
			fmt.Fprintf(p.Out, "  a line over %d bytes is not a move\n", MaxLine)
			continue
		}
		text := strings.TrimSpace(line)
		if text == "" && err != nil {
			fmt.Fprintln(p.Out)
			return samegame.Cell{}, ErrQuit
		}
		if text == "quit" {
			return samegame.Cell{}, ErrQuit
		}
		c, perr := samegame.ParseMove(text)
		if perr != nil {
			fmt.Fprintf(p.Out, "  %v\n", perr)
			continue
		}
		if g, ok := s.Board.GroupAt(c); !ok || g.Size < 2 {
			fmt.Fprintf(p.Out, "  %s is not a group of two or more cells\n", c)
			continue
		}
		return c, nil
	}
}

// Computer is the shared MCTS core searching for a side.
type Computer struct {
	Label    string
	Searcher *mcts.Searcher[State, Move, Game]
	Think    time.Duration // per move; 0: Playouts only
	Playouts int64         // per move; 0: Think only
}

// ComputerConfig returns cfg with the reward the computer's search needs
// in g's variant: win/loss for more and less (a win is a positive margin);
// for minimax the final shared score scaled to 0..1 (discdiff), with
// MCTS-Solver off, since its proofs are wins and losses.
func (g Game) ComputerConfig(cfg mcts.Config) mcts.Config {
	if g.Variant == solve.Minimax {
		cfg.Reward, cfg.Solver = mcts.DiscDiff, false
	} else {
		cfg.Reward = mcts.WinLoss
	}
	return cfg
}

// NewComputer returns the computer labelled label that searches g with
// cfg (ComputerConfig's) within think and playouts a move.
func NewComputer(label string, g Game, cfg mcts.Config, think time.Duration, playouts int64) (*Computer, error) {
	s, err := mcts.New[State, Move, Game](g, cfg)
	if err != nil {
		return nil, err
	}
	return &Computer{Label: label, Searcher: s, Think: think, Playouts: playouts}, nil
}

// The kinds of player NewPlayers makes.
const (
	PersonKind   = "person"
	ComputerKind = "computer"
)

// DefaultArenaNodes is the computer's default tree capacity: 2^20 nodes
// of 24 bytes and their sums of squares, 32 MiB. SameGame boards have up to 200 moves a position,
// so a tree grows fast; a few seconds a move on a 15x15 board fill well
// under a million nodes at the playout rates of docs/samegame.md, and a
// full arena only stops the tree's growth, not the search.
const DefaultArenaNodes = 1 << 20

// MinArenaNodes is the smallest tree the computer accepts: the root and
// a child for each of a board's moves.
const MinArenaNodes = samegame.MaxMoves + 1

// NewPlayers returns the first and the second player of g by their kinds:
// a person (PersonKind, "first (person)") who reads moves from in and
// answers on out, or the computer (ComputerKind) searching with cfg
// (ComputerConfig's) within think and playouts a move; the second
// computer's seed is the next one, so that two computers do not mirror
// each other's draws.
func NewPlayers(g Game, kinds [2]string, cfg mcts.Config, think time.Duration, playouts int64, in *lineread.Reader, out io.Writer) ([2]Player, error) {
	var players [2]Player
	for i, kind := range kinds {
		label := [2]string{"first", "second"}[i]
		switch kind {
		case PersonKind:
			players[i] = &Person{Label: label + " (person)", In: in, Out: out}
		case ComputerKind:
			c := cfg
			c.Seed += uint64(i)
			computer, err := NewComputer(label+" (computer)", g, c, think, playouts)
			if err != nil {
				return players, err
			}
			players[i] = computer
		default:
			return players, fmt.Errorf("player %q: want %s or %s", kind, PersonKind, ComputerKind)
		}
	}
	return players, nil
}

// Name is the computer's label.
func (c *Computer) Name() string { return c.Label }

// Choose searches s within the limits.
func (c *Computer) Choose(ctx context.Context, s State) (samegame.Cell, error) {
	lim := mcts.Limits{Playouts: c.Playouts}
	if c.Think > 0 {
		lim.Deadline = time.Now().Add(c.Think)
	}
	res, err := c.Searcher.Search(ctx, s, lim)
	if err == nil {
		err = ctx.Err() // a search cut short by Ctrl-C ends the game
	}
	if err != nil {
		return samegame.Cell{}, err
	}
	return res.Move.Cell(), nil
}

// Play runs a game of g from b between first and second, printing the
// board before each move, each move and the result on out. It returns the
// final value for the first player (the shared score, or the first
// player's margin); ErrQuit if a person quit.
func Play(ctx context.Context, g Game, b samegame.Board, first, second Player, out io.Writer) (int, error) {
	s := NewState(b)
	var scores [2]int // the points (and end adjustment) each player took
	var moves []samegame.Cell
	for !s.Board.Terminal() {
		mover, who := first, 0
		if !s.First {
			mover, who = second, 1
		}
		fmt.Fprintf(out, "\n%s\n%s: %d   %s: %d\n", Show(&s.Board), first.Name(), scores[0], second.Name(), scores[1])
		c, err := mover.Choose(ctx, s)
		if err != nil {
			return 0, err
		}
		gr, ok := s.Board.GroupAt(c)
		if !ok || gr.Size < 2 {
			return 0, fmt.Errorf("%s chose %s, not a move", mover.Name(), c)
		}
		g.Play(&s, MoveOf(c))
		scores[who] += gr.Points()
		moves = append(moves, c)
		fmt.Fprintf(out, "%s plays %s: %d cells of colour %d, %d points\n", mover.Name(), c, gr.Size, gr.Colour, gr.Points())
	}
	adj := s.Board.EndAdjustment(g.Penalty)
	if len(moves) > 0 {
		scores[(len(moves)-1)%2] += adj // to the player who made the last move
	}
	value := g.Value(&s)
	fmt.Fprintf(out, "\n%s\ngame over after %s; end adjustment %+d to the last mover\n%s: %d   %s: %d\n",
		Show(&s.Board), samegame.FormatMoves(moves), adj, first.Name(), scores[0], second.Name(), scores[1])
	if g.Variant == solve.Minimax {
		fmt.Fprintf(out, "shared score %d (%s maximises, %s minimises)\n", value, first.Name(), second.Name())
	} else {
		fmt.Fprintf(out, "value for %s: %+d (%s)\n", first.Name(), value, g.Variant)
	}
	return value, nil
}

// Show draws a board for a person: rows numbered from the bottom, columns
// lettered, '.' for an empty cell.
func Show(b *samegame.Board) string {
	var sb strings.Builder
	for y := b.Height() - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%2d ", y+1)
		for x := 0; x < b.Width(); x++ {
			if c := b.At(x, y); c >= 0 {
				fmt.Fprintf(&sb, " %d", c)
			} else {
				sb.WriteString(" .")
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("   ")
	for x := 0; x < b.Width(); x++ {
		fmt.Fprintf(&sb, " %c", 'a'+x)
	}
	return sb.String()
}
