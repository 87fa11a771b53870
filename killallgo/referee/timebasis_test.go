package referee

import (
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/internal/movetime"
)

// fakeClock is a program's CPU time that grows by step at every reading,
// as if the program spent step between any two.
type fakeClock struct {
	mu   sync.Mutex
	step time.Duration
	now  time.Duration
}

func (c *fakeClock) CPUTime() (time.Duration, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now += c.step
	return c.now, true
}

// timedPipes plays black's script against white's over pipes, white's
// program's CPU time told by clock.
func timedPipes(t *testing.T, whiteScript string, clock movetime.Clock, cfg Config) Result {
	t.Helper()
	white := pipeFake("white-prog", whiteScript)
	white.Clock = clock
	res, err := Play(pipeFake("black-prog", ""), white, cfg, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Under --time-basis cpu a think is charged the program's CPU time: white
// sleeps 3 s (!sleep) past a 1 s limit and uses none, which by the wall
// clock loses and by CPU time does not, until the sleep passes the wall
// cap; a program that used 5 s of CPU time on a think answered at once
// loses by CPU time. The fake clock makes the CPU time exact; the sleeps
// are a second and more past what decides.
func TestThinkTimeBasis(t *testing.T) {
	idle, busy := &fakeClock{}, &fakeClock{step: 5 * time.Second}
	cpu := func(cap time.Duration) movetime.Rule { return movetime.Rule{Basis: movetime.CPU, WallCap: cap} }
	for _, c := range []struct {
		name   string
		script string
		clock  movetime.Clock
		rule   movetime.Rule
		late   string // in the reason, when white loses on time
	}{
		{"wall/sleep", "!sleep", idle, movetime.Rule{}, `to "think w" it did not reply within 1.2s`},
		{"cpu/sleep", "!sleep", idle, cpu(10 * time.Second), ""},
		{"cpu/sleep past the cap", "!sleep", idle, cpu(1500 * time.Millisecond),
			"did not reply within 1.5s: the wall-clock cap of a move under --time-basis cpu"},
		{"cpu/busy", "", busy, cpu(10 * time.Second), "but it used 5s of CPU time, over the limit of 1.2s (--time-basis cpu"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := timedPipes(t, c.script, c.clock, Config{TimeLimit: 1, Time: c.rule})
			if c.late == "" {
				if res.Late || res.Plies == 0 {
					t.Errorf("result %+v, want the sleep in time by CPU time", res)
				}
				return
			}
			if !res.Late || res.Breach != BreachTimeout || res.Winner != goban.Black || !strings.Contains(res.Reason, c.late) {
				t.Errorf("result %+v, want white late: %q", res, c.late)
			}
		})
	}
}
