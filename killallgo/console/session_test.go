package console

import (
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/goban"
)

// TestThinkBudget: the search keeps a tenth of the limit back, and at
// least 250 ms.
func TestThinkBudget(t *testing.T) {
	for _, c := range []struct {
		seconds int
		want    time.Duration
	}{{1, 750 * time.Millisecond}, {2, 1750 * time.Millisecond}, {10, 9 * time.Second}, {3600, 3240 * time.Second}} {
		if got := ThinkBudget(c.seconds); got != c.want {
			t.Errorf("ThinkBudget(%d) = %v, want %v", c.seconds, got, c.want)
		}
	}
}

// TestColorLetter: the letter a referee writes is the one the session
// reads, in either case, and the two colours differ.
func TestColorLetter(t *testing.T) {
	for _, c := range []goban.Color{goban.Black, goban.White} {
		for _, l := range []string{ColorLetter(c), strings.ToUpper(ColorLetter(c))} {
			if got, ok := color([]string{l}, 1); !ok || got != c {
				t.Errorf("color(%q) = %v, %v; want %v", l, got, ok, c)
			}
		}
	}
	if ColorLetter(goban.Black) != "b" || ColorLetter(goban.White) != "w" {
		t.Errorf("letters %q %q, want b w", ColorLetter(goban.Black), ColorLetter(goban.White))
	}
}
