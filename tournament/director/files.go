package director

// The files a tournament writes as it plays: the results file (every
// finished game, for resume and merge), the record of every game, and the
// engines' logs.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/tournament"
)

// openFiles opens the results and record files and the engines' log
// directory. A resumed tournament appends to its files; a new one starts
// them afresh.
func (t *tourney) openFiles(resume bool) error {
	var err error
	if t.cfg.Results != "" {
		if resume {
			t.results, err = tournament.AppendResults(t.cfg.Results)
		} else {
			t.results, err = tournament.CreateResults(t.cfg.Results, t.header)
		}
		if err != nil {
			return fmt.Errorf("results file: %w", err)
		}
	}
	if t.cfg.Record != "" {
		flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if resume {
			flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		if t.record, err = os.OpenFile(t.cfg.Record, flags, 0o644); err != nil {
			return fmt.Errorf("record: %w", err)
		}
	}
	if t.logDir = t.cfg.EngineLogDir; t.logDir == "" {
		if t.logDir, err = os.MkdirTemp("", "judge-tournament-"); err != nil {
			return err
		}
	}
	t.log.Info("engine logs", zap.String("dir", t.logDir))
	return os.MkdirAll(t.logDir, 0o755)
}

func (t *tourney) closeFiles() {
	if t.results != nil {
		t.results.Close()
	}
	if t.record != nil {
		t.record.Close()
	}
}

// gameDone saves a finished game to the results and record files and
// prints its progress line.
func (t *tourney) gameDone(rec tournament.Record, played *tournament.Played) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.count++
	t.recs = append(t.recs, rec)
	line := tournament.ProgressLine(&rec, &played.Game, t.count, t.total, t.cfg.Rounds)
	if !tournament.IsOthello(t.cfg.Game) {
		line = tournament.GameProgressLine(&rec, t.count, t.total, t.cfg.Rounds)
	}
	if test := t.sprt(t.recs); test != nil {
		line += ", " + test.Short()
	}
	fmt.Fprintln(t.out.Progress, line)
	for _, f := range rec.Faulted() {
		ff := rec.Forfeit
		if f == rec.WhiteEngine && rec.WhiteForfeit != nil {
			ff = rec.WhiteForfeit
		}
		t.log.Warn("engine forfeited: it starts afresh in its next game", zap.String("engine", t.names[f]), zap.Int("game", rec.Game),
			zap.String("reason", string(ff.Reason)), zap.String("detail", ff.Error()),
			zap.String("black_exit", rec.BlackExit), zap.String("white_exit", rec.WhiteExit))
	}
	if t.results != nil {
		if err := t.results.Add(rec); err != nil {
			return fmt.Errorf("results file: %w", err)
		}
	}
	if t.record == nil {
		return nil
	}
	var b bytes.Buffer
	if err := writeRecord(&b, &rec, played, t.cfg.Game, t.cfg.RecordGGF); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if _, err := t.record.Write(b.Bytes()); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}

// writeRecord writes the record of a finished game to w: a game other
// than Othello's in its own format (SGF for Kill-All Go), none for such
// a game that could not be played (the results file says why); an
// Othello game as GGF when ggf, else as text, as judge --record writes a
// round, after a line placing it in the tournament and followed by its
// forfeits, exits, restarts and resources.
func writeRecord(w io.Writer, rec *tournament.Record, played *tournament.Played, game string, ggf bool) error {
	switch {
	case !tournament.IsOthello(game):
		_, err := w.Write(played.Record)
		return err
	case ggf:
		return match.WriteGGF(w, &played.Game)
	}
	fmt.Fprintf(w, "game %d, round %d, opening %s\n", rec.Game, rec.Round, rec.Opening)
	match.WriteGame(w, &played.Game)
	if rec.WhiteForfeit != nil {
		// An unplayed game's record names no forfeit: here both count.
		fmt.Fprintf(w, "forfeit: black (%s): %v\nforfeit: white (%s): %v\n", rec.Black, rec.Forfeit, rec.White, rec.WhiteForfeit)
	}
	for _, e := range []struct{ c, name, exit string }{{"black", rec.Black, rec.BlackExit}, {"white", rec.White, rec.WhiteExit}} {
		if e.exit != "" {
			fmt.Fprintf(w, "exit: %s (%s): %s\n", e.c, e.name, e.exit)
		}
	}
	if len(rec.Restarted) > 0 {
		fmt.Fprintf(w, "restarted after a forfeit: %s\n", strings.Join(rec.Restarted, ", "))
	}
	fmt.Fprintf(w, "%s\n", rec.ResourcesLine())
	return nil
}
