package console

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
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

// passer is a player that always passes.
type passer struct{}

func (passer) Reset() {}
func (passer) Move(context.Context, *killallgo.Game, goban.Color) killallgo.Move {
	return killallgo.Pass
}

// TestPrompt: with a prompt set, the session writes it before reading
// each command, the last one included, as the course's template does;
// without, its output is the replies alone.
func TestPrompt(t *testing.T) {
	in := "reset\ntime 3\nstart game\nthink w\n"
	for _, c := range []struct{ prompt, want string }{
		{"", "ok\nok\nok\n0 0\n"},
		{Prompt, ">ok\n>ok\n>ok\n>0 0\n>"},
	} {
		var out strings.Builder
		s := NewSession(passer{}, &out, zap.NewNop())
		s.SetPrompt(c.prompt)
		if err := s.Serve(strings.NewReader(in)); err != nil {
			t.Fatal(err)
		}
		if out.String() != c.want {
			t.Errorf("prompt %q: output %q, want %q", c.prompt, out.String(), c.want)
		}
	}
}

// TestStripPrompt: the prompts and blanks a template program writes
// before its replies are dropped, and nothing else.
func TestStripPrompt(t *testing.T) {
	for in, want := range map[string]string{
		">>ok":     "ok",
		">4 3":     "4 3",
		"> > 0 0":  "0 0",
		"\t>ok":    "ok",
		">":        "",
		"ok":       "ok",
		"4 3":      "4 3",
		"ok>":      "ok>",
		"error: >": "error: >",
	} {
		if got := StripPrompt(in); got != want {
			t.Errorf("StripPrompt(%q) = %q, want %q", in, got, want)
		}
	}
}
