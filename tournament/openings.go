package tournament

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tcgothello/mcts/othello"
)

// Opening is how the games of a round begin. For Othello it is a move
// sequence from the start position: the judge sends its moves to both
// engines as play, so any OTP engine can start from it. For another game
// it is that game's notion of an opening in its own notation (Text): a
// Kill-All Go handicap layout, an Einstein start layout; the tournament
// only schedules it, and the game's package reads it.
type Opening struct {
	// Moves are an Othello opening's plies, legal from the start position.
	Moves []othello.Move
	// Text is the opening of a game other than Othello, "" for Othello.
	Text string
	// Line is the opening's 1-based line number in its file, for messages.
	Line int
}

// String returns the opening as results files record it: Text for a game
// other than Othello, else the moves in compact notation (f5d6c3...).
func (o Opening) String() string {
	if o.Text != "" {
		return o.Text
	}
	return othello.FormatMoves(o.Moves)
}

// Position returns the position the opening reaches.
func (o Opening) Position() othello.Position {
	g := othello.NewGame()
	g.PlayAll(o.Moves) // checked legal by ParseOpenings
	return g.Position()
}

// defaultOpenings is the shipped set: see openings/default.txt's header for
// how it was made (cmd/openings).
//
//go:embed openings/default.txt
var defaultOpenings string

// DefaultOpenings returns the shipped set of balanced openings.
func DefaultOpenings() ([]Opening, error) {
	return ParseOpenings(strings.NewReader(defaultOpenings))
}

// ParseOpenings reads an openings file: one opening a line, in compact
// notation (f5d6c3d3, white space allowed between moves). A '#' starts a
// comment to the end of the line; blank lines are skipped. Every opening
// must be legal from the start position and leave the game going.
func ParseOpenings(r io.Reader) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	n := 1
	for ; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		moves, err := othello.ParseMoves(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		g := othello.NewGame()
		if err := g.PlayAll(moves); err != nil {
			return nil, fmt.Errorf("line %d: opening %s: %w", n, othello.FormatMoves(moves), err)
		}
		if g.Over() {
			return nil, fmt.Errorf("line %d: opening %s ends the game", n, othello.FormatMoves(moves))
		}
		out = append(out, Opening{Moves: moves, Line: n})
	}
	if err := sc.Err(); err != nil {
		return nil, scanError(err, n)
	}
	if len(out) == 0 {
		return nil, errors.New("no openings")
	}
	return out, nil
}

// scanError names the line n at which a scanner of openings stopped with
// err: its own message for a line over its bound names neither the line
// nor what is wrong with it.
func scanError(err error, n int) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("line %d: over %d bytes, longer than any opening", n, bufio.MaxScanTokenSize)
	}
	return fmt.Errorf("line %d: %w", n, err)
}

// ParseOpeningLines reads a file of openings of a game other than
// Othello, one a line as Othello's are: a '#' starts a comment to the end
// of the line, blank lines are skipped, and parse reads each line,
// returning the opening as results files record it. An error names its
// line; a file without openings is one.
func ParseOpeningLines(r io.Reader, parse func(line string) (string, error)) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	n := 1
	for ; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		text, err := parse(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, Opening{Text: text, Line: n})
	}
	if err := sc.Err(); err != nil {
		return nil, scanError(err, n)
	}
	if len(out) == 0 {
		return nil, errors.New("no openings")
	}
	return out, nil
}

// LoadOpenings reads the openings file at path, or the shipped set if
// path is "".
func LoadOpenings(path string) ([]Opening, error) {
	if path == "" {
		return DefaultOpenings()
	}
	return ReadOpeningsFile(path, "openings", ParseOpenings)
}

// ReadOpeningsFile reads the file at path with parse, which reads a
// game's openings (ParseOpenings for Othello's); an error names the file
// as kind ("openings", "layouts"), so that a missing one is told from the
// other files of a command line.
func ReadOpeningsFile(path, kind string, parse func(io.Reader) ([]Opening, error)) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s file: %w", kind, err) // the path is in err
	}
	defer f.Close()
	ops, err := parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s file %s: %w", kind, path, err)
	}
	return ops, nil
}
