package director

// How each game plays one game of the tournament: Othello (package
// othellogame), Kill-All Go (kaggame) and Einstein (einsteingame) each
// bring their openings, their way of playing a game and their record
// format; the schedule, results, resume, standings, shards and merge are
// the tournament's, the same for all.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/killallgo/referee"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
	"github.com/tcgothello/mcts/tournament/einsteingame"
	"github.com/tcgothello/mcts/tournament/kaggame"
	"github.com/tcgothello/mcts/tournament/othellogame"
)

// headerGame is a game as a results header names it: "" for Othello, so
// that Othello's files are as they were before other games.
func headerGame(game string) string {
	if tournament.IsOthello(game) {
		return ""
	}
	return game
}

// loadGameOpenings reads the openings file of the game, or its shipped
// set if path is "": Othello's openings, Kill-All Go's handicap layouts,
// Einstein's start layouts.
func loadGameOpenings(game, path string) ([]tournament.Opening, error) {
	defaults, parse := kaggame.DefaultLayouts, kaggame.ParseLayouts
	switch game {
	case tournament.GameEinstein:
		defaults, parse = einsteingame.DefaultLayouts, einsteingame.ParseLayouts
	case tournament.GameKillAllGo:
	default:
		return tournament.LoadOpenings(path)
	}
	if path == "" {
		return defaults(), nil
	}
	return tournament.ReadOpeningsFile(path, "layouts", parse)
}

// Replayer returns the tournament.Replayer of a game as a results
// header names it ("" or othello, killallgo, einstein): how merge and
// resume check that a record's moves are a game of its rules.
func Replayer(game string) tournament.Replayer {
	switch game {
	case tournament.GameKillAllGo:
		return kaggame.Replay
	case tournament.GameEinstein:
		return einsteingame.Replay
	}
	return tournament.ReplayOthello
}

// playFunc returns how the tournament's game plays one game, each
// engine's forfeit for the memory or the disk limit named as such.
func (t *tourney) playFunc() tournament.PlayFunc {
	play := t.playOthello
	switch t.cfg.Game {
	case tournament.GameKillAllGo:
		play = t.playKillAllGo
	case tournament.GameEinstein:
		play = t.playEinstein
	}
	return func(ctx context.Context, p tournament.Pairing) (tournament.Played, error) {
		played, err := play(ctx, p)
		t.limitForfeits(&played)
		return played, err
	}
}

// playOthello plays one game of Othello with a fresh process of each
// engine, their output in the game's directory of logs.
func (t *tourney) playOthello(ctx context.Context, p tournament.Pairing) (tournament.Played, error) {
	dir, err := t.gameDir(p)
	if err != nil {
		return tournament.Played{}, err
	}
	var progs [2]othellogame.Program
	for i, e := range []int{p.Black, p.White} {
		info := t.cfg.Engines[e]
		progs[i] = othellogame.Program{Name: t.names[e], Argv: append(slices.Clone(t.cfg.EngineArgs[e]), t.seedArgs(p, i)...),
			Protocol: info.Protocol, Depth: info.Depth}
	}
	cfg := othellogame.Config{Limits: t.cfg.Limits, Host: t.cfg.Host}
	return othellogame.Play(ctx, cfg, t.host, p, dir, progs[0], progs[1], t.log.With(zap.Int("game", p.Game)))
}

// playKillAllGo plays one game of Kill-All Go with a fresh process of
// each program (see engineLogs for their standard error).
func (t *tourney) playKillAllGo(ctx context.Context, p tournament.Pairing) (tournament.Played, error) {
	logs, err := t.engineLogs(p)
	if err != nil {
		return tournament.Played{}, err
	}
	defer closeAll(logs)
	var progs [2]kaggame.Program
	for i, e := range []int{p.Black, p.White} {
		command := strings.Join(append([]string{t.cfg.Engines[e].Command}, t.seedArgs(p, i)...), " ")
		progs[i] = kaggame.Program{Name: t.names[e], Command: command, Stderr: logs[i]}
	}
	cfg := kaggame.Config{TimeLimit: int(t.cfg.Limits.GenMove / time.Second), Grace: referee.DefaultGrace, AckTimeout: t.cfg.Limits.Connect,
		Time: t.cfg.Limits.Time}
	return kaggame.Play(ctx, cfg, t.host, p, progs[0], progs[1], t.log.With(zap.Int("game", p.Game)))
}

// playEinstein plays one round of Einstein with a fresh process of each
// agent, red (black) first (see engineLogs for their standard error).
func (t *tourney) playEinstein(ctx context.Context, p tournament.Pairing) (tournament.Played, error) {
	logs, err := t.engineLogs(p)
	if err != nil {
		return tournament.Played{}, err
	}
	defer closeAll(logs)
	var progs [2]einsteingame.Program
	for i, e := range []int{p.Black, p.White} {
		argv := append(slices.Clone(t.cfg.EngineArgs[e]), t.seedArgs(p, i)...)
		progs[i] = einsteingame.Program{Name: t.names[e], Argv: argv, Stderr: logs[i]}
	}
	return einsteingame.Play(ctx, t.cfg.Limits.GenMove, t.cfg.Limits.Time, t.host, p, progs[0], progs[1], t.log.With(zap.Int("game", p.Game)))
}

// moveLimit returns the limit of one move of the tournament's game:
// genmove's, and for Kill-All Go its whole seconds (what the programs are
// told by time) with the referee's grace.
func (t *tourney) moveLimit() time.Duration {
	if t.cfg.Game == tournament.GameKillAllGo {
		return t.cfg.Limits.GenMove.Truncate(time.Second) + referee.DefaultGrace
	}
	return t.cfg.Limits.GenMove
}

// moveWait returns how long a move is waited for by the wall clock: its
// limit, or under --time-basis cpu the wall-clock cap.
func (t *tourney) moveWait() time.Duration { return t.cfg.Limits.Time.Wait(t.moveLimit()) }

// seedArgs returns what is appended to the command of seat i (0 black,
// 1 white) of game p: its flag and seed when its engine takes one.
func (t *tourney) seedArgs(p tournament.Pairing, i int) []string {
	e, seed := p.Black, p.BlackSeed
	if i == 1 {
		e, seed = p.White, p.WhiteSeed
	}
	if f := t.cfg.Engines[e].SeedFlag; f != "" {
		return []string{f, strconv.FormatUint(seed, 10)}
	}
	return nil
}

// gameDir creates the directory of game p's engine logs,
// game-NNNN in the tournament's.
func (t *tourney) gameDir(p tournament.Pairing) (string, error) {
	dir := filepath.Join(t.logDir, fmt.Sprintf("game-%04d", p.Game))
	return dir, os.MkdirAll(dir, 0o755)
}

// engineLogs creates the files of the standard error of game p's
// programs, as Othello engines' logs are: engine1.log (black) and
// engine2.log (white) in the game's directory.
func (t *tourney) engineLogs(p tournament.Pairing) ([2]*os.File, error) {
	var logs [2]*os.File
	dir, err := t.gameDir(p)
	if err != nil {
		return logs, err
	}
	for i := range logs {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("engine%d.log", i+1)))
		if err != nil {
			closeAll(logs)
			return logs, err
		}
		logs[i] = f
	}
	return logs, nil
}

// closeAll closes the files that are open.
func closeAll(files [2]*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}

// limitForfeits turns the forfeit of each engine that ran into a
// resource limit, the memory limit (the kernel killed it) or the disk
// limit, into a forfeit for that limit.
func (t *tourney) limitForfeits(played *tournament.Played) {
	for _, c := range []othello.Color{othello.Black, othello.White} {
		u := played.Usage[c]
		if u == nil {
			continue
		}
		if f := played.Forfeits[c]; f != nil {
			match.LimitForfeit(f, *u, t.cfg.EngineLimits)
		} else if g := &played.Game; g.Forfeit != nil && g.ForfeitBy == c {
			match.LimitForfeit(g.Forfeit, *u, t.cfg.EngineLimits)
		}
	}
}
