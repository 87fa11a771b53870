package main

// The games other than Othello in judge tournament: each brings its
// openings, its way of playing one game and its record format (package
// tournament/kaggame for Kill-All Go); the schedule, results, resume,
// standings, shards and merge are the tournament's, the same for all.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/killallgo/referee"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/tournament"
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

// checkGameOptions checks what --game asks of the other flags.
func checkGameOptions(o *tournamentOptions, recordFormatGiven bool) error {
	switch o.game {
	case tournament.GameOthello:
		return nil
	case tournament.GameKillAllGo:
	case tournament.GameEinstein:
		return errors.New("--game einstein: not yet in judge tournament; play one pairing with einstein game (docs/tournament.md)")
	default:
		return fmt.Errorf("--game %q: want %s", o.game, strings.Join(tournament.Games, ", "))
	}
	if recordFormatGiven {
		return fmt.Errorf("--record-format: Othello's; a %s tournament's --record is SGF", o.game)
	}
	if o.limits.GenMove%time.Second != 0 || o.limits.GenMove > console.MaxTimeLimit*time.Second {
		return fmt.Errorf("--genmove-time %v: Kill-All Go's time command takes whole seconds, 1s..%ds", o.limits.GenMove, console.MaxTimeLimit)
	}
	return nil
}

// loadGameOpenings reads the openings file of the game, or its shipped
// set if path is "": Othello's openings, Kill-All Go's handicap layouts.
func loadGameOpenings(game, path string) ([]tournament.Opening, error) {
	if game != tournament.GameKillAllGo {
		return loadOpenings(path)
	}
	if path == "" {
		return kaggame.DefaultLayouts(), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	layouts, err := kaggame.ParseLayouts(f)
	if err != nil {
		return nil, fmt.Errorf("layouts file %s: %w", path, err)
	}
	return layouts, nil
}

// playFunc returns how the tournament's game plays one game.
func (t *tourney) playFunc() tournament.PlayFunc {
	if t.o.game == tournament.GameKillAllGo {
		return t.playKillAllGo
	}
	return t.play
}

// playKillAllGo plays one game of Kill-All Go with a fresh process of
// each program, their standard error in the game's log directory as
// engine1.log (black) and engine2.log (white), as Othello engines' are.
func (t *tourney) playKillAllGo(ctx context.Context, p tournament.Pairing) (tournament.Played, error) {
	log := t.log.With(zap.Int("game", p.Game))
	dir := filepath.Join(t.logDir, fmt.Sprintf("game-%04d", p.Game))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return tournament.Played{}, err
	}
	var progs [2]kaggame.Program
	for i, e := range []int{p.Black, p.White} {
		info := t.o.engines[e]
		command := info.Command
		if seed := [2]uint64{p.BlackSeed, p.WhiteSeed}[i]; info.SeedFlag != "" {
			command += " " + info.SeedFlag + " " + strconv.FormatUint(seed, 10)
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("engine%d.log", i+1)))
		if err != nil {
			return tournament.Played{}, err
		}
		defer f.Close()
		progs[i] = kaggame.Program{Name: info.Name, Command: command, Stderr: f}
	}
	cfg := kaggame.Config{TimeLimit: int(t.o.limits.GenMove / time.Second), Grace: referee.DefaultGrace, AckTimeout: t.o.limits.Connect}
	played, err := kaggame.Play(ctx, cfg, t.host, p, progs[0], progs[1], log)
	for _, c := range []othello.Color{othello.Black, othello.White} {
		if u := played.Usage[c]; u != nil {
			t.recordUsage(&played, c, *u)
		}
	}
	return played, err
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
