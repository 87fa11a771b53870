// Package othellogame plugs Othello over the OTP protocol into a
// tournament (package tournament), as kaggame and einsteingame plug in
// their games: a game starts a fresh process of each engine, each on a
// listener of its own, then plays a match's game (package match) from the
// round's opening, with a match's limits and forfeits.
package othellogame

import (
	"context"
	"fmt"
	"net"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/nboard/client"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// Program is one side of a game: an OTP engine, or an NBoard engine.
type Program struct {
	Name string   // the engine's name in the tournament
	Argv []string // its program and arguments, a seed appended if it takes one; IP PORT are appended here for OTP
	// Protocol is "" for OTP, or tournament.ProtocolNBoard: then the
	// engine is started as Argv says and spoken to over its stdin and
	// stdout (package nboard/client), told Depth if it is above 0.
	Protocol string
	Depth    int
}

// seat is one engine of a game as the judge drives it, whatever its
// protocol: *otp.Remote or *client.Engine.
type seat interface {
	match.Player
	Quit(ctx context.Context, limit time.Duration) error
	Close() error
}

// Config is how every game of a tournament is played.
type Config struct {
	// Limits are a match's: the time both engines have, in total, to
	// connect, and to answer genmove and every other command.
	Limits match.Limits
	// Host is the address the judge listens on, each engine on a port of
	// its own; the engines dial engineproc.DialHost(Host).
	Host string
}

// Play plays the scheduled game p between black and white, each started
// afresh under host's limits with its standard output and error in dir
// (engine1.log for black, engine2.log for white), and stopped at the end.
// Each OTP engine has a listener of its own, so that no connection can be
// taken for another engine's, in this game or in one played alongside;
// an NBoard engine speaks over its stdin and stdout, its stdout copied to
// its log. An engine that does not connect, or fails its name reply (an
// NBoard engine: its first ping), loses the game unplayed, as in a match; a game neither engine can play is a draw
// in which both forfeit (Played.Forfeits). The result holds each engine's
// exit status when it did not exit cleanly and what it used, its thinking
// time included; a forfeit of an engine the kernel killed at its memory
// limit is the caller's to name (Usage.MemoryLimit, match.MemoryForfeit).
// The error is ctx's (the game is not recorded) or the judge's own
// failure (a port, a process that cannot be started).
func Play(ctx context.Context, cfg Config, host *engineproc.Host, p tournament.Pairing, dir string, black, white Program, log *zap.Logger) (played tournament.Played, err error) {
	progs := [2]Program{black, white}
	var procs [2]*engineproc.Engine
	defer func() {
		for i, pr := range procs {
			if pr == nil {
				continue
			}
			u := pr.Stop(log)
			if err := pr.ExitError(); err != nil {
				played.Exits[i] = err.Error()
			}
			u.ThinkMS = match.Milliseconds(played.Game.ThinkTime(othello.Color(i)))
			played.Usage[i] = &u
		}
	}()
	// seats are the players as the game loop sees them, remotes the OTP
	// ones and nbs the NBoard ones; each seat is one or the other.
	var seats [2]seat
	var remotes [2]*otp.Remote
	var nbs [2]*client.Engine
	defer func() {
		for _, st := range seats {
			if st != nil {
				st.Close()
			}
		}
	}()
	// Both engines start before either is waited for, each on its own
	// listener or pipes, and both are awaited at once against the one
	// deadline: an engine that hangs must not eat its opponent's connect
	// time.
	var lns [2]net.Listener
	defer func() {
		for _, ln := range lns {
			if ln != nil {
				ln.Close()
			}
		}
	}()
	deadline := time.Now().Add(cfg.Limits.Connect)
	for i, pr := range progs {
		elog := log.With(zap.String("engine_name", pr.Name))
		if pr.Protocol == tournament.ProtocolNBoard {
			e, in, out, err := host.StartPipedEngine(i+1, pr.Argv, dir, elog)
			if err != nil {
				return played, fmt.Errorf("engine %s: %w", pr.Name, err)
			}
			procs[i] = e
			nbs[i] = client.New(in, out, e.Log())
			seats[i] = nbs[i]
			continue
		}
		if lns[i], err = net.Listen("tcp", net.JoinHostPort(cfg.Host, "0")); err != nil {
			return played, err
		}
		port := lns[i].Addr().(*net.TCPAddr).Port
		if host.Sandboxed() {
			port = engineproc.SandboxPort // in the engine's own network namespace
		}
		e, err := host.StartEngine(i+1, pr.Argv, engineproc.DialHost(cfg.Host), port, dir, elog)
		if err != nil {
			return played, fmt.Errorf("engine %s: %w", pr.Name, err)
		}
		procs[i] = e
		lns[i] = e.Seat(lns[i]) // a sandboxed engine's connection comes from its sandbox
	}
	// An OTP engine is there when it connects; an NBoard engine when it
	// answers its first ping.
	var conns [2]net.Conn
	var hellos [2]error
	var wg sync.WaitGroup
	for i := range progs {
		if nbs[i] != nil {
			wg.Go(func() { hellos[i] = nbs[i].Hello(ctx, progs[i].Depth, deadline) })
		} else {
			wg.Go(func() { conns[i] = match.AwaitEngine(ctx, lns[i], procs[i], deadline, log) })
		}
	}
	wg.Wait()
	lns = [2]net.Listener{} // AwaitEngine closed them
	for i, c := range conns {
		if c != nil {
			remotes[i] = otp.NewRemote(c)
			seats[i] = remotes[i]
		}
	}
	if err := ctx.Err(); err != nil {
		return played, err
	}

	g := match.GameResult{Round: p.Round, Black: black.Name, White: white.Name, Start: time.Now()}
	// Before the game, as in a match: a missing engine or a bad name reply
	// (or, for NBoard, no pong to the first ping) loses the game unplayed.
	var out [2]*otp.Forfeit
	for i, r := range remotes {
		if nbs[i] != nil {
			if hellos[i] != nil {
				if out[i] = otp.AsForfeit(hellos[i]); out[i] == nil {
					return played, hellos[i]
				}
				log.Error("NBoard engine did not answer its first ping", zap.String("engine", progs[i].Name),
					zap.String("status", procs[i].Status()), zap.Error(hellos[i]), zap.Strings("last_output", procs[i].LastOutput()))
				continue
			}
			log.Debug("NBoard engine ready", zap.String("engine", progs[i].Name), zap.String("reported_name", nbs[i].Name()))
			continue
		}
		if r == nil {
			detail := procs[i].NoShow(progs[i].Name, cfg.Limits.Connect, log)
			out[i] = &otp.Forfeit{Reason: otp.ForfeitNoConnection, Detail: detail}
			continue
		}
		ex, err := r.Name(ctx, cfg.Limits.Reply)
		if err != nil {
			if out[i] = otp.AsForfeit(err); out[i] == nil {
				return played, err
			}
			continue
		}
		log.Debug("engine connected", zap.String("engine", progs[i].Name), zap.String("reported_name", ex.Name))
		if ex.Ignored != "" {
			log.Warn("name reply: kept its first token as the name and ignored the rest, as the classic judge does",
				zap.String("engine", progs[i].Name), zap.String("ignored", fmt.Sprintf("%q", ex.Ignored)))
		}
	}
	switch {
	case out[0] != nil && out[1] != nil:
		g.Outcome, g.Note = match.Draw, fmt.Sprintf("neither engine could play: black %s, white %s", out[0].Reason, out[1].Reason)
		g.Forfeit, g.ForfeitBy = out[0], othello.Black
		played.Forfeits = out // both count, which g cannot say
	case out[0] != nil || out[1] != nil:
		c := othello.Black
		if out[0] == nil {
			c = othello.White
		}
		g.Outcome, g.Forfeit, g.ForfeitBy = match.BlackWins, out[c], c
		if c == othello.Black {
			g.Outcome = match.WhiteWins
		}
		g.Note = fmt.Sprintf("%s (%s) could not play: %s", c, progs[c].Name, out[c].Reason)
		// The other engine is in good standing: it gets quit, as at the
		// end of any game, and may exit cleanly.
		good := c.Other()
		if err := seats[good].Quit(ctx, cfg.Limits.Reply); err != nil {
			log.Warn("quit failed", zap.String("engine", progs[good].Name), zap.Error(err))
		}
	default:
		g, err = match.PlayGameFrom(ctx, seats[0], seats[1], cfg.Limits, p.Moves, log)
		if err != nil {
			return played, err
		}
		g.Round, g.Black, g.White = p.Round, black.Name, white.Name
		for i, r := range seats {
			if g.Forfeit != nil && g.ForfeitBy == othello.Color(i) {
				continue // never quit to a disqualified engine, as in a match
			}
			if err := r.Quit(ctx, cfg.Limits.Reply); err != nil {
				log.Warn("quit failed", zap.String("engine", progs[i].Name), zap.Error(err))
			}
		}
	}
	if g.Start.IsZero() {
		g.Start = time.Now()
	}
	if !g.Played {
		g.Duration = time.Since(g.Start)
		g.Final = othello.Start()
	}
	for _, st := range seats {
		if st != nil {
			st.Close() // the judge closes first, so the engines see the end at once
		}
	}
	played.Game = g
	return played, nil
}
