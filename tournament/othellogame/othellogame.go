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
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// Program is one side of a game: an OTP engine.
type Program struct {
	Name string   // the engine's name in the tournament
	Argv []string // its program and arguments, a seed appended if it takes one; IP PORT are appended here
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
// Each engine has a listener of its own, so that no connection can be
// taken for another engine's, in this game or in one played alongside.
// An engine that does not connect, or fails its name reply, loses the
// game unplayed, as in a match; a game neither engine can play is a draw
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
	var remotes [2]*otp.Remote
	defer func() {
		for _, r := range remotes {
			if r != nil {
				r.Close()
			}
		}
	}()
	// Both engines start before either is waited for, each on its own
	// listener, and both are awaited at once against the one deadline: an
	// engine that hangs must not eat its opponent's connect time.
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
		if lns[i], err = net.Listen("tcp", net.JoinHostPort(cfg.Host, "0")); err != nil {
			return played, err
		}
		port := lns[i].Addr().(*net.TCPAddr).Port
		e, err := host.StartEngine(i+1, pr.Argv, engineproc.DialHost(cfg.Host), port, dir, log.With(zap.String("engine_name", pr.Name)))
		if err != nil {
			return played, fmt.Errorf("engine %s: %w", pr.Name, err)
		}
		procs[i] = e
	}
	conns := match.AwaitEngines(ctx, lns, procs, deadline, log)
	lns = [2]net.Listener{} // AwaitEngines closed them
	for i, c := range conns {
		if c != nil {
			remotes[i] = otp.NewRemote(c)
		}
	}
	if err := ctx.Err(); err != nil {
		return played, err
	}

	g := match.GameResult{Round: p.Round, Black: black.Name, White: white.Name, Start: time.Now()}
	// Before the game, as in a match: a missing engine or a bad name reply
	// loses the game unplayed.
	var out [2]*otp.Forfeit
	for i, r := range remotes {
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
		if err := remotes[good].Quit(ctx, cfg.Limits.Reply); err != nil {
			log.Warn("quit failed", zap.String("engine", progs[good].Name), zap.Error(err))
		}
	default:
		g, err = match.PlayGameFrom(ctx, remotes[0], remotes[1], cfg.Limits, p.Moves, log)
		if err != nil {
			return played, err
		}
		g.Round, g.Black, g.White = p.Round, black.Name, white.Name
		for i, r := range remotes {
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
	for _, r := range remotes {
		if r != nil {
			r.Close() // the judge closes first, so the engines see the end at once
		}
	}
	played.Game = g
	return played, nil
}
