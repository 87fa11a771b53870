package main

// The games other than Othello in judge tournament: each brings its
// openings, its way of playing one game and its record format (packages
// tournament/kaggame and tournament/einsteingame); the schedule, results, resume,
// standings, shards and merge are the tournament's, the same for all.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/killallgo/referee"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
	"github.com/tcgothello/mcts/tournament/einsteingame"
	"github.com/tcgothello/mcts/tournament/kaggame"
)

// headerGame is a game as a results header names it: "" for Othello, so
// that Othello's files are as they were before other games.
func headerGame(game string) string {
	if tournament.IsOthello(game) {
		return ""
	}
	return game
}

// checkGameOptions checks what --game asks of the other flags: only
// Othello has --record-format (another game's record is its own format),
// and Kill-All Go's time command takes whole seconds.
func checkGameOptions(o *tournamentOptions, recordFormatGiven bool) error {
	if !slices.Contains(tournament.Games, o.game) {
		return fmt.Errorf("--game %q: want %s", o.game, strings.Join(tournament.Games, ", "))
	}
	if recordFormatGiven && o.game != tournament.GameOthello {
		return fmt.Errorf("--record-format: Othello's only; a %s tournament's --record is in the game's own format", o.game)
	}
	if o.game == tournament.GameKillAllGo && (o.limits.GenMove%time.Second != 0 || o.limits.GenMove > console.MaxTimeLimit*time.Second) {
		return fmt.Errorf("--genmove-time %v: Kill-All Go's time command takes whole seconds, 1s..%ds", o.limits.GenMove, console.MaxTimeLimit)
	}
	return nil
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
		return loadOpenings(path)
	}
	if path == "" {
		return defaults(), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	layouts, err := parse(f)
	if err != nil {
		return nil, fmt.Errorf("layouts file %s: %w", path, err)
	}
	return layouts, nil
}

// playFunc returns how the tournament's game plays one game.
func (t *tourney) playFunc() tournament.PlayFunc {
	switch t.o.game {
	case tournament.GameKillAllGo:
		return t.playKillAllGo
	case tournament.GameEinstein:
		return t.playEinstein
	}
	return t.play
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
		command := strings.Join(append([]string{t.o.engines[e].Command}, t.seedArgs(p, i)...), " ")
		progs[i] = kaggame.Program{Name: t.names[e], Command: command, Stderr: logs[i]}
	}
	cfg := kaggame.Config{TimeLimit: int(t.o.limits.GenMove / time.Second), Grace: referee.DefaultGrace, AckTimeout: t.o.limits.Connect}
	played, err := kaggame.Play(ctx, cfg, t.host, p, progs[0], progs[1], t.log.With(zap.Int("game", p.Game)))
	t.recordUsages(&played)
	return played, err
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
		argv := append(slices.Clone(t.o.engineArgs[e]), t.seedArgs(p, i)...)
		progs[i] = einsteingame.Program{Name: t.names[e], Argv: argv, Stderr: logs[i]}
	}
	played, err := einsteingame.Play(ctx, t.o.limits.GenMove, t.host, p, progs[0], progs[1], t.log.With(zap.Int("game", p.Game)))
	t.recordUsages(&played)
	return played, err
}

// seedArgs returns what is appended to the command of seat i (0 black,
// 1 white) of game p: its flag and seed when its engine takes one.
func (t *tourney) seedArgs(p tournament.Pairing, i int) []string {
	e, seed := p.Black, p.BlackSeed
	if i == 1 {
		e, seed = p.White, p.WhiteSeed
	}
	if f := t.o.engines[e].SeedFlag; f != "" {
		return []string{f, strconv.FormatUint(seed, 10)}
	}
	return nil
}

// engineLogs creates the files of the standard error of game p's
// programs, as Othello engines' logs are: engine1.log (black) and
// engine2.log (white) in the game's directory of --engine-log-dir.
func (t *tourney) engineLogs(p tournament.Pairing) ([2]*os.File, error) {
	var logs [2]*os.File
	dir := filepath.Join(t.logDir, fmt.Sprintf("game-%04d", p.Game))
	if err := os.MkdirAll(dir, 0o755); err != nil {
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

// recordUsages records what each program of a game used (recordUsage).
func (t *tourney) recordUsages(played *tournament.Played) {
	for _, c := range []othello.Color{othello.Black, othello.White} {
		if u := played.Usage[c]; u != nil {
			t.recordUsage(played, c, *u)
		}
	}
}

// gameProgressLine is progressLine for a game other than Othello: where
// it stands in the tournament, the programs, the outcome, its plies and
// time, and the forfeit.
func gameProgressLine(r *tournament.Record, n, total, rounds int) string {
	line := fmt.Sprintf("game %d/%d (#%d, opening %s), round %d/%d: %s (black) vs %s (white): %s",
		n, total, r.Game, r.Opening, r.Round, rounds, r.Black, r.White, r.Outcome)
	if r.Played {
		line += fmt.Sprintf(", %d plies, %v", len(strings.Fields(r.Moves)), time.Duration(r.DurationMS*float64(time.Millisecond)).Round(time.Millisecond))
	} else {
		line += ", not played (" + r.Note + ")"
	}
	switch {
	case r.ForfeitBy == "both":
		line += " [both forfeit]"
	case r.Forfeit != nil:
		line += fmt.Sprintf(" [%s: %s]", r.ForfeitBy, r.Forfeit.Reason)
	}
	return line
}

// writeGameRecord appends a game other than Othello's to the record file
// in its own format (SGF for Kill-All Go: the file is an SGF collection).
// A game that could not be played has no record: the results file says
// why.
func writeGameRecord(w io.Writer, played *tournament.Played) error {
	if played.Record == nil {
		return nil
	}
	_, err := w.Write(played.Record)
	return err
}
