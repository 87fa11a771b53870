package main

// One game of a tournament: its engines started afresh, each on a listener
// of its own, then a match's game from the opening.

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
	"github.com/tcgothello/mcts/tournament"
)

// play plays one game of the tournament with a fresh process of each
// engine, each on a listener of its own, so that no connection can be
// taken for another engine's, in this game or in one played alongside.
func (t *tourney) play(ctx context.Context, p tournament.Pairing) (played tournament.Played, err error) {
	o := t.o
	log := t.log.With(zap.Int("game", p.Game))
	dir := filepath.Join(t.logDir, fmt.Sprintf("game-%04d", p.Game))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return played, err
	}
	seats := [2]int{p.Black, p.White}
	seeds := [2]uint64{p.BlackSeed, p.WhiteSeed}
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
			t.account(&played, othello.Color(i), u)
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
	deadline := time.Now().Add(o.limits.Connect)
	for i := range seats {
		e := o.engines[seats[i]]
		argv := slices.Clone(o.engineArgs[seats[i]])
		if e.SeedFlag != "" {
			argv = append(argv, e.SeedFlag, strconv.FormatUint(seeds[i], 10))
		}
		if lns[i], err = net.Listen("tcp", net.JoinHostPort(o.host, "0")); err != nil {
			return played, err
		}
		port := lns[i].Addr().(*net.TCPAddr).Port
		pr, err := t.host.StartEngine(i+1, argv, engineproc.DialHost(o.host), port, dir, log.With(zap.String("engine_name", e.Name)))
		if err != nil {
			return played, fmt.Errorf("engine %s: %w", e.Name, err)
		}
		procs[i] = pr
	}
	var conns [2]net.Conn
	var wg sync.WaitGroup
	for i := range seats {
		ln, pr := lns[i], procs[i]
		lns[i] = nil // await closes it
		wg.Go(func() { conns[i] = await(ctx, ln, pr, deadline, log) })
	}
	wg.Wait()
	for i, c := range conns {
		if c != nil {
			remotes[i] = otp.NewRemote(c)
		}
	}
	if err := ctx.Err(); err != nil {
		return played, err
	}

	g := match.GameResult{Round: p.Round, Black: t.names[p.Black], White: t.names[p.White], Start: time.Now()}
	// Before the game, as in a match: a missing engine or a bad name reply
	// loses the game unplayed.
	var out [2]*otp.Forfeit
	for i, r := range remotes {
		if r == nil {
			detail := procs[i].NoShow(t.names[seats[i]], o.limits.Connect, log)
			out[i] = &otp.Forfeit{Reason: otp.ForfeitNoConnection, Detail: detail}
			continue
		}
		ex, err := r.Name(ctx, o.limits.Reply)
		if err != nil {
			if out[i] = otp.AsForfeit(err); out[i] == nil {
				return played, err
			}
			continue
		}
		log.Debug("engine connected", zap.String("engine", t.names[seats[i]]), zap.String("reported_name", ex.Name))
		if ex.Ignored != "" {
			log.Warn("name reply: kept its first token as the name and ignored the rest, as the classic judge does",
				zap.String("engine", t.names[seats[i]]), zap.String("ignored", fmt.Sprintf("%q", ex.Ignored)))
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
		g.Note = fmt.Sprintf("%s (%s) could not play: %s", c, t.names[seats[c]], out[c].Reason)
		// The other engine is in good standing: it gets quit, as at the
		// end of any game, and may exit cleanly.
		good := c.Other()
		if err := remotes[good].Quit(ctx, o.limits.Reply); err != nil {
			log.Warn("quit failed", zap.String("engine", t.names[seats[good]]), zap.Error(err))
		}
	default:
		g, err = match.PlayGameFrom(ctx, remotes[0], remotes[1], o.limits, p.Moves, log)
		if err != nil {
			return played, err
		}
		g.Round, g.Black, g.White = p.Round, t.names[p.Black], t.names[p.White]
		for i, r := range remotes {
			if g.Forfeit != nil && g.ForfeitBy == othello.Color(i) {
				continue // never quit to a disqualified engine, as in a match
			}
			if err := r.Quit(ctx, o.limits.Reply); err != nil {
				log.Warn("quit failed", zap.String("engine", t.names[seats[i]]), zap.Error(err))
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

// await waits on ln for its engine's connection until deadline, or until
// the engine exits: then it is not coming. It closes ln, and returns nil if
// the engine did not connect or ctx ended.
func await(ctx context.Context, ln net.Listener, p *engineproc.Engine, deadline time.Time, log *zap.Logger) net.Conn {
	gate := match.OpenGate(ln, log)
	defer gate.Close() // accepted connections outlive the listener
	wait, cancel := engineproc.UntilExit(ctx, p.Proc)
	defer cancel()
	c, err := gate.Next(wait, deadline)
	if err != nil || ctx.Err() != nil {
		if c != nil {
			c.Close()
		}
		return nil
	}
	return c
}
