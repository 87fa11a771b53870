package otp

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// ponderThinker is a thinking.Ponderer whose Ponder runs until its context
// ends. It records what each Ponder was given and how it ended, and whether
// a Think ever ran while a Ponder did (the Chooser must never let them
// overlap: a real Thinker's tree is not safe for concurrent use).
type ponderThinker struct {
	started  chan othello.Position // each Ponder's position, as it starts
	running  atomic.Int32          // Think and Ponder calls running now
	overlaps atomic.Int32          // calls that found another running
	panics   bool                  // Ponder panics instead of searching
	// hold, when not nil, makes Think ignore its context and wait until
	// hold is closed: a stuck search that Choose abandons.
	hold chan struct{}

	mu      sync.Mutex
	ponders int
	limits  []time.Duration // the time each Ponder's context gave it
	ends    []error         // each Ponder's context error when it returned
}

func (p *ponderThinker) enter() {
	if p.running.Add(1) > 1 {
		p.overlaps.Add(1)
	}
}

func (p *ponderThinker) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	p.enter()
	defer p.running.Add(-1)
	if p.hold != nil {
		<-p.hold
	}
	return thinking.Thought{Move: highestMove(g.Position()), Playouts: 7, Summary: "fake search"}, nil
}

func (p *ponderThinker) Ponder(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	p.enter()
	defer p.running.Add(-1)
	p.mu.Lock()
	p.ponders++
	if d, ok := ctx.Deadline(); ok {
		p.limits = append(p.limits, time.Until(d))
	}
	p.mu.Unlock()
	p.started <- g.Position()
	if p.panics {
		panic("ponder bug")
	}
	<-ctx.Done()
	p.mu.Lock()
	p.ends = append(p.ends, ctx.Err())
	p.mu.Unlock()
	return thinking.Thought{Move: highestMove(g.Position()), Playouts: 99, Summary: "fake ponder"}, nil
}

func newPonderThinker() *ponderThinker {
	return &ponderThinker{started: make(chan othello.Position, 16)}
}

// waitStarted returns the position of the next Ponder to start, failing the
// test if none starts within a few seconds.
func (p *ponderThinker) waitStarted(t *testing.T) othello.Position {
	t.Helper()
	select {
	case pos := <-p.started:
		return pos
	case <-time.After(5 * time.Second):
		t.Fatal("pondering did not start within 5s")
		return othello.Position{}
	}
}

// afterMoves returns a new game after the moves of record ("f5d6").
func afterMoves(t *testing.T, record string) *othello.Game {
	t.Helper()
	moves, err := othello.ParseMoves(record)
	if err != nil {
		t.Fatal(err)
	}
	g := othello.NewGame()
	if err := g.PlayAll(moves); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestChooseStopsPondering checks that a move wanted stops pondering at
// once: Ponder's context is cancelled, Think never runs beside it, and the
// move comes well within its think time.
func TestChooseStopsPondering(t *testing.T) {
	th := newPonderThinker()
	c := NewChooser(th, nil)
	g := afterMoves(t, "f5") // white has three moves to choose from
	c.Ponder(context.Background(), g, time.Minute)
	if got := th.waitStarted(t); got != g.Position() {
		t.Fatalf("pondered %v, want the position given, %v", got, g.Position())
	}
	if err := g.Play(highestMove(g.Position())); err != nil {
		t.Fatal(err)
	}
	const think = 2 * time.Second
	start := time.Now()
	ch := c.Choose(context.Background(), g, think)
	if ch.Err != nil || ch.Thought.Summary != "fake search" {
		t.Fatalf("Choose after pondering: %+v, want the Thinker's move", ch)
	}
	if wall := time.Since(start); wall >= think {
		t.Errorf("Choose took %v while pondering ran: want pondering stopped at once, far within %v", wall, think)
	}
	c.StopPondering() // nothing runs: returns at once
	th.mu.Lock()
	defer th.mu.Unlock()
	if len(th.ends) != 1 || !errors.Is(th.ends[0], context.Canceled) {
		t.Errorf("Ponder ended with %v, want one call, cancelled", th.ends)
	}
	if n := th.overlaps.Load(); n != 0 {
		t.Errorf("Think and Ponder overlapped %d times", n)
	}
}

// TestPonderLimits checks when Ponder does nothing (a Thinker that cannot
// ponder, no time, the game over, both sides' next moves forced), that a
// forced move of the opponent has it ponder the position after that move,
// and that its limit bounds the search's context.
func TestPonderLimits(t *testing.T) {
	th := newPonderThinker()
	c := NewChooser(th, nil)
	// A game played by the highest legal move: a position whose side to
	// move is forced and whose next side has a choice, one whose next side
	// is forced too (or the game ends), and its end.
	var forcedThenChoice, forcedTwice *othello.Game
	over := othello.NewGame()
	for i := 0; i < 130 && !over.Over(); i++ {
		if m, ok := ForcedMove(over.Position()); ok {
			next := over.Clone()
			if err := next.Play(m); err != nil {
				t.Fatal(err)
			}
			if _, again := ForcedMove(next.Position()); again || next.Over() {
				if forcedTwice == nil {
					forcedTwice = over.Clone()
				}
			} else if forcedThenChoice == nil {
				forcedThenChoice = over.Clone()
			}
		}
		if err := over.Play(highestMove(over.Position())); err != nil {
			t.Fatal(err)
		}
	}
	if forcedThenChoice == nil || forcedTwice == nil || !over.Over() {
		t.Fatal("the highest-move game lacks a kind of forced move, or does not end")
	}
	for name, g := range map[string]*othello.Game{"game over": over, "forced twice": forcedTwice} {
		c.Ponder(context.Background(), g, time.Minute)
		c.StopPondering()
		if th.ponders != 0 {
			t.Fatalf("%s: Ponder was called", name)
		}
	}
	m, _ := ForcedMove(forcedThenChoice.Position())
	want := forcedThenChoice.Clone()
	if err := want.Play(m); err != nil {
		t.Fatal(err)
	}
	c.Ponder(context.Background(), forcedThenChoice, time.Minute)
	if got := th.waitStarted(t); got != want.Position() {
		t.Errorf("the opponent's move forced: pondered %v, want the position after it, %v", got, want.Position())
	}
	c.StopPondering()
	th.mu.Lock()
	th.ponders, th.limits, th.ends = 0, nil, nil
	th.mu.Unlock()
	c.Ponder(context.Background(), othello.NewGame(), 0)
	c.StopPondering()
	if th.ponders != 0 {
		t.Fatal("limit 0: Ponder was called")
	}
	NewChooser(&fakeThinker{}, nil).Ponder(context.Background(), othello.NewGame(), time.Minute) // not a Ponderer: nothing to do

	// Long enough that a loaded machine starts the goroutine before the
	// limit has passed (it would then not ask the Thinker at all);
	// StopPondering ends it at once.
	const limit = 2 * time.Second
	c.Ponder(context.Background(), othello.NewGame(), limit)
	th.waitStarted(t)
	c.StopPondering()
	th.mu.Lock()
	defer th.mu.Unlock()
	if len(th.limits) != 1 || th.limits[0] > limit || th.limits[0] <= 0 {
		t.Errorf("Ponder's contexts gave %v, want one of at most %v", th.limits, limit)
	}
}

// TestPonderEndsWithItsContext checks that pondering stops when the
// session's context ends, and on its own at the limit.
func TestPonderEndsWithItsContext(t *testing.T) {
	th := newPonderThinker()
	c := NewChooser(th, nil)
	ctx, cancel := context.WithCancel(context.Background())
	c.Ponder(ctx, othello.NewGame(), time.Minute)
	th.waitStarted(t)
	cancel()
	c.StopPondering()
	// Not stopped: it must end on its own at the limit. The limit is long
	// enough for a loaded machine to start it first.
	const limit = time.Second
	c.Ponder(context.Background(), othello.NewGame(), limit)
	th.waitStarted(t)
	var ends []error
	for wait := time.Now().Add(limit + 5*time.Second); len(ends) < 2 && time.Now().Before(wait); time.Sleep(10 * time.Millisecond) {
		th.mu.Lock()
		ends = append(ends[:0], th.ends...)
		th.mu.Unlock()
	}
	if len(ends) != 2 || !errors.Is(ends[0], context.Canceled) || !errors.Is(ends[1], context.DeadlineExceeded) {
		t.Fatalf("Ponder ended with %v, want the session's cancellation, then the limit's deadline", ends)
	}
	c.StopPondering()
}

// TestStopPonderingBehindAStuckSearch checks that pondering waiting for the
// token of a search Choose abandoned (a Thinker that ignores its context)
// neither runs beside it nor keeps StopPondering or the next Choose
// waiting for that search: the session would hang on clear_board or quit.
func TestStopPonderingBehindAStuckSearch(t *testing.T) {
	th := newPonderThinker()
	th.hold = make(chan struct{})
	c := NewChooser(th, nil)
	const think = 10 * time.Millisecond
	if ch := c.Choose(context.Background(), othello.NewGame(), think); ch.Err == nil {
		t.Fatalf("Choose with a stuck Thinker: %+v, want the fallback move and an error", ch)
	}
	g := afterMoves(t, "f5")
	c.Ponder(context.Background(), g, time.Minute)
	stopped := make(chan struct{})
	go func() {
		c.StopPondering()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		close(th.hold)
		t.Fatal("StopPondering waited for the abandoned search")
	}
	close(th.hold)
	// The abandoned search has returned the token: Choose searches again.
	if ch := c.Choose(context.Background(), g, time.Second); ch.Err != nil {
		t.Errorf("Choose after the stuck search returned: %v", ch.Err)
	}
	th.mu.Lock()
	defer th.mu.Unlock()
	if th.ponders != 0 || th.overlaps.Load() != 0 {
		t.Errorf("%d ponders ran, %d calls overlapped: want none", th.ponders, th.overlaps.Load())
	}
}

// TestPonderPanicIsLogged checks that a panicking Ponder costs a log line,
// not the program, and leaves the Chooser able to choose.
func TestPonderPanicIsLogged(t *testing.T) {
	th := newPonderThinker()
	th.panics = true
	core, logs := observer.New(zapcore.ErrorLevel)
	c := NewChooser(th, zap.New(core))
	c.Ponder(context.Background(), othello.NewGame(), time.Minute)
	th.waitStarted(t)
	c.StopPondering()
	if n := logs.FilterMessage("pondering failed").Len(); n != 1 {
		t.Errorf("%d lines \"pondering failed\", want 1", n)
	}
	if ch := c.Choose(context.Background(), othello.NewGame(), time.Second); ch.Err != nil {
		t.Errorf("Choose after a panicking Ponder: %v", ch.Err)
	}
}

// TestSessionPonders checks the OTP session's use of pondering: after its
// genmove it ponders the position after its own move, the opponent's play
// lets it go on, the next genmove stops it, and undo and quit stop it too.
func TestSessionPonders(t *testing.T) {
	th := newPonderThinker()
	s, err := NewSession(SessionConfig{Name: "ponderer", Thinker: th, ThinkTime: time.Second, Ponder: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ended := func() int {
		th.mu.Lock()
		defer th.mu.Unlock()
		return len(th.ends)
	}
	if r, _ := s.Handle(ctx, "genmove"); r != "genmove 5 4" { // e6, the start's highest move
		t.Fatalf("genmove: %q", r)
	}
	if got, want := th.waitStarted(t), s.Game().Position(); got != want {
		t.Fatalf("pondered %v, want the position after the engine's move %v", got, want)
	}
	if r, _ := s.Handle(ctx, "play 5 5"); r != "play" { // f6
		t.Fatalf("play: %q", r)
	}
	if n := ended(); n != 0 {
		t.Fatalf("the opponent's play stopped pondering (%d ended)", n)
	}
	s.Handle(ctx, "genmove")
	if n := ended(); n != 1 {
		t.Fatalf("after the next genmove %d ponders ended, want 1", n)
	}
	th.waitStarted(t) // the ponder after that genmove
	s.Handle(ctx, "undo")
	if n := ended(); n != 2 {
		t.Fatalf("after undo %d ponders ended, want 2", n)
	}
	s.Handle(ctx, "genmove")
	th.waitStarted(t)
	if _, quit := s.Handle(ctx, "quit"); !quit || ended() != 3 {
		t.Fatalf("quit: %d ponders ended, want 3", ended())
	}
	if n := th.overlaps.Load(); n != 0 {
		t.Errorf("Think and Ponder overlapped %d times", n)
	}
}

// TestSessionPondersForTwoThinkTimes checks that the session ponders for at
// most ponderPerThink think times, below its configured cap: a short think
// time after a long pondering would spend itself, and more, moving the
// pondered tree (tree reuse cannot be interrupted), and answer the fallback
// move.
func TestSessionPondersForTwoThinkTimes(t *testing.T) {
	th := newPonderThinker()
	const think = time.Second
	s, err := NewSession(SessionConfig{Name: "ponderer", Thinker: th, ThinkTime: think, Ponder: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	s.Handle(context.Background(), "genmove")
	th.waitStarted(t)
	s.Handle(context.Background(), "quit")
	th.mu.Lock()
	defer th.mu.Unlock()
	if len(th.limits) != 1 || th.limits[0] > ponderPerThink*think || th.limits[0] <= 0 {
		t.Errorf("the session pondered for %v, want once, at most %v (%d think times)", th.limits, ponderPerThink*think, ponderPerThink)
	}
}

// TestPonderTime checks the cap on pondering: the smaller of the
// configured limit and ponderPerThink think times.
func TestPonderTime(t *testing.T) {
	for _, c := range []struct{ limit, think, want time.Duration }{
		{time.Minute, 100 * time.Millisecond, ponderPerThink * 100 * time.Millisecond},
		{time.Minute, 9 * time.Second, ponderPerThink * 9 * time.Second},
		{10 * time.Second, 9 * time.Second, 10 * time.Second},
		{0, 9 * time.Second, 0},
	} {
		if got := PonderTime(c.limit, c.think); got != c.want {
			t.Errorf("PonderTime(%v, %v) = %v, want %v", c.limit, c.think, got, c.want)
		}
	}
}

// TestServeLinesStopsPonderingAtTheEnd checks that a session whose input
// ends without quit (a script ending with genmove) leaves no pondering
// behind: ServeLines returns once it has stopped.
func TestServeLinesStopsPonderingAtTheEnd(t *testing.T) {
	th := newPonderThinker()
	s, err := NewSession(SessionConfig{Name: "ponderer", Thinker: th, ThinkTime: time.Second, Ponder: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.chooser.StopPondering()
	in, script := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- ServeLines(context.Background(), s, in, io.Discard) }()
	if _, err := io.WriteString(script, "genmove\n"); err != nil {
		t.Fatal(err)
	}
	th.waitStarted(t)
	script.Close() // the end of the input, while it ponders
	select {
	case err := <-served:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ServeLines did not return within 5s of the end of its input")
	}
	th.mu.Lock()
	defer th.mu.Unlock()
	if len(th.ends) != 1 {
		t.Errorf("ServeLines returned with %d ponders ended, want 1: pondering left running", len(th.ends))
	}
}

// TestPonderDuringChooseIsDropped checks the Chooser's safety for
// concurrent use: a Ponder asked while a Choose searches (a caller racing
// itself) must not start pondering behind that search, on a position the
// move being chosen has already left, nor hold the token the next Choose
// waits for; and two Ponder calls at once leave one pondering, which
// StopPondering waits for.
func TestPonderDuringChooseIsDropped(t *testing.T) {
	th := newPonderThinker()
	th.hold = make(chan struct{})
	c := NewChooser(th, nil)
	chose := make(chan Choice, 1)
	go func() { chose <- c.Choose(context.Background(), othello.NewGame(), 5*time.Second) }()
	for wait := time.Now().Add(5 * time.Second); th.running.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(wait) {
			close(th.hold)
			t.Fatal("Choose did not call Think within 5s")
		}
	}
	c.Ponder(context.Background(), afterMoves(t, "f5"), time.Minute)
	close(th.hold)
	select {
	case ch := <-chose:
		if ch.Err != nil {
			t.Fatalf("Choose: %v", ch.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Choose did not return")
	}
	c.StopPondering()
	th.mu.Lock()
	ponders := th.ponders
	th.mu.Unlock()
	if ponders != 0 {
		t.Errorf("a Ponder asked during Choose pondered %d times after it: want it dropped", ponders)
	}

	// Two at once: whichever comes last ponders; the other is stopped.
	th.hold = nil
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Ponder(context.Background(), afterMoves(t, "f5"), time.Minute)
		}()
	}
	wg.Wait()
	th.waitStarted(t)
	c.StopPondering()
	th.mu.Lock()
	defer th.mu.Unlock()
	if th.ponders != len(th.ends) || th.overlaps.Load() != 0 {
		t.Errorf("after two Ponders at once and StopPondering: %d started, %d ended, %d overlaps; want all ended, none overlapping",
			th.ponders, len(th.ends), th.overlaps.Load())
	}
}
