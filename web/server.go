package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/thinking"
)

// DefaultAddr is where Run and ListenAndServe listen when given an empty
// address, and the address suggested for search --http (which requires
// one): the classic course's port, on loopback only, because the game is
// for the person at this machine and the API has no authentication.
const DefaultAddr = "127.0.0.1:7122"

// DefaultThinkTime is the engine's think time per move when Options leave
// it zero: long enough for a sound move, short enough not to bore.
const DefaultThinkTime = time.Second

// Think times a person may choose, in milliseconds. Below the minimum the
// search barely starts; above the maximum the page seems frozen.
const (
	MinThinkMillis = 10
	MaxThinkMillis = 60_000
)

// Options configure a Server. The zero value is usable.
type Options struct {
	// ThinkTime is the engine's initial think time per move; zero means
	// DefaultThinkTime. The person can change it from the page.
	ThinkTime time.Duration
	// Logger receives a line per engine move, per request error and per
	// server event; nil logs nothing.
	Logger *zap.Logger
	// Ready, if set, is called with the URL a person can open once the
	// server listens (Serve), before it answers the first request.
	Ready func(url string)
	// Engines configures the engines of the other games; the zero value
	// is their defaults.
	Engines Engines
}

// Server is the HTTP handler of the page and its JSON API, and the game
// they show. It is safe for concurrent use.
type Server struct {
	chooser *otp.Chooser
	log     *zap.Logger
	mux     *http.ServeMux

	// base is cancelled by Close and parents every search.
	base     context.Context
	shutdown context.CancelFunc

	mu     sync.Mutex
	m      match // guarded by mu
	closed bool  // guarded by mu; set by Close, no search starts after it
	// changed is closed and replaced whenever the state changes, to wake
	// the long polls of GET /api/state?wait=.
	changed chan struct{}
	// searches counts running searches, so Close can wait for them.
	searches sync.WaitGroup
	// readTimeout bounds the reading of a request by Serve:
	// requestReadTimeout, shorter in tests.
	readTimeout time.Duration
	// ready, if set, is told the page's URL once Serve listens.
	ready func(url string)

	// The other games, each in its room (room.go).
	goGame   *goRoom
	killAll  *killAllRoom
	einstein *einsteinRoom
	engines  Engines
	life     sync.Mutex // guards ended
	ended    bool       // set by Close: no search of the other games starts after it
}

// New returns a server for a new game at the start position, the person
// playing black, with thinker choosing the engine's moves. It fails if the
// thinker is nil or the think time is out of range.
func New(thinker thinking.Thinker, opt Options) (*Server, error) {
	if thinker == nil {
		return nil, errors.New("web server needs a thinker")
	}
	think := opt.ThinkTime
	if think == 0 {
		think = DefaultThinkTime
	}
	if err := checkThinkMillis(think.Milliseconds()); err != nil {
		return nil, err
	}
	s := &Server{
		log:         opt.Logger,
		changed:     make(chan struct{}),
		readTimeout: requestReadTimeout,
		ready:       opt.Ready,
		engines:     opt.Engines.withDefaults(),
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	// The Chooser lets one Think run at a time (thinking.Thinker's contract),
	// so a search started after an abandoned one waits for it to return.
	s.chooser = otp.NewChooser(thinker, s.log)
	s.base, s.shutdown = context.WithCancel(context.Background())
	s.m = match{game: othello.NewGame(), human: othello.Black, think: think}
	s.goGame = newGoRoom()
	s.killAll = newKillAllRoom(think)
	s.einstein = newEinsteinRoom(think)
	mux, err := s.routes()
	if err != nil {
		s.shutdown()
		return nil, err
	}
	s.mux = mux
	return s, nil
}

// checkThinkMillis reports whether ms is a think time a person may choose.
func checkThinkMillis(ms int64) error {
	if ms < MinThinkMillis || ms > MaxThinkMillis {
		return fmt.Errorf("think time %d ms is out of range %d..%d ms", ms, MinThinkMillis, MaxThinkMillis)
	}
	return nil
}

// ServeHTTP serves the page, its assets and the JSON API under /api/.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

// Close stops the engine's search, if one runs, and waits for it to
// return, or for its hard deadline (think time plus otp.HardGrace) if the
// Thinker ignores the cancellation. The server answers requests afterwards
// but the engine no longer moves.
func (s *Server) Close() {
	s.mu.Lock()
	// Under the lock, so no search can be added while Wait runs.
	s.closed = true
	s.shutdown()
	s.mu.Unlock()
	s.life.Lock()
	s.ended = true
	s.life.Unlock()
	s.searches.Wait()
}

// Run serves the page on addr (DefaultAddr if empty) with thinker choosing
// the engine's moves, until ctx is cancelled: New and ListenAndServe in
// one call, for the search program's --http flag.
func Run(ctx context.Context, addr string, thinker thinking.Thinker, opt Options) error {
	s, err := New(thinker, opt)
	if err != nil {
		return err
	}
	return s.ListenAndServe(ctx, addr)
}

// ListenAndServe listens on addr (DefaultAddr if empty) and serves until
// ctx is cancelled, then shuts down gracefully and closes the server.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	if addr == "" {
		addr = DefaultAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	return s.Serve(ctx, ln)
}

// PageURL returns the URL a person opens to reach a server listening on
// addr: the address itself, but a loopback one for an address that means
// every interface (":7122", "0.0.0.0:7122", "[::]:7122"), since
// "http://:7122/" or "http://0.0.0.0:7122/" is no address to open.
func PageURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// requestReadTimeout is how long a client has to send a whole request,
// headers and body, before the server drops the connection. The largest
// request is a few hundred bytes, sent in milliseconds even by a browser on
// a loaded machine; a client that promises a body and never sends it would
// otherwise hold its connection (and a goroutine) for ever. The long poll
// is not cut short: the limit ends when the request has been read.
const requestReadTimeout = 10 * time.Second

// idleTimeout is how long a kept-alive connection may wait for its next
// request: the page polls again at once, so a longer silence is a client
// that left.
const idleTimeout = 2 * time.Minute

// shutdownGrace is how long a shutdown waits for requests in flight; long
// polls are cut short because the server is closing anyway.
const shutdownGrace = 2 * time.Second

// Serve serves on ln until ctx is cancelled, then shuts down gracefully
// and closes the server. It closes ln.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	addr := ln.Addr().String()
	var h http.Handler = s
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok {
		if tcp.IP.IsLoopback() {
			// On loopback, a request for any other host name is another
			// web site reaching in through DNS rebinding.
			h = s.loopbackHosts(s)
		} else {
			s.log.Warn("the page is reachable from other machines, and its API has no authentication",
				zap.String("addr", addr))
		}
	}
	url := PageURL(ln.Addr())
	s.log.Info("serving the page", zap.String("url", url), zap.String("addr", addr))
	if s.ready != nil {
		s.ready(url)
	}
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: s.readTimeout,
		ReadTimeout:       s.readTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          zap.NewStdLog(s.log),
		BaseContext:       func(net.Listener) context.Context { return s.base },
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		s.Close()
		return fmt.Errorf("web: %w", err)
	case <-ctx.Done():
	}
	// Closing first ends the long polls, which watch the base context.
	s.Close()
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err := hs.Shutdown(sctx)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err != nil {
		return fmt.Errorf("web: shutdown: %w", err)
	}
	return nil
}
