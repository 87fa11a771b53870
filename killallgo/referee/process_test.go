package referee

import (
	"io"
	"os"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
)

// newHost is a host without limits.
func newHost(t *testing.T) *engineproc.Host {
	t.Helper()
	h, err := engineproc.NewHost(engineproc.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// startFake starts this test binary as a fake program with script.
func startFake(t *testing.T, name, script string) *Process {
	t.Helper()
	t.Setenv(fakeEnv, "1")
	p, err := Start(newHost(t), name, "'"+os.Args[0]+"' '"+script+"'", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestProcesses plays games between programs the referee starts itself:
// a whole game between random players, and the forfeits that only a
// process shows (it exits; it is late). Every program is stopped after.
func TestProcesses(t *testing.T) {
	stones, _ := killallgo.Handicap(4)
	cases := []struct {
		black, white string
		winner       goban.Color
		forfeit      string
	}{
		{"", "", goban.Empty, ""},
		{"prompt;", "prompt;", goban.Empty, ""}, // programs on the course's template
		{"!exit", "", goban.White, `black forfeits: to "think b" it closed its output: it exited (exit status 3)`},
		{"", "!sleep", goban.Black, `white forfeits: to "think w" it did not reply within 1.2s`},
	}
	for _, c := range cases {
		black, white := startFake(t, "black", c.black), startFake(t, "white", c.white)
		// A fake answers at once: the limit matters only for the one
		// that sleeps 3 s, and a long one keeps a busy machine from
		// making the others late.
		limit := 10
		if c.white == "!sleep" {
			limit = 1
		}
		res, err := Play(&black.Endpoint, &white.Endpoint, Config{TimeLimit: limit, Handicap: stones}, zap.NewNop())
		black.Stop()
		white.Stop()
		if err != nil {
			t.Fatal(err)
		}
		if c.forfeit == "" {
			if res.Forfeit {
				t.Errorf("random players: %s", res.Reason)
			}
			checkRecord(t, res)
			continue
		}
		if res.Winner != c.winner || res.Reason != c.forfeit {
			t.Errorf("%v wins: %q; want %v: %q", res.Winner, res.Reason, c.winner, c.forfeit)
		}
	}
}

// TestStartRefuses: a command that cannot be started is an error naming
// it, and starts nothing.
func TestStartRefuses(t *testing.T) {
	for cmd, want := range map[string]string{
		"":                          "empty command",
		"prog 'unclosed":            `command "prog 'unclosed"`,
		"./no-such-program-here -x": "no-such-program-here",
		"a | b":                     `command "a | b"`,
	} {
		p, err := Start(newHost(t), "p", cmd, io.Discard)
		if err == nil {
			p.Stop()
			t.Errorf("%q started", cmd)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want it to say %q", cmd, err, want)
		}
	}
}

// TestBothExitAtStart: two programs that exit at once (a shell script's
// exit 0) play no game: it is void, and each is named with its exit.
func TestBothExitAtStart(t *testing.T) {
	var ps [2]*Process
	for i, name := range []string{"black", "white"} {
		p, err := Start(newHost(t), name, "sh -c 'exit 0'", io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	res, err := Play(&ps[0].Endpoint, &ps[1].Endpoint, Config{TimeLimit: 10}, zap.NewNop())
	ps[0].Stop()
	ps[1].Stop()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Unplayed || res.Winner != goban.Empty || len(res.Faults) != 2 ||
		!strings.HasPrefix(res.Reason, "neither program could play: black forfeits: ") ||
		strings.Count(res.Reason, "it exited (exit status 0)") != 2 {
		t.Errorf("unplayed %v, %v wins: %q, faults %+v", res.Unplayed, res.Winner, res.Reason, res.Faults)
	}
}
