package director

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tcgothello/mcts/tournament"
)

// A Kill-All Go or Einstein tournament between two programs that exit at
// once (a shell script's exit 0) plays no game, as an Othello one between
// engines that never connect: every game is an unplayed draw both
// forfeited, and the run fails naming both engines.
func TestRunNeitherProgramCanPlay(t *testing.T) {
	t.Parallel()
	for _, game := range []string{tournament.GameKillAllGo, tournament.GameEinstein} {
		dir := t.TempDir()
		script := filepath.Join(dir, "gone.sh")
		if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		cfg := config(t, dir, 1, 1, "name=x cmd="+script, "name=y cmd="+script)
		cfg.Game = game
		r := play(t, t.Context(), cfg, nil)
		if want := NeverPlayedError("x (2 games, all unplayed), y (2 games, all unplayed)"); !errors.Is(r.err, want) {
			t.Fatalf("%s: %v, want %v\n%s", game, r.err, want, r.progress)
		}
		_, recs := readResults(t, cfg.Results)
		if len(recs) != 2 {
			t.Fatalf("%s: %d games, want 2", game, len(recs))
		}
		for _, rec := range recs {
			if rec.Played || rec.Winner != -1 || rec.ForfeitBy != "both" || rec.Forfeit == nil || rec.WhiteForfeit == nil {
				t.Errorf("%s game %d: played %v, winner %d, forfeit by %q, forfeits %v %v; want an unplayed draw both forfeited",
					game, rec.Game, rec.Played, rec.Winner, rec.ForfeitBy, rec.Forfeit, rec.WhiteForfeit)
			}
		}
	}
}
