package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
)

// readGGF reads a --record-format ggf file: one GGF game a line, each
// replayed on the board by the reader.
func readGGF(t *testing.T, path string) []othello.GGF {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var games []othello.GGF
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		r, err := othello.ParseGGF(l)
		if err != nil {
			t.Fatalf("%v\n%s", err, l)
		}
		games = append(games, r)
	}
	return games
}

func TestJudgeRecordGGF(t *testing.T) {
	record := filepath.Join(t.TempDir(), "games.ggf")
	r := runJudge(t, []string{"--record", record, "--record-format", "ggf", "0"},
		startEngines(t, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"}))
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	moves, final := matchtest.Reference()
	games := readGGF(t, record)
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	for i, players := range [][2]string{{"alice", "bob"}, {"bob", "alice"}} {
		g, err := games[i].Game()
		if err != nil {
			t.Fatal(err)
		}
		if games[i].Black != players[0] || games[i].White != players[1] ||
			othello.FormatMoves(g.Moves()) != othello.FormatMoves(moves) || g.Position() != final ||
			games[i].Result != othello.GGFResult(final.Score()) {
			t.Errorf("round %d: %+v; want %s vs %s playing the reference game", i+1, games[i], players[0], players[1])
		}
	}
}

func TestTournamentRecordGGF(t *testing.T) {
	dir := t.TempDir()
	record := filepath.Join(dir, "t.ggf")
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	r := runTourney(t, ctx, []string{"--openings", oneOpening(t), "--rounds", "1", "--seed", "1",
		"--record", record, "--record-format", "ggf", "--engine-log-dir", filepath.Join(dir, "logs"),
		"--engine", "name=alice cmd=" + fakeEngine(t, "alice", "good"),
		"--engine", "name=bob cmd=" + fakeEngine(t, "bob", "good")}, nil)
	if r.code != 0 {
		t.Fatalf("status %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	games := readGGF(t, record)
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	seen := map[string]bool{}
	for _, gg := range games {
		g, err := gg.Game()
		if err != nil {
			t.Fatal(err)
		}
		seen[gg.Black+"-"+gg.White] = true
		if !strings.HasPrefix(othello.FormatMoves(g.Moves()), "f5d6c3d3c4") || !g.Over() ||
			gg.Result != othello.GGFResult(g.Position().Score()) {
			t.Errorf("game %+v: want the opening, a finished game and its score", gg)
		}
		// The opening's plies carry no time; the engines' moves do.
		if gg.Moves[0].HasTime || !gg.Moves[5].HasTime {
			t.Errorf("times: opening %v, first chosen move %v", gg.Moves[0].HasTime, gg.Moves[5].HasTime)
		}
	}
	if !seen["alice-bob"] || !seen["bob-alice"] {
		t.Errorf("pairings %v, want both colours", seen)
	}
}

func TestRecordFormatRefused(t *testing.T) {
	if _, err := parseOptions([]string{"--record-format", "pgn", "0"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "--record-format \"pgn\"") {
		t.Errorf("judge --record-format pgn: %v, want an error naming it", err)
	}
	two := []string{"--engine", "name=a cmd=x", "--engine", "name=b cmd=y", "--record-format", "txt"}
	if _, err := parseTournamentOptions(two, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "--record-format \"txt\"") {
		t.Errorf("judge tournament --record-format txt: %v, want an error naming it", err)
	}
}
