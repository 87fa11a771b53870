package records

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/tcgothello/mcts/match"
)

// GGF gathers the games played in the judge's records as GGF, one game a
// line, in the order of the records, as judge convert writes them. It
// holds them in memory until asked, so that a record refused after
// others leaves nothing half-written. The zero GGF is empty and ready.
type GGF struct {
	out bytes.Buffer
	// Written counts the games added, Skipped the games the records hold
	// as not played, which GGF cannot say.
	Written, Skipped int
}

// Add reads the record data, from the file called name, and adds its
// played games. note is told, as "NAME:LINE: what", each line Read
// skipped and each game skipped as not played. An error names the file
// and, where it has one, the line; after it, the GGF holds what the games
// before made of it, for nobody to write.
func (c *GGF) Add(name string, data []byte, note func(string)) error {
	games, notes, err := Read(data)
	if err != nil {
		return fmt.Errorf("%s%w", where(name, err), err)
	}
	for _, n := range notes {
		note(fmt.Sprintf("%s:%d: %s", name, n.Line, n.Text))
	}
	for i := range games {
		g := &games[i]
		if !g.Game.Played {
			c.Skipped++
			note(fmt.Sprintf("%s:%d: %s (%s vs %s) not played (%s): skipped",
				name, g.Line, g.Label, g.Game.Black, g.Game.White, g.Game.Note))
			continue
		}
		if err := match.WriteGGF(&c.out, &g.Game); err != nil {
			return fmt.Errorf("%s:%d: %s: %w", name, g.Line, g.Label, err)
		}
		c.Written++
	}
	return nil
}

// Bytes returns the games added, one GGF line each.
func (c *GGF) Bytes() []byte { return c.out.Bytes() }

// where returns "NAME:LINE: " for an error at a line of name, "NAME: " for
// one about the whole file.
func where(name string, err error) string {
	var le *LineError
	if errors.As(err, &le) && le.Line > 0 {
		return fmt.Sprintf("%s:%d: ", name, le.Line)
	}
	return name + ": "
}
