package web

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// room is what every game of the server shares besides its rules: a lock,
// a version that grows with every change, and the channel that wakes the
// long polls of GET .../state?wait=V. The Othello page keeps its own
// (Server.mu, match.version, Server.changed), older than the other games;
// both wait through longPoll.
type room struct {
	mu      sync.Mutex
	version uint64        // guarded by mu
	changed chan struct{} // guarded by mu; closed and replaced by bump
}

func newRoom() room { return room{changed: make(chan struct{})} }

// bump records a change and wakes the long polls. rm.mu must be held.
func (rm *room) bump() {
	rm.version++
	close(rm.changed)
	rm.changed = make(chan struct{})
}

// apply runs f under rm's lock; if it succeeds, settle (which plays what
// needs no decision and starts the engine on its turn; nil for none) and
// answers the new state. f's error is the answer otherwise, and f must
// then have changed nothing.
func (rm *room) apply(f func() error, settle func(), state func() any) (any, error) {
	rm.mu.Lock()
	defer rm.mu.Unlock()
	if err := f(); err != nil {
		return nil, err
	}
	if settle != nil {
		settle()
	}
	rm.bump()
	return state(), nil
}

// settingsHandler is POST .../settings of a game with an engine: it reads
// the think time and stores it with set, through the game's change.
func settingsHandler(change func(f func() error) (any, error), set func(time.Duration)) handler {
	return func(r *http.Request) (any, error) {
		var req settingsRequest
		if err := decode(r, &req, false); err != nil {
			return nil, err
		}
		d, err := requiredThink(req.ThinkMillis)
		if err != nil {
			return nil, err
		}
		return change(func() error {
			set(d)
			return nil
		})
	}
}

// emptyBody is a handler of a request without a body (or with {}) that
// applies f through change.
func emptyBody(change func(f func() error) (any, error), f func() error) handler {
	return func(r *http.Request) (any, error) {
		var req struct{}
		if err := decode(r, &req, true); err != nil {
			return nil, err
		}
		return change(f)
	}
}

// poll answers GET .../state for a room: the state at once, or with
// ?wait=V after waiting for a version other than V. state is called with
// rm.mu held.
func (s *Server) poll(r *http.Request, rm *room, state func() any) (any, error) {
	return longPoll(r, s.base, &rm.mu, func() (uint64, chan struct{}) { return rm.version, rm.changed }, state)
}

// longPoll answers the state at once, or, with ?wait=V in the request,
// waits up to maxWait until the version differs from V, so a page learns
// of the engine's move as soon as it is played without polling in a tight
// loop. watch returns the version and the channel closed at its next
// change; it and state are called with mu held. base ends the wait when
// the server closes.
func longPoll(r *http.Request, base context.Context, mu *sync.Mutex, watch func() (uint64, chan struct{}), state func() any) (any, error) {
	snapshot := func() any {
		mu.Lock()
		defer mu.Unlock()
		return state()
	}
	q := r.URL.Query().Get("wait")
	if q == "" {
		return snapshot(), nil
	}
	v, err := strconv.ParseUint(q, 10, 64)
	if err != nil {
		return nil, badRequest("wait=%q: want a state version, a whole number", q)
	}
	timer := time.NewTimer(maxWait)
	defer timer.Stop()
	for {
		mu.Lock()
		version, changed := watch()
		if version != v {
			st := state()
			mu.Unlock()
			return st, nil
		}
		mu.Unlock()
		select {
		case <-changed:
		case <-timer.C:
			return snapshot(), nil
		case <-r.Context().Done():
			return snapshot(), nil
		case <-base.Done():
			return snapshot(), nil
		}
	}
}

// engineSlot runs a game's engine in a goroutine, one search at a time,
// so the server answers every request while it thinks. A search whose
// game changed meanwhile (a new game, an undo) is cancelled and its answer
// dropped: gen numbers the searches. It is guarded by its room's lock,
// except run, which serialises the searches themselves (the engines are
// not safe for concurrent use): a search started after an abandoned one
// waits for it to return.
type engineSlot struct {
	gen      uint64
	thinking bool
	cancel   context.CancelFunc
	run      sync.Mutex
}

// stop abandons the running search, if any. Its room's lock must be held.
func (e *engineSlot) stop() {
	if !e.thinking {
		return
	}
	e.cancel()
	e.gen++
	e.thinking, e.cancel = false, nil
}

// think starts search in a goroutine with a context that ends at the think
// time (and when the search is abandoned or the server closes). search
// runs without rm's lock, on a copy of the game it made before; the
// function it returns applies its move and runs with rm's lock held, only
// if the game has not changed since. rm's lock must be held.
func (s *Server) think(rm *room, e *engineSlot, d time.Duration, search func(ctx context.Context) (apply func())) {
	if !s.addSearch() {
		return
	}
	e.gen++
	gen := e.gen
	ctx, cancel := context.WithTimeout(s.base, d)
	e.thinking, e.cancel = true, cancel
	go func() {
		defer s.searches.Done()
		defer cancel()
		e.run.Lock()
		apply := search(ctx)
		e.run.Unlock()
		rm.mu.Lock()
		defer rm.mu.Unlock()
		if gen != e.gen || s.base.Err() != nil {
			return // the game changed, or the server closes
		}
		e.thinking, e.cancel = false, nil
		apply()
		rm.bump()
	}()
}

// addSearch counts a search about to start, so Close can wait for it, and
// reports false once Close has begun.
func (s *Server) addSearch() bool {
	s.life.Lock()
	defer s.life.Unlock()
	if s.ended {
		return false
	}
	s.searches.Add(1)
	return true
}
