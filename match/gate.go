package match

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"go.uber.org/zap"
)

// ErrNoPlayer reports that no player connected before the deadline.
var ErrNoPlayer = errors.New("no player connected in time")

// Gate accepts a match's players on a listener, in order of arrival, and
// politely turns away every connection beyond them (accept, log, close), so
// a stray client never disturbs the match.
type Gate struct {
	ln       net.Listener
	log      *zap.Logger
	arrivals chan net.Conn
	sealed   chan struct{}
	sealOnce sync.Once
	done     chan struct{}
}

// OpenGate starts accepting connections on ln. The Gate owns ln: Close
// closes it. log may be nil.
func OpenGate(ln net.Listener, log *zap.Logger) *Gate {
	if log == nil {
		log = zap.NewNop()
	}
	g := &Gate{ln: ln, log: log, arrivals: make(chan net.Conn), sealed: make(chan struct{}), done: make(chan struct{})}
	go g.accept()
	return g
}

func (g *Gate) accept() {
	defer close(g.done)
	for {
		c, err := g.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			// A transient failure (out of descriptors, say) must not end
			// the match; pause so as not to spin.
			g.log.Warn("accept failed", zap.Error(err))
			time.Sleep(10 * time.Millisecond)
			continue
		}
		select {
		case g.arrivals <- c:
		case <-g.sealed:
			g.log.Info("connection refused: the match already has its players", zap.String("addr", c.RemoteAddr().String()))
			c.Close()
		}
	}
}

// Next waits for the next player to connect, until deadline or ctx ends. A
// player that connected in time is never turned away for the deadline: one
// already waiting to be handed over is taken even when the deadline has
// passed.
func (g *Gate) Next(ctx context.Context, deadline time.Time) (net.Conn, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case c := <-g.arrivals:
		return g.arrived(c), nil
	case <-t.C:
		// When both are ready, select picks at random: look again at the
		// arrivals before giving up.
		select {
		case c := <-g.arrivals:
			return g.arrived(c), nil
		default:
			return nil, ErrNoPlayer
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// arrived logs a player's connection and returns it.
func (g *Gate) arrived(c net.Conn) net.Conn {
	g.log.Info("player connected", zap.String("addr", c.RemoteAddr().String()))
	return c
}

// Seal turns away every later connection.
func (g *Gate) Seal() { g.sealOnce.Do(func() { close(g.sealed) }) }

// Players waits until deadline for two players and seals the gate. A player
// that did not connect in time is nil.
func (g *Gate) Players(ctx context.Context, deadline time.Time) ([2]net.Conn, error) {
	var conns [2]net.Conn
	defer g.Seal()
	for i := range conns {
		c, err := g.Next(ctx, deadline)
		if errors.Is(err, ErrNoPlayer) {
			break
		}
		if err != nil {
			return conns, err
		}
		conns[i] = c
	}
	return conns, nil
}

// Close stops accepting, closes the listener and waits for the accepting
// goroutine to end.
func (g *Gate) Close() error {
	g.Seal()
	err := g.ln.Close()
	<-g.done
	return err
}
